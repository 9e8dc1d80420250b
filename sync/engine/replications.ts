/**
 * One RxDB replication per table over supabase-js: pull by checkpoint; for admins, push with
 * optimistic concurrency, keeping every local version that lost (the conflict list) and every write
 * the server refused for good (the error list) in the meta store. Only the leading tab runs them:
 * they are made stopped, and the leading tab starts them in the order of first-pulls.ts.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { Subscription } from 'rxjs';
import { documentKey, type MetaStore } from '../meta-store.ts';
import type { PullCheckpoint } from '../replication/checkpoint.ts';
import { liveRowWriter, type LiveRow } from '../replication/live-rows.ts';
import { SyncRequestError, isQuotaError } from '../replication/errors.ts';
import { LINK_TABLES, createPullHandler, pulledColumns } from '../replication/pull.ts';
import { createPushHandler, type LostEdit, type RefusedWrite } from '../replication/push.ts';
import { SCHEMA_VERSIONS } from '../schema/rx-schemas.ts';
import { isTableName, tablesOf, type SyncDoc, type TableName } from '../schema/types.ts';
import { nowIso, type ProblemLog } from './problems.ts';
import type { SyncCollections, SyncEngineOptions } from './types.ts';

/** The most rows the table API answers at once: a table of up to this many rows pulls in one request. */
export const DEFAULT_PULL_BATCH_SIZE = 1000;

/**
 * Documents per push cycle. RxDB hands a cycle's batches to the push handler all at once, and a
 * batch that fails is tried again after the next has gone; so that rows reach the server in the order
 * they were written even then, a cycle is one batch unless more than this many writes of one table
 * wait (a door phone's check-ins and undos of a whole evening are far fewer).
 */
const DEFAULT_PUSH_BATCH_SIZE = 1000;

export type Replication = RxReplicationState<SyncDoc<TableName>, PullCheckpoint>;
export type Replications = Record<TableName, Replication>;

export interface ReplicationsInput {
  options: SyncEngineOptions;
  client: SupabaseClient;
  collections: SyncCollections;
  meta: MetaStore;
  problems: ProblemLog;
  /** Subscriptions to end when the engine is destroyed. */
  subscriptions: Subscription[];
  /** Server stamps our own accepted writes produced, by `<table>:<id>` (push.ts fills it). */
  ownStamps: Map<string, string>;
  /** Filled here: per table, what writes a row realtime brought whole (replication/live-rows.ts). */
  liveRows: Map<TableName, LiveRow>;
}

export function startReplications({
  options,
  client,
  collections,
  meta,
  problems,
  subscriptions,
  ownStamps,
  liveRows,
}: ReplicationsInput): Replications {
  const { mode } = options;
  const { guarded, reportFailure } = problems;

  async function keepConflict(lost: LostEdit): Promise<void> {
    await guarded(() =>
      meta.putConflict({
        key: documentKey(lost.table, lost.docId),
        table: lost.table,
        docId: lost.docId,
        local: lost.local,
        server: lost.server,
        base: lost.base,
        fields: lost.fields,
        at: nowIso(),
      }),
    );
  }
  async function keepRefusal(refused: RefusedWrite): Promise<void> {
    await guarded(() =>
      meta.putRefusal({
        key: `${documentKey(refused.table, refused.docId)}:${Date.now().toString(36)}`,
        table: refused.table,
        docId: refused.docId,
        code: refused.code,
        message: refused.message,
        local: refused.local,
        at: nowIso(),
      }),
    );
  }
  async function requireSession(): Promise<void> {
    const { data } = await client.auth.getSession();
    if (!data.session) {
      throw new SyncRequestError('auth', { status: 401, message: 'Not signed in; changes wait' }, 'push');
    }
  }

  const replications = {} as Replications;
  for (const table of tablesOf(mode)) {
    const columns = pulledColumns(table, mode);
    const pull = createPullHandler({
      table,
      client,
      columns,
      onSuccess: () => problems.clearTable(table),
      ...(mode === 'public' && LINK_TABLES.includes(table) ? { heldLinks: heldDocs(collections[table]) } : {}),
    });
    const liveRow = liveRowWriter({
      table,
      columns,
      emit: (doc, checkpoint) => replications[table].emitEvent({ documents: [doc], checkpoint }),
    });
    liveRows.set(table, liveRow);
    const push =
      mode === 'admin'
        ? createPushHandler({
            table,
            client,
            columns,
            ownStamps,
            rememberSent: (writes) =>
              guarded(() =>
                meta.rememberSent(writes.map(({ docId, values }) => ({ key: documentKey(table, docId), values }))),
              ),
            sentWrites: (docId) => meta.sentWrites(documentKey(table, docId)),
            hasLocalWrite: (docId) => meta.hasPending(documentKey(table, docId)),
            waitsToPush: async (parentTable, docId) =>
              isTableName(parentTable) && meta.hasPending(documentKey(parentTable, docId)),
            onConflict: keepConflict,
            onRefused: keepRefusal,
            requireSession,
          })
        : null;
    replications[table] = replicateRxCollection<SyncDoc<TableName>, PullCheckpoint>({
      // The mode, the backend and the columns are part of the identity: a different one starts from
      // scratch. A schema version that added a column pulls its table in full again, so the column
      // gets the server's values for rows that did not change since (the migration filled it with
      // null); one that changed no column keeps the checkpoint, which RxDB's migration carries over.
      replicationIdentifier: replicationIdentifier(mode, table, options.supabaseUrl),
      collection: collections[table] as unknown as RxCollection<SyncDoc<TableName>>,
      deletedField: '_deleted',
      live: true,
      retryTime: options.retryTime ?? 5000,
      waitForLeadership: true,
      // Started by the leading tab, in the order pages need the tables (first-pulls.ts).
      autoStart: false,
      // RxDB's own visibility handling would start replicating in any visible tab, leader or not.
      toggleOnDocumentVisible: false,
      pull: {
        batchSize: options.pullBatchSize ?? DEFAULT_PULL_BATCH_SIZE,
        handler: async (checkpoint, batchSize) => {
          try {
            liveRow.pulling();
            const pulled = await pull(checkpoint, batchSize);
            liveRow.pulledTo(pulled.checkpoint);
            return pulled;
          } catch (error) {
            reportFailure(error, table);
            throw error;
          }
        },
      },
      ...(push
        ? {
            push: {
              batchSize: options.pushBatchSize ?? DEFAULT_PUSH_BATCH_SIZE,
              handler: async (rows) => {
                try {
                  const answers = await push(rows);
                  problems.clearTable(table);
                  return answers;
                } catch (error) {
                  reportFailure(error, table);
                  throw error;
                }
              },
            },
          }
        : {}),
    });
    subscriptions.push(
      replications[table].error$.subscribe((error) => {
        if (isQuotaError(error)) reportFailure(error, table);
      }),
    );
  }
  return replications;
}

/** The documents a collection holds among `ids` (live ones), by id, as plain data. */
function heldDocs(collection: SyncCollections[TableName]) {
  return async (ids: string[]): Promise<ReadonlyMap<string, Record<string, unknown>>> => {
    const found = await (collection as unknown as RxCollection<SyncDoc<TableName>>).findByIds(ids).exec();
    return new Map([...found].map(([id, doc]) => [id, doc.toJSON() as Record<string, unknown>]));
  };
}

/**
 * The identity of a table's replication: mode, backend, and `:v<n>` for a table pulled in full again
 * at schema version n (`pulledInFullAt`). A device whose replica holds another starts the table from
 * scratch: it pulls every row and offers the server every document it holds.
 */
export function replicationIdentifier(mode: 'public' | 'admin', table: TableName, supabaseUrl: string): string {
  const { pulledInFullAt } = SCHEMA_VERSIONS[table];
  return `${mode}:${table}:${supabaseUrl}${pulledInFullAt > 0 ? `:v${pulledInFullAt}` : ''}`;
}
