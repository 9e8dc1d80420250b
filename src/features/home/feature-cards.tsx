import { Lock, MessagesSquare, Globe2 } from 'lucide-react';

const FEATURES = [
  {
    icon: Lock,
    title: 'Invite-only, by design',
    text: 'Each edition seats 30-40 senior data and AI executives, vetted one by one, so everyone in the room does the job you do.',
  },
  {
    icon: MessagesSquare,
    title: 'Conversations, not keynotes',
    text: 'Roundtables under the Chatham House Rule, led by peers who share what worked, what failed and what it cost.',
  },
  {
    icon: Globe2,
    title: 'A global network, locally',
    text: 'More than twenty cities in 2026. Meet the leaders in your own market, then stay connected across them all.',
  },
] as const;

/** The three reasons to attend, under the hero. */
export function FeatureCards() {
  return (
    <section aria-label="Why attend CDO Vision" className="below-fold mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <ul className="grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand/10 text-brand-strong"
            >
              <Icon className="h-5 w-5" />
            </span>
            <h2 className="mt-4 text-lg font-semibold">{title}</h2>
            <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
