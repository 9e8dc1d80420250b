/**
 * An admin's local replica holds personal data (attendee e-mails): signing out wipes it from the
 * browser once nothing waits to sync, so a shared device keeps no copy.
 */
import type { Page } from '@playwright/test';
import { SCHEMA_VERSIONS } from '../../sync/schema/rx-schemas.ts';
import { expect, test, unique } from './support/fixtures.ts';
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

test('signing out of the back office removes the admin replica from the browser', async ({ page }) => {
  await signInAsAdmin(page);
  await waitForAdminReplica(page);
  expect(await adminAttendeeDocuments(page)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => adminAttendeeDocuments(page), { timeout: 20_000 }).toBe(0);
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

test("a second admin on the same device neither sees nor sends the first admin's unsynced change; it goes out when its admin is back", async ({
  page,
  context,
  api,
}) => {
  test.slow();
  const other = { email: `${unique('second').replace(' ', '-')}@example.com`, password: 'second-password' };
  expect((await api.admin.functions.invoke('create-admin', { body: other })).error).toBeNull();
  const event = await api.create('events', {
    title: unique('Shared Device Summit'),
    start_date: '2047-06-10T08:00:00Z',
    end_date: '2047-06-10T16:00:00Z',
  });
  const title = String(event.title);
  const renamed = `${title} (renamed offline)`;
  const titleOnServer = async () =>
    ((await api.admin.from('events').select('title').eq('id', event.id).single()).data as { title: string }).title;

  await signInAsAdmin(page);
  await page.goto('/admin/events');
  await waitForAdminReplica(page);
  await context.setOffline(true);
  try {
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByLabel('Title').fill(renamed);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 change waiting' })).toBeVisible();
    // Signed out with the change still waiting: it stays on the device.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeHidden();
  await page.waitForLoadState('load');

  await signInAs(page, other);
  await page.goto('/admin/events');
  await waitForAdminReplica(page);
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${renamed}` })).toHaveCount(0);
  expect(await titleOnServer()).toBe(title);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  // Back on the device, the first admin's change goes out.
  await signInAsAdmin(page);
  await expect.poll(titleOnServer, { timeout: 30_000 }).toBe(renamed);
});
