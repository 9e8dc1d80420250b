/** Lookups by id through the middleware: the same answers as Dexie's, with fewer `get` requests. */
import { Dexie } from 'dexie';
import { IDBKeyRange, IDBObjectStore, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS_PER_ID, MIN_IDS, useFewerKeyLookups } from './key-lookups.ts';

interface Row {
  id: string;
  n: number;
}

const row = (n: number): Row => ({ id: `row-${String(n).padStart(6, '0')}`, n });
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => row(from + i).id);

let db: Dexie & { docs: Dexie.Table<Row, string> };
let gets: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  db = new Dexie(`lookups-${Math.random()}`, { indexedDB, IDBKeyRange }) as typeof db;
  db.version(1).stores({ docs: 'id' });
  useFewerKeyLookups(db);
  await db.open();
  gets = vi.spyOn(IDBObjectStore.prototype, 'get');
});

afterEach(async () => {
  gets.mockRestore();
  await db.delete();
});

describe('a lookup of many ids', () => {
  it('in an empty store answers with nothing and reads no row', async () => {
    const wanted = ids(0, 1000);
    expect(await db.docs.bulkGet(wanted)).toEqual(wanted.map(() => undefined));
    expect(gets).not.toHaveBeenCalled();
  });

  it('reads only the rows the store holds, and answers each id in its place', async () => {
    await db.docs.bulkPut([row(3), row(40), row(41)]);
    const wanted = [...ids(0, 50), row(40).id];
    const found = await db.docs.bulkGet(wanted);
    expect(found).toEqual(wanted.map((id) => [row(3), row(40), row(41), row(40)].find((r) => r.id === id)));
    expect(gets).toHaveBeenCalledTimes(4);
  });

  it('in a store far larger than the lookup reads each id, as Dexie does', async () => {
    await db.docs.bulkPut(Array.from({ length: MIN_IDS * KEYS_PER_ID + 1 }, (_, i) => row(i)));
    const wanted = [...ids(10, MIN_IDS - 1), 'not-there'];
    const found = await db.docs.bulkGet(wanted);
    expect(found).toEqual([...ids(10, MIN_IDS - 1).map((_, i) => row(10 + i)), undefined]);
    expect(gets).toHaveBeenCalledTimes(MIN_IDS);
  });
});

it('a lookup of a few ids reads each one', async () => {
  await db.docs.bulkPut([row(1)]);
  expect(await db.docs.bulkGet(ids(0, 3))).toEqual([undefined, row(1), undefined]);
  expect(gets).toHaveBeenCalledTimes(3);
});
