/**
 * RxDB's databases without Dexie's live-query bookkeeping (a change to each database the replica's
 * storage opens).
 *
 * For its live queries, Dexie 4 notes the keys every write touches and, when a write transaction
 * commits, tells every live query in this realm and, over a BroadcastChannel, every other tab and
 * worker of the site that runs Dexie; it also keeps each table's writes in flight, to show them to
 * live queries before they commit. RxDB reads its storage with queries of its own and tells other
 * tabs of its changes itself: no live query ever reads these databases. A first pull writes
 * thousands of rows in hundreds of transactions, and each one cost that bookkeeping and a message
 * to every other open tab, for no one.
 *
 * The replica's side database (meta-store.ts) is not one of these: its lists are live queries.
 */
import type { Dexie } from 'dexie';

/** For `getRxStorageDexie({ onCreate })`: takes the live-query middlewares out of a database. */
export function withoutLiveQueries(db: Dexie): void {
  db.unuse({ stack: 'dbcore', name: 'Observability' });
  db.unuse({ stack: 'dbcore', name: 'Cache' });
}
