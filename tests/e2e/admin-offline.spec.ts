/**
 * Issue 6: the back office works offline. Edits and picked images are kept on the device (the page
 * even survives a reload while offline, served by the service worker), reach the backend and the
 * public site once the connection is back, and an edit that lost against someone else's change is
 * kept and shown in the shell's conflict list.
 */
import type { Page } from '@playwright/test';
import { buildImage } from '../support/images.ts';
import { openAsAdmin, signInAs, waitForAdminReplica } from './support/admin.ts';
import { API_URL, daysFromNow, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const NOT_ADMIN = "You don't have admin privileges. Contact an administrator to grant access.";

// Sign-in, first pull, an offline reload and the sync after reconnecting take a while on a shared machine.
// Local writes and their toasts can take seconds while other suites load the machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });
/** For what reaches the backend through the sync engine. */
const eventually = expect.configure({ timeout: 45_000 });

async function openEventsPage(page: Page): Promise<void> {
  await openAsAdmin(page, '/admin/events');
  await waitForAdminReplica(page);
  // The offline reload needs the service worker in control of the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

function card(page: Page, title: string) {
  return page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: title });
}

/** The back office's status saying it is offline. */
function offlineStatus(page: Page) {
  return page
    .getByRole('status')
    .filter({ hasText: /offline/i })
    .first();
}

/** An upcoming event made on the server (`days` from now), shown on the back office's events page. */
async function eventOnEventsPage(page: Page, api: Api, name: string, days: number): Promise<string> {
  const title = unique(name);
  await api.create('events', { title, start_date: daysFromNow(days), end_date: daysFromNow(days + 1) });
  await openEventsPage(page);
  await expect(card(page, title)).toBeVisible();
  return title;
}

async function serverEvent(api: Api, id: string) {
  const { data } = await api.admin.from('events').select('title, slug, location').eq('id', id).single();
  return data as { title: string; slug: string; location: string | null } | null;
}

test('admin renames an event and adds a gallery image while offline, reloads, and both sync after reconnecting', async ({
  page,
  context,
  api,
}) => {
  const title = unique('Offline Venue Event');
  const renamed = `${title} (renamed offline)`;
  const event = await api.create<{ id: string; slug: string }>('events', {
    title,
    start_date: daysFromNow(30),
    end_date: daysFromNow(31),
  });
  await openEventsPage(page);
  await expect(card(page, title)).toBeVisible();

  await context.setOffline(true);
  await expect(offlineStatus(page)).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByLabel('Title', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(card(page, renamed)).toBeVisible();

  await page.getByRole('button', { name: `Edit ${renamed}` }).click();
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await page.getByLabel('Add images').setInputFiles({
    name: 'venue.png',
    mimeType: 'image/png',
    buffer: await buildImage('png', { seed: 21 }),
  });
  await expect(page.getByText('Images added to gallery')).toBeVisible();
  const gallery = page.getByRole('list', { name: 'Gallery images' }).getByRole('img');
  await expect(gallery).toHaveCount(1);
  await expect.poll(() => gallery.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Checked before the reload: around a reload, Chromium's emulated offline mode sometimes lets a
  // request through (the service worker's own fetches are not held back), which real offline never does.
  expect((await serverEvent(api, event.id))?.title).toBe(title);

  // Still offline: the page comes back from the service worker, the edits from the device.
  await page.reload();
  await expect(card(page, renamed)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `Edit ${renamed}` }).click();
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(gallery).toHaveCount(1);
  await expect.poll(() => gallery.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Being offline is what the status says; not reaching the server is no 'Sync problem' meanwhile.
  await expect(offlineStatus(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sync problems/ })).toHaveCount(0);

  await context.setOffline(false);
  await eventually.poll(async () => (await serverEvent(api, event.id))?.title).toBe(renamed);
  await eventually
    .poll(async () => {
      const { data } = await api.admin
        .from('event_gallery')
        .select('image_url')
        .eq('event_id', event.id)
        .eq('_deleted', false);
      return (data ?? []).map((row) => /\/storage\/v1\/object\/public\/event-images\//.test(String(row.image_url)));
    })
    .toEqual([true]);
  await waitForAdminReplica(page);

  // The public event page shows the new title and the uploaded image.
  const visitor = await context.browser()!.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/events/${event.slug}`);
  await expect(publicPage.getByRole('heading', { name: renamed }).first()).toBeVisible({ timeout: 30_000 });
  await expect(publicPage.locator('img[src*="/storage/v1/object/public/event-images/"]').first()).toBeAttached();
  await visitor.close();
});

test.describe('an admin whose computer is in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("an offline edit that someone else overtook is kept and shown in the conflict list, its times on the venue's clock", async ({
    page,
    context,
    api,
  }) => {
    const title = unique('Offline Conflict Event');
    const event = await api.create<{ id: string }>('events', {
      title,
      location: 'Porto',
      time_zone: 'Asia/Tokyo',
      start_date: '2027-06-10T23:30:00Z',
      end_date: '2027-06-11T09:00:00Z',
    });
    await openEventsPage(page);
    await expect(card(page, title)).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByLabel('Location').fill('Porto, Hall 1 (mine)');
    // Typed in Tokyo time, as the form says: 00:30 UTC.
    await page.getByLabel('Start date').fill('2027-06-11T09:30');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText('Event updated successfully')).toBeVisible();

    // Meanwhile another admin changes the same fields on the server.
    const { error } = await api.admin
      .from('events')
      .update({ location: 'Porto, Hall 2 (theirs)', start_date: '2027-06-11T01:30:00Z' })
      .eq('id', event.id);
    expect(error).toBeNull();

    await context.setOffline(false);
    const conflicts = page.getByRole('button', { name: /^Conflicts \(\d+\)$/ });
    await expect(conflicts).toBeVisible({ timeout: 45_000 });
    // The server's version wins the row; the lost local version is kept for the admin.
    await expect(card(page, title)).toContainText('Porto, Hall 2 (theirs)');
    await conflicts.click();
    const dialog = page.getByRole('dialog', { name: 'Conflicts' });
    const item = dialog.getByRole('listitem').filter({ hasText: 'Porto, Hall 1 (mine)' });
    await expect(item).toContainText('Porto, Hall 2 (theirs)');
    // Both starts on the venue's clock, not New York's and not as stored; so is when it happened.
    const start = item.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^start date$/i }) });
    await expect(start).toContainText('Friday, 11 June 2027, 9:30 AM Tokyo time (JST, UTC+9)');
    await expect(start).toContainText('Friday, 11 June 2027, 10:30 AM Tokyo time (JST, UTC+9)');
    await expect(item.getByText(/^Someone else changed it first: .+ Tokyo time \(JST, UTC\+9\)\.$/)).toBeVisible();

    await item.getByRole('button', { name: 'Re-apply my version' }).click();
    await eventually.poll(async () => (await serverEvent(api, event.id))?.location).toBe('Porto, Hall 1 (mine)');
  });
});

test('the back office opens from what it holds when the API never answers, without waiting on the role check', async ({
  page,
  context,
  api,
}) => {
  const title = await eventOnEventsPage(page, api, 'Hung Wi-Fi Event', 40);

  // Wi-Fi that takes requests and never answers: the session refresh and the role check hang.
  const hung: string[] = [];
  await context.route(`${API_URL}/**`, (route) => {
    hung.push(route.request().url());
  });
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
    await expect(card(page, title)).toBeVisible();
    await expect(page.getByText(NOT_ADMIN)).toHaveCount(0);
    // The role check is asked for (on a busy machine, maybe only after the page shows) and never
    // answered: nothing waited on it.
    await expect.poll(() => hung.some((url) => url.includes('/rest/v1/user_roles'))).toBe(true);
  } finally {
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  }

  // Fully offline too.
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
    await expect(card(page, title)).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

/** The rows of `table` this device keeps of what the back office's list showed (src/data/kept-admin-rows.ts). */
function keptRows(page: Page, table: string): Promise<{ title?: string }[] | null> {
  return page.evaluate(
    (name) =>
      new Promise<{ title?: string }[] | null>((resolve) => {
        const open = indexedDB.open('cdo-admin-lists');
        open.onupgradeneeded = () => {
          // Not there: nothing kept. Abandon the creation this call would make.
          open.transaction?.abort();
          resolve(null);
        };
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('rows').objectStore('rows').get(name);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { rows: { title?: string }[] } | undefined)?.rows ?? null);
          };
        };
      }),
    table,
  );
}

test("the back office's lists paint from what they last showed before the replica opens, and sign-out drops that copy", async ({
  page,
  context,
  api,
}) => {
  const title = await eventOnEventsPage(page, api, 'Kept List Event', 42);
  await expect.poll(async () => (await keptRows(page, 'events'))?.some((row) => row.title === title)).toBe(true);

  // Offline, in a page whose replica cannot open its database at all: whatever the list shows comes
  // from the kept copy.
  await context.setOffline(true);
  const offline = await context.newPage();
  try {
    await offline.addInitScript(() => {
      const open = IDBFactory.prototype.open;
      const refused: string[] = [];
      Object.assign(window, { refusedDatabases: refused });
      IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
        if (name.includes('cdo-admin') && name !== 'cdo-admin-lists') {
          refused.push(name);
          throw new DOMException('Refused by the test', 'UnknownError');
        }
        return open.call(this, name, version);
      };
    });
    await offline.goto('/admin/events');
    // The replica tried to open and could not, and the list shows all the same.
    await expect
      .poll(() => offline.evaluate(() => (window as unknown as { refusedDatabases: string[] }).refusedDatabases.length))
      .toBeGreaterThan(0);
    await expect(card(offline, title)).toBeVisible();
    // The page says why nothing can be changed here.
    await expect(offline.getByRole('alert').filter({ hasText: 'could not open its local data' })).toBeVisible();
  } finally {
    await offline.close();
    await context.setOffline(false);
  }

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
    .not.toContain('cdo-admin-lists');
});

/** The markup this device keeps of what a back-office page showed (src/data/kept-admin-pages.ts), and for whom. */
function keptPage(page: Page, path: string): Promise<{ markup: string; keptFor: string | null } | null> {
  return page.evaluate(async (key) => {
    const kept = await caches.match(key, { cacheName: 'admin-pages' });
    return kept ? { markup: await kept.text(), keptFor: kept.headers.get('x-kept-for') } : null;
  }, path);
}

test('a back-office page opened again paints what it last showed before the app starts, for its admin only; sign-out drops it', async ({
  page,
  context,
  api,
}) => {
  const title = await eventOnEventsPage(page, api, 'Kept Page Event', 44);
  await expect.poll(async () => (await keptPage(page, '/admin/events'))?.markup.includes(title)).toBe(true);
  const adminId = (await keptPage(page, '/admin/events'))?.keptFor;
  expect(adminId).toMatch(/^[0-9a-f-]{36}$/);

  // A toast on screen when the page is kept (the tab hidden at that moment) is not kept with it.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByLabel('Location').fill('Lisbon');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(async () => (await keptPage(page, '/admin/events'))?.markup.includes('Lisbon')).toBe(true);
  expect((await keptPage(page, '/admin/events'))?.markup).not.toContain('Event updated successfully');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  // This tab leaves the back office meanwhile: open on it, it keeps its page again a second after
  // anything on screen changes (going offline does), which could land over the page written below.
  await page.goto('/');
  await context.setOffline(true);
  const offline = await context.newPage();
  try {
    // The page as the service worker answers it already holds the list: it paints before any script runs.
    const served = await offline.goto('/admin/events');
    const html = (await served?.text()) ?? '';
    expect(html).toContain(`<div id="root" data-kept-for="${adminId}">`);
    expect(html).toContain(title);
    // The app then renders over it with the same list.
    await expect(offline.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
    await expect(card(offline, title)).toBeVisible();

    // A page kept for someone else (an account used on this device before) is cleared before the app
    // renders, and dropped; the page is kept again for the admin signed in. (Written from a public
    // page: the back office's own would keep its page over it.)
    await offline.goto('/');
    await offline.evaluate(async () => {
      const cache = await caches.open('admin-pages');
      await cache.put(
        '/admin/events',
        new Response('<p>Kept for someone else</p>', { headers: { 'x-kept-for': 'someone-else' } }),
      );
    });
    const foreign = await offline.goto('/admin/events');
    expect(await foreign?.text()).toContain('Kept for someone else');
    await expect(card(offline, title)).toBeVisible();
    await expect(offline.getByText('Kept for someone else')).toHaveCount(0);
    await expect
      .poll(async () => {
        const kept = await keptPage(offline, '/admin/events');
        return kept && kept.keptFor === adminId && kept.markup.includes(title);
      })
      .toBe(true);
  } finally {
    await offline.close();
    await context.setOffline(false);
  }

  await page.goto('/admin/events');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
  await expect.poll(() => page.evaluate(() => caches.has('admin-pages'))).toBe(false);
  // Signed out, the back office's path shows nothing it held.
  const served = await page.goto('/admin/events');
  expect(await served?.text()).not.toContain(title);
});

test('a role removed elsewhere is acted on once the server answers the check', async ({ page, api }) => {
  const email = `${unique('demoted').replace(' ', '-')}@example.com`;
  const password = 'demoted-password';
  const { data, error } = await api.admin.functions.invoke('create-admin', { body: { email, password } });
  expect(error).toBeNull();
  const userId = (data as { userId: string }).userId;
  await signInAs(page, { email, password });
  await expect(page.getByText(NOT_ADMIN)).toHaveCount(0);

  await api.admin.from('user_roles').delete().eq('user_id', userId).throwOnError();
  // A tab left open: the role is checked again as it comes back into view, without a reload.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByText(NOT_ADMIN)).toBeVisible();
  await page.reload();
  await expect(page.getByText(NOT_ADMIN)).toBeVisible();
});

test('an event made offline whose address another admin took meanwhile is refused: the problem says why in words and keeps what was entered', async ({
  page,
  context,
  api,
}) => {
  const title = unique('Offline Made Summit');
  const slug = `offline-made-${Date.now().toString(36)}`;
  await openEventsPage(page);
  await context.setOffline(true);
  await expect(offlineStatus(page)).toBeVisible();
  await page.getByRole('button', { name: 'Add Event' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Subheading').fill('Thirty data leaders, one long table');
  await page.getByLabel('Start date').fill('2027-05-04T18:30');
  await page.getByLabel('End date').fill('2027-05-04T22:30');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();

  // Another admin, online, gives an event of theirs the same address.
  await api.create('events', {
    title: unique('Online Summit'),
    slug,
    start_date: daysFromNow(40),
    end_date: daysFromNow(41),
  });
  await context.setOffline(false);

  await page.getByRole('button', { name: 'Sync problems (1)' }).click({ timeout: 45_000 });
  const panel = page.getByRole('dialog', { name: 'Sync problems' });
  await expect(panel.getByText(`Change refused: Event '${title}'`)).toBeVisible();
  await expect(
    panel.getByText(
      'Another record already has one of these values (an event its address, say): enter it again with another.',
    ),
  ).toBeVisible();
  const entered = panel.getByRole('table', { name: 'What you entered' });
  await expect(entered.getByRole('row', { name: /^title/i })).toContainText(title);
  await expect(entered.getByRole('row', { name: /^subheading/i })).toContainText('Thirty data leaders, one long table');
  await expect(entered.getByRole('row', { name: /^slug/i })).toContainText(slug);
});
