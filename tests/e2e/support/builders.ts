/**
 * Builders of the rows browser tests look at, created through the admin API (`api.create`, so the
 * `api` fixture deletes them again when the test ends). Each fills what a row needs with unique
 * values and takes the fields a test cares about as overrides.
 */
import { daysFromNow, unique, type Api } from './fixtures.ts';

/** The slug our titles get: lowercase ASCII words joined by hyphens ('Oslo Summit 1x' -> 'oslo-summit-1x'). */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface EventRow {
  id: string;
  slug: string;
  title: string;
  start_date: string;
  end_date: string;
}

/**
 * An event 40 days from now, 09:00-17:00 UTC, with a unique title and the slug of that title.
 * Pass `slug: ''` to have the server generate the slug from the title.
 */
export async function createEvent(api: Api, overrides: Record<string, unknown> = {}): Promise<EventRow> {
  const title = (overrides.title as string | undefined) ?? unique('Event');
  return api.create<EventRow>('events', {
    title,
    slug: slugOf(title),
    start_date: daysFromNow(40, 9),
    end_date: daysFromNow(40, 17),
    ...overrides,
  });
}

export interface AttendeeRow {
  id: string;
  name: string;
  email: string;
}

/** An attendee with a unique name and an e-mail address made from it. */
export async function createAttendee(api: Api, overrides: Record<string, unknown> = {}): Promise<AttendeeRow> {
  const name = (overrides.name as string | undefined) ?? unique('Attendee');
  return api.create<AttendeeRow>('attendees', {
    name,
    email: `${slugOf(name)}@example.com`,
    ...overrides,
  });
}

/** Puts an attendee on an event's list, as a current attendee unless `type` says past. */
export async function addToEvent(
  api: Api,
  eventId: string,
  attendeeId: string,
  type: 'current' | 'past' = 'current',
): Promise<{ id: string }> {
  return api.create('event_attendees', { event_id: eventId, attendee_id: attendeeId, attendee_type: type });
}
