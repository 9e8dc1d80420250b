/**
 * An admin's local replica holds personal data (attendee e-mails): signing out wipes it from the
 * browser once nothing waits to sync, so a shared device keeps no copy.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin, waitForAdminReplica } from './support/admin.ts';

/** Documents kept in the admin replica's attendee store (RxDB on Dexie: one IndexedDB per collection). */
function adminAttendeeDocuments(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((db) => db.name === 'rxdb-dexie-cdo-admin--0--attendees')?.name;
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
  });
}

test('signing out of the back office removes the admin replica from the browser', async ({ page }) => {
  await signInAsAdmin(page);
  await waitForAdminReplica(page);
  expect(await adminAttendeeDocuments(page)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => adminAttendeeDocuments(page), { timeout: 20_000 }).toBe(0);
});
