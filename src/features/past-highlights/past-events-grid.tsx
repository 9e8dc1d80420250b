/**
 * 'Past Events': the latest editions that have ended, at most six (spec section 9), each card
 * linking to the event's page by slug, or by id when it has none.
 */
import type { EventSummary, LiveRead } from '../../data/public-content.ts';
import { isUnanswered } from '../../data/public-content.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { EventCard, eventCardProps } from '../../ui/event-card.tsx';

export const PAST_EVENTS_SHOWN = 6;

export function PastEventsGrid({ state }: { state: LiveRead<EventSummary[]> }) {
  const offlineWithNothing = !useOnline() && isUnanswered(state);
  return (
    <section aria-labelledby="past-events-heading" className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <h2 id="past-events-heading" className="text-3xl font-bold tracking-tight">
        Past Events
      </h2>
      {state.status === 'loading' ? (
        <div className="mt-8">
          <p role="status" className="sr-only">
            Loading...
          </p>
          <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <li key={n} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                <div className="aspect-video animate-pulse bg-slate-200" />
                <div className="space-y-3 p-5">
                  <div className="h-6 w-3/4 rounded bg-slate-200" />
                  <div className="h-4 w-1/2 rounded bg-slate-200" />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : offlineWithNothing ? (
        <OfflineNotice what="Past events" className="mt-8" />
      ) : state.data.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          Our past events will be shown here soon.
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {state.data.slice(0, PAST_EVENTS_SHOWN).map((event) => (
            <li key={event.id}>
              <EventCard {...eventCardProps(event)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
