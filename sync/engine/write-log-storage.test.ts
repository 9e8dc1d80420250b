/**
 * The visitor's replica storage: documents in memory, each write kept as one IndexedDB record, read
 * back by a later open, shared with the other tabs, refused whole when it cannot be kept.
 */
import 'fake-indexeddb/auto';
import { normalizeMangoQuery, prepareQuery, type RxStorage } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestInstance, type TestDoc, type TestInstance } from './storage-test-documents.ts';
import { COMPACT_AFTER, getRxStorageWriteLog, logDatabaseName } from './write-log-storage.ts';

const opened: TestInstance[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((instance) => instance.close()));
});

/** A storage as one tab (or worker) has it: its own copy in memory. */
function tab(): RxStorage<unknown, unknown> {
  return getRxStorageWriteLog() as unknown as RxStorage<unknown, unknown>;
}

async function open(storage: RxStorage<unknown, unknown>, name: string, multiInstance = false) {
  const instance = await openTestInstance(storage, name, multiInstance);
  opened.push(instance);
  return instance;
}

let lwt = 1_000;
function doc(id: string, n: number, rev = '1-a') {
  lwt += 1;
  return { id, n, _deleted: false, _rev: rev, _attachments: {}, _meta: { lwt } };
}

/** The records of a collection's log (its IndexedDB database). */
async function records(name: string): Promise<{ docs: TestDoc[] }[]> {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(logDatabaseName(name, 'docs', 0));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    return await new Promise((resolve, reject) => {
      const request = database.transaction('writes').objectStore('writes').getAll();
      request.onsuccess = () => resolve(request.result as { docs: TestDoc[] }[]);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

async function everything(instance: TestInstance): Promise<{ id: string; n: number }[]> {
  const query = prepareQuery(
    instance.schema,
    normalizeMangoQuery(instance.schema, { selector: {}, sort: [{ id: 'asc' }] }),
  );
  const { documents } = await instance.query(query);
  return documents.map(({ id, n }) => ({ id, n }));
}

describe('the write-log storage', () => {
  it('keeps each write as one record, and a later open reads the latest version of each document', async () => {
    const name = `log-${Math.random()}`;
    const first = await open(tab(), name);
    const written = [doc('a', 1), doc('b', 2), doc('c', 3)];
    expect(
      (
        await first.bulkWrite(
          written.map((document) => ({ document })),
          'test',
        )
      ).error,
    ).toEqual([]);
    const [b] = await first.findDocumentsById(['b'], false);
    await first.bulkWrite([{ previous: b!, document: doc('b', 20, '2-a') }], 'test');
    expect((await records(name)).map((record) => record.docs.length)).toEqual([3, 1]);
    await first.close();

    const later = await open(tab(), name);
    expect(await everything(later)).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 20 },
      { id: 'c', n: 3 },
    ]);
  });

  it('keeps nothing of a write that conflicts, and answers it as RxDB storages do', async () => {
    const name = `log-${Math.random()}`;
    const instance = await open(tab(), name);
    await instance.bulkWrite([{ document: doc('a', 1) }], 'test');
    const answer = await instance.bulkWrite([{ document: doc('a', 2) }], 'test');
    expect(answer.error.map((error) => [error.documentId, error.status])).toEqual([['a', 409]]);
    expect(await records(name)).toHaveLength(1);
    expect(await everything(instance)).toEqual([{ id: 'a', n: 1 }]);
  });

  it('takes nothing of a write it cannot keep: the write fails and readers see what was there', async () => {
    const name = `log-${Math.random()}`;
    const instance = await open(tab(), name);
    const seen: unknown[] = [];
    const subscription = instance.changeStream().subscribe((bulk) => seen.push(...bulk.events));
    // A value IndexedDB cannot store, as a full device refuses any: the record is not kept.
    const unkeepable = { ...doc('a', 1), n: (() => 1) as unknown as number };
    await expect(instance.bulkWrite([{ document: unkeepable }], 'test')).rejects.toThrow();
    subscription.unsubscribe();
    expect(seen).toEqual([]);
    expect(await instance.findDocumentsById(['a'], true)).toEqual([]);
    expect(await records(name)).toEqual([]);
  });

  it("shows another tab's writes to this tab's queries and change stream", async () => {
    const name = `log-${Math.random()}`;
    const leader = await open(tab(), name, true);
    const other = await open(tab(), name, true);
    const heard: string[] = [];
    const subscription = other.changeStream().subscribe((bulk) => heard.push(...bulk.events.map((e) => e.documentId)));
    await leader.bulkWrite([{ document: doc('a', 1) }, { document: doc('b', 2) }], 'test');
    await expect
      .poll(() => everything(other))
      .toEqual([
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
      ]);
    const [a] = await leader.findDocumentsById(['a'], false);
    await leader.bulkWrite([{ previous: a!, document: doc('a', 10, '2-a') }], 'test');
    await expect
      .poll(() => everything(other))
      .toEqual([
        { id: 'a', n: 10 },
        { id: 'b', n: 2 },
      ]);
    subscription.unsubscribe();
    expect(heard).toEqual(['a', 'b', 'a']);
    // The other tab keeps nothing of what it heard: the leader kept it.
    expect(await records(name)).toHaveLength(2);
  });

  it('rewrites a long log as pages when a tab opens it, losing nothing', async () => {
    const name = `log-${Math.random()}`;
    const writer = await open(tab(), name);
    for (let i = 0; i <= COMPACT_AFTER; i += 1) {
      await writer.bulkWrite([{ document: doc(`doc-${String(i).padStart(3, '0')}`, i) }], 'test');
    }
    const [first] = await writer.findDocumentsById(['doc-000'], false);
    await writer.bulkWrite([{ previous: first!, document: doc('doc-000', -1, '2-a') }], 'test');
    await writer.close();
    expect(await records(name)).toHaveLength(COMPACT_AFTER + 2);

    const reader = await open(tab(), name);
    const all = await everything(reader);
    expect(all).toHaveLength(COMPACT_AFTER + 1);
    expect(all[0]).toEqual({ id: 'doc-000', n: -1 });
    expect((await records(name)).map((record) => record.docs.length)).toEqual([COMPACT_AFTER + 1]);
    await reader.bulkWrite([{ document: doc('doc-999', 999) }], 'test');
    await reader.close();
    expect(await everything(await open(tab(), name))).toHaveLength(COMPACT_AFTER + 2);
  });
});
