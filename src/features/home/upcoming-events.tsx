/**
 * The 'Upcoming CDO Vision' grid (spec section 2, "Home"), the target of /#events. While loading it
 * holds the space of a row of cards, so nothing below it moves when the events arrive.
 */
import type { EventSummary, LiveRead } from '../../data/public-content.ts';
import { isUnanswered } from '../../data/public-content.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { EventCard, eventCardProps } from '../../ui/event-card.tsx';

export const NO_UPCOMING_EVENTS = 'No upcoming events at the moment. Check back soon!';

export function UpcomingEvents({ state }: { state: LiveRead<EventSummary[]> }) {
  const offlineWithNothing = !useOnline() && isUnanswered(state);
  return (
    <section id="events" aria-labelledby="events-heading" className="scroll-mt-2 bg-slate-50">
      <div className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
        <h2 id="events-heading" className="text-3xl font-bold tracking-tight">
          Upcoming CDO Vision
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700">
          Request an invitation to an edition near you. Seats are limited to keep every conversation personal.
        </p>
        {state.status === 'loading' ? (
          <div className="mt-8">
            <p role="status" className="text-slate-700">
              Loading...
            </p>
            <ul aria-hidden="true" className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {[0, 1, 2].map((n) => (
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
          <OfflineNotice what="Upcoming events" className="mt-8" />
        ) : state.data.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {NO_UPCOMING_EVENTS}
          </p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {state.data.map((event) => (
              <li key={event.id}>
                <EventCard {...eventCardProps(event)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
