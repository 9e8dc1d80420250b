/**
 * Opens the replica: an RxDB database on IndexedDB (Dexie storage), shared by the tabs of this browser
 * (`multiInstance`: they see each other's writes over BroadcastChannel), with one collection per
 * replicated table. A public replica's collections refuse local writes.
 */
import {
  addRxPlugin,
  createRxDatabase,
  deepEqual,
  type RxCollection,
  type RxConflictHandler,
  type RxJsonSchema,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { collectionSchema, migrationStrategies } from '../schema/rx-schemas.ts';
import { tablesOf, type SyncDoc, type TableName } from '../schema/types.ts';
import { withPagedChanges, withoutWriteTimeOnlyIndex } from './changed-since.ts';
import { useFewerKeyLookups } from './key-lookups.ts';
import { withoutLiveQueries } from './without-live-queries.ts';
import { deleteDatabase, dexieDatabasesOf } from './replica-databases.ts';
import { getRxStorageWriteLog } from './write-log-storage.ts';
import type { SyncCollections, SyncDatabase } from './types.ts';

export type AnyDoc = Record<string, unknown>;

/** Document state without RxDB's bookkeeping, for comparisons. */
export function documentState(doc: AnyDoc): AnyDoc {
  const { _meta: _m, _rev: _r, _attachments: _a, ...rest } = doc;
  return { ...rest, _deleted: Boolean(rest._deleted) };
}

/**
 * The stamp of the newest server version of a document known to hold a write of ours (this
 * session), if any; documents' `modified` stamps sort as text in time order.
 */
export type OwnStamp = (table: TableName, id: string) => string | undefined;

/**
 * The checks of whether a document still differs from the server's version RxDB knows, as it pushes
 * (`upstream-check-if-equal`), as it pulls (`downstream-check-if-equal-0`: a document that differs is
 * a local write waiting to be pushed, which a pulled row must not replace) and as the pending count
 * is reconciled (`pending`).
 */
const SENT_CHECKS: ReadonlySet<string> = new Set(['upstream-check-if-equal', 'downstream-check-if-equal-0', 'pending']);

/**
 * The server's version always wins the row (losing local versions are kept by the push handler,
 * which knows why a write lost). Equality is exact, `modified` included, so a newer server stamp is
 * always taken over.
 *
 * One exception in the checks of SENT_CHECKS: a document equal to the server version RxDB knows is
 * not taken as sent when a write of ours has since put a newer version on the server. That happens
 * when an edit goes back to what it was while the edit before it is still being sent, or before the
 * answer of a retry of it comes (approved by mistake, then set back to waitlisted): the server takes
 * the first, RxDB cannot store the server's answer over the newer local edit, and its known version
 * stays the old one, equal to the edit back, which was then never sent (or replaced by the next pull).
 *
 * And a row that comes down older than the replica's version of it (`downstream-check-if-equal-1`:
 * a realtime message that came late, such as the echo of an earlier write of ours) counts as equal,
 * so the replica keeps the newer version: written over it, the next edit would start from the older
 * one and take back what the newer one changed.
 */
function conflictHandlerOf(table: TableName, ownStamp: OwnStamp): RxConflictHandler<AnyDoc> {
  return {
    isEqual: (a, b, context) => {
      if (context === 'downstream-check-if-equal-1' && isOlder(a, b)) return true;
      if (!deepEqual(documentState(a), documentState(b))) return false;
      if (!SENT_CHECKS.has(context)) return true;
      const own = ownStamp(table, String(b.id));
      return own === undefined || typeof a.modified !== 'string' || own <= a.modified;
    },
    resolve: async (input) => input.realMasterState,
  };
}

/** Whether `a` is a version of the server's older than `b` (stamps sort as text in time order). */
function isOlder(a: AnyDoc, b: AnyDoc): boolean {
  return typeof a.modified === 'string' && typeof b.modified === 'string' && a.modified < b.modified;
}

/**
 * Documents carried over per write when a collection moves to a new schema version, the first time
 * a replica opens under it (RxDB's start takes 10: a few thousand rows and the replications' records
 * of them took seconds, in thousands of small writes).
 */
const MIGRATION_BATCH = 500;

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
  schemaOf: (table: TableName) => RxJsonSchema<SyncDoc<TableName>> = collectionSchema,
): Promise<Replica> {
  addPlugins();
  const db: SyncDatabase = await createRxDatabase<SyncCollections>({
    name,
    // A visitor's replica, written by its pulls alone, keeps a record per write; an admin's, written
    // row by row and pushed, one per document (write-log-storage.ts).
    storage:
      mode === 'public'
        ? getRxStorageWriteLog()
        : withPagedChanges(
            getRxStorageDexie({
              onCreate: (dexie) => {
                useFewerKeyLookups(dexie);
                withoutWriteTimeOnlyIndex(dexie);
                withoutLiveQueries(dexie);
              },
            }),
          ),
    multiInstance: true,
    eventReduce: true,
  });
  let collections: SyncCollections;
  try {
    collections = (await db.addCollections(
      Object.fromEntries(
        tablesOf(mode).map((table) => {
          const schema = schemaOf(table);
          return [
            table,
            {
              schema,
              migrationStrategies: migrationStrategies(table, schema.version),
              // Migrated below, in larger batches than RxDB's own start would take.
              autoMigrate: false,
              conflictHandler: conflictHandlerOf(table, ownStamp),
            },
          ];
        }),
      ),
    )) as unknown as SyncCollections;
    await Promise.all(
      tablesOf(mode).map((table) => (collections[table] as unknown as RxCollection).migratePromise(MIGRATION_BATCH)),
    );
  } catch (error) {
    // A schema RxDB refuses (DB6: changed without a version bump), too many open collections, or a
    // migration to a new schema version that failed.
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

/**
 * Removes the replica `name` from this browser: its documents, and the databases RxDB's Dexie
 * storage leaves emptied (an admin's are named after the admin).
 */
export async function removeReplica(db: SyncDatabase, name: string): Promise<void> {
  await db.remove();
  await Promise.all((await dexieDatabasesOf(name)).map(deleteDatabase));
}
