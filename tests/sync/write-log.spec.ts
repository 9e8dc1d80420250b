/**
 * The visitor's replica keeps its writes as a log in IndexedDB and its documents in each tab's
 * memory (docs/decisions/039-a-write-log-for-the-visitors-replica.md): tabs of one browser see the
 * same rows, and a replica the Dexie storage kept before is left for a full pull.
 */
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_TABLES } from './support/driver.ts';

const counts = (client: { call(method: 'count', table: (typeof PUBLIC_TABLES)[number]): Promise<number> }) =>
  Promise.all(PUBLIC_TABLES.map((table) => client.call('count', table)));

test('two tabs of a visitor: only one pulls, both hold every row and each change, and the other takes over when it closes', async ({
  openClient,
  openTab,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const first = await openClient({ mode: 'public' });
  await first.call('awaitInitialPull', PUBLIC_TABLES);
  const second = await openTab(first);
  await second.call('awaitInitialPull', PUBLIC_TABLES);
  expect(await first.call('isLeader')).toBe(true);
  expect(await second.call('isLeader')).toBe(false);
  expect(await counts(second)).toEqual(await counts(first));

  const before = second.restRequests.length;
  await backend.update('events', id, { location: 'Changed on the server' });
  await second.waitForDoc('events', id, (doc) => doc.location === 'Changed on the server');
  await first.waitForDoc('events', id, (doc) => doc.location === 'Changed on the server');
  expect(second.restRequests.slice(before)).toEqual([]);

  await first.page.close();
  await expect.poll(() => second.call('isLeader'), { timeout: 15_000 }).toBe(true);
  await backend.update('events', id, { location: 'After the first tab closed' });
  await second.waitForDoc('events', id, (doc) => doc.location === 'After the first tab closed');
  // A third tab opened now reads the log the two tabs kept: the same rows, the latest version.
  const third = await openTab(second);
  expect(await counts(third)).toEqual(await counts(second));
  expect(await third.call('get', 'events', id)).toMatchObject({ location: 'After the first tab closed' });
});

test("a visitor's replica the Dexie storage kept is left: its databases deleted, its tables pulled in full before they count as pulled", async ({
  openClient,
}) => {
  const visitor = await openClient({ mode: 'public' });
  await visitor.call('awaitInitialPull', PUBLIC_TABLES);
  const pulled = await counts(visitor);
  await visitor.call('close');

  // The device as the build before kept it: the same flags in the side database, the rows in
  // RxDB's Dexie databases, no write log.
  const name = visitor.options.name;
  await visitor.page.evaluate(async (name) => {
    const done = (request: IDBRequest | IDBOpenDBRequest) =>
      new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    for (const { name: database } of await indexedDB.databases()) {
      if (database?.startsWith(`rxdb-log-${name}--`)) await done(indexedDB.deleteDatabase(database));
    }
    const request = indexedDB.open(`rxdb-dexie-${name}--4--events`);
    request.onupgradeneeded = () => request.result.createObjectStore('docs', { keyPath: 'id' });
    ((await done(request)) as IDBDatabase).close();
  }, name);

  const sentBefore = visitor.restRequests.length;
  const { harnessUrl: _h, clockOffsetMs: _c, ...options } = visitor.options;
  await visitor.call('open', options);
  await visitor.call('awaitInitialPull', PUBLIC_TABLES);
  expect(await counts(visitor)).toEqual(pulled);
  const databases = await visitor.page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  expect(databases.filter((database) => database?.startsWith(`rxdb-dexie-${name}--`))).toEqual([]);
  // Every table pulled from the start (no checkpoint: `or=` filters rows after one).
  const firstPulls = visitor.restRequests
    .slice(sentBefore)
    .filter((request) => request.startsWith('GET ') && request.includes('order=_modified') && !request.includes('or='));
  for (const table of PUBLIC_TABLES)
    expect(firstPulls.some((request) => request.includes(`/rest/v1/${table}?`))).toBe(true);
});
