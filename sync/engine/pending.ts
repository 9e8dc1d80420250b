/**
 * Pending changes (admins): every local write is counted, in the meta store, from the moment it is
 * made until the server has that version of the document, so the count survives a closed page and
 * is the same in every tab. Writes through the engine are counted before they are written; writes
 * made straight on a collection, from its change events a moment later. The leading tab drops an
 * entry once the server's version (RxDB's assumed master state) equals the local one.
 */
import { getAssumedMasterState, type RxCollection } from 'rxdb';
import { filter, type Subscription } from 'rxjs';
import { documentKey, type MetaStore } from '../meta-store.ts';
import { isTableName, tablesOf, type TableName } from '../schema/types.ts';
import type { AnyDoc } from './database.ts';
import { nowIso, type ProblemLog } from './problems.ts';
import type { Replications } from './replications.ts';
import type { SyncDatabase } from './types.ts';

export interface PendingChanges {
  /** Counts a document (or several) as waiting, before the write that changes it. */
  mark(table: TableName, docIds: string | readonly string[]): Promise<void>;
  /** Drops the entries whose local version the server now has (or whose document is gone). */
  reconcile(tables?: readonly TableName[]): Promise<void>;
  /** Counts writes made straight on the collections; returns the subscription to end. */
  watchLocalWrites(db: SyncDatabase): Subscription;
}

export interface PendingInput {
  mode: 'public' | 'admin';
  meta: MetaStore;
  problems: ProblemLog;
  replications: Replications;
  anyCollection(table: TableName): RxCollection<AnyDoc>;
}

export function trackPendingChanges({
  mode,
  meta,
  problems,
  replications,
  anyCollection,
}: PendingInput): PendingChanges {
  return {
    async mark(table, docIds) {
      if (mode !== 'admin') return;
      const at = nowIso();
      const records = (typeof docIds === 'string' ? [docIds] : docIds).map((docId) => ({
        key: documentKey(table, docId),
        table,
        docId,
        at,
      }));
      if (records.length > 0) await problems.guarded(() => meta.addPending(records));
    },

    async reconcile(tables = tablesOf(mode)) {
      if (mode !== 'admin') return;
      for (const table of tables) {
        const entries = await meta.pendingOf(table);
        const state = replications[table].internalReplicationState;
        if (entries.length === 0 || !state) continue;
        const ids = entries.map((entry) => entry.docId);
        const [assumed, fork] = await Promise.all([
          getAssumedMasterState(state, ids),
          anyCollection(table).storageInstance.findDocumentsById(ids, true),
        ]);
        const forkById = new Map(fork.map((doc) => [(doc as AnyDoc).id as string, doc as AnyDoc]));
        const done = entries.filter((entry) => {
          const local = forkById.get(entry.docId);
          if (!local) return true;
          const server = assumed[entry.docId];
          return server
            ? anyCollection(table).conflictHandler.isEqual(
                server.docData,
                local as AnyDoc & { _deleted: boolean },
                'pending',
              )
            : false;
        });
        if (done.length > 0) await meta.deletePending(done.map((entry) => entry.key));
      }
    },

    watchLocalWrites(db) {
      return db.eventBulks$
        .pipe(
          filter(
            (bulk) =>
              !bulk.isLocal &&
              bulk.databaseToken === db.token &&
              !!bulk.collectionName &&
              isTableName(bulk.collectionName) &&
              !bulk.context.startsWith('replication-'),
          ),
        )
        .subscribe((bulk) => {
          const table = bulk.collectionName as TableName;
          const at = nowIso();
          const records = bulk.events.map((event) => ({
            key: documentKey(table, event.documentId),
            table,
            docId: event.documentId,
            at,
          }));
          void problems.guarded(() => meta.addPending(records)).catch(problems.reportFailure);
        });
    },
  };
}
