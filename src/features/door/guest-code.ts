/**
 * What a scanned code says, matched against the local roster (offline). A guest's code is their
 * personal link, `<site>/events/<slug or id>#guest=<token>` (the QR code in their message and on
 * their printed pass); a bare token, typed or from another reader, counts too. The token decides,
 * not the slug in the link: an event's slug may have changed since the message went out.
 */
import { guestTokenOf, guestTokenOfHash } from '../../../supabase/functions/_shared/portable/guest-link.ts';
import type { RosterGuest } from '../../data/door-roster.ts';

/** A link is a personal link only on an event page: /events/<slug or id>. */
const EVENT_PATH = /^\/events\/[^/]+\/?$/;

/** The guest token a code holds (the personal link, or a bare token), lower-cased; null for anything else. */
export function tokenOfCode(text: string): string | null {
  const bare = guestTokenOf(text);
  if (bare) return bare;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!EVENT_PATH.test(url.pathname)) return null;
  return guestTokenOfHash(url.hash);
}

export type GuestCodeMatch =
  | { kind: 'guest'; guest: RosterGuest }
  | { kind: 'not-on-list'; status: string }
  | { kind: 'other-event'; eventId: string }
  | { kind: 'unknown' };

/**
 * Who a code names at the door of event `eventId`: a guest of its roster; someone whose request for
 * this event does not put them on it (declined or waitlisted after their code went out, or taken
 * off the event by an admin), with that request's status; a guest of another event (the invite
 * requests say which); or nobody we know (not a guest's code, or a token no request holds). A guest
 * whose roster row has no token yet (the request came in after the attendee row) is found through
 * the request's attendee.
 */
export function matchGuestCode(
  text: string,
  eventId: string,
  roster: readonly RosterGuest[],
  requests: readonly {
    event_id: string;
    status: string;
    guest_token?: string | null;
    attendee_id?: string | null;
  }[],
): GuestCodeMatch {
  const token = tokenOfCode(text);
  if (!token) return { kind: 'unknown' };
  const guest = roster.find((candidate) => candidate.token?.toLowerCase() === token);
  if (guest) return { kind: 'guest', guest };
  const request = requests.find((candidate) => candidate.guest_token?.toLowerCase() === token);
  if (!request) return { kind: 'unknown' };
  if (request.event_id !== eventId) return { kind: 'other-event', eventId: request.event_id };
  const attendee = request.attendee_id
    ? roster.find((candidate) => candidate.attendeeId === request.attendee_id)
    : undefined;
  return attendee ? { kind: 'guest', guest: attendee } : { kind: 'not-on-list', status: request.status };
}
