/**
 * The events calendar: upcoming editions by month, each with an 'Add to calendar' file, plus the
 * whole series as one file and as a feed to subscribe to. The feed lives on the site's own origin
 * (/calendar.ics, which the app server answers from the calendar-feed function), so the subscribe
 * link needs the page's origin: it is read after hydration (useSyncExternalStore's server snapshot
 * is null), and until then the link is the plain relative path. React renders that change at once,
 * in the task after hydration, so only the subscription's section reads the origin: the months of
 * editions below it are not rendered again for it.
 */
import { Link } from '@tanstack/react-router';
import { CalendarDays, CalendarPlus, Copy, Download, MapPin, Rss } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { EventSummary, LiveRead } from '../../data/public-content.ts';
import { isUnanswered } from '../../data/public-content.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { buildCalendar, calendarEventFromEvent, downloadCalendarFile, icsFileName } from '../../lib/ics.ts';
import { Button, buttonClasses } from '../../ui/button.tsx';
import { toast } from '../../ui/toaster.tsx';
import { groupByMonth } from './month-groups.ts';
import { eventTimeZone, formatVenueDate, formatVenueTime, venueZoneLabel } from '../../lib/venue-time.ts';

export const NO_UPCOMING_EVENTS = 'No upcoming events at the moment. Check back soon!';
export const FEED_PATH = '/calendar.ics';
export const SERIES_CALENDAR_NAME = 'CDO Vision Events';
export const SERIES_FILE_NAME = 'cdo-vision-upcoming-events.ics';

const noSubscription = () => () => undefined;

/** The page's origin in the browser; null while prerendering and hydrating. */
function usePageOrigin(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
}

function downloadEvents(events: readonly EventSummary[], name: string, fileName: string): void {
  const origin = window.location.origin;
  const ics = buildCalendar({ name, events: events.map((event) => calendarEventFromEvent(event, origin)) });
  downloadCalendarFile(fileName, ics);
}

export function EventsCalendar({ state }: { state: LiveRead<EventSummary[]> }) {
  const offlineWithNothing = !useOnline() && isUnanswered(state);
  const events = state.status === 'ready' ? state.data : [];

  // A whole screen high, loading or not: the footer stays below the fold while the events arrive.
  return (
    <main className="mx-auto min-h-screen max-w-[1300px] px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-4xl font-bold tracking-tight">Events Calendar</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        Every upcoming CDO Vision edition in one place. Add a single event to your calendar, or subscribe to the series
        and new dates appear on their own.
      </p>

      <SeriesSubscription events={events} />

      {state.status === 'loading' ? (
        <p role="status" className="mt-10 text-slate-700">
          Loading...
        </p>
      ) : offlineWithNothing ? (
        <OfflineNotice what="Upcoming events" className="mt-10" />
      ) : events.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {NO_UPCOMING_EVENTS}
        </p>
      ) : (
        groupByMonth(events).map((month) => (
          <section key={month.key} aria-labelledby={`month-${month.key}`} className="mt-10">
            <h2 id={`month-${month.key}`} className="border-b border-slate-200 pb-2 text-2xl font-bold">
              {month.label}
            </h2>
            <ul className="mt-4 space-y-4">
              {month.events.map((event) => (
                <li key={event.id}>
                  <CalendarEntry event={event} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}

/** Subscribing to the series, or downloading it: the one part of the page that needs the page's origin. */
function SeriesSubscription({ events }: { events: readonly EventSummary[] }) {
  const origin = usePageOrigin();
  const feedUrl = origin ? `${origin}${FEED_PATH}` : FEED_PATH;
  const subscribeUrl = origin ? feedUrl.replace(/^https?:/, 'webcal:') : FEED_PATH;

  const copyFeedUrl = () => {
    navigator.clipboard.writeText(feedUrl).then(
      () => toast.success('Calendar link copied'),
      () => toast.error('Could not copy the link', { description: feedUrl }),
    );
  };

  return (
    <section aria-labelledby="subscribe-heading" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="subscribe-heading" className="text-xl font-semibold">
        Keep the series in your calendar
      </h2>
      <p className="mt-1 text-slate-700">
        Subscribing works in Apple Calendar, Google Calendar and Outlook; your calendar checks for new dates by itself.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <a href={subscribeUrl} className={buttonClasses('primary', 'md')}>
          <Rss aria-hidden="true" className="h-4 w-4" />
          Subscribe
        </a>
        <Button
          variant="outline"
          disabled={events.length === 0}
          onClick={() => downloadEvents(events, SERIES_CALENDAR_NAME, SERIES_FILE_NAME)}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download all upcoming events (.ics)
        </Button>
      </div>
      <div className="mt-4 flex max-w-xl flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Calendar feed address
          <input
            readOnly
            value={feedUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 font-mono text-sm text-ink"
          />
        </label>
        <Button variant="outline" onClick={copyFeedUrl}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          Copy link
        </Button>
      </div>
    </section>
  );
}

/** An edition: its start on the venue's clock, with the zone named ('9:00 AM Dubai time (GST, UTC+4)'). */
function CalendarEntry({ event }: { event: EventSummary }) {
  const zone = eventTimeZone(event);
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="text-lg font-semibold">
          <Link
            to="/events/$slug"
            params={{ slug: event.slug || event.id }}
            className="hover:text-brand-strong hover:underline"
          >
            {event.title}
          </Link>
        </h3>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>
            <time dateTime={event.start_date}>
              {formatVenueDate(event.start_date, zone)}, {formatVenueTime(event.start_date, zone)}
            </time>{' '}
            {venueZoneLabel(zone, event.start_date)}
          </span>
        </p>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
          {event.location || 'TBD'}
        </p>
      </div>
      <Button
        variant="outline"
        className="shrink-0"
        onClick={() => downloadEvents([event], event.title, icsFileName(event.title))}
      >
        <CalendarPlus aria-hidden="true" className="h-4 w-4" />
        Add to calendar<span className="sr-only">: {event.title}</span>
      </Button>
    </article>
  );
}
