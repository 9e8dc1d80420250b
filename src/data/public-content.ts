/**
 * The public content as pages read it (spec section 7, "Public" reads), each a live read: painted
 * from a direct request, then followed in the local replica (use-live-read.ts).
 */
import type { Row, TableName } from '../../sync/index.ts';
import {
  fetchEventBySlug,
  fetchGeneralTestimonials,
  fetchPastAttendees,
  fetchPastEvents,
  fetchSponsors,
  fetchUpcomingEvents,
  fetchVideos,
  type EventPage,
  type EventSummary,
  type PastAttendee,
} from '../../sync/first-paint.ts';
import { useLiveRead, type LiveRead } from './use-live-read.ts';

export type { EventPage, EventSummary, PastAttendee } from '../../sync/first-paint.ts';
export type { LiveRead } from './use-live-read.ts';
export { answeredByServer, isUnanswered, useKeptShownAt } from './use-live-read.ts';
export type Sponsor = Row<'sponsors_library'>;
export type Testimonial = Row<'testimonials'>;
export type Video = Row<'videos'>;
export type EventPageSponsor = EventPage['sponsors'][number];
export type EventPageSession = EventPage['sessions'][number];

/** Events that have not ended (end_date at or after now), soonest first. */
export function useUpcomingEvents(): LiveRead<EventSummary[]> {
  return useLiveRead({
    key: 'upcoming-events',
    tables: ['events'],
    firstPaint: (config) => fetchUpcomingEvents(config),
    replica: (reads) => reads.upcomingEvents$(new Date()),
    empty: [],
  });
}

/** The latest events that have ended, most recent first (6 on past highlights). */
export function usePastEvents(limit = 6): LiveRead<EventSummary[]> {
  return useLiveRead({
    key: `past-events:${limit}`,
    tables: ['events'],
    firstPaint: (config) => fetchPastEvents(config, new Date(), limit),
    replica: (reads) => reads.pastEvents$(new Date(), limit),
    empty: [],
  });
}

/** Everything an event page shows, by slug (or id for an event without one); null when there is no such event. */
/** The key of an event page's read, under which the server hands its answer to the page. */
export const eventPageKey = (slugOrId: string) => `event-page:${slugOrId}`;

/** Every table an event page reads. */
export const EVENT_PAGE_TABLES: readonly TableName[] = [
  'events',
  'event_gallery',
  'event_sponsors',
  'sponsors_library',
  'sponsor_tiers',
  'sessions',
  'session_speakers',
  'event_attendees',
  'attendees',
  'testimonials',
  'videos',
];

export function useEventPage(slugOrId: string): LiveRead<EventPage | null> {
  return useLiveRead({
    key: eventPageKey(slugOrId),
    tables: EVENT_PAGE_TABLES,
    firstPaint: (config) => fetchEventBySlug(config, slugOrId),
    replica: (reads) => reads.eventPage$(slugOrId),
    empty: null,
  });
}

/** The sponsor library by name. */
export function useSponsors(): LiveRead<Sponsor[]> {
  return useLiveRead({
    key: 'sponsors',
    tables: ['sponsors_library'],
    firstPaint: fetchSponsors,
    replica: (reads) => reads.sponsors$(),
    empty: [],
  });
}

/** People who attended past events, each once, newest first. */
export function usePastAttendees(): LiveRead<PastAttendee[]> {
  return useLiveRead({
    key: 'past-attendees',
    tables: ['event_attendees', 'attendees'],
    firstPaint: fetchPastAttendees,
    replica: (reads) => reads.pastAttendees$(),
    empty: [],
  });
}

/** Testimonials not tied to one event, by display order. */
export function useGeneralTestimonials(): LiveRead<Testimonial[]> {
  return useLiveRead({
    key: 'general-testimonials',
    tables: ['testimonials'],
    firstPaint: fetchGeneralTestimonials,
    replica: (reads) => reads.generalTestimonials$(),
    empty: [],
  });
}

/** Videos by display order, general ones first. */
export function useVideos(): LiveRead<Video[]> {
  return useLiveRead({
    key: 'videos',
    tables: ['videos'],
    firstPaint: fetchVideos,
    replica: (reads) => reads.videos$(),
    empty: [],
  });
}
