/**
 * After the event (issue 16): who came, from the door's roster. Each guest is in one of three
 * groups: checked in (expected and came), walk-in (added at the door and in) or no-show (expected,
 * not in; a walk-in whose check-in was undone was never expected, and is not on the roster unless
 * something else keeps them on the event's list). The CSV export and the 'past attendees' action
 * read the same rows.
 */
import type { RosterGuest } from '../../data/door-roster.ts';
import { CSV_FILE_START, toCsv } from '../../lib/csv.ts';
import { guardFormula } from '../../lib/csv-table.ts';
import { venueTimestamp } from '../../lib/venue-time.ts';

export type Attendance = 'checked-in' | 'walk-in' | 'no-show';

export const ATTENDANCE_LABELS: Readonly<Record<Attendance, string>> = {
  'checked-in': 'Checked in',
  'walk-in': 'Walk-in',
  'no-show': 'No-show',
};

export interface AttendanceRow {
  guest: RosterGuest;
  attendance: Attendance;
}

export function attendanceOf(guest: RosterGuest): Attendance {
  if (guest.checkedInAt === null) return 'no-show';
  return guest.walkIn ? 'walk-in' : 'checked-in';
}

/** The report's rows: those who came first (earliest first), then the no-shows by name. */
export function attendanceRows(roster: readonly RosterGuest[]): AttendanceRow[] {
  const rows = roster.map((guest) => ({ guest, attendance: attendanceOf(guest) }));
  const came = rows
    .filter((row) => row.attendance !== 'no-show')
    .sort((a, b) => Date.parse(a.guest.checkedInAt!) - Date.parse(b.guest.checkedInAt!));
  return [...came, ...rows.filter((row) => row.attendance === 'no-show')];
}

export type AttendanceCounts = Record<Attendance, number> & { total: number; present: number };

/**
 * How many of each; `present` counts all who are in, walk-ins too, of the `total` on the roster: the
 * check-in screen's 'Checked in 12 of 37', so that the door and the report say the same.
 */
export function attendanceCounts(rows: readonly AttendanceRow[]): AttendanceCounts {
  const counts = { 'checked-in': 0, 'walk-in': 0, 'no-show': 0 };
  for (const row of rows) counts[row.attendance] += 1;
  return { ...counts, total: rows.length, present: counts['checked-in'] + counts['walk-in'] };
}

export const ATTENDANCE_CSV_COLUMNS = [
  'name',
  'email',
  'company',
  'job_title',
  'attendance',
  'checked_in_at',
  'device',
] as const;

/**
 * The report as a CSV file (byte-order mark, header row, one row per guest in the report's order).
 * The time is the check-in's instant on the venue's clock (`timeZone`), with its offset, as the report
 * shows it ('2026-11-27T18:42:05.000+04:00'; an event in UTC ends in 'Z'); cells a spreadsheet would
 * run as a formula are guarded.
 */
export function attendanceToCsv(rows: readonly AttendanceRow[], timeZone: string): string {
  const records = rows.map(({ guest, attendance }) =>
    [
      guest.name,
      guest.email ?? '',
      guest.company ?? '',
      guest.jobTitle ?? '',
      ATTENDANCE_LABELS[attendance],
      guest.checkedInAt ? venueTimestamp(guest.checkedInAt, timeZone) : '',
      guest.checkedInOn ?? '',
    ].map(guardFormula),
  );
  return CSV_FILE_START + toCsv([[...ATTENDANCE_CSV_COLUMNS], ...records]);
}

/** An event_attendees row as the replica holds it. */
export interface EventAttendeeLink {
  id: string;
  event_id: string;
  attendee_id: string;
  attendee_type: string;
}

/**
 * The writes that make the event's checked-in guests (walk-ins among them) its past attendees: the
 * event's live links of those guests that are not 'past' yet. Nothing for a second run, so the
 * action is safe to repeat. A walk-in the server has not linked yet has no link to change.
 */
export function pastAttendeePatches(
  eventId: string,
  links: readonly EventAttendeeLink[],
  roster: readonly RosterGuest[],
): { id: string; patch: { attendee_type: 'past' } }[] {
  const came = new Set(
    roster.flatMap((guest) => (guest.checkedInAt !== null && guest.attendeeId ? [guest.attendeeId] : [])),
  );
  return links
    .filter((link) => link.event_id === eventId && link.attendee_type !== 'past' && came.has(link.attendee_id))
    .map((link) => ({ id: link.id, patch: { attendee_type: 'past' as const } }));
}
