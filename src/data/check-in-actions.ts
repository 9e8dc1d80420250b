/**
 * The door's writes (issue 16): a check-in, an undo and a walk-in, each a row of its own in
 * `check_ins` stamped with this device (door-device.ts) and its clock. The roster rule that reads
 * them back is door-roster.ts.
 */
import { useAdminActions } from './admin-data.ts';
import { deviceId, deviceLabel } from './door-device.ts';
import type { RosterGuest } from './door-roster.ts';

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
