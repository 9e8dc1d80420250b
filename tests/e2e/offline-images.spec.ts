/**
 * Every upcoming event readable offline with its pictures after one visit to any public page, not
 * only the events the visitor opened; and when the device runs out of room, those images go (the
 * rows stay) and the visitor is told.
 */
import type { Page } from '@playwright/test';
import { createEvent } from './support/builders.ts';
import { APP_URL, expect, test, unique } from './support/fixtures.ts';

// The first install of the worker, the replica's first pull and the images fetched one at a time.
test.describe.configure({ timeout: 120_000 });

const GALLERY = ['/demo/gallery/01.webp', '/demo/gallery/02.webp', '/demo/gallery/03.webp', '/demo/gallery/04.webp'];

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
}

/** The URLs the worker keeps ahead of a visit (its 'event-images' cache). */
function keptImages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('event-images'))) return [];
    const cache = await caches.open('event-images');
    return (await cache.keys()).map((request) => request.url);
  });
}

test('after a visit to the home page, an upcoming event never opened shows its gallery offline', async ({
  page,
  context,
  api,
}) => {
  const event = await createEvent(api, { title: unique('Pictures Offline Forum') });
  for (const [order, image] of GALLERY.entries()) {
    await api.create('event_gallery', { event_id: event.id, image_url: image, display_order: order });
  }
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await expect
    .poll(() => keptImages(page), { timeout: 90_000 })
    .toEqual(expect.arrayContaining(GALLERY.map((image) => `${APP_URL}${image}`)));

  await context.setOffline(true);
  try {
    await page.goto(`/events/${event.slug}`);
    await expect(page.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
    const last = page.locator(`img[src="${GALLERY[3]}"]`);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  } finally {
    await context.setOffline(false);
  }
});

test('when the device runs out of room, the kept event images go and the visitor is told', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  // Once the worker has begun keeping images, the site's storage quota shrinks to what it uses.
  await expect.poll(() => keptImages(page).then((urls) => urls.length), { timeout: 90_000 }).toBeGreaterThan(0);
  const cdp = await context.newCDPSession(page);
  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: APP_URL, quotaSize: usage });
  // A new page load asks the worker again, and the next image no longer fits.
  await page.evaluate(() => caches.delete('event-images'));
  await page.reload();

  await expect(
    page.getByText('This device is out of storage space: event images are not kept for offline use.'),
  ).toBeVisible({ timeout: 90_000 });
  expect(await keptImages(page)).toEqual([]);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: APP_URL });
});
