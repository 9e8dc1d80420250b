/**
 * The images of every upcoming event's page (featured image, gallery, sponsor logos, attendee and
 * speaker photos and company logos, testimonial photos, video stills), as absolute URLs, soonest
 * event first: what the service worker keeps so that every upcoming event reads offline with its
 * pictures. One pass over the replica's rows (the visitor's replica worker calls it), not one event
 * page after another. Pure: rows in, a list out.
 */
import type { Row } from '../../sync/index.ts';

/** The tables an event page's pictures come from. */
export interface EventImageRows {
  events: Row<'events'>[];
  event_gallery: Row<'event_gallery'>[];
  event_sponsors: Row<'event_sponsors'>[];
  sponsors_library: Row<'sponsors_library'>[];
  event_attendees: Row<'event_attendees'>[];
  attendees: Row<'attendees'>[];
  sessions: Row<'sessions'>[];
  session_speakers: Row<'session_speakers'>[];
  testimonials: Row<'testimonials'>[];
  videos: Row<'videos'>[];
}

/** The table names of EventImageRows, for reading them. */
export const EVENT_IMAGE_TABLES = [
  'events',
  'event_gallery',
  'event_sponsors',
  'sponsors_library',
  'event_attendees',
  'attendees',
  'sessions',
  'session_speakers',
  'testimonials',
  'videos',
] as const satisfies readonly (keyof EventImageRows)[];

type Maybe = string | null | undefined;

/** Rows by the event they belong to. */
function byEvent<R extends { event_id: string | null }>(rows: R[]): Map<string, R[]> {
  const grouped = new Map<string, R[]>();
  for (const row of rows) {
    if (!row.event_id) continue;
    const list = grouped.get(row.event_id);
    if (list) list.push(row);
    else grouped.set(row.event_id, [row]);
  }
  return grouped;
}

/** Events that have not ended, soonest first. */
function upcomingEvents(events: Row<'events'>[], now: Date): Row<'events'>[] {
  return events
    .filter((event) => Date.parse(event.end_date) >= now.getTime())
    .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
}

/**
 * The path of every upcoming event's page (/events/<slug>, or its id for an event without a slug, as
 * the route takes), soonest first: the service worker keeps these pages as the server renders them.
 */
export function pagesOfUpcomingEvents(events: Row<'events'>[], now: Date): string[] {
  return upcomingEvents(events, now).map((event) => `/events/${encodeURIComponent(event.slug ?? event.id)}`);
}

export function imagesOfUpcomingEvents(rows: EventImageRows, now: Date, base: string): string[] {
  const upcoming = upcomingEvents(rows.events, now);
  const sponsorLogo = new Map(rows.sponsors_library.map((sponsor) => [sponsor.id, sponsor.logo_url]));
  const attendeeById = new Map(rows.attendees.map((attendee) => [attendee.id, attendee]));
  const speakersBySession = new Map<string, Row<'session_speakers'>[]>();
  for (const speaker of rows.session_speakers) {
    speakersBySession.set(speaker.session_id, [...(speakersBySession.get(speaker.session_id) ?? []), speaker]);
  }
  const gallery = byEvent(rows.event_gallery);
  const sponsors = byEvent(rows.event_sponsors);
  const attendees = byEvent(rows.event_attendees);
  const sessions = byEvent(rows.sessions);
  const testimonials = byEvent(rows.testimonials);
  const videos = byEvent(rows.videos);
  const person = (id: string): Maybe[] => {
    const attendee = attendeeById.get(id);
    return attendee ? [attendee.photo_url, attendee.company_logo_url] : [];
  };

  const found: Maybe[] = [];
  for (const { id, featured_image_url } of upcoming) {
    found.push(featured_image_url);
    for (const image of gallery.get(id) ?? []) found.push(image.image_url);
    for (const link of sponsors.get(id) ?? []) found.push(sponsorLogo.get(link.sponsor_id));
    for (const session of sessions.get(id) ?? []) {
      for (const speaker of speakersBySession.get(session.id) ?? []) found.push(...person(speaker.attendee_id));
    }
    for (const link of attendees.get(id) ?? []) found.push(...person(link.attendee_id));
    for (const testimonial of testimonials.get(id) ?? []) found.push(testimonial.photo_url);
    for (const video of videos.get(id) ?? []) found.push(video.thumbnail_url);
  }

  const urls = new Set<string>();
  for (const value of found) {
    if (!value || value.startsWith('blob:') || value.startsWith('data:')) continue;
    try {
      const url = new URL(value, base);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.add(url.href);
    } catch {
      // Not a URL: nothing to keep.
    }
  }
  return [...urls];
}
