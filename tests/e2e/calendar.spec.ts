/**
 * /calendar and the files the site serves beside it (/calendar.ics, /sitemap.xml, /robots.txt), with
 * events each test creates; the demo seed's events are there too, so assertions are scoped to ours.
 */
import { readFile } from 'node:fs/promises';
import { format } from 'date-fns';
import type { Download } from '@playwright/test';
import { test, expect as baseExpect, axe, unique, APP_URL } from './support/fixtures.ts';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.use({ timezoneId: 'UTC' });
// Pages load their data while other suites build and run on the same two cores.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

interface EventRow {
  id: string;
  slug: string;
  title: string;
  start_date: string;
  end_date: string;
}

/** 'January 2027' for an ISO instant in UTC. */
function monthUtc(iso: string): string {
  const d = new Date(iso);
  return format(new Date(d.getUTCFullYear(), d.getUTCMonth(), 1), 'MMMM yyyy');
}

/** An instant in the middle of the month `months` after this one, so two events share a month. */
function inMonth(months: number, day: number, hour: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, day, hour)).toISOString();
}

const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

async function text(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n');
}

test('a visitor sees upcoming events grouped under month headings, each linking to its page', async ({ page, api }) => {
  const first = await api.create<EventRow>('events', {
    title: unique('Calendar Tokyo'),
    location: 'Tokyo',
    start_date: inMonth(30, 10, 9),
    end_date: inMonth(30, 10, 17),
  });
  const second = await api.create<EventRow>('events', {
    title: unique('Calendar Seoul'),
    start_date: inMonth(30, 20, 9),
    end_date: inMonth(30, 20, 17),
  });
  const later = await api.create<EventRow>('events', {
    title: unique('Calendar Sydney'),
    location: 'Sydney',
    start_date: inMonth(31, 5, 9),
    end_date: inMonth(31, 5, 17),
  });

  await page.goto('/calendar');
  await expect(page).toHaveTitle('Events Calendar | CDO Vision');
  const month = page.getByRole('region', { name: monthUtc(first.start_date) });
  const entries = month.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(first.title);
  await expect(entries.nth(0)).toContainText('Tokyo');
  await expect(entries.nth(0)).toContainText(
    format(new Date(first.start_date.slice(0, 10) + 'T12:00'), 'EEEE, d MMMM yyyy'),
  );
  await expect(entries.nth(1)).toContainText(second.title);
  await expect(entries.nth(1)).toContainText('TBD');
  await expect(entries.nth(0).getByRole('link', { name: first.title })).toHaveAttribute(
    'href',
    `/events/${first.slug}`,
  );
  const nextMonth = page.getByRole('region', { name: monthUtc(later.start_date) });
  await expect(nextMonth.getByRole('listitem').filter({ hasText: later.title })).toHaveCount(1);

  // Months come in order.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf(monthUtc(first.start_date))).toBeLessThan(headings.indexOf(monthUtc(later.start_date)));
  expect(headings.indexOf(monthUtc(first.start_date))).toBeGreaterThan(-1);
});

test("'Add to calendar' downloads an .ics file of that event in UTC with its page's address", async ({ page, api }) => {
  const event = await api.create<EventRow>('events', {
    title: unique('Calendar Zürich, Dinner'),
    location: 'Zürich; Old Town',
    start_date: inMonth(29, 12, 17),
    end_date: inMonth(29, 12, 21),
  });

  await page.goto('/calendar');
  const entry = page.getByRole('listitem').filter({ hasText: event.title });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    entry.getByRole('button', { name: /Add to calendar/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^calendar-zurich-dinner-[a-z0-9-]+\.ics$/);
  const ics = await text(download);
  expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const lines = unfold(ics);
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  expect(lines).toContain(`SUMMARY:${event.title.replace(',', '\\,')}`);
  expect(lines).toContain('LOCATION:Zürich\\; Old Town');
  expect(lines).toContain(`DTSTART:${utcStamp(event.start_date)}`);
  expect(lines).toContain(`DTEND:${utcStamp(event.end_date)}`);
  expect(lines).toContain(`UID:event-${event.id}@cdo-vision`);
  expect(lines).toContain(`URL:${APP_URL}/events/${event.slug}`);
});

test('a visitor downloads every upcoming event as one file, or subscribes to the feed on the site', async ({
  page,
  api,
}) => {
  const event = await api.create<EventRow>('events', {
    title: unique('Calendar Feed Madrid'),
    start_date: inMonth(28, 3, 9),
    end_date: inMonth(28, 3, 17),
  });
  const { count } = await api.admin
    .from('events')
    .select('id', { count: 'exact', head: true })
    .eq('_deleted', false)
    .gte('end_date', new Date().toISOString());

  await page.goto('/calendar');
  await expect(page.getByRole('listitem').filter({ hasText: event.title })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all upcoming events (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('cdo-vision-upcoming-events.ics');
  const lines = unfold(await text(download));
  expect(lines).toContain('X-WR-CALNAME:CDO Vision Events');
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(count ?? -1);
  expect(lines).toContain(`UID:event-${event.id}@cdo-vision`);

  const host = new URL(APP_URL).host;
  await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', `webcal://${host}/calendar.ics`);
  await expect(page.getByLabel('Calendar feed address')).toHaveValue(`${APP_URL}/calendar.ics`);
});

test('the feed, the sitemap and robots.txt are served from the site origin', async ({ request, api }) => {
  const upcoming = await api.create<EventRow>('events', {
    title: unique('Calendar Served Rome'),
    start_date: inMonth(27, 8, 9),
    end_date: inMonth(27, 8, 17),
  });
  const gone = await api.create<EventRow>('events', {
    title: unique('Calendar Gone Milan'),
    start_date: inMonth(27, 9, 9),
    end_date: inMonth(27, 9, 17),
  });
  await api.remove('events', gone.id);

  const feed = await request.get('/calendar.ics');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(unfold(ics)).toContain(`URL:${APP_URL}/events/${upcoming.slug}`);
  expect(ics).toContain(`UID:event-${upcoming.id}@cdo-vision`);
  expect(ics).not.toContain(gone.id);
  expect(ics).not.toMatch(/@example\.(org|com)/);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await sitemap.text();
  for (const path of ['/', '/vision-talks', '/awards', '/sponsors', '/past-highlights', '/contact', '/calendar']) {
    expect(xml).toContain(`<loc>${APP_URL}${path}</loc>`);
  }
  expect(xml).toContain(`<loc>${APP_URL}/events/${upcoming.slug}</loc>`);
  expect(xml).not.toContain(gone.id);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toBe(
    `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /auth\n\nSitemap: ${APP_URL}/sitemap.xml\n`,
  );
});

test('with no upcoming events the calendar says so', async ({ page }) => {
  // Every read of the events table the browser makes answers with no rows: the direct read and the
  // replica's pull. The calendar is reached from another page, so that the browser reads it itself
  // (a page the server renders comes with the server's rows).
  await page.route('**/rest/v1/events?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await page.goto('/awards');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Events Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByText('No upcoming events at the moment. Check back soon!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download all upcoming events (.ics)' })).toBeDisabled();
});

test('the calendar hydrates its prerendered HTML cleanly and has no serious accessibility violations', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/calendar');
  await expect(page.getByRole('button', { name: /Add to calendar/ }).first()).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // React reports a hydration mismatch as a console error (minified: errors #418, #423, #425).
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
});

test('on a visit served by the service worker, the events arrive without moving the page', async ({ page }) => {
  // Every layout shift the page reports, summed as the cumulative layout shift score counts them.
  await page.addInitScript(() => {
    const page = window as unknown as { layoutShift: number; countLayoutShifts(entries: PerformanceEntry[]): void };
    page.layoutShift = 0;
    page.countLayoutShifts = (entries) => {
      for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) page.layoutShift += entry.value;
      }
    };
    const observer = new PerformanceObserver((list) => page.countLayoutShifts(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // Shifts the browser has recorded but not yet handed to the observer, counted on demand.
    (window as unknown as { takeLayoutShifts(): void }).takeLayoutShifts = () =>
      page.countLayoutShifts(observer.takeRecords());
  });
  await page.goto('/calendar');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
  // Now the worker answers with the precached page, which reads its events itself ('Loading...' first).
  await page.reload();
  await expect(page.getByRole('button', { name: /Add to calendar/ }).first()).toBeVisible();
  // Nothing is left to arrive once the events are listed and the fonts and eager images have loaded;
  // two frames later every shift their arrival caused has been laid out and recorded.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.fonts.status === 'loaded' &&
          [...document.images].every((image) => image.loading === 'lazy' || image.complete),
      ),
    )
    .toBe(true);
  const layoutShift = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const page = window as unknown as { layoutShift: number; takeLayoutShifts(): void };
            page.takeLayoutShifts();
            resolve(page.layoutShift);
          }),
        ),
      ),
  );
  expect(layoutShift).toBeLessThan(0.02);
});
