/**
 * Fewer IndexedDB requests for RxDB's lookups by id (a Dexie middleware for the replica's storage).
 *
 * Before RxDB writes a batch of pulled rows it looks every id up, three times over: the local
 * version, the replication's record of the server's version, and once more inside the write.
 * Dexie turns each lookup of N ids into N `get` requests, and each request costs the page and the
 * browser's storage process a round of work whether or not the row is there. A first pull asks for
 * thousands of ids that are not there yet.
 *
 * So a lookup of many ids first asks, in the same transaction, how many rows the store holds and,
 * when that is not many more than the ids looked up, which keys it holds (one request, keys only);
 * only the ids present are then read, one `get` each. Into an empty store, a lookup of 1,000 ids
 * costs two requests instead of 1,000. A small lookup, or one in a store much larger than it (a
 * later sync of a few changed rows), goes as before.
 */
import type { DBCoreGetManyRequest, DBCoreKeyRange, DBCoreTable, Dexie, Middleware, DBCore } from 'dexie';

/** Lookups of fewer ids go straight to `get` requests: the two extra requests would not pay. */
export const MIN_IDS = 16;
/** Keys listed per id looked up, at most: listing a key is far cheaper than a request, but not free. */
export const KEYS_PER_ID = 32;

/** Every key of an index (Dexie's own `AnyRange`; its range type is a `const enum`). */
const ANY_KEY: DBCoreKeyRange = { type: 3 as DBCoreKeyRange['type'], lower: -Infinity, upper: [[]] };

function withFewerLookups(table: DBCoreTable): DBCoreTable {
  const everyKey = { index: table.schema.primaryKey, range: ANY_KEY };
  return {
    ...table,
    async getMany(request: DBCoreGetManyRequest): Promise<unknown[]> {
      const { keys, trans } = request;
      if (keys.length < MIN_IDS || table.schema.primaryKey.compound) return table.getMany(request);
      const stored = await table.count({ trans, query: everyKey });
      if (stored > keys.length * KEYS_PER_ID) return table.getMany(request);
      const held =
        stored === 0 ? new Set() : new Set((await table.query({ trans, values: false, query: everyKey })).result);
      const present = keys.filter((key) => held.has(key));
      const rows = present.length === 0 ? [] : await table.getMany({ ...request, keys: present });
      const byKey = new Map(present.map((key, i) => [key, rows[i]]));
      return keys.map((key) => byKey.get(key));
    },
  };
}

const fewerLookups: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'fewer-key-lookups',
  create: (down) => ({ ...down, table: (name) => withFewerLookups(down.table(name)) }),
};

/** For `getRxStorageDexie({ onCreate })`: adds the middleware to each database RxDB opens. */
export function useFewerKeyLookups(db: Dexie): void {
  db.use(fewerLookups);
}
