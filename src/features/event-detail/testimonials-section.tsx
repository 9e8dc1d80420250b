import { Star } from 'lucide-react';
import type { EventPage } from '../../data/public-content.ts';
import { cx } from '../../lib/class-names.ts';
import { hasText } from './event-texts.ts';
import { PageSection } from './page-section.tsx';
import { shownImage } from '../../lib/shown-image.ts';

type TestimonialRow = EventPage['testimonials'][number];

/** Testimonials of this event (spec section 2): star rating, quote, photo, name, job title, company. */
export function TestimonialsSection({ testimonials }: { testimonials: TestimonialRow[] }) {
  if (testimonials.length === 0) return null;
  return (
    <PageSection id="testimonials" title="Testimonials" className="bg-slate-50">
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

function TestimonialCard({ testimonial }: { testimonial: TestimonialRow }) {
  const role = [testimonial.job_title, testimonial.company].filter(hasText).join(', ');
  return (
    <figure className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <StarRating rating={testimonial.rating} />
      <blockquote className="mt-4 grow text-slate-800">
        <p className="whitespace-pre-line">&ldquo;{testimonial.quote}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {shownImage(testimonial.photo_url) ? (
          <img
            src={shownImage(testimonial.photo_url) ?? undefined}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            className="h-12 w-12 rounded-full bg-slate-200 object-cover"
          />
        ) : null}
        <span>
          <span className="block font-semibold text-ink">{testimonial.name}</span>
          {role ? <span className="block text-sm text-slate-700">{role}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}

/** Five stars, the first `rating` filled; announced as 'Rated 4 out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${stars} out of 5`} className="flex gap-0.5">
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cx('h-5 w-5', index < stars ? 'fill-amber-500 text-amber-600' : 'text-slate-400')}
        />
      ))}
    </span>
  );
}
