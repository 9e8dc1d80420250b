/**
 * Seen stays seen: what a public page showed online is readable offline at once, even when the
 * visit was too short for the local replica to fill (a few seconds in a taxi). The replica's own
 * requests are held back here, so only what the page kept as it painted can answer offline.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { API_URL, daysFromNow, expect, test, unique } from './support/fixtures.ts';

// The service worker's first install (the whole precache) takes a while on a shared machine.
test.describe.configure({ timeout: 90_000 });

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
}

/**
 * The replica never gets an answer: supabase-js marks its requests with X-Client-Info, the first
 * paint's direct reads do not.
 */
async function holdBackReplica(context: BrowserContext): Promise<void> {
  await context.route(`${API_URL}/rest/v1/**`, (route) =>
    route.request().headers()['x-client-info'] ? route.abort() : route.continue(),
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
