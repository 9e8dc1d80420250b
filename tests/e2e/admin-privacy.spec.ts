/**
 * An admin's local replica holds personal data (attendee e-mails): signing out wipes it from the
 * browser once nothing waits to sync, so a shared device keeps no copy.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { SCHEMA_VERSIONS } from '../../sync/schema/rx-schemas.ts';
import { expect, test, unique, type Api } from './support/fixtures.ts';
import { signInAs, signInAsAdmin, waitForAdminReplica } from './support/admin.ts';

/** Documents kept in the admin replica's attendee store (RxDB on Dexie: one IndexedDB per collection). */
function adminAttendeeDocuments(page: Page): Promise<number> {
  const store = `rxdb-dexie-cdo-admin--${SCHEMA_VERSIONS.attendees.version}--attendees`;
  return page.evaluate(async (store) => {
    const name = (await indexedDB.databases()).find((db) => db.name === store)?.name;
    if (!name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('docs')) return 0;
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction('docs').objectStore('docs').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

/** The databases of the admin replica `name` left in the browser (RxDB's Dexie storage and the engine's). */
function replicaDatabases(page: Page, name = 'cdo-admin'): Promise<string[]> {
  return page.evaluate(
    async (name) =>
      (await indexedDB.databases())
        .map((db) => db.name ?? '')
        .filter((db) => db.startsWith(`rxdb-dexie-${name}--`) || db === `${name}-meta`),
    name,
  );
}

test('signing out of the back office removes the admin replica from the browser', async ({ page }) => {
  await signInAsAdmin(page);
  await waitForAdminReplica(page);
  expect(await adminAttendeeDocuments(page)).toBeGreaterThan(0);
  expect(await replicaDatabases(page)).not.toEqual([]);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => adminAttendeeDocuments(page), { timeout: 20_000 }).toBe(0);
  // Not even an empty database is left named after the replica.
  await expect.poll(() => replicaDatabases(page)).toEqual([]);
});

test('an admin whose role was taken away finds no admin replica left on the device at the next visit', async ({
  page,
  api,
}) => {
  const credentials = { email: `${unique('leaving').replace(' ', '-')}@example.com`, password: 'leaving-password' };
  const created = await api.admin.functions.invoke('create-admin', { body: credentials });
  expect(created.error).toBeNull();
  await signInAs(page, credentials);
  await waitForAdminReplica(page);
  expect(await adminAttendeeDocuments(page)).toBeGreaterThan(0);

  const { data: admins } = await api.admin.rpc('get_admin_users');
  const userId = (admins as { user_id: string; email: string }[]).find(
    (admin) => admin.email === credentials.email,
  )?.user_id;
  const removed = await api.admin.from('user_roles').delete().eq('user_id', userId!).eq('role', 'admin');
  expect(removed.error).toBeNull();

  // The device remembers the role and starts opening the admin replica before the server says no.
  await page.goto('/admin');
  await expect(
    page.getByText("You don't have admin privileges. Contact an administrator to grant access."),
  ).toBeVisible();
  await expect.poll(() => adminAttendeeDocuments(page), { timeout: 20_000 }).toBe(0);
});

/** Renames an event while offline, then signs out with that change still waiting: it stays on the device. */
async function renameOfflineAndSignOut(page: Page, context: BrowserContext, title: string, renamed: string) {
  await page.goto('/admin/events');
  await waitForAdminReplica(page);
  await context.setOffline(true);
  try {
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByLabel('Title').fill(renamed);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 change waiting' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeHidden();
  await page.waitForLoadState('load');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function secondAdmin(api: Api) {
  const other = { email: `${unique('second').replace(' ', '-')}@example.com`, password: 'second-password' };
  expect((await api.admin.functions.invoke('create-admin', { body: other })).error).toBeNull();
  return other;
}

async function eventTitled(api: Api, title: string) {
  const event = await api.create('events', {
    title,
    start_date: '2047-06-10T08:00:00Z',
    end_date: '2047-06-10T16:00:00Z',
  });
  const onServer = async () =>
    ((await api.admin.from('events').select('title').eq('id', event.id).single()).data as { title: string }).title;
  return onServer;
}

test("a second admin on the same device neither sees nor sends the first admin's unsynced change; it goes out when its admin is back", async ({
  page,
  context,
  api,
}) => {
  test.slow();
  const other = await secondAdmin(api);
  const title = unique('Shared Device Summit');
  const renamed = `${title} (renamed offline)`;
  const titleOnServer = await eventTitled(api, title);

  await signInAsAdmin(page);
  await renameOfflineAndSignOut(page, context, title, renamed);

  await signInAs(page, other);
  await page.goto('/admin/events');
  await waitForAdminReplica(page);
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${renamed}` })).toHaveCount(0);
  expect(await titleOnServer()).toBe(title);
  await signOut(page);

  // Back on the device, the first admin's change goes out.
  await signInAsAdmin(page);
  await expect.poll(titleOnServer, { timeout: 30_000 }).toBe(renamed);
});

test("the second admin's change kept on the device goes out when they are back, after the first admin's data was wiped", async ({
  page,
  context,
  api,
}) => {
  test.slow();
  const other = await secondAdmin(api);
  const first = unique('Shared Device Forum');
  const second = unique('Shared Device Dinner');
  const firstOnServer = await eventTitled(api, first);
  const secondOnServer = await eventTitled(api, second);

  // The first admin keeps the device's plain replica (a change waits in it); the second gets their own.
  await signInAsAdmin(page);
  await renameOfflineAndSignOut(page, context, first, `${first} (first admin)`);
  await signInAs(page, other);
  await renameOfflineAndSignOut(page, context, second, `${second} (second admin)`);
  expect(await secondOnServer()).toBe(second);

  // The first admin's change goes out, and signing out with nothing waiting wipes their replica.
  await signInAsAdmin(page);
  await expect.poll(firstOnServer, { timeout: 30_000 }).toBe(`${first} (first admin)`);
  await page.goto('/admin/events');
  await waitForAdminReplica(page);
  await signOut(page);
  await expect.poll(() => adminAttendeeDocuments(page)).toBe(0);

  // The second admin is back on their own replica, with the change that waited in it.
  await signInAs(page, other);
  await expect.poll(secondOnServer, { timeout: 30_000 }).toBe(`${second} (second admin)`);
});
