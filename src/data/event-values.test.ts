import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capacityFromInput,
  cleanPoints,
  combineDateAndTime,
  fromDateTimeInput,
  nextDisplayOrder,
  normaliseSlugInput,
  sameClockIn,
  sessionsMovedWithTheEvent,
  slugForSave,
  moveInDisplayOrder,
  toCapacityInput,
  toDateTimeInput,
  toTimeInput,
  venueTimeOf,
  zoneShortName,
} from './event-values.ts';
import { eventTimeZone } from '../lib/venue-time.ts';

describe('event slugs as the admin types them', () => {
  it('lower-cases, turns anything outside a-z 0-9 - into hyphens and collapses repeats', () => {
    expect(normaliseSlugInput('CDO Vision: London 2026!')).toBe('cdo-vision-london-2026-');
    expect(normaliseSlugInput('a  --  b')).toBe('a-b');
    expect(normaliseSlugInput('Zürich')).toBe('z-rich');
  });

  it('stores the slug without end hyphens, and a blank slug as null for the server to generate', () => {
    expect(slugForSave('-My Event-')).toBe('my-event');
    expect(slugForSave('   ')).toBeNull();
    expect(slugForSave('---')).toBeNull();
  });
});

describe('point lists', () => {
  it('trims entries and ignores empty ones', () => {
    expect(cleanPoints(['  Meet peers ', '', '   ', 'Learn'])).toEqual(['Meet peers', 'Learn']);
  });
});

describe("date and time inputs, in the event's zone whatever the admin's computer says", () => {
  // The admin's computer is in Los Angeles; the events are elsewhere.
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  const instant = (iso: string) => ({ kind: 'instant', instant: new Date(iso).toISOString(), note: null });

  it('shows a stored timestamp as the venue reads it, to the minute, and reads a typed one back there', () => {
    expect(new Date('2027-06-11T00:30:45Z').getHours()).toBe(17); // the machine's zone is not the venue's
    expect(toDateTimeInput('2027-06-11T00:30:45Z', 'Asia/Tokyo')).toBe('2027-06-11T09:30');
    expect(toTimeInput('2027-06-11T00:30:45Z', 'Asia/Tokyo')).toBe('09:30');
    expect(fromDateTimeInput('2027-06-11T09:30', 'Asia/Tokyo')).toEqual(instant('2027-06-11T00:30:00Z'));
    expect(fromDateTimeInput('2047-03-10T09:00', 'Asia/Dubai')).toEqual(instant('2047-03-10T05:00:00Z'));
    expect(toDateTimeInput(null, 'Asia/Tokyo')).toBe('');
    expect(toTimeInput(undefined, 'Asia/Tokyo')).toBe('');
    expect(fromDateTimeInput('', 'Asia/Tokyo')).toEqual({ kind: 'blank' });
  });

  it('reads zones with half- and three-quarter-hour offsets', () => {
    expect(fromDateTimeInput('2027-01-15T09:00', 'Asia/Kolkata')).toEqual(instant('2027-01-15T03:30:00Z'));
    expect(fromDateTimeInput('2027-01-15T09:00', 'Asia/Kathmandu')).toEqual(instant('2027-01-15T03:15:00Z'));
    expect(toDateTimeInput('2027-01-15T03:15:00Z', 'Asia/Kathmandu')).toBe('2027-01-15T09:00');
  });

  it('refuses a time that does not exist when clocks go forward, saying so, in Europe and the United States', () => {
    expect(fromDateTimeInput('2027-03-28T01:30', 'Europe/London')).toEqual({
      kind: 'refused',
      message:
        '1:30 AM does not exist on 28 March 2027 in London time: clocks go forward from 1:00 AM to 2:00 AM. ' +
        'Pick another time.',
    });
    expect(venueTimeOf({ date: '2027-03-14', time: '02:30' }, 'America/New_York')).toEqual({
      kind: 'refused',
      message:
        '2:30 AM does not exist on 14 March 2027 in New York time: clocks go forward from 2:00 AM to 3:00 AM. ' +
        'Pick another time.',
    });
    // The hour either side exists.
    expect(fromDateTimeInput('2027-03-28T00:59', 'Europe/London')).toEqual(instant('2027-03-28T00:59:00Z'));
    expect(fromDateTimeInput('2027-03-28T02:00', 'Europe/London')).toEqual(instant('2027-03-28T01:00:00Z'));
  });

  it('reads a time that happens twice when clocks go back as the first, and says so', () => {
    expect(fromDateTimeInput('2027-10-31T01:30', 'Europe/London')).toEqual({
      kind: 'instant',
      instant: '2027-10-31T00:30:00.000Z',
      note: '1:30 AM happens twice on 31 October 2027 in London time; saved as the first (BST, UTC+1).',
    });
    expect(venueTimeOf({ date: '2027-11-07', time: '01:15' }, 'America/Los_Angeles')).toEqual({
      kind: 'instant',
      instant: '2027-11-07T08:15:00.000Z',
      note: '1:15 AM happens twice on 7 November 2027 in Los Angeles time; saved as the first (PDT, UTC-7).',
    });
  });

  it('keeps the stored instant of a field the admin did not change, the second of a doubled hour too', () => {
    const second = '2027-10-31T01:30:00.000Z'; // 1:30 AM GMT, after clocks went back
    expect(toDateTimeInput(second, 'Europe/London')).toBe('2027-10-31T01:30');
    expect(fromDateTimeInput('2027-10-31T01:30', 'Europe/London', second)).toEqual(instant(second));
    expect(fromDateTimeInput('2027-10-31T01:45', 'Europe/London', second)).toMatchObject({
      instant: '2027-10-31T00:45:00.000Z',
    });
  });

  it("puts a session's time of day on the event's start date at the venue, or on today's there", () => {
    // 8:00 AM on Friday 11 June in Tokyo is still Thursday 10 June in UTC and in Los Angeles.
    const eventStart = '2027-06-10T23:00:00Z';
    expect(combineDateAndTime(eventStart, '09:30', 'Asia/Tokyo')).toEqual(instant('2027-06-11T00:30:00Z'));
    expect(combineDateAndTime(eventStart, '23:30', 'Asia/Tokyo')).toEqual(instant('2027-06-11T14:30:00Z'));
    const today = new Date('2026-11-22T20:00:00Z'); // already 23 November in Tokyo
    expect(combineDateAndTime(null, '09:05', 'Asia/Tokyo', { today })).toEqual(instant('2026-11-23T00:05:00Z'));
    expect(combineDateAndTime(eventStart, '', 'Asia/Tokyo')).toEqual({ kind: 'blank' });
    expect(combineDateAndTime('2027-03-28T00:15:00Z', '01:30', 'Europe/London')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('does not exist on 28 March 2027') as unknown,
    });
  });

  it("keeps an untouched session's stored instant, and moves an edited one onto the event's start date", () => {
    const eventStart = '2027-10-30T23:30:00Z'; // 31 October, 12:30 AM BST
    const second = '2027-10-31T01:30:00.000Z';
    expect(combineDateAndTime(eventStart, '01:30', 'Europe/London', { stored: second })).toEqual(instant(second));
    // A session of the second day, edited, lands on the first (spec section 5).
    const dayTwo = '2027-11-01T10:00:00Z';
    expect(combineDateAndTime(eventStart, '10:00', 'Europe/London', { stored: dayTwo })).toEqual(
      instant('2027-10-31T10:00:00Z'),
    );
  });

  it('keeps clock times when an event moves to another zone, a time the new zone skips moving on by the gap', () => {
    expect(sameClockIn('2027-06-10T08:00:00Z', 'Europe/London', 'Asia/Tokyo')).toBe('2027-06-10T00:00:00.000Z');
    expect(sameClockIn('2027-03-28T01:30:00Z', 'UTC', 'Europe/London')).toBe('2027-03-28T01:30:00.000Z');
    expect(toDateTimeInput('2027-03-28T01:30:00Z', 'Europe/London')).toBe('2027-03-28T02:30');
    const london = { start: '2027-06-10T08:00:00Z', zone: 'Europe/London' };
    const keynote = [{ id: 's1', start_time: '2027-06-10T09:00:00Z', end_time: '2027-06-10T10:15:00Z' }];
    // Keeping clock times in Tokyo: 10:00 BST stays 10:00, now Tokyo time.
    expect(
      sessionsMovedWithTheEvent(
        keynote,
        london,
        { start: '2027-06-10T00:00:00Z', zone: 'Asia/Tokyo' },
        'Europe/London',
      ),
    ).toEqual([{ id: 's1', patch: { start_time: '2027-06-10T01:00:00.000Z', end_time: '2027-06-10T02:15:00.000Z' } }]);
    // Lisbon keeps London's clock: nothing to write.
    expect(
      sessionsMovedWithTheEvent(
        keynote,
        london,
        { start: '2027-06-10T08:00:00Z', zone: 'Europe/Lisbon' },
        'Europe/London',
      ),
    ).toEqual([]);
    // Keeping the moments: the sessions stay where they are.
    expect(
      sessionsMovedWithTheEvent(keynote, london, { start: london.start, zone: 'Asia/Tokyo' }, 'Asia/Tokyo'),
    ).toEqual([]);
  });

  it("moves an event's sessions with it to another day, on the same clock, a day of the programme staying that day", () => {
    // From Wednesday 10 March 2027 (GMT) to Wednesday 31 March (BST, clocks went forward on the 28th).
    const before = { start: '2027-03-10T09:00:00Z', zone: 'Europe/London' };
    const after = { start: '2027-03-31T08:00:00Z', zone: 'Europe/London' };
    const sessions = [
      { id: 'opening', start_time: '2027-03-10T09:30:00Z', end_time: '2027-03-10T10:00:00Z' },
      { id: 'day-two', start_time: '2027-03-11T14:00:00Z', end_time: '2027-03-11T15:00:00Z' },
    ];
    expect(sessionsMovedWithTheEvent(sessions, before, after, 'Europe/London')).toEqual([
      { id: 'opening', patch: { start_time: '2027-03-31T08:30:00.000Z', end_time: '2027-03-31T09:00:00.000Z' } },
      { id: 'day-two', patch: { start_time: '2027-04-01T13:00:00.000Z', end_time: '2027-04-01T14:00:00.000Z' } },
    ]);
    // A later start on the same day moves nothing.
    expect(
      sessionsMovedWithTheEvent(
        sessions,
        before,
        { start: '2027-03-10T11:00:00Z', zone: 'Europe/London' },
        'Europe/London',
      ),
    ).toEqual([]);
    // Read on the venue's calendar, not UTC's: 00:30 on 11 June in Tokyo is still 10 June in UTC.
    expect(
      sessionsMovedWithTheEvent(
        [{ id: 'breakfast', start_time: '2027-06-10T23:30:00Z', end_time: '2027-06-11T00:30:00Z' }],
        { start: '2027-06-10T23:00:00Z', zone: 'Asia/Tokyo' },
        { start: '2027-06-11T23:00:00Z', zone: 'Asia/Tokyo' },
        'Asia/Tokyo',
      ),
    ).toEqual([
      { id: 'breakfast', patch: { start_time: '2027-06-11T23:30:00.000Z', end_time: '2027-06-12T00:30:00.000Z' } },
    ]);
  });

  it("leaves a session in the second pass of an hour the clocks repeat where it is when the event's date does not move", () => {
    // 1:30 AM GMT on 31 October 2027, the second 1:30 in London that night.
    const late = [{ id: 'late', start_time: '2027-10-31T01:30:00Z', end_time: '2027-10-31T01:45:00Z' }];
    const london = { start: '2027-10-30T18:00:00Z', zone: 'Europe/London' };
    // A save that changes neither the date nor the zone (a new title, say).
    expect(sessionsMovedWithTheEvent(late, london, london, 'Europe/London')).toEqual([]);
    // A zone set from UTC to London keeping the moments: nothing moves.
    expect(sessionsMovedWithTheEvent(late, { ...london, zone: 'UTC' }, london, 'Europe/London')).toEqual([]);
  });

  it('reads an event without a zone it knows (a document pulled before the column) in UTC', () => {
    expect(eventTimeZone({ time_zone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(eventTimeZone({})).toBe('UTC');
    expect(eventTimeZone({ time_zone: 'Mars/Olympus_Mons' })).toBe('UTC');
    expect(toDateTimeInput('2027-06-11T00:30:00Z', eventTimeZone({}))).toBe('2027-06-11T00:30');
  });

  it('names a zone in a few words where a list shows it beside every time', () => {
    expect(zoneShortName('Asia/Tokyo')).toBe('Tokyo time');
    expect(zoneShortName('UTC')).toBe('UTC');
  });
});

describe('display order', () => {
  it('puts a new item after the current maximum', () => {
    expect(nextDisplayOrder([])).toBe(0);
    expect(nextDisplayOrder([{ display_order: 3 }, { display_order: 1 }])).toBe(4);
  });

  it('swaps display_order with the neighbour, and does nothing at the ends', () => {
    const items = [
      { id: 'a', display_order: 1 },
      { id: 'b', display_order: 2 },
    ];
    expect(moveInDisplayOrder(items, 1, -1)).toEqual([
      { id: 'b', display_order: 1 },
      { id: 'a', display_order: 2 },
    ]);
    expect(moveInDisplayOrder(items, 0, -1)).toEqual([]);
    expect(moveInDisplayOrder(items, 1, 1)).toEqual([]);
  });

  it('still moves an item whose neighbour has the same order', () => {
    const items = [
      { id: 'a', display_order: 0 },
      { id: 'b', display_order: 0 },
    ];
    expect(moveInDisplayOrder(items, 0, 1)).toEqual([{ id: 'a', display_order: 1 }]);
  });

  it('moves one place, not two, when more rows share the order (sponsors added on two devices offline)', () => {
    const items = [
      { id: 'a', display_order: 0 },
      { id: 'b', display_order: 0 },
      { id: 'c', display_order: 1 },
    ];
    // Numbered afresh in the new order b, a, c: b keeps 0, a takes 1, c moves to 2.
    expect(moveInDisplayOrder(items, 0, 1)).toEqual([
      { id: 'a', display_order: 1 },
      { id: 'c', display_order: 2 },
    ]);
  });
});

describe("an event's seats", () => {
  it('stores a whole number from 1 to 100000, and blank as no limit', () => {
    expect(capacityFromInput(' 40 ')).toBe(40);
    expect(capacityFromInput('1')).toBe(1);
    expect(capacityFromInput('100000')).toBe(100000);
    expect(capacityFromInput('  ')).toBeNull();
    expect(toCapacityInput(40)).toBe('40');
    expect(toCapacityInput(null)).toBe('');
  });

  it('refuses anything else rather than reading it as no limit', () => {
    for (const typed of ['0', '100001', '12.5', '-3', 'forty', '1e3', '4 0']) {
      expect(capacityFromInput(typed), typed).toBeUndefined();
    }
  });
});
