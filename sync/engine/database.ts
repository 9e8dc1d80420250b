/**
 * Opens the replica: an RxDB database on IndexedDB (Dexie storage), shared by the tabs of this browser
 * (`multiInstance`: they see each other's writes over BroadcastChannel), with one collection per
 * replicated table. A public replica's collections refuse local writes.
 */
import { addRxPlugin, createRxDatabase, deepEqual, type RxCollection, type RxConflictHandler } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { collectionSchema, migrationStrategies } from '../schema/rx-schemas.ts';
import { tablesOf, type TableName } from '../schema/types.ts';
import { withPagedChanges } from './changed-since.ts';
import { useFewerKeyLookups } from './key-lookups.ts';
import type { SyncCollections, SyncDatabase } from './types.ts';

export type AnyDoc = Record<string, unknown>;

/** Document state without RxDB's bookkeeping, for comparisons. */
export function documentState(doc: AnyDoc): AnyDoc {
  const { _meta: _m, _rev: _r, _attachments: _a, ...rest } = doc;
  return { ...rest, _deleted: Boolean(rest._deleted) };
}

/**
 * The stamp of the newest version of a document that a write of ours made on the server (this
 * session), if any; documents' `modified` stamps sort as text in time order.
 */
export type OwnStamp = (table: TableName, id: string) => string | undefined;

/**
 * The server's version always wins the row (losing local versions are kept by the push handler,
 * which knows why a write lost). Equality is exact, `modified` included, so a newer server stamp is
 * always taken over.
 *
 * One exception, when RxDB asks whether a local document still differs from the server's version it
 * knows (`upstream-check-if-equal`, and the pending count's `pending`): a document equal to that
 * version is not taken as sent when a write of ours has since put a newer version on the server.
 * That happens when an edit goes back to what it was while the edit before it is still being sent
 * (approved by mistake, then set back to waitlisted): the server takes the first, RxDB cannot store
 * the server's answer over the newer local edit, and its known version stays the old one, equal to
 * the edit back, which was then never sent.
 */
function conflictHandlerOf(table: TableName, ownStamp: OwnStamp): RxConflictHandler<AnyDoc> {
  return {
    isEqual: (a, b, context) => {
      if (!deepEqual(documentState(a), documentState(b))) return false;
      if (context !== 'upstream-check-if-equal' && context !== 'pending') return true;
      const own = ownStamp(table, String(b.id));
      return own === undefined || typeof a.modified !== 'string' || own <= a.modified;
    },
    resolve: async (input) => input.realMasterState,
  };
}

let pluginsAdded = false;
function addPlugins(): void {
  if (pluginsAdded) return;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  pluginsAdded = true;
}

export interface Replica {
  db: SyncDatabase;
  collections: SyncCollections;
  /** A collection typed loosely, for code that works on every table alike. */
  anyCollection(table: TableName): RxCollection<AnyDoc>;
  /**
   * Inserts rows kept apart from the replica into a table (engine/kept-rows.ts), the one write a
   * public replica takes besides its pulls; ids it holds already are left as they are.
   */
  insertKeptRows(table: TableName, docs: AnyDoc[]): Promise<void>;
}

/**
 * Opens (or creates, or migrates) the database `name` with a collection per table of its mode: the
 * public tables, and for an admin the admin-only ones too (`tablesOf`).
 */
export async function openReplica(
  name: string,
  mode: 'public' | 'admin',
  ownStamp: OwnStamp = () => undefined,
): Promise<Replica> {
  addPlugins();
  const db: SyncDatabase = await createRxDatabase<SyncCollections>({
    name,
    storage: withPagedChanges(getRxStorageDexie({ onCreate: useFewerKeyLookups })),
    multiInstance: true,
    eventReduce: true,
  });
  let collections: SyncCollections;
  try {
    collections = (await db.addCollections(
      Object.fromEntries(
        tablesOf(mode).map((table) => [
          table,
          {
            schema: collectionSchema(table),
            migrationStrategies: migrationStrategies(table),
            conflictHandler: conflictHandlerOf(table, ownStamp),
          },
        ]),
      ),
    )) as unknown as SyncCollections;
  } catch (error) {
    // A schema RxDB refuses (DB6: changed without a version bump) or too many open collections.
    await db.close();
    throw error;
  }
  const anyCollection = (table: TableName) => collections[table] as unknown as RxCollection<AnyDoc>;
  /** Inserts of kept rows under way (kept-rows.ts): the one write a public replica takes besides its pulls. */
  let keptRowInserts = 0;
  if (mode === 'public') {
    const readOnly = () => {
      throw new Error('The public replica is read-only: writes go through an admin engine');
    };
    const keptRowsOnly = () => {
      if (keptRowInserts === 0) readOnly();
    };
    for (const table of tablesOf(mode)) {
      const collection = anyCollection(table);
      collection.preInsert(keptRowsOnly, false);
      collection.preSave(readOnly, false);
      collection.preRemove(readOnly, false);
    }
  }
  async function insertKeptRows(table: TableName, docs: AnyDoc[]): Promise<void> {
    keptRowInserts += 1;
    try {
      await anyCollection(table).bulkInsert(docs);
    } finally {
      keptRowInserts -= 1;
    }
  }
  return { db, collections, anyCollection, insertKeptRows };
}
