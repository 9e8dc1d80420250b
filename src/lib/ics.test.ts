import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { localDateTimeOf } from '../../supabase/functions/_shared/portable/time-zones.ts';
import {
  buildCalendar,
  calendarEventFromEvent,
  escapeIcsText,
  eventUid,
  foldIcsLine,
  formatIcsDateTime,
  icsFileName,
} from './ics.ts';

const NOW = new Date('2026-11-22T10:15:30Z');

/** The logical lines of an iCalendar text: unfolded, without the CRLFs. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

describe('an .ics file for events (RFC 5545)', () => {
  it('a visitor downloads one event and gets a calendar with its time in UTC, place and link', () => {
    const ics = buildCalendar({
      name: 'CDO Vision London',
      now: NOW,
      events: [
        {
          uid: eventUid('3f1c'),
          title: 'CDO Vision London',
          start: '2027-01-14T18:30:00+01:00',
          end: new Date('2027-01-14T22:00:00Z'),
          location: 'The Shard, London',
          description: 'Dinner; talks',
          url: 'https://cdovision.example/events/london-2027',
        },
      ],
    });
    expect(unfold(ics)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//CDO Vision//Events Calendar//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:CDO Vision London',
      'BEGIN:VEVENT',
      'UID:event-3f1c@cdo-vision',
      'DTSTAMP:20261122T101530Z',
      'DTSTART:20270114T173000Z',
      'DTEND:20270114T220000Z',
      'SUMMARY:CDO Vision London',
      'LOCATION:The Shard\\, London',
      'DESCRIPTION:Dinner\\; talks',
      'URL:https://cdovision.example/events/london-2027',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('every line ends in CRLF and no physical line is longer than 75 octets', () => {
    const ics = buildCalendar({
      name: 'Series',
      now: NOW,
      events: [
        {
          uid: 'a@b',
          title: 'Ünïcödé summit — '.repeat(12),
          start: NOW,
          end: new Date(NOW.getTime() + 3_600_000),
          description: '数据领导力 '.repeat(40),
        },
      ],
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding gives the texts back whole: no character was split.
    const lines = unfold(ics);
    expect(lines).toContain(`SUMMARY:${'Ünïcödé summit — '.repeat(12)}`);
    expect(lines).toContain(`DESCRIPTION:${'数据领导力 '.repeat(40)}`);
  });

  it('folds at exactly 75 octets and starts continuations with one space', () => {
    const line = `SUMMARY:${'x'.repeat(150)}`;
    const folded = foldIcsLine(line).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded[1]).toMatch(/^ x{74}$/);
    expect(folded[2]).toBe(` ${'x'.repeat(158 - 75 - 74)}`);
    expect(foldIcsLine('SHORT:line')).toBe('SHORT:line');
    // A three-octet character that would cross the limit moves whole to the next line.
    const multi = foldIcsLine(`${'a'.repeat(74)}€b`).split('\r\n');
    expect(multi).toEqual(['a'.repeat(74), ' €b']);
  });

  it('escapes backslashes, semicolons, commas and line breaks in text, and drops control characters', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg\th\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng\th');
  });

  it('writes instants as UTC date-times', () => {
    expect(formatIcsDateTime('2026-01-05T09:05:07.900+02:00')).toBe('20260105T070507Z');
    expect(formatIcsDateTime(new Date(Date.UTC(2027, 11, 31, 23, 59, 59)))).toBe('20271231T235959Z');
    expect(() => formatIcsDateTime('not a date')).toThrow(RangeError);
  });

  it('leaves out DTEND when the end is not after the start, as RFC 5545 requires', () => {
    const ics = buildCalendar({
      name: 'x',
      now: NOW,
      events: [{ uid: 'u', title: 't', start: NOW, end: NOW }],
    });
    expect(ics).toContain('DTSTART:20261122T101530Z');
    expect(ics).not.toContain('DTEND');
  });

  it('a feed says how often to refresh; an empty calendar is still valid', () => {
    const lines = unfold(buildCalendar({ name: 'Feed', now: NOW, events: [], refreshHours: 6 }));
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H');
    expect(lines).toContain('X-PUBLISHED-TTL:PT6H');
    expect(lines.at(0)).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).not.toContain('BEGIN:VEVENT');
  });

  it('a URL or UID cannot inject properties through a line break', () => {
    const ics = buildCalendar({
      name: 'x',
      now: NOW,
      events: [{ uid: 'u\r\nX-EVIL:1', title: 't', start: NOW, end: NOW, url: 'https://a.example/\nATTACH:x' }],
    });
    expect(unfold(ics).some((line) => line.startsWith('X-EVIL') || line.startsWith('ATTACH'))).toBe(false);
  });
});

describe('calendar events from the events table', () => {
  it('links to the event page by slug, or by id when there is none, on the given origin', () => {
    const base = {
      id: '7d0e',
      title: 'Paris',
      start_date: '2027-03-01T09:00:00Z',
      end_date: '2027-03-01T17:00:00Z',
      time_zone: 'UTC',
    };
    const withSlug = calendarEventFromEvent({ ...base, slug: 'paris-2027', location: 'Paris' }, 'https://x.example/');
    expect(withSlug).toMatchObject({
      uid: 'event-7d0e@cdo-vision',
      url: 'https://x.example/events/paris-2027',
      location: 'Paris',
      description: 'https://x.example/events/paris-2027',
    });
    const withoutSlug = calendarEventFromEvent({ ...base, slug: null, subheading: 'For CDOs' }, 'https://x.example');
    expect(withoutSlug.url).toBe('https://x.example/events/7d0e');
    expect(withoutSlug.description).toBe('For CDOs\n\nhttps://x.example/events/7d0e');
  });

  it("carries the venue's zone, so the file is written in it", () => {
    const ics = buildCalendar({
      name: 'Dubai',
      now: NOW,
      events: [
        calendarEventFromEvent(
          {
            id: 'd1',
            slug: 'dubai-2047',
            title: 'Dubai',
            start_date: '2047-03-10T05:00:00+00:00',
            end_date: '2047-03-10T09:00:00+00:00',
            time_zone: 'Asia/Dubai',
          },
          'https://x.example',
        ),
      ],
    });
    expect(unfold(ics)).toContain('DTSTART;TZID=Asia/Dubai:20470310T090000');
  });
});

describe('the file name of a download', () => {
  it('is the title in lowercase ASCII words joined by hyphens', () => {
    expect(icsFileName('CDO Vision — Zürich Summit, 2027')).toBe('cdo-vision-zurich-summit-2027.ics');
    expect(icsFileName('  !!  ')).toBe('event.ics');
    expect(icsFileName('a'.repeat(200))).toBe(`${'a'.repeat(80)}.ics`);
  });
});

describe('what a calendar client reads back (parsed with ical.js)', () => {
  // Commas, semicolons, backslashes, quotes, line breaks, and characters of two, three and four
  // octets in UTF-8, long enough that folding has to fall inside or beside every one of them.
  const title = 'Ağaoğlu & Müller, Zürich; "C:\\data" — 数据领导力 🚀 '.repeat(4).trim();
  const location = 'Hôtel Métropole, Salle 2; Genève';
  const description = 'Dinner; talks, panels\nLine two: 東京 🍣\r\nLine three \\ end';
  // The octets a client receives (the feed's HTTP body, the download's Blob), and its reading of them.
  const bytes = new TextEncoder().encode(
    buildCalendar({
      name: 'CDO Vision; Zürich, 2027',
      now: NOW,
      events: [
        {
          uid: eventUid('9a7b'),
          title,
          start: '2027-01-14T18:30:00+01:00',
          end: '2027-01-14T23:00:00+01:00',
          location,
          description,
          url: 'https://cdovision.example/events/zurich-2027',
        },
      ],
    }),
  );
  const calendar = new ICAL.Component(ICAL.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)));
  const vevents = calendar.getAllSubcomponents('vevent');
  const event = new ICAL.Event(vevents[0]);

  it('reads one event with its title, place and description exactly as written', () => {
    expect(vevents).toHaveLength(1);
    expect(event.uid).toBe('event-9a7b@cdo-vision');
    expect(event.summary).toBe(title);
    expect(event.location).toBe(location);
    // A line break, whichever the text had, is one escaped newline: LF when read back.
    expect(event.description).toBe(description.replace('\r\n', '\n'));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//CDO Vision//Events Calendar//EN');
  });

  it('reads the start, end and stamp as instants in UTC', () => {
    expect(event.startDate.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-01-14T17:30:00.000Z');
    expect(event.endDate.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-01-14T22:00:00.000Z');
    const stamp = vevents[0]!.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.toJSDate().toISOString()).toBe(NOW.toISOString());
  });

  it('is CRLF lines of at most 75 octets, each valid UTF-8 on its own, so folding split no character', () => {
    const lines: Uint8Array[] = [];
    let start = 0;
    for (let i = 0; i < bytes.length - 1; i += 1) {
      if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
        lines.push(bytes.subarray(start, i));
        start = i + 2;
      }
    }
    expect(start).toBe(bytes.length);
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      expect(line.includes(0x0d) || line.includes(0x0a)).toBe(false);
      expect(() => strict.decode(line)).not.toThrow();
    }
    // The title alone needs several physical lines, so folding was exercised.
    expect(lines.filter((line) => line[0] === 0x20).length).toBeGreaterThanOrEqual(4);
  });
});

describe("events in the venue's time zone, as a calendar client reads them (ical.js)", () => {
  /** The events of a calendar text and the calendar itself, parsed. */
  function read(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = new Map(
      calendar.getAllSubcomponents('vevent').map((vevent) => {
        const event = new ICAL.Event(vevent);
        return [event.uid, event] as const;
      }),
    );
    return { calendar, events };
  }

  /** A time as a calendar shows it on its own clock: '2047-03-10 09:00'. */
  const local = (time: ICAL.Time) =>
    `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')} ` +
    `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;

  /** The same instant on another zone's clock, as Intl (not our code) reads it. */
  const elsewhere = (time: ICAL.Time, zone: string) => {
    const clock = localDateTimeOf(time.toJSDate(), zone);
    return `${clock.date} ${clock.time}`;
  };

  const event = (uid: string, timeZone: string, start: string, end: string) => ({
    uid,
    title: uid,
    start,
    end,
    timeZone,
  });

  it('a Dubai morning is 9:00 in Dubai and 5:00 UTC, 2:00 PM in Tokyo, and 9:00 PM the day before in Los Angeles', () => {
    const ics = buildCalendar({
      name: 'Series',
      now: NOW,
      events: [
        event('dubai', 'Asia/Dubai', '2047-03-10T05:00:00Z', '2047-03-10T09:00:00Z'),
        event('tokyo', 'Asia/Tokyo', '2047-04-01T00:00:00Z', '2047-04-01T08:00:00Z'),
        event('los-angeles', 'America/Los_Angeles', '2047-06-01T16:00:00Z', '2047-06-01T20:00:00Z'),
      ],
    });
    const lines = unfold(ics);
    expect(lines).toContain('DTSTART;TZID=Asia/Dubai:20470310T090000');
    expect(lines).toContain('DTEND;TZID=Asia/Dubai:20470310T130000');
    expect(lines.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(3);

    const { calendar, events } = read(ics);
    const dubai = events.get('dubai')!;
    expect(dubai.startDate.zone.tzid).toBe('Asia/Dubai');
    expect(local(dubai.startDate)).toBe('2047-03-10 09:00');
    expect(local(dubai.endDate)).toBe('2047-03-10 13:00');
    expect(dubai.startDate.toJSDate().toISOString()).toBe('2047-03-10T05:00:00.000Z');
    expect(dubai.endDate.toJSDate().toISOString()).toBe('2047-03-10T09:00:00.000Z');
    // In other zones: as ical.js converts it with the calendar's own VTIMEZONE of Tokyo, and as Intl
    // reads the instant on Los Angeles' clock. (ical.js converts into a zone by looking up that zone's
    // offset at the UTC time read as local, so within a few hours before Los Angeles' own change of
    // clocks, which this Sunday is, its conversion there is an hour off whatever the VTIMEZONE.)
    expect(local(dubai.startDate.convertToZone(calendar.getTimeZoneByID('Asia/Tokyo')))).toBe('2047-03-10 14:00');
    expect(local(dubai.startDate.convertToZone(ICAL.Timezone.utcTimezone))).toBe('2047-03-10 05:00');
    expect(elsewhere(dubai.startDate, 'America/Los_Angeles')).toBe('2047-03-09 21:00');
    // The Los Angeles event in June is in summer time (UTC-7) by its VTIMEZONE: 8:00 PM in Dubai.
    const losAngeles = events.get('los-angeles')!;
    expect(local(losAngeles.startDate)).toBe('2047-06-01 09:00');
    expect(losAngeles.startDate.toJSDate().toISOString()).toBe('2047-06-01T16:00:00.000Z');
    expect(local(losAngeles.startDate.convertToZone(calendar.getTimeZoneByID('Asia/Dubai')))).toBe('2047-06-01 20:00');
  });

  it('a Kathmandu event (UTC+5:45) reads at its local time and its instant', () => {
    const { events } = read(
      buildCalendar({
        name: 'Kathmandu',
        now: NOW,
        events: [event('kathmandu', 'Asia/Kathmandu', '2047-03-10T03:15:00Z', '2047-03-10T11:15:00Z')],
      }),
    );
    const kathmandu = events.get('kathmandu')!;
    expect(local(kathmandu.startDate)).toBe('2047-03-10 09:00');
    expect(local(kathmandu.endDate)).toBe('2047-03-10 17:00');
    expect(kathmandu.startDate.toJSDate().toISOString()).toBe('2047-03-10T03:15:00.000Z');
    expect(elsewhere(kathmandu.startDate, 'Asia/Tokyo')).toBe('2047-03-10 12:15');
  });

  it('London events across a year with both changes of the clocks read right in each season and across each change', () => {
    const ics = buildCalendar({
      name: 'London',
      now: NOW,
      events: [
        event('winter', 'Europe/London', '2027-01-14T18:30:00Z', '2027-01-14T22:00:00Z'),
        // 00:30 GMT to 03:00 BST: the clocks go forward at 01:00 in between.
        event('spring-night', 'Europe/London', '2027-03-28T00:30:00Z', '2027-03-28T02:00:00Z'),
        event('summer', 'Europe/London', '2027-07-01T08:00:00Z', '2027-07-01T16:00:00Z'),
        event('autumn', 'Europe/London', '2027-11-05T09:00:00Z', '2027-11-05T17:00:00Z'),
      ],
    });
    const { events } = read(ics);
    const expected: Record<string, [string, string, string, string]> = {
      winter: ['2027-01-14 18:30', '2027-01-14 22:00', '2027-01-14T18:30:00.000Z', '2027-01-14T22:00:00.000Z'],
      'spring-night': ['2027-03-28 00:30', '2027-03-28 03:00', '2027-03-28T00:30:00.000Z', '2027-03-28T02:00:00.000Z'],
      summer: ['2027-07-01 09:00', '2027-07-01 17:00', '2027-07-01T08:00:00.000Z', '2027-07-01T16:00:00.000Z'],
      autumn: ['2027-11-05 09:00', '2027-11-05 17:00', '2027-11-05T09:00:00.000Z', '2027-11-05T17:00:00.000Z'],
    };
    for (const [uid, [start, end, startInstant, endInstant]] of Object.entries(expected)) {
      const read = events.get(uid)!;
      expect(read.startDate.zone.tzid, uid).toBe('Europe/London');
      expect([local(read.startDate), local(read.endDate)], uid).toEqual([start, end]);
      expect([read.startDate.toJSDate().toISOString(), read.endDate.toJSDate().toISOString()], uid).toEqual([
        startInstant,
        endInstant,
      ]);
    }
    // New York keeps its own rules: the summer event in London is 4:00 AM there, in EDT.
    expect(elsewhere(events.get('summer')!.startDate, 'America/New_York')).toBe('2027-07-01 04:00');
  });

  it('a time the clocks show twice (when they go back) is written in UTC, so no reader can take the other one', () => {
    // 00:00 BST to the second 01:30 of the night (GMT).
    const ics = buildCalendar({
      name: 'London',
      now: NOW,
      events: [event('late', 'Europe/London', '2027-10-30T23:00:00Z', '2027-10-31T01:30:00Z')],
    });
    const lines = unfold(ics);
    expect(lines).toContain('DTSTART;TZID=Europe/London:20271031T000000');
    expect(lines).toContain('DTEND:20271031T013000Z');
    const late = read(ics).events.get('late')!;
    expect(late.startDate.toJSDate().toISOString()).toBe('2027-10-30T23:00:00.000Z');
    expect(late.endDate.toJSDate().toISOString()).toBe('2027-10-31T01:30:00.000Z');
  });

  it('a New York event on the day the clocks go forward, in a feed spanning two years, reads at its local time', () => {
    const ics = buildCalendar({
      name: 'New York',
      now: NOW,
      events: [
        event('first', 'America/New_York', '2027-03-14T13:00:00Z', '2027-03-14T21:00:00Z'),
        event('next-winter', 'America/New_York', '2028-12-01T14:00:00Z', '2028-12-01T22:00:00Z'),
      ],
    });
    // One VTIMEZONE, with the changes of both years.
    expect(unfold(ics).filter((line) => line === 'TZID:America/New_York')).toHaveLength(1);
    expect(unfold(ics)).toContain('DTSTART:20281105T020000');
    const { events } = read(ics);
    expect(local(events.get('first')!.startDate)).toBe('2027-03-14 09:00');
    expect(events.get('first')!.startDate.toJSDate().toISOString()).toBe('2027-03-14T13:00:00.000Z');
    expect(local(events.get('next-winter')!.startDate)).toBe('2028-12-01 09:00');
    expect(events.get('next-winter')!.startDate.toJSDate().toISOString()).toBe('2028-12-01T14:00:00.000Z');
  });

  it('UTC events, and events whose zone this platform does not know, keep UTC times and no VTIMEZONE', () => {
    const lines = unfold(
      buildCalendar({
        name: 'x',
        now: NOW,
        events: [
          event('utc', 'UTC', '2027-03-14T13:00:00Z', '2027-03-14T21:00:00Z'),
          event('unknown', 'Mars/Olympus_Mons', '2027-03-15T13:00:00Z', '2027-03-15T21:00:00Z'),
        ],
      }),
    );
    expect(lines).toContain('DTSTART:20270314T130000Z');
    expect(lines).toContain('DTSTART:20270315T130000Z');
    expect(lines).not.toContain('BEGIN:VTIMEZONE');
  });
});
