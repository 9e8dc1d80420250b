/**
 * The awards page. 'Submit Nominations' opens the external nomination form (run-time setting) in a
 * new tab; with no form configured, or offline, it starts an e-mail to the enquiry address instead.
 */
import { Award, ExternalLink, Mail } from 'lucide-react';
import { useSiteSettings } from '../../data/use-site-settings.ts';
import { buttonClasses } from '../../ui/button.tsx';
import { useOnline } from '../../ui/embedded-form.tsx';

const NOMINATION_SUBJECT = 'CDO Vision Awards nomination';

const CATEGORIES = [
  {
    title: 'Chief Data Officer of the Year',
    text: 'A data leader whose strategy visibly changed how their organisation competes.',
  },
  { title: 'AI Leader of the Year', text: 'For taking AI from pilot to measurable value across the business.' },
  { title: 'Responsible AI Award', text: 'For governance, transparency and fairness that others can learn from.' },
  { title: 'Data Team of the Year', text: 'A team whose work, culture and results set the standard for its industry.' },
  { title: 'Rising Star', text: 'An emerging leader, early in their career, already shaping the field.' },
] as const;

const STEPS = [
  { title: 'Nominate', text: 'Anyone may nominate a leader or a team, including themselves, with a short case.' },
  { title: 'Shortlist', text: 'Our advisory board of past attendees reviews every nomination and selects finalists.' },
  { title: 'Judge', text: 'An independent panel of senior data and AI executives interviews each finalist.' },
  { title: 'Celebrate', text: 'Winners are announced at a CDO Vision gathering and featured across our network.' },
] as const;

function NominationAction() {
  const { loaded, nominationFormUrl, enquiryEmail } = useSiteSettings();
  const online = useOnline();
  if (!loaded) return <div aria-hidden="true" className="h-12 w-56 rounded-md bg-white/10" />;
  if (nominationFormUrl && online) {
    return (
      <a href={nominationFormUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('light', 'lg')}>
        Submit Nominations
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  // No form to open (none configured, or offline): the same button starts an e-mail instead.
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <a
        href={`mailto:${enquiryEmail}?subject=${encodeURIComponent(NOMINATION_SUBJECT)}`}
        className={buttonClasses('light', 'lg')}
      >
        Submit Nominations
        <Mail aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">(by e-mail)</span>
      </a>
      <p className="text-slate-100">
        Nominations by e-mail to{' '}
        <a href={`mailto:${enquiryEmail}`} className="font-semibold text-white underline underline-offset-4">
          {enquiryEmail}
        </a>
      </p>
    </div>
  );
}

export function AwardsPage() {
  return (
    <main>
      <section className="bg-gradient-to-br from-ink via-ink to-brand-strong text-white">
        <div className="mx-auto max-w-[1300px] px-4 py-20 sm:px-6">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-widest text-sky-300 uppercase">
            <Award aria-hidden="true" className="h-4 w-4" />
            CDO Vision Awards 2026
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Recognising the leaders who make data and AI matter
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200">
            The CDO Vision Awards celebrate the people and teams turning data and AI into real results: judged by peers,
            not by sponsors.
          </p>
          <div className="mt-10">
            <NominationAction />
          </div>
        </div>
      </section>
      <section aria-labelledby="categories-heading" className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
        <h2 id="categories-heading" className="text-3xl font-bold tracking-tight">
          Award categories
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CATEGORIES.map((category) => (
            <li key={category.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <Award aria-hidden="true" className="h-6 w-6 text-brand-strong" />
              <h3 className="mt-3 text-lg font-semibold">{category.title}</h3>
              <p className="mt-2 text-slate-700">{category.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="process-heading" className="bg-slate-50">
        <div className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
          <h2 id="process-heading" className="text-3xl font-bold tracking-tight">
            How it works
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="text-3xl font-bold text-brand-strong">
                  {index + 1}
                </span>
                <h3 className="mt-2 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </main>
  );
}
