/** The door's roster (door-roster.ts) of one event, live from the admin's replica. */
import { useMemo } from 'react';
import { useAdminRows, useAdminTablePulled, type SyncDoc } from './admin-data.ts';
import { rosterOf, type RosterGuest } from './door-roster.ts';

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
  /**
   * True until the check-ins and the event's attendees have had a full pull (or were kept): until
   * then a guest who is in would show as out (the check-ins are pulled after the attendees).
   */
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
    loading: guests === undefined || !pulled,
  };
}
