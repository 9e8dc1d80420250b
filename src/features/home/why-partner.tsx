import { Link } from '@tanstack/react-router';
import { BadgeCheck, Handshake, Target, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../ui/button.tsx';

/** An outlined button on a dark background (the shared button has no such look). */
const OUTLINE_ON_DARK =
  'inline-flex h-12 items-center justify-center gap-2 rounded-md border border-white/60 px-6 text-base font-medium whitespace-nowrap text-white transition-colors hover:bg-white/10';

const REASONS = [
  {
    icon: BadgeCheck,
    title: 'A senior, verified audience',
    text: 'Every guest is a data or AI decision-maker, most at VP level or above, in enterprises that buy at scale.',
  },
  {
    icon: Handshake,
    title: 'Real conversations',
    text: 'Sit at the table, not behind a booth: partners join the discussion and meet each guest in person.',
  },
  {
    icon: Target,
    title: 'The markets you choose',
    text: 'Pick the cities and industries that matter to your pipeline, from one dinner to a season-long series.',
  },
  {
    icon: TrendingUp,
    title: 'Results you can measure',
    text: 'Partners typically open 7-10 new opportunities within 30 days of an event, with a follow-up plan we build together.',
  },
] as const;

/** The 'Why Partner With Us' block, with a testimonial beside it and the partner call to action. */
export function WhyPartner({ testimonial }: { testimonial: ReactNode }) {
  return (
    <section aria-labelledby="partner-heading" className="below-fold bg-slate-50">
      <div className="mx-auto grid max-w-[1300px] gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="partner-heading" className="text-3xl font-bold tracking-tight">
            Why Partner With Us
          </h2>
          <p className="mt-3 text-slate-700">
            CDO Vision partners reach the people who set data and AI budgets, in rooms small enough for real
            relationships.
          </p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-strong" />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
        <div className="self-center">{testimonial}</div>
      </div>
    </section>
  );
}

/** The call to action for sponsors: to the sponsorship pitch, or straight to the organisers. */
export function PartnerCallToAction() {
  return (
    <section aria-labelledby="partner-cta-heading" className="below-fold mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-gradient-to-br from-brand-strong to-ink p-8 text-white sm:p-12 lg:flex-row lg:items-center">
        <div>
          <h2 id="partner-cta-heading" className="text-2xl font-bold sm:text-3xl">
            Put your brand in the room where data decisions are made
          </h2>
          <p className="mt-2 max-w-2xl text-slate-200">
            Premier, Platinum and Exhibitor packages, in one city or across the whole 2026 season.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/sponsors" className={buttonClasses('light', 'lg')}>
            Become a Sponsor
          </Link>
          <Link to="/contact" className={OUTLINE_ON_DARK}>
            Talk to us
          </Link>
        </div>
      </div>
    </section>
  );
}
