/**
 * Three testimonials from past editions (spec section 2: static on this page, not from the
 * testimonials table). Attributed by role and sector: the page speaks for the room, not for named
 * people.
 */
const TESTIMONIALS = [
  {
    quote:
      'The most useful evening I spent this year. No sales pitches, just peers being honest about what is working with AI in production and what is not.',
    role: 'Chief Data Officer',
    organisation: 'European retail bank',
  },
  {
    quote:
      'I came away with three ideas for our data governance roadmap and two people I now call whenever we hit a wall.',
    role: 'Chief AI Officer',
    organisation: 'Global insurer',
  },
  {
    quote:
      'Small enough that everyone talks, senior enough that the conversation goes somewhere. CDO Vision gets the format right.',
    role: 'VP Data & Analytics',
    organisation: 'Healthcare group',
  },
] as const;

export function HighlightsTestimonials() {
  return (
    // Not skipped below the fold (index.css) as the other sections are: on a phone its three quotes
    // outgrow the skipped section's placeholder, and contrast checkers then measured their text
    // against the next section's background. The footer likewise.
    <section aria-labelledby="highlights-testimonials-heading" className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <h2 id="highlights-testimonials-heading" className="text-3xl font-bold tracking-tight">
        What leaders say
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.role}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <blockquote className="flex-1 text-lg text-ink">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 text-sm">
                <span className="block font-semibold text-ink">{testimonial.role}</span>
                <span className="text-slate-700">{testimonial.organisation}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
