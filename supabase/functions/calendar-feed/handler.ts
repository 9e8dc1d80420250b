/**
 * calendar-feed: the series' upcoming events as an iCalendar feed that calendar apps subscribe to
 * (webcal://<site>/calendar.ics; the app server fetches this function for that path). Public: it
 * reads as an anonymous visitor, so only what anyone may see goes out: events that are live (not
 * soft-deleted) and upcoming (end_date at or after now, spec section 4), their public columns, and
 * nothing about attendees. Each event's times are in its venue's zone, with that zone's VTIMEZONE
 * (`_shared/portable/ics.ts`). GET or HEAD; the site origin for the event links comes from SITE_URL or
 * the `origin` query parameter (see _shared/public-site.ts); without one the events carry no link.
 */
import { z } from 'zod';
import { ICS_CONTENT_TYPE, buildCalendar, calendarEventFromEvent, eventUid } from '../_shared/portable/ics.ts';
import { readAsVisitor, siteOrigin, textFunction } from '../_shared/public-site.ts';

export const FEED_NAME = 'CDO Vision Events';
/** How often subscribers are asked to poll, and how long caches may keep an answer. */
export const FEED_REFRESH_HOURS = 6;
const CACHE_SECONDS = 15 * 60;

const COLUMNS = [
  'id',
  'slug',
  'title',
  'subheading',
  'description',
  'location',
  'start_date',
  'end_date',
  'time_zone',
] as const;

const FeedEvents = z.array(
  z.object({
    id: z.string(),
    slug: z.string().nullable(),
    title: z.string(),
    subheading: z.string().nullable(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string(),
    time_zone: z.string(),
  }),
);

export const handler = textFunction(
  { name: 'calendar-feed', failureMessage: 'Failed to build the calendar feed' },
  async (request) => {
    const now = new Date();
    const query = new URLSearchParams({
      select: COLUMNS.join(','),
      _deleted: 'is.false',
      end_date: `gte.${now.toISOString()}`,
      order: 'start_date.asc,id.asc',
    });
    const events = await readAsVisitor(`events?${query}`, FeedEvents);
    const origin = siteOrigin(request);
    const ics = buildCalendar({
      name: FEED_NAME,
      now,
      refreshHours: FEED_REFRESH_HOURS,
      events: events.map((event) =>
        origin
          ? calendarEventFromEvent(event, origin)
          : {
              uid: eventUid(event.id),
              title: event.title,
              start: event.start_date,
              end: event.end_date,
              timeZone: event.time_zone,
              location: event.location,
              description: event.description || event.subheading,
            },
      ),
    });
    return {
      body: ics,
      headers: {
        'Content-Type': ICS_CONTENT_TYPE,
        'Content-Disposition': 'inline; filename="cdo-vision-events.ics"',
        'Cache-Control': `public, max-age=${CACHE_SECONDS}`,
      },
    };
  },
);
