/**
 * The door (issue 16): an event's roster of expected guests and who of them is in, from the rows of
 * the admin's replica, and the writes of a check-in, an undo and a walk-in.
 *
 * Check-ins are append-only (supabase/migrations/20261127000300_check_ins.sql): a check-in and the
 * undo of one are each a row of their own, and nobody changes a row, so phones checking guests in
 * offline never conflict. A guest is in when some check-in of theirs has no undo; the time shown is
 * the earliest such check-in's. A walk-in taken offline names the person (the server makes or finds
 * the attendee with that e-mail later): until then the roster keys them by e-mail, so the same person
 * taken on two phones is one guest before and after the server linked them.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useAdminActions, useAdminRows, useAdminTablePulled, type SyncDoc } from './admin-data.ts';

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
export type RequestRow = Pick<SyncDoc<'invite_requests'>, 'id' | 'event_id' | 'attendee_id' | 'status'> & {
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
    return linkedEmail.get(email) ?? attendeeByEmail.get(email)?.id ?? `walk-in:${email}`;
  };

  const guests = new Map<string, RosterGuest>();
  const guestOf = (key: string, walkIn?: CheckInRow): RosterGuest => {
    const known = guests.get(key);
    if (known) return known;
    const attendee = attendeeById.get(key);
    const guest: RosterGuest = attendee
      ? {
          key,
          attendeeId: attendee.id,
          name: attendee.name,
          email: attendee.email ?? null,
          company: attendee.company ?? null,
          jobTitle: attendee.job_title ?? null,
          photoUrl: attendee.photo_url ?? null,
          requestId: null,
          token: null,
          walkIn: false,
          checkedInAt: null,
          checkedInOn: null,
          liveCheckInIds: [],
        }
      : {
          key,
          attendeeId: key.startsWith('walk-in:') ? null : key,
          name: walkIn?.walk_in_name?.trim() || 'Unknown guest',
          email: normalEmail(walkIn?.walk_in_email),
          company: walkIn?.walk_in_company?.trim() || null,
          jobTitle: walkIn?.walk_in_job_title?.trim() || null,
          photoUrl: null,
          requestId: null,
          token: null,
          walkIn: false,
          checkedInAt: null,
          checkedInOn: null,
          liveCheckInIds: [],
        };
    guests.set(key, guest);
    return guest;
  };

  for (const link of eventAttendees) {
    if (link.event_id === eventId && link.attendee_type === 'current') guestOf(link.attendee_id);
  }

  const undone = new Set(ofEvent.flatMap((row) => (row.undoes ? [row.undoes] : [])));
  const earliest = new Map<string, CheckInRow>();
  for (const row of ofEvent) {
    if (row.undoes) continue;
    const key = keyOf(row);
    if (!key) continue;
    const guest = guestOf(key, row.walk_in_name ? row : undefined);
    if (row.walk_in_name) guest.walkIn = true;
    if (undone.has(row.id)) continue;
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

const NONE: never[] = [];

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The roster of an event from the admin's replica, live (local writes, pulls and realtime), with
 * the invite requests a scanned code is matched against. `guests` is undefined until the replica
 * (or this device's kept lists) has answered.
 */
export function useRoster(eventId: string | null): {
  guests: RosterGuest[] | undefined;
  requests: readonly SyncDoc<'invite_requests'>[];
  checkIns: readonly SyncDoc<'check_ins'>[];
  /** True until the check-ins and the event's attendees have had a full pull (or were kept). */
  loading: boolean;
} {
  const eventAttendees = useAdminRows('event_attendees');
  const attendees = useAdminRows('attendees');
  const requests = useAdminRows('invite_requests', byId);
  const checkIns = useAdminRows('check_ins', byId);
  const checkInsPulled = useAdminTablePulled('check_ins');
  const attendeesPulled = useAdminTablePulled('event_attendees');
  const pulled = checkInsPulled && attendeesPulled;
  const guests = useMemo(
    () =>
      eventId && eventAttendees && attendees && checkIns
        ? rosterOf({ eventId, eventAttendees, attendees, requests: requests ?? [], checkIns })
        : undefined,
    [eventId, eventAttendees, attendees, requests, checkIns],
  );
  return {
    guests,
    requests: requests ?? NONE,
    checkIns: checkIns ?? NONE,
    loading: guests === undefined || (!pulled && guests.length === 0),
  };
}

// ---- This device: a random id kept in localStorage, and the name staff give it ('Door phone 2').

const DEVICE_KEY = 'cdo-door-device';
/** The longest device label the table takes. */
export const DEVICE_LABEL_MAX = 100;

interface DeviceRecord {
  id: string;
  label: string;
}

const deviceListeners = new Set<() => void>();
let device: DeviceRecord | null = null;

function readDevice(): DeviceRecord {
  if (device) return device;
  let stored: Partial<DeviceRecord> | null;
  try {
    stored = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Partial<DeviceRecord> | null;
  } catch {
    stored = null;
  }
  const id = typeof stored?.id === 'string' && stored.id.trim() !== '' ? stored.id : crypto.randomUUID();
  const label = typeof stored?.label === 'string' ? stored.label.slice(0, DEVICE_LABEL_MAX) : '';
  device = { id, label };
  if (stored?.id !== id) localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  return device;
}

/**
 * What a device is called on screen and in the report: the name staff gave it, else 'Device' and
 * the start of its id ('Device 2299'), which tells phones apart without a wall of hex.
 */
export function deviceName(id: string, label: string | null | undefined): string {
  return (
    label?.trim() ||
    `Device ${id
      .replace(/[^0-9a-z]/gi, '')
      .slice(0, 4)
      .toUpperCase()}`
  );
}

/** This device's id: made once, kept in localStorage. */
export function deviceId(): string {
  return readDevice().id;
}

/** The name staff gave this device, '' when none. */
export function deviceLabel(): string {
  return readDevice().label;
}

/** Names this device (trimmed, at most 100 characters); later check-ins carry it. */
export function setDeviceLabel(label: string): void {
  device = { id: deviceId(), label: label.trim().slice(0, DEVICE_LABEL_MAX) };
  localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  deviceListeners.forEach((notify) => notify());
}

function subscribeDevice(listener: () => void): () => void {
  deviceListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DEVICE_KEY) return;
    device = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    deviceListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** This device's id and label, live (another tab may rename it). */
export function useDevice(): DeviceRecord {
  return useSyncExternalStore(subscribeDevice, readDevice, readDevice);
}

/** A person taken at the door. */
export interface WalkInPerson {
  name: string;
  email: string;
  company?: string | null;
  jobTitle?: string | null;
}

const blankToNull = (text: string | null | undefined) => (text && text.trim() !== '' ? text.trim() : null);

/** Who wrote a row, and when by this device's clock. */
const stamp = () => ({
  device_id: deviceId(),
  device_label: blankToNull(deviceLabel()),
  checked_in_at: new Date().toISOString(),
});

/**
 * The door's writes, into the admin replica: each resolves once this device has the row (offline
 * too) and the engine pushes it. Rows are only ever inserted, so they cannot conflict.
 */
export function useCheckInActions() {
  const { insert, ready } = useAdminActions();

  /** Checks a guest in (nothing when they are in already); resolves with the new row or null. */
  async function checkIn(eventId: string, guest: RosterGuest) {
    if (guest.checkedInAt !== null) return null;
    return insert('check_ins', {
      event_id: eventId,
      attendee_id: guest.attendeeId,
      ...stamp(),
      // A walk-in the server has not linked yet is named again, so the server can link this row too.
      ...(guest.attendeeId
        ? {}
        : {
            walk_in_name: guest.name,
            walk_in_email: guest.email,
            walk_in_company: guest.company,
            walk_in_job_title: guest.jobTitle,
          }),
    });
  }

  /** Undoes a guest's check-in: one undo row for each of their live check-ins, whichever device made it. */
  async function undo(eventId: string, guest: RosterGuest) {
    const rows = [];
    for (const id of guest.liveCheckInIds) {
      rows.push(
        await insert('check_ins', { event_id: eventId, attendee_id: guest.attendeeId, undoes: id, ...stamp() }),
      );
    }
    return rows;
  }

  /** Adds a person at the door and checks them in; the server makes them an attendee of the event. */
  function walkIn(eventId: string, person: WalkInPerson) {
    return insert('check_ins', {
      event_id: eventId,
      attendee_id: null,
      ...stamp(),
      walk_in_name: person.name.trim(),
      walk_in_email: person.email.trim().toLowerCase(),
      walk_in_company: blankToNull(person.company),
      walk_in_job_title: blankToNull(person.jobTitle),
    });
  }

  return { ready, checkIn, undo, walkIn };
}
