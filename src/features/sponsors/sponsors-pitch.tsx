/** The sponsorship pitch (spec section 2, "Sponsors"; figures from section 9). */
import { Link } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { buttonClasses } from '../../ui/button.tsx';

/** An outlined button on a dark background (the shared button has no such look). */
const OUTLINE_ON_DARK =
  'inline-flex h-12 items-center justify-center gap-2 rounded-md border border-white/60 px-6 text-base font-medium whitespace-nowrap text-white transition-colors hover:bg-white/10';

const AUDIENCE = [
  { value: '68%', label: 'are VP level or above' },
  { value: '62%', label: 'work in enterprises with 5,000+ employees' },
  { value: '55%', label: 'work in companies with $1B+ revenue' },
  { value: '78%', label: 'hold budget authority for data and AI' },
] as const;

const FUNNEL = [
  { percent: 100, label: 'Executives in the room' },
  { percent: 85, label: 'Engaged in a partner conversation' },
  { percent: 60, label: 'Asked for a follow-up' },
  { percent: 35, label: 'Took a discovery meeting' },
  { percent: 15, label: 'Opened a qualified opportunity' },
] as const;

const RESULTS = [
  { value: '7-10', label: 'new opportunities within 30 days' },
  { value: '35-40%', label: 'of those progressed to the next sales stage' },
  { value: '18-30k', label: 'brand impressions across our channels' },
  { value: '~2x', label: 'website traffic in the 14 days after an event' },
] as const;

const OPTIONS = [
  {
    name: 'Premier Sponsor',
    summary: 'Own the conversation: one partner per edition.',
    benefits: [
      'Host the opening discussion and set the theme',
      'Two seats at the table and a guest-list preview',
      'Lead branding on invitations, venue and recap',
      'A post-event briefing with every attendee’s consent',
    ],
    featured: true,
  },
  {
    name: 'Platinum Sponsor',
    summary: 'Be part of the discussion, edition after edition.',
    benefits: [
      'Join a roundtable as a participating expert',
      'One seat at the table',
      'Branding on invitations and recap',
      'Introductions to chosen attendees',
    ],
    featured: false,
  },
  {
    name: 'Exhibitor',
    summary: 'Meet the room before and after the sessions.',
    benefits: [
      'A demo space at the reception',
      'Listing in the event guide',
      'Logo in the recap and on the event page',
    ],
    featured: false,
  },
] as const;

export function SponsorsHero() {
  return (
    <section className="bg-ink text-white">
      <div className="mx-auto max-w-[1300px] px-4 py-20 sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-sky-300 uppercase">Sponsorship</p>
        <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Meet the leaders who decide how enterprises use data and AI
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-200">
          CDO Vision partners sit at the table with 30-40 hand-picked executives per edition, in more than twenty
          cities. No crowded expo halls: just the people you want to reach, ready to talk.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to="/contact" className={buttonClasses('light', 'lg')}>
            Become a Sponsor
          </Link>
          <a href="#sponsorship-options" className={OUTLINE_ON_DARK}>
            See the options
          </a>
        </div>
      </div>
    </section>
  );
}

export function AudienceStatistics() {
  return (
    <section aria-labelledby="audience-heading" className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <h2 id="audience-heading" className="text-3xl font-bold tracking-tight">
        Who you will meet
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {AUDIENCE.map((stat) => (
          <li key={stat.value} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <span className="block text-4xl font-bold text-brand-strong">{stat.value}</span>{' '}
            <span className="block text-slate-700">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SponsorFunnel() {
  return (
    <section aria-labelledby="funnel-heading" className="bg-slate-50">
      <div className="mx-auto grid max-w-[1300px] gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="funnel-heading" className="text-3xl font-bold tracking-tight">
            From handshake to pipeline
          </h2>
          <p className="mt-3 text-slate-700">
            What a typical edition looks like for a partner, as a share of the guests.
          </p>
          <ol className="mt-8 space-y-3">
            {FUNNEL.map((stage) => (
              <li key={stage.percent}>
                <div className="flex items-baseline justify-between gap-4 text-sm">
                  <span className="font-medium">{stage.label}</span>
                  <span className="font-semibold text-brand-strong">{stage.percent}%</span>
                </div>
                <div aria-hidden="true" className="mt-1 h-3 rounded-full bg-slate-200">
                  <div
                    className="h-3 rounded-full bg-gradient-to-r from-brand to-brand-strong"
                    style={{ width: `${stage.percent}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h2 className="text-3xl font-bold tracking-tight">Results partners see</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {RESULTS.map((result) => (
              <li key={result.value} className="rounded-xl bg-white p-6 shadow-sm">
                <span className="block text-3xl font-bold text-ink">{result.value}</span>{' '}
                <span className="block text-slate-700">{result.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function SponsorshipOptions() {
  return (
    <section
      id="sponsorship-options"
      aria-labelledby="options-heading"
      className="scroll-mt-2 mx-auto max-w-[1300px] px-4 py-16 sm:px-6"
    >
      <h2 id="options-heading" className="text-3xl font-bold tracking-tight">
        Sponsorship options
      </h2>
      <ul className="mt-8 grid gap-6 lg:grid-cols-3">
        {OPTIONS.map((option) => (
          <li
            key={option.name}
            className={
              option.featured
                ? 'flex flex-col rounded-2xl bg-ink p-8 text-white shadow-lg'
                : 'flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm'
            }
          >
            <h3 className="text-xl font-bold">{option.name}</h3>
            <p className={option.featured ? 'mt-2 text-slate-200' : 'mt-2 text-slate-700'}>{option.summary}</p>
            <p className="mt-6 text-3xl font-bold">On request</p>
            <p className={option.featured ? 'text-sm text-slate-200' : 'text-sm text-slate-700'}>Billed per month</p>
            <ul className="mt-6 flex-1 space-y-3">
              {option.benefits.map((benefit) => (
                <li key={benefit} className="flex gap-3">
                  <Check
                    aria-hidden="true"
                    className={option.featured ? 'h-5 w-5 shrink-0 text-sky-300' : 'h-5 w-5 shrink-0 text-brand-strong'}
                  />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
            <Link
              to="/contact"
              aria-label={`Enquire about ${option.name}`}
              className={`${buttonClasses(option.featured ? 'light' : 'primary', 'lg')} mt-8`}
            >
              Enquire
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
