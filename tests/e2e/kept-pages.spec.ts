/**
 * The public pages the app server keeps for a crowd (scripts/render-cache.ts,
 * docs/decisions/022-kept-pages-for-a-crowd.md), read as a crawler or a CDN reads them, without a
 * browser: a crowd arriving at once all get a page with its data, an admin's change reaches the
 * page the server sends within seconds, and the headers let a CDN keep the public pages for as long
 * as the server does, never the back office.
 */
import type { APIRequestContext } from '@playwright/test';
import { addToEvent, createAttendee, createEvent } from './support/builders.ts';
import { expect, test, unique } from './support/fixtures.ts';

/** The element the server puts its answers in when it rendered a page with its data (src/lib/server-seed.ts). */
const WITH_DATA = 'id="live-read-seed"';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function page(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  return { status: response.status(), headers: response.headers(), html: await response.text() };
}

test('fifty readers arriving at once on a new event page all get it with its data', async ({ request, api }) => {
  const event = await createEvent(api);
  const pages = await Promise.all(Array.from({ length: 50 }, () => page(request, `/events/${event.slug}`)));
  for (const { status, html } of pages) {
    expect(status).toBe(200);
    expect(html).toContain(WITH_DATA);
    expect(titleOf(html)).toBe(`${event.title} | CDO Vision`);
  }
});

test("an admin renames an event: the page the server sends shows the new name before a CDN's copy would have expired", async ({
  request,
  api,
}) => {
  const event = await createEvent(api);
  const path = `/events/${event.slug}`;
  const first = await page(request, path);
  expect(titleOf(first.html)).toBe(`${event.title} | CDO Vision`);
  const freshSeconds = Number(/s-maxage=(\d+)/.exec(first.headers['cache-control'] ?? '')?.[1]);
  expect(freshSeconds).toBeGreaterThan(1);
  // Kept: the next reader gets that page.
  expect(titleOf((await page(request, path)).html)).toBe(`${event.title} | CDO Vision`);

  const renamed = unique('Renamed Summit');
  const { error } = await api.admin.from('events').update({ title: renamed }).eq('id', event.id);
  expect(error).toBeNull();
  // Realtime tells the server at once; past the freshness window any kept page would be rendered
  // again anyway, so seeing the new name sooner shows that the change was heard.
  await expect
    .poll(async () => titleOf((await page(request, path)).html), {
      timeout: (freshSeconds - 1) * 1000,
      intervals: [250],
    })
    .toBe(`${renamed} | CDO Vision`);
});

test('a guest taken off an event leaves the page the server sends before its copy would have expired', async ({
  request,
  api,
}) => {
  const event = await createEvent(api);
  const guest = await createAttendee(api);
  const link = await addToEvent(api, event.id, guest.id);
  const path = `/events/${event.slug}`;
  const first = await page(request, path);
  expect(first.html).toContain(guest.name);
  const freshSeconds = Number(/s-maxage=(\d+)/.exec(first.headers['cache-control'] ?? '')?.[1]);

  // The server follows realtime with the anon key, which reads no tombstone of a link: it hears of
  // the removal through removed_links.
  const { error } = await api.admin.from('event_attendees').update({ _deleted: true }).eq('id', link.id);
  expect(error).toBeNull();
  await expect
    .poll(async () => (await page(request, path)).html.includes(guest.name), {
      timeout: (freshSeconds - 1) * 1000,
      intervals: [250],
    })
    .toBe(false);
});

test('a CDN may keep public pages for a few seconds, never a back-office page', async ({ request, api }) => {
  const event = await createEvent(api);
  for (const path of ['/', '/past-highlights', `/events/${event.slug}`]) {
    const { html, headers } = await page(request, path);
    expect(html, path).toContain(WITH_DATA);
    expect(headers['cache-control'], path).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(headers.vary, path).toContain('Accept-Encoding');
  }
  for (const path of ['/admin', '/admin/events', '/auth']) {
    const { html, headers } = await page(request, path);
    expect(headers['cache-control'], path).toBe('no-store');
    expect(html, path).not.toContain(WITH_DATA);
  }
});

test('a kept page is sent in brotli to a browser, in gzip to a client without it, and reads the same', async ({
  request,
  api,
}) => {
  const event = await createEvent(api);
  const path = `/events/${event.slug}`;
  const as = async (acceptEncoding: string) => {
    const response = await request.get(path, { headers: { 'accept-encoding': acceptEncoding } });
    return { encoding: response.headers()['content-encoding'], html: await response.text() };
  };
  const browser = await as('gzip, deflate, br, zstd');
  const older = await as('gzip, deflate');
  const plain = await as('identity');
  expect([browser.encoding, older.encoding, plain.encoding]).toEqual(['br', 'gzip', undefined]);
  expect(plain.html).toContain(WITH_DATA);
  expect(browser.html).toBe(plain.html);
  expect(older.html).toBe(plain.html);
});

test('an event page asked for with a trailing slash is the page kept for the path without it', async ({
  request,
  api,
}) => {
  const event = await createEvent(api);
  const path = `/events/${event.slug}`;
  const renderedAt = (html: string) => /data-rendered-at="([^"]+)"/.exec(html)?.[1];
  // The same render, once the page is kept (the event's own insert, heard over realtime, may call
  // for one more first): two keys would each have a render of their own.
  await expect
    .poll(async () => {
      const [bare, slashed] = [await page(request, path), await page(request, `${path}/`)];
      return bare.status === 200 && slashed.status === 200 && renderedAt(bare.html) === renderedAt(slashed.html);
    })
    .toBe(true);
  const { html } = await page(request, `${path}/`);
  expect(html).toContain(`data-prerendered="${path}"`);
  expect(titleOf(html)).toBe(`${event.title} | CDO Vision`);
});
