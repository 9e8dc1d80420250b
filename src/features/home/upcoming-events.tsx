import type { EventSummary, LiveRead } from '../../data/public-content.ts';
import { formatLongDate } from '../../lib/format-date.ts';

export function UpcomingEvents({ state }: { state: LiveRead<EventSummary[]> }) {
  return (
    <section id="events" aria-labelledby="events-heading" className="mt-12">
      <h2 id="events-heading" className="text-2xl font-semibold">
        Upcoming CDO Vision
      </h2>
      {state.status === 'loading' ? (
        <p className="mt-4 text-slate-600">Loading...</p>
      ) : state.data.length === 0 ? (
        <p className="mt-4 text-slate-600">No upcoming events at the moment. Check back soon!</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {state.data.map((event) => (
            <li key={event.id} className="rounded-lg border border-slate-200 p-4">
              <h3 className="text-lg font-semibold">{event.title}</h3>
              <p className="text-slate-700">{formatLongDate(event.start_date)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
