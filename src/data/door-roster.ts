/**
 * The door's roster rule (issue 16): an event's expected guests and who of them is in, from the rows
 * of the admin's replica. Pure: the live hook is use-roster.ts, the writes check-in-actions.ts.
 *
 * Check-ins are append-only (supabase/migrations/20261127000300_check_ins.sql): a check-in and the
 * undo of one are each a row of their own, and nobody changes a row, so phones checking guests in
 * offline never conflict. A guest is in when some check-in of theirs has no undo; the time shown is
 * the earliest such check-in's. A walk-in taken offline names the person (the server makes or finds
 * the attendee with that e-mail later): until then the roster keys them by e-mail, so the same person
 * taken on two phones is one guest before and after the server linked them.
 */
import type { SyncDoc } from './admin-data.ts';
import { deviceName } from './door-device.ts';

export interface RosterGuest {
  /** The attendee's id, or 'walk-in:<email>' for a walk-in the server has not linked yet. */
  key: string;
  attendeeId: string | null;
  name: string;
  email: string | null;
  company: string | null;
  jobTitle: string | null;
  photoUrl: string | null;
  /** Their approved or invited request for this event, whose token is their QR code. */
  requestId: string | null;
  token: string | null;
  /** Added at the door (some check-in of theirs names the person), whether undone since or not. */
  walkIn: boolean;
  /** The earliest live check-in's time (the device's clock), or null when not in. */
  checkedInAt: string | null;
  /** That check-in's device label, or its device id when it has none. */
  checkedInOn: string | null;
  /** Every check-in of theirs without an undo (an undo writes one undo row for each). */
  liveCheckInIds: string[];
}

export type EventAttendeeRow = Pick<SyncDoc<'event_attendees'>, 'event_id' | 'attendee_id' | 'attendee_type'>;
export type AttendeeRow = Pick<
  SyncDoc<'attendees'>,
  'id' | 'name' | 'email' | 'company' | 'job_title' | 'photo_url'
> & {
  registered_at?: string;
};
export type RequestRow = Pick<SyncDoc<'invite_requests'>, 'id' | 'event_id' | 'attendee_id' | 'status'> &
  Partial<Pick<SyncDoc<'invite_requests'>, 'name' | 'email' | 'company' | 'job_title'>> & {
    guest_token?: string | null;
  };
export type CheckInRow = Pick<
  SyncDoc<'check_ins'>,
  | 'id'
  | 'event_id'
  | 'attendee_id'
  | 'undoes'
  | 'device_id'
  | 'device_label'
  | 'checked_in_at'
  | 'walk_in_name'
  | 'walk_in_email'
  | 'walk_in_company'
  | 'walk_in_job_title'
>;

export interface RosterInput {
  eventId: string;
  eventAttendees: readonly EventAttendeeRow[];
  attendees: readonly AttendeeRow[];
  requests: readonly RequestRow[];
  checkIns: readonly CheckInRow[];
}

const normalEmail = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : null);

const WALK_IN = 'walk-in:';

/** The key of a walk-in the server has not linked to an attendee yet, by their e-mail (trimmed, lower case). */
export const walkInKey = (email: string) => `${WALK_IN}${email}`;

/**
 * The guest `key` names on `roster`: a walk-in the server has linked to an attendee since the key was
 * taken ('walk-in:<email>') is found again by their e-mail.
 */
export function guestOfKey(roster: readonly RosterGuest[], key: string): RosterGuest | undefined {
  const same = roster.find((guest) => guest.key === key);
  if (same || !key.startsWith(WALK_IN)) return same;
  const email = key.slice(WALK_IN.length);
  return roster.find((guest) => normalEmail(guest.email) === email);
}

/**
 * A guest as the roster first knows them: what `known` says, and otherwise no details, no code and
 * not in. The roster's rows, and a screen's placeholder for a walk-in not on it yet, start here.
 */
export function rosterGuest(known: Pick<RosterGuest, 'key' | 'name'> & Partial<RosterGuest>): RosterGuest {
  return {
    attendeeId: null,
    email: null,
    company: null,
    jobTitle: null,
    photoUrl: null,
    requestId: null,
    token: null,
    walkIn: false,
    checkedInAt: null,
    checkedInOn: null,
    liveCheckInIds: [],
    ...known,
  };
}

const byName = (a: RosterGuest, b: RosterGuest) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.key.localeCompare(b.key);

/** The event's roster: its current attendees and anyone checked in to it, sorted by name. */
export function rosterOf({ eventId, eventAttendees, attendees, requests, checkIns }: RosterInput): RosterGuest[] {
  const attendeeById = new Map(attendees.map((attendee) => [attendee.id, attendee]));
  // The attendee the server links a walk-in's e-mail to: the earliest registered live one.
  const attendeeByEmail = new Map<string, AttendeeRow>();
  for (const attendee of [...attendees].sort(
    (a, b) => (a.registered_at ?? '').localeCompare(b.registered_at ?? '') || a.id.localeCompare(b.id),
  )) {
    const email = normalEmail(attendee.email);
    if (email && !attendeeByEmail.has(email)) attendeeByEmail.set(email, attendee);
  }
  const ofEvent = checkIns.filter((row) => row.event_id === eventId);
  // A walk-in seen linked on one row (pulled back from the server) links its e-mail on every row.
  const linkedEmail = new Map<string, string>();
  for (const row of ofEvent) {
    const email = normalEmail(row.walk_in_email);
    if (email && row.attendee_id && !row.undoes) linkedEmail.set(email, row.attendee_id);
  }
  const keyOf = (row: CheckInRow): string | null => {
    if (row.attendee_id) return row.attendee_id;
    const email = normalEmail(row.walk_in_email);
    if (!email) return null;
    return linkedEmail.get(email) ?? attendeeByEmail.get(email)?.id ?? walkInKey(email);
  };

  // Who a guest is while their attendee row has not reached this device yet (the server made it when
  // their request was approved, and the link or a check-in came first): what their request says.
  const requestOfAttendee = new Map(
    requests.flatMap((request) =>
      request.event_id === eventId && request.attendee_id ? [[request.attendee_id, request] as const] : [],
    ),
  );

  const guests = new Map<string, RosterGuest>();
  const guestOf = (key: string, walkIn?: CheckInRow): RosterGuest => {
    const known = guests.get(key);
    if (known) return known;
    const attendee = attendeeById.get(key);
    const asked = requestOfAttendee.get(key);
    const guest = attendee
      ? rosterGuest({
          key,
          attendeeId: attendee.id,
          name: attendee.name,
          email: attendee.email ?? null,
          company: attendee.company ?? null,
          jobTitle: attendee.job_title ?? null,
          photoUrl: attendee.photo_url ?? null,
        })
      : rosterGuest({
          key,
          attendeeId: key.startsWith(WALK_IN) ? null : key,
          name: walkIn?.walk_in_name?.trim() || asked?.name?.trim() || 'Unknown guest',
          email: normalEmail(walkIn?.walk_in_email ?? asked?.email),
          company: walkIn?.walk_in_company?.trim() || asked?.company?.trim() || null,
          jobTitle: walkIn?.walk_in_job_title?.trim() || asked?.job_title?.trim() || null,
        });
    guests.set(key, guest);
    return guest;
  };

  for (const link of eventAttendees) {
    if (link.event_id === eventId && link.attendee_type === 'current') guestOf(link.attendee_id);
  }

  const undone = new Set(ofEvent.flatMap((row) => (row.undoes ? [row.undoes] : [])));
  const earliest = new Map<string, CheckInRow>();
  const walkedIn = new Set<string>();
  for (const row of ofEvent) {
    if (row.undoes) continue;
    const key = keyOf(row);
    if (!key) continue;
    if (row.walk_in_name) walkedIn.add(key);
    // An undone check-in expects nobody: a walk-in taken by mistake and undone is no guest (the
    // server takes the link their check-in made off the list too).
    if (undone.has(row.id)) continue;
    const guest = guestOf(key, row.walk_in_name ? row : undefined);
    guest.liveCheckInIds.push(row.id);
    const first = earliest.get(key);
    if (
      !first ||
      Date.parse(row.checked_in_at) < Date.parse(first.checked_in_at) ||
      (row.checked_in_at === first.checked_in_at && row.id < first.id)
    ) {
      earliest.set(key, row);
    }
  }
  for (const [key, row] of earliest) {
    const guest = guests.get(key)!;
    guest.checkedInAt = row.checked_in_at;
    guest.checkedInOn = deviceName(row.device_id, row.device_label);
  }
  for (const key of walkedIn) {
    const guest = guests.get(key);
    if (guest) guest.walkIn = true;
  }

  for (const request of requests) {
    if (request.event_id !== eventId || !request.attendee_id) continue;
    if (request.status !== 'approved' && request.status !== 'invited') continue;
    const guest = guests.get(request.attendee_id);
    if (guest && !guest.requestId) {
      guest.requestId = request.id;
      guest.token = request.guest_token ?? null;
    }
  }

  for (const guest of guests.values()) guest.liveCheckInIds.sort();
  return [...guests.values()].sort(byName);
}

/** How many of the roster are in: 'Checked in 28 of 34'. */
export function checkedInCount(roster: readonly RosterGuest[]): number {
  return roster.filter((guest) => guest.checkedInAt !== null).length;
}
