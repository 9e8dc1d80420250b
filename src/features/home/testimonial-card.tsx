import { Star } from 'lucide-react';
import type { LiveRead, Testimonial } from '../../data/public-content.ts';
import { shownImage } from '../../lib/shown-image.ts';

/** A star rating out of five, read out as 'Rated 4 out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <p role="img" aria-label={`Rated ${stars} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= stars ? 'h-5 w-5 fill-amber-400 text-amber-500' : 'h-5 w-5 text-slate-300'}
        />
      ))}
    </p>
  );
}

/**
 * One testimonial as a quote with its author. While the list loads it holds its space; with no
 * testimonial it renders nothing.
 */
export function TestimonialCard({
  state,
  tone = 'light',
  index = 0,
}: {
  state: LiveRead<Testimonial[]>;
  tone?: 'light' | 'dark';
  /** Which testimonial of the list to show (the first when there are fewer). */
  index?: number;
}) {
  if (state.status === 'loading') {
    return <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-slate-100" />;
  }
  const testimonial = state.data[index] ?? state.data[0];
  if (!testimonial) return null;
  const dark = tone === 'dark';
  const role = [testimonial.job_title, testimonial.company].filter(Boolean).join(', ');
  return (
    <figure
      className={
        dark
          ? 'rounded-2xl bg-ink p-8 text-white sm:p-10'
          : 'rounded-2xl border border-slate-200 bg-white p-8 shadow-sm sm:p-10'
      }
    >
      <StarRating rating={testimonial.rating ?? 5} />
      <blockquote className="mt-5 text-xl leading-relaxed font-medium sm:text-2xl">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4">
        {shownImage(testimonial.photo_url) ? (
          <img
            src={shownImage(testimonial.photo_url) ?? undefined}
            alt=""
            loading="lazy"
            decoding="async"
            width={56}
            height={56}
            className="h-14 w-14 rounded-full bg-slate-200 object-cover"
          />
        ) : null}
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          {role ? (
            <span className={dark ? 'block text-sm text-slate-300' : 'block text-sm text-slate-700'}>{role}</span>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}
