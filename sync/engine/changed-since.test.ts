/**
 * Pages of changed documents from the index: the same pages as RxDB's own query gives; and the
 * cleanup of old deletions without the index of the write time alone.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getChangedDocumentsSince, type DexieStorageInternals, type RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { withPagedChanges, withoutWriteTimeOnlyIndex } from './changed-since.ts';
import { openTestInstance, type TestInstance } from './storage-test-documents.ts';

const opened: TestInstance[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((instance) => instance.remove()));
});

/** A storage instance holding, in three bulk writes, 300 documents written at one time, then 7 more, then 4. */
async function filled(storage: RxStorage<unknown, unknown>): Promise<TestInstance> {
  const instance = await openTestInstance(storage, `changes-${Math.random()}`);
  opened.push(instance);
  const bulk = (lwt: number, from: number, count: number) =>
    instance.bulkWrite(
      Array.from({ length: count }, (_, i) => ({
        document: {
          // Ids in an order of their own, not the order written.
          id: `doc-${String(((from + i) * 7919) % 1000).padStart(4, '0')}-${from + i}`,
          n: from + i,
          _deleted: (from + i) % 10 === 0,
          _rev: '1-a',
          _attachments: {},
          _meta: { lwt },
        },
      })),
      'test',
    );
  await bulk(1_000, 0, 300);
  await bulk(2_000.01, 300, 7);
  await bulk(3_000.02, 307, 4);
  return instance;
}

/** Every page from the start, as the push side asks for them. */
async function pages(instance: TestInstance, limit: number) {
  const seen: { ids: string[]; checkpoint: unknown }[] = [];
  let checkpoint: { lwt: number; id: string } | undefined;
  for (;;) {
    const page = await getChangedDocumentsSince(instance, limit, checkpoint);
    if (page.documents.length === 0) return seen;
    seen.push({ ids: page.documents.map((doc) => doc.id), checkpoint: page.checkpoint });
    checkpoint = page.checkpoint;
  }
}

describe('documents written since a checkpoint', () => {
  const settings = { indexedDB, IDBKeyRange };

  it('come in the pages RxDB gives, deleted ones included, across documents sharing a write time', async () => {
    const theirs = await filled(getRxStorageDexie(settings) as RxStorage<unknown, unknown>);
    const ours = await filled(withPagedChanges(getRxStorageDexie(settings)) as RxStorage<unknown, unknown>);
    expect(ours.getChangedDocumentsSince).toBeTypeOf('function');
    expect(theirs.getChangedDocumentsSince).toBeUndefined();

    const expected = await pages(theirs, 25);
    expect(expected.flatMap((page) => page.ids)).toHaveLength(311);
    expect(await pages(ours, 25)).toEqual(expected);
    expect(await pages(ours, 1000)).toEqual(await pages(theirs, 1000));
  });

  it('answer documents as the storage keeps them, and nothing past the last one', async () => {
    const ours = await filled(withPagedChanges(getRxStorageDexie(settings)) as RxStorage<unknown, unknown>);
    const all = await pages(ours, 400);
    const last = all.at(-1)!.checkpoint as { lwt: number; id: string };
    expect(last.lwt).toBe(3_000.02);
    const after = await getChangedDocumentsSince(ours, 25, last);
    expect(after).toEqual({ documents: [], checkpoint: last });
    const [first] = (await getChangedDocumentsSince(ours, 1, undefined)).documents;
    expect(first).toMatchObject({ _meta: { lwt: 1_000 }, _rev: '1-a' });
    expect(typeof first!._deleted).toBe('boolean');
  });
});

describe('old deletions cleaned up without the index of the write time alone', () => {
  const settings = { indexedDB, IDBKeyRange };
  const lean = () =>
    withPagedChanges(getRxStorageDexie({ ...settings, onCreate: withoutWriteTimeOnlyIndex })) as RxStorage<
      unknown,
      unknown
    >;

  /** The indexes IndexedDB keeps on an instance's documents. */
  async function indexNames(instance: TestInstance): Promise<string[]> {
    const { dexieDb } = await (instance as unknown as { internals: Promise<DexieStorageInternals> }).internals;
    return [...dexieDb.backendDB().transaction('docs').objectStore('docs').indexNames].sort();
  }

  /** Adds a document deleted just now, and returns what a cleanup of deletions older than a minute leaves. */
  async function cleanedUp(instance: TestInstance): Promise<string[]> {
    await instance.bulkWrite(
      [{ document: { id: 'fresh', n: -1, _deleted: true, _rev: '1-a', _attachments: {}, _meta: { lwt: Date.now() } } }],
      'test',
    );
    await instance.cleanup(60_000);
    const left = await instance.findDocumentsById(
      Array.from({ length: 311 }, (_, n) => `doc-${String((n * 7919) % 1000).padStart(4, '0')}-${n}`).concat('fresh'),
      true,
    );
    return left.map((doc) => doc.id).sort();
  }

  it('keeps every other index, the one of write time and id included', async () => {
    const theirs = await filled(getRxStorageDexie(settings) as RxStorage<unknown, unknown>);
    const ours = await filled(lean());
    const expected = (await indexNames(theirs)).filter((name) => name !== '_meta.lwt');
    expect(expected).toContain('[_meta.lwt+id]');
    expect(await indexNames(ours)).toEqual(expected);
  });

  it('removes the deletions RxDB would, and keeps live documents and recent deletions', async () => {
    const expected = await cleanedUp(await filled(getRxStorageDexie(settings) as RxStorage<unknown, unknown>));
    expect(expected).toHaveLength(311 - 32 + 1);
    expect(expected).toContain('fresh');
    expect(await cleanedUp(await filled(lean()))).toEqual(expected);
  });
});
