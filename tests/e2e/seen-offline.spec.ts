/**
 * A first visit cut short (a few seconds in a taxi): what a public page showed online is readable
 * offline at once, even when the local replica had no time to fill; what never reached the device is
 * said in words; and the offline status says how old the content on screen is. The replica's own
 * requests are held back here, and so is the service worker's request for every public row (the
 * visit ends before it is answered), so only what the page kept as it painted can answer offline.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { API_URL, daysFromNow, expect, isReplicaPull, test, unique } from './support/fixtures.ts';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// The service worker's first install (the whole precache) takes a while on a shared machine.
test.describe.configure({ timeout: 90_000 });

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
}

/** The service worker's one request for every public row, which its install keeps. */
const PUBLIC_ROWS = `${API_URL}/rest/v1/rpc/public_rows`;

/**
 * The replica's pulls never get an answer (the first paint's direct reads do), nor does the service
 * worker's request for the public rows.
 */
async function holdBackReplica(context: BrowserContext): Promise<void> {
  await context.route(`${API_URL}/rest/v1/**`, (route) =>
    isReplicaPull(route.request().url()) || route.request().url() === PUBLIC_ROWS ? route.abort() : route.continue(),
  );
}

test('the home page seen online shows the same events offline before the replica has anything', async ({
  page,
  context,
  api,
}) => {
  const title = unique('Seen Offline Summit');
  await api.create('events', { title, start_date: daysFromNow(20), end_date: daysFromNow(21) });
  await holdBackReplica(context);
  await page.goto('/');
  const events = page.locator('#events');
  await expect(events.getByText(title)).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(events.getByText(title)).toBeVisible();
    await expect(events.getByText('No upcoming events at the moment. Check back soon!')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('an event page seen online reads the same offline before the replica has anything', async ({
  page,
  context,
  api,
}) => {
  const title = unique('Seen Offline Dinner');
  const event = await api.create<{ slug: string }>('events', {
    title,
    location: 'Lisbon, Portugal',
    start_date: daysFromNow(25),
    end_date: daysFromNow(26),
  });
  await holdBackReplica(context);
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Lisbon, Portugal').first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('an event page kept while the event was on, opened offline after it ended, hydrates without a mismatch and takes no more requests', async ({
  page,
  context,
  api,
}) => {
  const title = unique('Ending Soon Summit');
  const endsAt = Date.now() + 3_600_000;
  const event = await api.create<{ slug: string }>('events', {
    title,
    start_date: daysFromNow(0, 0),
    end_date: new Date(endsAt).toISOString(),
  });
  await holdBackReplica(context);
  await page.goto(`/events/${event.slug}`);
  const overview = page.locator('main');
  await expect(overview.getByRole('button', { name: 'Request Invite', exact: true })).toBeVisible();
  await waitForServiceWorkerControl(page);
  const keptPage = () =>
    page.evaluate(
      async (path) => (await caches.match(path, { cacheName: 'pages' }))?.text() ?? '',
      `/events/${event.slug}`,
    );
  await expect.poll(keptPage).toContain(title);

  // The event has ended when the device opens its kept page, rendered while it was on.
  await page.clock.setFixedTime(endsAt + 60_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await context.setOffline(true);
  try {
    const offline = await page.reload();
    expect(await offline?.text()).toContain('Request Invite');
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(overview.getByRole('button', { name: 'Request Invite', exact: true })).toHaveCount(0);
    await expect(overview.getByRole('button', { name: 'Be a part of this event' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // React reports a hydration mismatch as a console error (minified: errors #418, #423, #425).
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
});

test('a page opened again comes with its content in the page the service worker kept, offline at once, and online a newer answer replaces it', async ({
  page,
  context,
  api,
}) => {
  const title = unique('Kept Page Summit');
  const event = await api.create('events', { title, start_date: daysFromNow(22), end_date: daysFromNow(23) });
  await holdBackReplica(context);
  await page.goto('/');
  await expect(page.locator('#events').getByText(title)).toBeVisible();
  await waitForServiceWorkerControl(page);
  const keptPage = () => page.evaluate(async () => (await caches.match('/', { cacheName: 'pages' }))?.text() ?? '');
  await expect.poll(keptPage).toContain(title);

  await context.setOffline(true);
  try {
    // The HTML itself carries the events: they paint before any script has run.
    const offline = await page.goto('/');
    expect(await offline?.text()).toContain(title);
    await expect(page.locator('#events').getByText(title)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText('Updated just now');
  } finally {
    await context.setOffline(false);
  }

  // Renamed since: the kept copy shows first, the page's own read replaces it, and the copy is renewed.
  const renamed = unique('Kept Page Summit renamed');
  const { error } = await api.admin.from('events').update({ title: renamed }).eq('id', event.id);
  expect(error).toBeNull();
  await page.goto('/');
  await expect(page.locator('#events').getByText(renamed)).toBeVisible();
  await expect(page.locator('#events').getByText(title, { exact: true })).toHaveCount(0);
  await expect.poll(keptPage).toContain(renamed);
});

test('an event page kept on the device is dropped once the event is deleted, offline too', async ({
  page,
  context,
  api,
}) => {
  const title = unique('Kept Then Deleted Summit');
  const event = await api.create<{ slug: string }>('events', {
    title,
    slug: unique('kept-then-deleted')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-'),
    start_date: daysFromNow(24),
    end_date: daysFromNow(25),
  });
  const path = `/events/${event.slug}`;
  await page.goto('/contact');
  await waitForServiceWorkerControl(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const kept = () =>
    page.evaluate(async (key) => (await caches.match(key, { cacheName: 'pages' })) !== undefined, path);
  await expect.poll(kept).toBe(true);

  const { error } = await api.admin.from('events').delete().eq('id', event.id);
  expect(error).toBeNull();
  await page.goto(path);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect.poll(kept).toBe(false);

  await context.setOffline(true);
  try {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('offline, a page whose content never reached this device says so in words, and an unseen event page is an offline page', async ({
  page,
  context,
}) => {
  await holdBackReplica(context);
  await page.goto('/contact');
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  try {
    await page.goto('/past-highlights');
    await expect(page.getByText("You're offline. Past events will appear once you're back online.")).toBeVisible();
    await expect(page.getByText('Our past events will be shown here soon.')).toHaveCount(0);
    await expect(page.getByText('Loading...')).toHaveCount(0);

    await page.goto('/calendar');
    await expect(page.getByText("You're offline. Upcoming events will appear once you're back online.")).toBeVisible();

    await page.goto('/events/an-event-this-device-never-saw');
    await expect(page.getByRole('heading', { name: "You're offline", level: 1 })).toBeVisible();
    await expect(page.getByText("You're offline. This page will appear once you're back online.")).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('offline, the status says how long ago what is on screen was fetched', async ({ page, context }) => {
  await holdBackReplica(context);
  await page.goto('/');
  await expect(page.locator('#events').getByRole('listitem').first()).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText('Updated just now');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('status').filter({ hasText: 'Updated' })).toHaveCount(0);
});

test('on a network that lets nothing through while the browser says online, the page says Offline, and fills in by itself once the backend answers', async ({
  page,
  context,
  api,
}) => {
  const pastTitle = unique('Reconnected Forum');
  await api.create('events', { title: pastTitle, start_date: daysFromNow(-3), end_date: daysFromNow(-2) });
  // The replica's requests get no answer at all, so that only the page itself can find out that
  // the connection is back.
  await context.route(`${API_URL}/rest/v1/**`, (route) =>
    isReplicaPull(route.request().url()) || route.request().url() === PUBLIC_ROWS ? undefined : route.continue(),
  );
  await page.goto('/');
  await expect(page.locator('#events').getByRole('listitem').first()).toBeVisible();

  // Hotel Wi-Fi before its sign-in page: attached, so navigator.onLine stays true, but no request
  // reaches the backend.
  const cutOff = `${API_URL}/**`;
  await context.route(cutOff, (route) => route.abort('internetdisconnected'));
  await page.getByRole('banner').getByRole('link', { name: 'Past Highlights' }).click();
  const pill = page.getByRole('status').filter({ hasText: /^Offline/ });
  await expect(pill).toBeVisible();
  await expect(page.getByText("You're offline. Past events will appear once you're back online.")).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  await context.unroute(cutOff);
  await expect(pill).toBeHidden();
  await expect(page.getByText(pastTitle).first()).toBeVisible();
  await expect(page.getByText(/You're offline/)).toHaveCount(0);
});
