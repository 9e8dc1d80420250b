import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv.ts';
import { rosterOf, type CheckInRow } from '../../data/door-roster.ts';
import {
  attendanceCounts,
  attendanceRows,
  attendanceToCsv,
  pastAttendeePatches,
  type EventAttendeeLink,
} from './attendance.ts';

const EVENT = '00000000-0000-4000-8000-0000000000e1';
const OTHER_EVENT = '00000000-0000-4000-8000-0000000000e2';
const ADA = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';
const CY = '00000000-0000-4000-8000-00000000000c';
const DEE = '00000000-0000-4000-8000-00000000000d';

const attendees = [
  {
    id: ADA,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: '=HYPERLINK("x")',
    job_title: 'CDO',
    photo_url: null,
  },
  { id: BOB, name: 'Bob Undone', email: 'bob@example.com', company: 'Northwind', job_title: null, photo_url: null },
  { id: CY, name: 'Cy Noshow', email: 'cy@example.com', company: null, job_title: null, photo_url: null },
  { id: DEE, name: 'Dee Walker', email: 'dee@example.com', company: 'Walk Co', job_title: 'CTO', photo_url: null },
];

const links: EventAttendeeLink[] = [
  { id: 'link-ada', event_id: EVENT, attendee_id: ADA, attendee_type: 'current' },
  { id: 'link-bob', event_id: EVENT, attendee_id: BOB, attendee_type: 'current' },
  { id: 'link-cy', event_id: EVENT, attendee_id: CY, attendee_type: 'current' },
  { id: 'link-dee', event_id: EVENT, attendee_id: DEE, attendee_type: 'current' },
  { id: 'link-ada-other', event_id: OTHER_EVENT, attendee_id: ADA, attendee_type: 'current' },
];

function checkIn(overrides: Partial<CheckInRow> & { id: string }): CheckInRow {
  return {
    event_id: EVENT,
    attendee_id: null,
    undoes: null,
    device_id: 'device-1',
    device_label: 'Front desk',
    checked_in_at: '2026-11-27T08:10:00.000Z',
    walk_in_name: null,
    walk_in_email: null,
    walk_in_company: null,
    walk_in_job_title: null,
    ...overrides,
  };
}

const checkIns = [
  checkIn({ id: 'c-ada', attendee_id: ADA, checked_in_at: '2026-11-27T08:20:00.000Z' }),
  checkIn({ id: 'c-bob', attendee_id: BOB, device_label: null, device_id: 'phone-2' }),
  checkIn({ id: 'u-bob', attendee_id: BOB, undoes: 'c-bob' }),
  checkIn({
    id: 'c-dee',
    attendee_id: DEE,
    checked_in_at: '2026-11-27T08:05:00.000Z',
    walk_in_name: 'Dee Walker',
    walk_in_email: 'dee@example.com',
  }),
];

const roster = rosterOf({ eventId: EVENT, eventAttendees: links, attendees, requests: [], checkIns });

describe('the attendance report', () => {
  it('lists who came, earliest first, then the no-shows (an undone check-in is a no-show)', () => {
    const rows = attendanceRows(roster);
    expect(rows.map((row) => [row.guest.name, row.attendance])).toEqual([
      ['Dee Walker', 'walk-in'],
      ['Ada Lovelace', 'checked-in'],
      ['Bob Undone', 'no-show'],
      ['Cy Noshow', 'no-show'],
    ]);
  });

  it('counts each group, and all who came (walk-ins too) of everyone on the roster', () => {
    expect(attendanceCounts(attendanceRows(roster))).toEqual({
      'checked-in': 1,
      'walk-in': 1,
      'no-show': 2,
      total: 4,
      present: 2,
    });
  });

  it('exports a CSV with a byte-order mark, the time and device of each check-in, and formulas guarded', async () => {
    const text = attendanceToCsv(attendanceRows(roster), 'UTC');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(await parseCsv(text.slice(1))).toEqual([
      ['name', 'email', 'company', 'job_title', 'attendance', 'checked_in_at', 'device'],
      ['Dee Walker', 'dee@example.com', 'Walk Co', 'CTO', 'Walk-in', '2026-11-27T08:05:00.000Z', 'Front desk'],
      [
        'Ada Lovelace',
        'ada@example.com',
        `'=HYPERLINK("x")`,
        'CDO',
        'Checked in',
        '2026-11-27T08:20:00.000Z',
        'Front desk',
      ],
      ['Bob Undone', 'bob@example.com', 'Northwind', '', 'No-show', '', ''],
      ['Cy Noshow', 'cy@example.com', '', '', 'No-show', '', ''],
    ]);
  });
});

describe('the attendance CSV of an event in another zone than UTC', () => {
  it("gives each check-in's time on the venue's clock, with the venue's offset", async () => {
    const rows = await parseCsv(attendanceToCsv(attendanceRows(roster), 'Asia/Dubai').slice(1));
    expect(rows.slice(1).map((row) => row[5])).toEqual([
      '2026-11-27T12:05:00.000+04:00',
      '2026-11-27T12:20:00.000+04:00',
      '',
      '',
    ]);
    // Lisbon is at UTC+0 in November: its local time says so with '+00:00', not UTC's 'Z'.
    const lisbon = await parseCsv(attendanceToCsv(attendanceRows(roster), 'Europe/Lisbon').slice(1));
    expect(lisbon[1]![5]).toBe('2026-11-27T08:05:00.000+00:00');
  });
});

describe('marking checked-in guests as past attendees', () => {
  it("changes the event's links of those who came, walk-ins too, and nothing else", () => {
    expect(pastAttendeePatches(EVENT, links, roster)).toEqual([
      { id: 'link-ada', patch: { attendee_type: 'past' } },
      { id: 'link-dee', patch: { attendee_type: 'past' } },
    ]);
  });

  it('changes nothing the second time', () => {
    const marked = links.map((link) =>
      link.id === 'link-ada' || link.id === 'link-dee' ? { ...link, attendee_type: 'past' } : link,
    );
    // The marked guests stay on the report: their check-ins keep them on the roster.
    const after = rosterOf({ eventId: EVENT, eventAttendees: marked, attendees, requests: [], checkIns });
    expect(attendanceCounts(attendanceRows(after))).toMatchObject({ 'checked-in': 1, 'walk-in': 1 });
    expect(pastAttendeePatches(EVENT, marked, after)).toEqual([]);
  });
});
