/**
 * The 'Upcoming CDO Vision' grid (spec section 2, "Home"), the target of /#events. While loading it
 * holds the space of a row of cards, so nothing below it moves when the events arrive.
 */
import { Link } from '@tanstack/react-router';
import { CalendarDays, MapPin } from 'lucide-react';
import type { EventSummary, LiveRead } from '../../data/public-content.ts';
import { formatLongDate } from '../../lib/format-date.ts';

export const NO_UPCOMING_EVENTS = 'No upcoming events at the moment. Check back soon!';

export function UpcomingEvents({ state }: { state: LiveRead<EventSummary[]> }) {
  return (
    <section id="events" aria-labelledby="events-heading" className="scroll-mt-20 bg-slate-50">
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
        ) : state.data.length === 0 ? (
          <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {NO_UPCOMING_EVENTS}
          </p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {state.data.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function EventCard({ event }: { event: EventSummary }) {
  return (
    <Link
      to="/events/$slug"
      params={{ slug: event.slug || event.id }}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      {event.featured_image_url ? (
        <img
          src={event.featured_image_url}
          alt=""
          loading="lazy"
          decoding="async"
          width={1200}
          height={675}
          className="aspect-video w-full bg-slate-200 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          data-testid="event-image-placeholder"
          className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-brand via-brand-strong to-ink"
        >
          <CalendarDays className="h-10 w-10 text-white/70" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-semibold group-hover:text-brand-strong">{event.title}</h3>
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0" />
          {formatLongDate(event.start_date)}
        </p>
        {event.location ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
            {event.location}
          </p>
        ) : null}
      </div>
    </Link>
  );
}
