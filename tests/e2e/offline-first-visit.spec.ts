/**
 * Offline from the first visit (docs/decisions/016-offline-from-the-first-visit.md): a visitor who
 * opens the home page once, and stays until the footer says 'Available offline', can then open any
 * public page offline, pages never opened included: the service worker serves the page, and the
 * rows they read are held by the service worker (every public row, kept at its install) or by the
 * local replica (filled in a worker right after the first paint, or from the worker's rows).
 */
import type { Page } from '@playwright/test';
import { addToEvent, createAttendee, createEvent } from './support/builders.ts';
import { APP_URL, daysFromNow, expect, isReplicaPull, test, unique } from './support/fixtures.ts';
import { firstPullFlags } from '../support/engine-state.ts';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// The service worker's first install and the replica's first pull take a while on a shared machine.
test.describe.configure({ timeout: 120_000 });

test("after one visit of the home page and 'Available offline', the home page, an event page never opened and past highlights open offline", async ({
  page,
  context,
  api,
}) => {
  const upcoming = await createEvent(api, {
    title: unique('First Visit Summit'),
    location: 'Helsinki',
    subheading: 'Data leadership in the Nordics',
    start_date: daysFromNow(35, 9),
    end_date: daysFromNow(35, 17),
  });
  const past = await createEvent(api, {
    title: unique('First Visit Past Forum'),
    location: 'Vienna',
    start_date: daysFromNow(-3, 9),
    end_date: daysFromNow(-3, 17),
  });
  const speaker = await createAttendee(api, { name: unique('First Visit Speaker'), company: 'Nordic Data Co' });
  await addToEvent(api, upcoming.id, speaker.id);

  await page.goto('/');
  await expect(page.locator('#events').getByText(upcoming.title)).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Available offline')).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('#events').getByText(upcoming.title)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();

    // Never opened online: only the replica can answer for it.
    await page.goto(`/events/${upcoming.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: upcoming.title })).toBeVisible();
    await expect(page.getByText('Data leadership in the Nordics').first()).toBeVisible();
    await expect(page.getByText(speaker.name).first()).toBeVisible();

    await page.goto('/past-highlights');
    await expect(page.getByText(past.title).first()).toBeVisible();
    await expect(footer.getByText('Available offline')).toBeVisible();

    // An event the full replica does not hold (published since, say) is not missing: it may exist.
    await page.goto('/events/an-event-published-after-this-visit');
    await expect(page.getByRole('heading', { name: "You're offline", level: 1 })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

/** Tables the visitor's replica has pulled in full (the engine's flags in `cdo-public-meta`). */
async function pulledTables(page: Page): Promise<string[]> {
  return Object.keys(await firstPullFlags(page, 'public'));
}

/** When the visitor's replica last made a first full pull of `table` ('' when never). */
async function pulledAt(page: Page, table: string): Promise<string> {
  return (await firstPullFlags(page, 'public'))[table] ?? '';
}

test("the footer does not say 'Available offline' while a table is still missing", async ({ page, context }) => {
  // The replica's pull of one table never gets an answer, and the service worker gets no public rows.
  await context.route('**/rest/v1/attendees?**', (route) =>
    isReplicaPull(route.request().url()) ? route.abort() : route.continue(),
  );
  await context.route('**/rest/v1/rpc/public_rows', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('#events')).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), {
      timeout: 60_000,
    })
    .toBe('activated');
  // Every other table arrives; the footer still makes no promise.
  await expect.poll(() => pulledTables(page).then((tables) => tables.length), { timeout: 60_000 }).toBe(10);
  expect(await pulledTables(page)).not.toContain('attendees');
  await expect(page.getByRole('contentinfo').getByText('Available offline')).toHaveCount(0);
});

test('a first visit whose replica pulled nothing is offline-ready from the rows the service worker keeps at its install: an event page never opened opens offline, with its speakers', async ({
  page,
  context,
  api,
}) => {
  const upcoming = await createEvent(api, {
    title: unique('Short Visit Summit'),
    location: 'Tallinn',
    subheading: 'A taxi ride of data strategy',
    start_date: daysFromNow(21, 9),
    end_date: daysFromNow(21, 17),
  });
  const speaker = await createAttendee(api, { name: unique('Short Visit Speaker'), company: 'Baltic Data' });
  await addToEvent(api, upcoming.id, speaker.id);
  // The visit ends before the replica gets a single answer.
  await context.route('**/rest/v1/**', (route) =>
    isReplicaPull(route.request().url()) ? route.abort() : route.continue(),
  );

  await page.goto('/');
  await expect(page.locator('#events').getByText(upcoming.title)).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('Available offline')).toBeVisible({ timeout: 60_000 });
  const keptAt = await page.evaluate(async () => {
    const kept = await caches.match('/public-rows.json', { cacheName: 'public-rows' });
    return kept?.headers.get('x-fetched-at') ?? null;
  });
  expect(keptAt).not.toBeNull();

  await context.setOffline(true);
  try {
    await page.goto(`/events/${upcoming.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: upcoming.title })).toBeVisible();
    await expect(page.getByText('A taxi ride of data strategy').first()).toBeVisible();
    await expect(page.getByText(speaker.name).first()).toBeVisible();
    // Filled from the kept rows, stamped with when they were kept: never as fresh as a pull.
    expect(await pulledAt(page, 'events')).toBe(keptAt);
  } finally {
    await context.setOffline(false);
  }
});

test('what a page has just fetched is not taken back by an older copy the device holds from an earlier visit', async ({
  page,
  context,
  api,
}) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByText('Available offline')).toBeVisible({ timeout: 60_000 });
  await page.close();

  // Published while the visitor is away: the device's copy of the videos is now older than the server.
  const title = unique('Fresh Keynote');
  await api.create('videos', { title, video_url: 'https://youtu.be/dQw4w9WgXcQ', display_order: -1000 });
  // The replica's catch-up pull of the videos is held until the end of the test.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route('**/rest/v1/videos?**', async (route) => {
    if (isReplicaPull(route.request().url())) await released;
    await route.continue().catch(() => undefined);
  });

  const again = await context.newPage();
  await again.goto('/');
  const videos = again.getByRole('region', { name: 'From past events' });
  // From the network: the app server's kept copy of the page may predate the video by its few
  // seconds of freshness, and the page's own read then brings it (on a busy machine, past 5 s).
  await expect(videos.getByRole('heading', { name: title })).toBeVisible({ timeout: 15_000 });
  // The replica opens with what it held: the page keeps the newer answer it already shows.
  await expect(again.getByRole('contentinfo').getByText('Available offline')).toBeVisible();
  await videos.getByRole('button', { name: `Play video: ${title}` }).focus();
  // The replica has caught up with the events in this visit, so it has long answered with what it held.
  const opened = await again.evaluate(() => new Date(performance.timeOrigin).toISOString());
  await expect.poll(async () => (await pulledAt(again, 'events')) > opened, { timeout: 30_000 }).toBe(true);
  await expect(videos.getByRole('heading', { name: title })).toBeVisible();
  await expect(videos.getByRole('button', { name: `Play video: ${title}` })).toBeFocused();
  release();
  await expect(videos.getByRole('heading', { name: title })).toBeVisible();
});

test("after one visit of the home page, an upcoming event never opened shows its page and gallery offline: the service worker kept every upcoming event's page, as the server renders it, and images", async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api, {
    title: unique('Kept Images Forum'),
    start_date: daysFromNow(50, 9),
    end_date: daysFromNow(50, 17),
  });
  const caption = unique('Terrace at dusk');
  const imageUrl = '/demo/gallery/11.webp';
  await api.create('event_gallery', { event_id: event.id, image_url: imageUrl, caption, display_order: 0 });

  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByText('Available offline')).toBeVisible({ timeout: 60_000 });
  // Gathered in the replica's worker once it is quiet, fetched by the service worker at low priority.
  const kept = (url: string) =>
    page.evaluate(
      async (path) => Boolean(await (await caches.open('event-images')).match(new URL(path, location.href).href)),
      url,
    );
  await expect.poll(() => kept(imageUrl), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  try {
    const response = await page.goto(`/events/${event.slug}`);
    // Its content is in the page itself, not only in the replica that the app reads once started.
    expect(await response?.text()).toContain(caption);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    const photo = page.getByRole('img', { name: caption });
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    await context.setOffline(false);
  }
});

test('when the device runs out of room, the kept event images go, the rows stay, and the status says so', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api, {
    title: unique('Full Disk Forum'),
    start_date: daysFromNow(40, 9),
    end_date: daysFromNow(40, 17),
  });
  // An upcoming event's photo (served here, so the test decides when and how big), which the service
  // worker fetches for offline use once the visit is idle.
  const imagePath = `/demo/gallery/full-disk-${Date.now().toString(36)}.webp`;
  await api.create('event_gallery', { event_id: event.id, image_url: imagePath, caption: 'Hall', display_order: 0 });
  let asked!: () => void;
  const imageAsked = new Promise<void>((resolve) => (asked = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(`${APP_URL}${imagePath}`, async (route) => {
    asked();
    await released;
    await route.fulfill({ status: 200, contentType: 'image/webp', body: Buffer.alloc(4 * 1024 * 1024, 1) });
  });

  await page.goto('/');
  await expect(page.locator('#events').getByText(event.title)).toBeVisible();
  await imageAsked;
  // The device is nearly full now: what this site holds (pages, rows) and 256 KB more.
  const { usage } = await page.evaluate(() => navigator.storage.estimate());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: APP_URL, quotaSize: (usage ?? 0) + 256 * 1024 });
  release();

  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'This device is out of storage space: event images are not kept for offline use.' }),
  ).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(async () => (await caches.keys()).includes('event-images'))).toBe(false);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: APP_URL });

  await expect(page.getByRole('contentinfo').getByText('Available offline')).toBeVisible({ timeout: 60_000 });
  await context.setOffline(true);
  try {
    await page.goto(`/events/${event.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
