/**
 * A page put into the back-forward cache holds no IndexedDB transaction or connection
 * (src/data/release-storage-on-page-hide.ts): in WebKit one frozen there never ends, and every later
 * open of that database waits behind it. The browser's own freezing cannot be ordered here, so the
 * page is told it is being cached as the browser tells it: `pagehide` with `persisted`.
 */
import { expect, test } from './support/fixtures.ts';

test('a page going into the back-forward cache ends its IndexedDB work, and one brought back is loaded afresh', async ({
  page,
}) => {
  await page.goto('/');
  const outcome = await page.evaluate(async () => {
    const name = `bfcache-${Math.random().toString(36).slice(2)}`;
    const opened = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('rows');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    // A write still running when the page is frozen.
    const writing = opened.transaction('rows', 'readwrite');
    writing.objectStore('rows').put('unconfirmed', 'key');
    const ended = new Promise<string>((resolve) => {
      writing.oncomplete = () => resolve('complete');
      writing.onabort = () => resolve('aborted');
    });
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    const transaction = await ended;
    // The connection is closed: a newer version opens without waiting for it to close.
    const upgrade = await new Promise<string>((resolve) => {
      const request = indexedDB.open(name, 2);
      request.onblocked = () => resolve('blocked');
      request.onsuccess = () => {
        const rows = request.result.transaction('rows').objectStore('rows').get('key');
        rows.onsuccess = () => {
          request.result.close();
          resolve(rows.result === undefined ? 'opened, nothing written' : 'opened, written');
        };
      };
    });
    indexedDB.deleteDatabase(name);
    return { transaction, upgrade };
  });
  expect(outcome).toEqual({ transaction: 'aborted', upgrade: 'opened, nothing written' });

  // Brought back from the cache with its connections closed, the page loads again.
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await reloaded;
  await expect(page.locator('#events')).toBeVisible();
});

test('a page going into the back-forward cache lets go of the Web Locks it holds, so the next page can take them', async ({
  page,
}) => {
  await page.goto('/');
  const outcome = await page.evaluate(async () => {
    const name = `bfcache-lock-${Math.random().toString(36).slice(2)}`;
    // Held for good, as the replica's leader election holds its lock while the replica is open.
    await new Promise<void>((granted) => {
      void navigator.locks.request(name, () => {
        granted();
        return new Promise(() => undefined);
      });
    });
    const free = () => navigator.locks.request(name, { ifAvailable: true }, (lock) => lock !== null);
    const before = await free();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    // A lock goes once the promise its holder returned has settled: after this task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const after = await free();
    return { before, after };
  });
  expect(outcome).toEqual({ before: false, after: true });
});
