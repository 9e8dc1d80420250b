/**
 * A replica's databases tell no other tab of their writes (RxDB tells its own), and still hold what
 * was written; the side database, whose lists are live queries, still tells them.
 */
import 'fake-indexeddb/auto';
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, expect, it } from 'vitest';
import { MetaStore } from '../meta-store.ts';
import { openTestInstance } from './storage-test-documents.ts';
import { withoutLiveQueries } from './without-live-queries.ts';

/** The channel on which Dexie in every other tab and worker of the site hears of writes. */
const OTHER_TABS = 'x-storagemutated-1';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What another tab's Dexie hears: a message per write, naming the parts written (`idb://<database>/...`). */
function anotherTab(): Record<string, unknown>[] {
  const heard: Record<string, unknown>[] = [];
  const channel = new BroadcastChannel(OTHER_TABS);
  channel.onmessage = (event: MessageEvent<Record<string, unknown>>) => heard.push(event.data);
  cleanups.push(() => channel.close());
  return heard;
}

/**
 * Writes `marker` into the side database and waits until the other tab hears of it: what was sent
 * before it has arrived by then (a channel keeps the order of what one sender sends).
 */
async function heardUpTo(meta: MetaStore, heard: Record<string, unknown>[], marker: string): Promise<void> {
  await meta.setState(marker, true);
  for (let tries = 0; !heard.some((message) => JSON.stringify(message).includes(marker)); tries++) {
    if (tries > 200) throw new Error(`the side database's write of ${marker} was not heard`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const row = (n: number, lwt: number) => ({
  document: { id: `doc-${n}`, n, _deleted: false, _rev: '1-a', _attachments: {}, _meta: { lwt } },
});

it('rows written into a replica database are kept and read back, and no other tab hears of the writes; the side database is heard', async () => {
  const heard = anotherTab();
  const name = `replica-${crypto.randomUUID()}`;
  const meta = new MetaStore(name);
  cleanups.push(() => meta.remove());
  const instance = await openTestInstance(
    getRxStorageDexie({ onCreate: withoutLiveQueries }) as RxStorage<unknown, unknown>,
    name,
  );
  cleanups.push(() => instance.remove());
  // Dexie says once that the database was made (every live query must read again): not a write.
  await heardUpTo(meta, heard, 'opened');
  const before = heard.length;

  // A page of a first pull, a few rows, and one row again.
  const pages = [Array.from({ length: 120 }, (_, n) => row(n, 1_000 + n)), [row(120, 2_000), row(121, 2_001)]];
  for (const rows of pages) expect((await instance.bulkWrite(rows, 'test')).error).toEqual([]);
  const [previous] = await instance.findDocumentsById(['doc-5'], false);
  const again = { ...row(5, 3_000).document, n: 500, _rev: '2-b' };
  expect((await instance.bulkWrite([{ previous: previous!, document: again }], 'test')).error).toEqual([]);
  await heardUpTo(meta, heard, 'written');

  const read = await instance.findDocumentsById(['doc-0', 'doc-5', 'doc-121', 'doc-122'], false);
  expect(read.map((doc) => [doc.id, doc.n]).sort()).toEqual([
    ['doc-0', 0],
    ['doc-121', 121],
    ['doc-5', 500],
  ]);
  const aboutReplica = (message: Record<string, unknown>) =>
    Object.keys(message).some((part) => part.includes(name) && !part.startsWith(`idb://${name}-meta/`));
  expect(heard.slice(before).filter(aboutReplica)).toEqual([]);
});
