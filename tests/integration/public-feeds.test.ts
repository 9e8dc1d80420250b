/**
 * The public-site functions against the real local backend over plain HTTP, as a calendar app or a
 * crawler calls them (no credentials): calendar-feed (the subscribable .ics of upcoming events) and
 * sitemap (every public page and live event page). What they must never show: soft-deleted events,
 * past events in the feed, anything about attendees.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { instantOf, localDateTimeOf } from '../../supabase/functions/_shared/portable/time-zones.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let admin: SupabaseClient;
/** Handed to the backend by reference, so a test can set SITE_URL as a hosted project's secret. */
const functionsEnv: Record<string, string> = {};

const day = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.now() + days * day).toISOString();
const SITE = 'https://cdovision.example';

interface EventRow {
  id: string;
  slug: string | null;
  title: string;
  start_date: string;
  end_date: string;
}

async function insert<T>(table: string, row: Record<string, unknown>): Promise<T> {
  const { data, error } = await admin.from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as T;
}

let upcoming: EventRow;
let later: EventRow;
let past: EventRow;
let cancelled: EventRow;
const attendee = { name: 'Priya Confidential', email: 'priya.private@example.org', company: 'Secret Bank' };

beforeAll(async () => {
  backend = await startTestBackend({ config: { functionsEnv } });
  admin = await backend.adminClient();
  later = await insert('events', {
    title: 'Singapore Summit',
    start_date: at(40),
    end_date: at(40.3),
    location: 'Marina Bay',
    time_zone: 'Asia/Singapore',
  });
  upcoming = await insert('events', {
    title: 'London Roundtable',
    slug: 'london-roundtable-2027',
    start_date: at(10),
    end_date: at(10.2),
    location: 'The Shard, London',
    description: 'Dinner; talks, and a long evening of conversation about data strategy and governance\nfor CDOs.',
    time_zone: 'Europe/London',
  });
  past = await insert('events', { title: 'Paris Past', start_date: at(-30), end_date: at(-29.8) });
  cancelled = await insert('events', { title: 'Cancelled Berlin', start_date: at(20), end_date: at(20.2) });
  await admin.from('events').delete().eq('id', cancelled.id);
  const person = await insert<{ id: string }>('attendees', attendee);
  await insert('event_attendees', { event_id: upcoming.id, attendee_id: person.id, attendee_type: 'current' });
});

afterAll(async () => {
  await backend?.stop();
});

function call(name: string, query = '', init: RequestInit = {}): Promise<Response> {
  return fetch(`${backend.url}/functions/v1/${name}${query}`, init);
}

/** The logical lines of an iCalendar text, unfolded. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

/** The VEVENTs of a calendar, each as its property map (name without parameters -> value). */
function vevents(ics: string): Map<string, string>[] {
  const events: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of unfold(ics)) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT') {
      if (current) events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon).split(';')[0] ?? '', line.slice(colon + 1));
    }
  }
  return events;
}

/** The structural rules of RFC 5545 a calendar app relies on; returns the problems found. */
function icsProblems(ics: string): string[] {
  const problems: string[] = [];
  if (!ics.endsWith('\r\n')) problems.push('does not end in CRLF');
  if (/[^\r]\n/.test(ics) || /\r(?!\n)/.test(ics)) problems.push('bare LF or CR');
  for (const physical of ics.split('\r\n')) {
    if (new TextEncoder().encode(physical).length > 75) problems.push(`line over 75 octets: ${physical}`);
  }
  const lines = unfold(ics);
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') problems.push('not one VCALENDAR');
  for (const required of ['VERSION:2.0', 'PRODID:']) {
    if (!lines.some((line) => line.startsWith(required))) problems.push(`no ${required}`);
  }
  const depth = lines.reduce((open, line) => {
    if (line.startsWith('BEGIN:')) return open + 1;
    if (line.startsWith('END:')) return open - 1;
    return open;
  }, 0);
  if (depth !== 0) problems.push('unbalanced BEGIN/END');
  for (const event of vevents(ics)) {
    for (const name of ['UID', 'DTSTAMP', 'DTSTART', 'SUMMARY']) {
      if (!event.get(name)) problems.push(`VEVENT without ${name}`);
    }
    const stamp = event.get('DTSTAMP');
    if (stamp !== undefined && !/^\d{8}T\d{6}Z$/.test(stamp)) problems.push(`DTSTAMP not UTC: ${stamp}`);
  }
  // An event's start or end is a UTC time, or a local time in a zone the calendar defines (RFC 5545 3.3.5).
  const zones = new Set(lines.filter((line) => line.startsWith('TZID:')).map((line) => line.slice(5)));
  let inEvent = false;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT' || line === 'END:VEVENT') inEvent = line === 'BEGIN:VEVENT';
    if (!inEvent || !/^DT(START|END)[;:]/.test(line)) continue;
    const zoned = /^DT(?:START|END);TZID=([^:;]+):\d{8}T\d{6}$/.exec(line);
    if (zoned ? !zones.has(zoned[1]!) : !/^DT(?:START|END):\d{8}T\d{6}Z$/.test(line)) {
      problems.push(`neither UTC nor in a defined zone: ${line}`);
    }
  }
  return problems;
}

describe('calendar-feed', () => {
  it('a calendar app subscribes without credentials and gets the live upcoming events, soonest first', async () => {
    const response = await call('calendar-feed', `?origin=${encodeURIComponent(SITE)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const ics = await response.text();
    expect(icsProblems(ics)).toEqual([]);
    expect(unfold(ics)).toContain('X-WR-CALNAME:CDO Vision Events');

    const events = vevents(ics);
    expect(events.map((event) => event.get('SUMMARY'))).toEqual(['London Roundtable', 'Singapore Summit']);
    const [london, singapore] = events;
    expect(london?.get('UID')).toBe(`event-${upcoming.id}@cdo-vision`);
    expect(london?.get('URL')).toBe(`${SITE}/events/london-roundtable-2027`);
    expect(london?.get('LOCATION')).toBe('The Shard\\, London');
    expect(london?.get('DESCRIPTION')).toContain('Dinner\\; talks\\, and');
    expect(london?.get('DESCRIPTION')).toContain('governance\\nfor CDOs.');
    expect(singapore?.get('URL')).toBe(`${SITE}/events/${later.slug}`);
  });

  it('deleted and past events are left out, and nothing about attendees goes out', async () => {
    const ics = await (await call('calendar-feed', `?origin=${encodeURIComponent(SITE)}`)).text();
    const uids = vevents(ics).map((event) => event.get('UID'));
    expect(uids).not.toContain(`event-${cancelled.id}@cdo-vision`);
    expect(uids).not.toContain(`event-${past.id}@cdo-vision`);
    expect(ics).not.toContain('Cancelled Berlin');
    expect(ics).not.toContain('Paris Past');
    for (const secret of [attendee.name, attendee.email, attendee.company, '@example.org']) {
      expect(ics).not.toContain(secret);
    }
  });

  it('without a valid site origin the events carry no link', async () => {
    for (const query of ['', '?origin=javascript:alert(1)', `?origin=${encodeURIComponent(`${SITE}/path`)}`]) {
      const ics = await (await call('calendar-feed', query)).text();
      expect(icsProblems(ics), query).toEqual([]);
      expect(vevents(ics).length, query).toBe(2);
      expect(
        unfold(ics).some((line) => line.startsWith('URL:')),
        query,
      ).toBe(false);
    }
  });

  it("gives each event in its venue's zone, which a calendar app reads as the venue's clock and the same instants", async () => {
    for (const query of [`?origin=${encodeURIComponent(SITE)}`, '']) {
      const ics = await (await call('calendar-feed', query)).text();
      expect(icsProblems(ics), query).toEqual([]);
      const calendar = new ICAL.Component(ICAL.parse(ics));
      expect(calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual([
        'Europe/London',
        'Asia/Singapore',
      ]);
      const read = new Map(
        calendar.getAllSubcomponents('vevent').map((vevent) => {
          const event = new ICAL.Event(vevent);
          return [event.uid, event] as const;
        }),
      );
      for (const [row, zone] of [
        [upcoming, 'Europe/London'],
        [later, 'Asia/Singapore'],
      ] as const) {
        const event = read.get(`event-${row.id}@cdo-vision`)!;
        // (A time the clocks show twice, in the hour they go back, is written in UTC instead.)
        const twice = instantOf(localDateTimeOf(row.start_date, zone), zone).kind === 'ambiguous';
        expect(event.startDate.zone.tzid, row.title).toBe(twice ? 'UTC' : zone);
        for (const [time, instant] of [
          [event.startDate, row.start_date],
          [event.endDate, row.end_date],
        ] as const) {
          // Whole seconds: the feed writes no fractions.
          const expected = new Date(Math.floor(Date.parse(instant) / 1000) * 1000);
          expect(time.toJSDate().toISOString(), row.title).toBe(expected.toISOString());
          const clock = localDateTimeOf(expected, time.zone.tzid);
          const shown = `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
          expect(`${shown} ${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`).toBe(
            `${clock.date} ${clock.time}`,
          );
        }
      }
    }
  });

  it('answers HEAD without a body and refuses writes', async () => {
    const head = await call('calendar-feed', '', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await head.text()).toBe('');
    const post = await call('calendar-feed', '', { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('sitemap', () => {
  it('a crawler gets every public page and every live event page as absolute URLs on the site', async () => {
    const response = await call('sitemap', `?origin=${encodeURIComponent(SITE)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs.slice(0, 7)).toEqual(
      ['/', '/vision-talks', '/awards', '/sponsors', '/past-highlights', '/contact', '/calendar'].map(
        (page) => `${SITE}${page}`,
      ),
    );
    expect(locs).toContain(`${SITE}/events/london-roundtable-2027`);
    expect(locs).toContain(`${SITE}/events/${later.slug}`);
    // Past events keep their pages.
    expect(locs).toContain(`${SITE}/events/${past.slug}`);
    expect(xml).not.toContain(cancelled.slug ?? 'cancelled-berlin');
    expect(locs).toHaveLength(10);
    expect(xml).toMatch(
      /<url><loc>[^<]+\/events\/london-roundtable-2027<\/loc><lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod><\/url>/,
    );
  });

  it('refuses to list pages when it does not know the site origin', async () => {
    const response = await call('sitemap');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: 'The site origin is unknown: pass ?origin=https://<site> or set SITE_URL',
    });
  });

  it("a hosted project's SITE_URL wins over the origin parameter, so nobody can point its links elsewhere", async () => {
    functionsEnv.SITE_URL = 'https://www.cdovision.example';
    try {
      const xml = await (await call('sitemap', '?origin=https://attacker.example')).text();
      expect(xml).toContain('<loc>https://www.cdovision.example/</loc>');
      expect(xml).not.toContain('attacker.example');
      const ics = await (await call('calendar-feed', '?origin=https://attacker.example')).text();
      expect(ics).toContain('URL:https://www.cdovision.example/events/london-roundtable-2027');
      expect(ics).not.toContain('attacker');
    } finally {
      delete functionsEnv.SITE_URL;
    }
  });
});
