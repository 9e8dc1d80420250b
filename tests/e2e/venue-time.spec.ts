/**
 * Issue 28, visitors and the door: every date and time of an event is the venue's, wherever the
 * visitor's browser is (Playwright's `timezoneId`), with the zone named once where times appear; the
 * server's HTML (read with scripts off) and the hydrated page say exactly the same; a visitor in
 * another zone is offered their own time too, on request. The expected texts come from Intl in this
 * process, not from the app's code. Each test makes its own events through the admin API.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { addToEvent, createAttendee, createEvent, type EventRow } from './support/builders.ts';
import { APP_URL, axe, daysFromNow, expect as baseExpect, test, type Api } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

function parts(instant: string, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
}

/** 'Friday, 11 June 2027' in `timeZone`. */
function longDate(instant: string, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

/** '8:30 AM' in `timeZone`. */
function timeOfDay(instant: string, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** 'Sat 9 March, 9:00 PM' in `timeZone`, as the visitor's own time reads. */
function shortDateTime(instant: string, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.weekday!.slice(0, 3)} ${p.day} ${p.month}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** A day about `days` from now, at hh:mm UTC. */
function dayAt(days: number, hour: number, minute = 0): string {
  const date = new Date(daysFromNow(days, hour));
  date.setUTCMinutes(minute);
  return date.toISOString();
}

const DATE = /(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{1,2} [A-Z][a-z]+ \d{4}/g;
const TIME = /\d{1,2}:\d{2} [AP]M/g;
const ZONE_NOTE = /All times are [^\n]+/g;

/** Every date, time and zone note in the page's main content, in order. */
async function datesAndTimes(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  const found: { at: number; text: string }[] = [];
  for (const pattern of [DATE, TIME, ZONE_NOTE]) {
    for (const match of text.matchAll(pattern)) found.push({ at: match.index, text: match[0] });
  }
  return found.sort((a, b) => a.at - b.at || a.text.length - b.text.length).map((entry) => entry.text);
}

/** How far below the agenda's top its first session stands (px): what would move if a line came in above it. */
function firstSessionOffset(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const agenda = document.getElementById('agenda');
    const first = agenda?.querySelector('[data-accordion-button]');
    return agenda && first ? first.getBoundingClientRect().top - agenda.getBoundingClientRect().top : null;
  });
}

/**
 * The page as the server sent it: scripts off, so nothing runs after the HTML, in the visitor's zone.
 * The server keeps the pages it renders (docs/decisions/022-kept-pages-for-a-crowd.md), and another
 * test's open tab keeps every upcoming event's page offline: a page kept a moment before this test's
 * rows were all made is still sent until realtime has told the server of them. Without scripts
 * nothing updates the page, so it is loaded again until `shows` holds.
 */
async function serverRendered(
  browser: Browser,
  path: string,
  timezoneId: string,
  shows: (main: Locator) => Promise<void>,
): Promise<{ texts: string[]; firstSession: number | null }> {
  const context = await browser.newContext({ baseURL: APP_URL, javaScriptEnabled: false, timezoneId });
  try {
    const page = await context.newPage();
    await expect(async () => {
      await page.goto(path);
      await shows(page.locator('main'));
    }).toPass({ timeout: 15_000 });
    return { texts: await datesAndTimes(page), firstSession: await firstSessionOffset(page) };
  } finally {
    await context.close();
  }
}

interface Venue {
  /** The visitor's zone. */
  visitor: string;
  /** The event's. */
  zone: string;
  city: string;
  label: string;
  /** The keynote's instant: on one calendar day at the venue, on another for the visitor. */
  keynote: string;
}

const VENUES: Venue[] = [
  // 9:00 in Dubai is the evening before in Los Angeles.
  {
    visitor: 'America/Los_Angeles',
    zone: 'Asia/Dubai',
    city: 'Dubai',
    label: 'Dubai time (GST, UTC+4)',
    keynote: dayAt(40, 5),
  },
  // The evening in New York is the next morning in Tokyo.
  { visitor: 'Asia/Tokyo', zone: 'America/New_York', city: 'New York', label: 'New York time', keynote: dayAt(40, 23) },
  // The evening in London is the next morning in Auckland.
  {
    visitor: 'Pacific/Auckland',
    zone: 'Europe/London',
    city: 'London',
    label: 'London time',
    keynote: dayAt(40, 17, 30),
  },
];

/** An event at the venue with a keynote and a panel after it, and a speaker on the keynote. */
async function eventAtVenue(
  api: Api,
  venue: Venue,
): Promise<{ event: EventRow; sessions: { start: string; end: string }[] }> {
  const hour = 3600_000;
  const at = (offset: number) => new Date(Date.parse(venue.keynote) + offset * hour).toISOString();
  const event = await createEvent(api, {
    location: `Venue Hall, ${venue.city}`,
    time_zone: venue.zone,
    start_date: at(-1),
    end_date: at(8),
  });
  const sessions = [
    { start: at(0), end: at(1) },
    { start: at(1.5), end: at(3) },
  ];
  const speaker = await createAttendee(api);
  for (const [index, session] of sessions.entries()) {
    const row = await api.create('sessions', {
      event_id: event.id,
      title: index === 0 ? 'Keynote' : 'Panel',
      start_time: session.start,
      end_time: session.end,
    });
    if (index === 0)
      await api.create('session_speakers', { session_id: row.id, attendee_id: speaker.id, display_order: 0 });
  }
  return { event, sessions };
}

for (const venue of VENUES) {
  test.describe(`a visitor in ${venue.visitor} on an event in ${venue.zone}`, () => {
    test.use({ timezoneId: venue.visitor });

    test("the event page shows the venue's dates and times, as the server's HTML does, and the visitor's own on request", async ({
      page,
      browser,
      api,
    }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const { event, sessions } = await eventAtVenue(api, venue);
      // The test means something only if the two calendars disagree on the keynote's day.
      expect(longDate(venue.keynote, venue.zone)).not.toBe(longDate(venue.keynote, venue.visitor));

      const server = await serverRendered(browser, `/events/${event.slug}`, venue.visitor, (main) =>
        expect(main.getByText('Panel', { exact: true })).toBeVisible({ timeout: 1000 }),
      );
      const fromServer = server.texts;
      const [date, note, ...times] = fromServer;
      expect(date).toBe(longDate(event.start_date, venue.zone));
      // 'All times are New York time (EST, UTC-5)' or '(EDT, UTC-4)', as the date falls.
      expect(note).toMatch(/^All times are .+ time \((?:[A-Z]{3,4}, )?UTC(?:[+-]\d+(?::\d{2})?)?\)$/);
      expect(note!.startsWith(`All times are ${venue.label}`)).toBe(true);
      expect(times).toEqual(
        sessions.flatMap((session) => [timeOfDay(session.start, venue.zone), timeOfDay(session.end, venue.zone)]),
      );

      await page.goto(`/events/${event.slug}`);
      const toggle = page.getByRole('button', { name: /^Show my time \(/ });
      // The visitor's offer comes once the page runs in the browser: the page is hydrated by then.
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(await datesAndTimes(page)).toEqual(fromServer);
      // The offer came into a line the server's HTML holds: nothing of the agenda moved (layout shift).
      expect(server.firstSession).toBeGreaterThan(0);
      expect(await firstSessionOffset(page)).toBe(server.firstSession);
      await expect(page.getByRole('region', { name: event.title }).locator('time')).toHaveText(
        longDate(event.start_date, venue.zone),
      );

      // Asked for, each session also gives the visitor's time, the venue's staying where it was.
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      const keynote = page.getByRole('button', { name: /^Keynote/ });
      await expect(keynote).toContainText(
        `${timeOfDay(sessions[0]!.start, venue.zone)} - ${timeOfDay(sessions[0]!.end, venue.zone)}`,
      );
      await expect(keynote).toContainText(
        `Your time: ${shortDateTime(sessions[0]!.start, venue.visitor)} - ${timeOfDay(sessions[0]!.end, venue.visitor)}`,
      );
      expect(await axe(page)).toEqual([]);
      // React reports a hydration mismatch as a console error (minified: errors #418, #423, #425).
      expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
    });
  });
}

test.describe('a visitor in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test("the home page, the calendar and past highlights date each event at its venue, as the server's HTML does", async ({
    page,
    browser,
    api,
  }) => {
    // 9:00 in Tokyo is the evening before in Los Angeles.
    const upcoming = await createEvent(api, {
      time_zone: 'Asia/Tokyo',
      start_date: dayAt(2, 0),
      end_date: dayAt(2, 9),
    });
    const past = await createEvent(api, {
      time_zone: 'Asia/Tokyo',
      start_date: dayAt(-1, 0, 30),
      end_date: dayAt(-1, 1),
    });
    for (const event of [upcoming, past]) {
      expect(longDate(event.start_date, 'Asia/Tokyo')).not.toBe(longDate(event.start_date, 'America/Los_Angeles'));
    }
    const card = (title: string) => page.getByRole('link').filter({ has: page.getByRole('heading', { name: title }) });

    const shows = (title: string) => (main: Locator) =>
      expect(main.getByText(title, { exact: true }).first()).toBeVisible({ timeout: 1000 });
    const home = (await serverRendered(browser, '/', 'America/Los_Angeles', shows(upcoming.title))).texts;
    await page.goto('/');
    await expect(card(upcoming.title)).toContainText(longDate(upcoming.start_date, 'Asia/Tokyo'));
    expect(await datesAndTimes(page)).toEqual(home);

    const calendar = (await serverRendered(browser, '/calendar', 'America/Los_Angeles', shows(upcoming.title))).texts;
    await page.goto('/calendar');
    const entry = page.getByRole('article').filter({ hasText: upcoming.title });
    await expect(entry).toContainText(
      `${longDate(upcoming.start_date, 'Asia/Tokyo')}, ${timeOfDay(upcoming.start_date, 'Asia/Tokyo')} Tokyo time (JST, UTC+9)`,
    );
    expect(await datesAndTimes(page)).toEqual(calendar);

    const highlights = (await serverRendered(browser, '/past-highlights', 'America/Los_Angeles', shows(past.title)))
      .texts;
    await page.goto('/past-highlights');
    await expect(card(past.title)).toContainText(longDate(past.start_date, 'Asia/Tokyo'));
    expect(await datesAndTimes(page)).toEqual(highlights);
  });
});

test.describe('the door, on a device in Los Angeles, at an event in Tokyo', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });
  test.describe.configure({ timeout: 180_000 });

  test('the check-in screen, the report and its CSV give check-in times on the venue clock', async ({ page, api }) => {
    const event = await createEvent(api, {
      time_zone: 'Asia/Tokyo',
      start_date: daysFromNow(0, 0),
      end_date: daysFromNow(0, 12),
    });
    const guest = await createAttendee(api, { company: 'Venue Co' });
    await addToEvent(api, event.id, guest.id);
    // 00:42 UTC: 9:42 in the morning in Tokyo, the afternoon before in Los Angeles.
    const checkedInAt = dayAt(0, 0, 42);
    // Written as a door phone's push writes it; check-ins are append-only, so it stays with its event.
    const { error } = await api.admin.from('check_ins').insert({
      id: crypto.randomUUID(),
      event_id: event.id,
      attendee_id: guest.id,
      device_id: 'e2e-device',
      device_label: 'Front desk',
      checked_in_at: checkedInAt,
    });
    if (error) throw new Error(`check-in: ${error.message}`);
    const venueTime = timeOfDay(checkedInAt, 'Asia/Tokyo');
    expect(venueTime).not.toBe(timeOfDay(checkedInAt, 'America/Los_Angeles'));

    await openAsAdmin(page, `/admin/check-in?event=${event.id}`);
    await waitForAdminReplica(page);
    await expect(page.getByText('All times are Tokyo time (JST, UTC+9)')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Event' })).toContainText(
      `${event.title} (${longDate(event.start_date, 'Asia/Tokyo')})`,
    );
    const row = page.getByRole('listitem').filter({ hasText: guest.name });
    await expect(row).toContainText(`Checked in at ${venueTime} on Front desk`);

    await page.goto(`/admin/check-in/report?event=${event.id}`);
    await expect(page.getByRole('table')).toContainText('All times are Tokyo time (JST, UTC+9)');
    const reportRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: guest.name }) });
    await expect(reportRow).toContainText(venueTime);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    // The instant on Tokyo's clock: 9:42 on the day, '+09:00'.
    const tokyoClock = new Date(Date.parse(checkedInAt) + 9 * 3600_000).toISOString().slice(0, -1);
    expect(csv.find((line) => line.startsWith(guest.name))).toContain(`,Checked in,${tokyoClock}+09:00,Front desk`);
  });
});
