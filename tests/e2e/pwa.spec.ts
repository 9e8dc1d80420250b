/**
 * The installable, offline-capable app (design.md "PWA"): the manifest and service worker, public
 * pages that work offline after one online visit, prerendered pages that hydrate cleanly, and a new
 * deploy reaching an open tab through the update prompt without breaking it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { createEvent } from './support/builders.ts';
import { APP_URL, axe, daysFromNow, expect, test, unique } from './support/fixtures.ts';
import { firstPullFlags } from '../support/engine-state.ts';
import { testPort } from '../support/ports.ts';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const run = promisify(execFile);

/** The folder the e2e app server serves (playwright.config.ts: DIST_DIR). */
const DIST_DIR = path.resolve(`.test-data/dist-${testPort('E2E_PORT')}`);

/** Tables a visitor's replica pulls; an event page needs all of them. */
const PUBLIC_TABLES = 11;

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
}

/** How many tables the visitor's replica has pulled in full (the engine's flags in `cdo-public-meta`). */
async function pulledTables(page: Page): Promise<number> {
  return Object.keys(await firstPullFlags(page, 'public')).length;
}

/** Scrolls through the page so that lazy images load, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight * 0.8)) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo(0, 0);
  });
}

const OWN_IMAGES = 'main img[src^="/demo/"], main img[src^="/media/"], main img[src*="/storage/v1/object/public/"]';

/** The images of the page served from this app or its storage that have loaded, by src. */
async function loadedOwnImages(page: Page): Promise<string[]> {
  await page.waitForLoadState('load');
  const sources = await page
    .locator(OWN_IMAGES)
    .evaluateAll((images) =>
      (images as HTMLImageElement[])
        .filter((img) => img.complete && img.naturalWidth > 0)
        .map((img) => img.getAttribute('src') ?? ''),
    );
  return [...new Set(sources)];
}

/** Each of these images shows again (made eager, so that lazy loading cannot hide a failure). */
async function expectImagesShow(page: Page, sources: string[]): Promise<void> {
  for (const source of sources) {
    const image = page.locator(`main img[src="${source}"]`).first();
    await image.evaluate((img: HTMLImageElement) => {
      img.loading = 'eager';
      img.scrollIntoView({ block: 'center' });
    });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: `image ${source} shows`,
      })
      .toBe(true);
  }
}

/** Console errors React reports for a hydration that did not match the prerendered HTML. */
function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const isHydration = (text: string) => /hydrat|Minified React error #(?:418|419|421|422|423|425)/i.test(text);
  page.on('console', (message) => {
    if (message.type() === 'error' && isHydration(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (isHydration(error.message)) errors.push(error.message);
  });
  return errors;
}

test('a visitor can install the site: a valid manifest with icons, and a service worker that controls the page', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'CDO Vision', start_url: '/', display: 'standalone' });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.background_color).toMatch(/^#/);
  const sizes = (purpose: string) =>
    manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((icon) => icon.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable')).toContain('512x512');
  for (const icon of manifest.icons) {
    const image = await page.request.get(new URL(icon.src, APP_URL).href);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  await waitForServiceWorkerControl(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toBe(`${APP_URL}/`);
});

test("the back office's chunks follow the public site's install, so its sign-in page opens offline after a visit of the home page", async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  // The worker fetches the chunks its install left out once it is active: wait until its precache
  // holds every file of its list.
  // Every file of its list, less the bundle its install unpacks (scripts/precache-bundle.ts).
  const worker = await (await page.request.get('/service-worker.js')).text();
  const listed = (worker.match(/"url":"/g) ?? []).length - (worker.match(/"bundle":true/g) ?? []).length;
  expect(listed).toBeGreaterThan(50);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
          return name ? (await (await caches.open(name)).keys()).length : 0;
        }),
      { timeout: 30_000 },
    )
    .toBe(listed);

  await context.setOffline(true);
  try {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('a page the service worker holds not yet opens from its shell when the network takes the request and never answers', async ({
  page,
  api,
  context,
}) => {
  const pastTitle = unique('Hung Network Forum');
  await createEvent(api, {
    title: pastTitle,
    location: 'Lyon',
    start_date: daysFromNow(-2, 8),
    end_date: daysFromNow(-2, 17),
  });
  // Wi-Fi that takes requests for past highlights and never answers: the worker's own fetch of the
  // prerendered page its install left for later, and then the visitor's navigation to it.
  const hung: string[] = [];
  await context.route(
    (url) => url.pathname.startsWith('/past-highlights'),
    (route) => {
      hung.push(route.request().url());
    },
  );
  try {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await page.goto('/past-highlights', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: /candid conversations/ })).toBeVisible();
    await expect(page.getByText(pastTitle).first()).toBeVisible();
    // The worker did ask the network for the page, which never answered.
    expect(hung.some((url) => new URL(url).pathname.replace(/\/$/, '') === '/past-highlights')).toBe(true);
  } finally {
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test('prerendered public pages paint before any script runs and hydrate without a mismatch', async ({ page }) => {
  const errors = collectHydrationErrors(page);
  // Keep the heading the browser parsed from the HTML, to check that hydration adopts it.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('main h1');
      }
    });
  });
  for (const route of ['/', '/past-highlights', '/sponsors']) {
    const html = await (await page.request.get(route)).text();
    expect(html).toContain(`data-prerendered="${route}"`);
    expect(html).toMatch(/<main[\s>]/);
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    // The app runs: client navigation works (hydrated links), and the parsed heading is still the one shown.
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { parsedHeading: Element | null }).parsedHeading?.isConnected),
      )
      .toBe(true);
  }
  await page.goto('/past-highlights');
  await page.getByRole('banner').getByRole('link', { name: 'Sponsors' }).click();
  await expect(page).toHaveURL(/\/sponsors$/);
  expect(errors).toEqual([]);
});

test('after one online visit, the home page, an event page and past highlights work offline, images included', async ({
  page,
  api,
  context,
}) => {
  test.slow();
  const title = unique('Offline Summit');
  const event = await createEvent(api, {
    title,
    location: 'Zurich',
    start_date: daysFromNow(45),
    end_date: daysFromNow(46),
    featured_image_url: '/demo/events/zurich.webp',
  });
  for (let index = 0; index < 4; index += 1) {
    await api.create('event_gallery', {
      event_id: event.id,
      image_url: `/demo/gallery/0${index + 1}.webp`,
      caption: `${title} photo ${index + 1}`,
      display_order: index,
    });
  }
  const pastTitle = unique('Offline Past Forum');
  await createEvent(api, {
    title: pastTitle,
    location: 'Oslo',
    start_date: daysFromNow(-1, 8),
    end_date: daysFromNow(-1, 17),
    featured_image_url: '/demo/events/stockholm.webp',
  });
  const eventPath = `/events/${event.slug}`;

  // One online visit of each page, once the service worker controls the page. Reduced motion keeps
  // the hero video and logo strips still.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const checks: { path: string; content: () => Promise<void> }[] = [
    { path: '/', content: () => expect(page.locator('#events').getByText(title)).toBeVisible() },
    {
      path: eventPath,
      content: () => expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(),
    },
    { path: '/past-highlights', content: () => expect(page.getByText(pastTitle).first()).toBeVisible() },
  ];
  const shown = new Map<string, string[]>();
  for (const check of checks) {
    await page.goto(check.path);
    await check.content();
    await scrollThrough(page);
    if (check.path === eventPath) {
      // The event's featured image and its photos (the gallery shows them from the 3rd on).
      await expect
        .poll(() => loadedOwnImages(page))
        .toEqual(
          expect.arrayContaining(['/demo/events/zurich.webp', '/demo/gallery/03.webp', '/demo/gallery/04.webp']),
        );
    }
    shown.set(check.path, await loadedOwnImages(page));
  }
  await expect.poll(() => pulledTables(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(PUBLIC_TABLES);

  await context.setOffline(true);
  try {
    for (const check of checks) {
      await page.goto(check.path);
      await check.content();
      await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
      await expectImagesShow(page, shown.get(check.path) ?? []);
    }
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeHidden();
});

test('a new deploy reaches an open tab: it keeps working on the old version until the visitor chooses Reload', async ({
  page,
  context,
}) => {
  test.slow();
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/assets/'))
      missing.push(response.url());
  });
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const oldEntry = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => /\/assets\/index-[^/]+\.js$/.test(name)),
  );
  expect(oldEntry).toBeTruthy();
  // Another tab, where someone has started filling in a form: a Reload chosen elsewhere must not lose it.
  const other = await context.newPage();
  await other.goto('/auth');
  await waitForServiceWorkerControl(other);
  await other.getByLabel('Email').fill('half-typed@example.org');

  const oldHome = await (await page.request.get('/')).text();
  // Deploy: a build whose bundle differs (another build id), into the folder the server serves.
  const buildId = `e2e-${Date.now()}`;
  await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST_DIR, '--emptyOutDir'], {
    env: { ...process.env, VITE_BUILD_ID: buildId },
    maxBuffer: 32 * 1024 * 1024,
  });
  expect((await page.request.get(oldEntry!)).status()).toBe(404);
  // The server renders its pages with the new build's bundle and templates: every chunk they name exists.
  const served = await (await page.request.get('/past-highlights')).text();
  expect(served).toContain('id="live-read-seed"');
  const chunks = new Set([...served.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]));
  expect(chunks.size).toBeGreaterThan(0);
  for (const chunk of chunks) expect((await page.request.get(chunk)).status(), chunk).toBe(200);

  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available.' });
  await expect(prompt).toBeVisible({ timeout: 60_000 });
  await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Before accepting, the open tab moves to a page whose code it has not loaded yet: the old
  // version's chunks still come from the old precache, although the server no longer has them.
  const awardsChunkLoaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/awards-[^/]+\.js$/.test(entry.name)),
  );
  expect(awardsChunkLoaded).toBe(false);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Awards' }).click();
  await expect(page).toHaveURL(/\/awards$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  expect(missing).toEqual([]);
  await expect(prompt).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.build ?? '')).not.toBe(buildId);

  // Reloaded at the venue, offline: the old version's files go as the new one takes over, and the
  // new one's install already holds the back office's, so its sign-in page opens.
  await context.setOffline(true);
  try {
    await Promise.all([
      page.waitForEvent('framenavigated', { timeout: 30_000 }),
      prompt.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.build ?? '')).toBe(buildId);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'A new version is available.' })).toHaveCount(0);
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // The other tab kept its form and says why it has not reloaded; leaving the form reloads it.
  const held = other.getByRole('status').filter({ hasText: 'A new version is ready.' });
  await expect(held).toContainText('This page reloads once you have saved or left your form.');
  await expect(held.getByRole('button', { name: 'Reload now' })).toBeVisible();
  await expect(other.getByLabel('Email')).toHaveValue('half-typed@example.org');
  expect(await other.evaluate(() => document.documentElement.dataset.build ?? '')).not.toBe(buildId);
  expect(await axe(other)).toEqual([]);
  await other.getByRole('link', { name: 'Back to site' }).click();
  await expect
    .poll(() => other.evaluate(() => document.documentElement.dataset.build ?? '').catch(() => ''))
    .toBe(buildId);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await other.close();

  // The old version's worker may still be keeping pages (one at a time, slow on a busy phone) when
  // the new one takes over and clears them: a copy of the old home page it puts back names chunks
  // the new version lacks, and the new worker does not serve it.
  await page.evaluate(async (html) => {
    const kept = html.replace('<div id="root"', `<div id="root" data-kept-at="${new Date().toISOString()}"`);
    await (await caches.open('pages')).put('/', new Response(kept, { headers: { 'content-type': 'text/html' } }));
  }, oldHome);
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.dataset.build ?? '')).toBe(buildId);
  expect(missing).toEqual([]);
});
