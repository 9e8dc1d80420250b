/**
 * The pull side of a table's replication: rows after the checkpoint, in (`_modified`, `id`) order,
 * a batch at a time (the table API answers at most 1000 rows; batches stay well below). Tombstones
 * (`_deleted`) are pulled like any row, which is how deletes reach clients that were offline.
 *
 * Columns are listed explicitly: with the anon key every column anon may read, which for attendees
 * is everything but `email` (docs/decisions/002-attendee-email.md; `select=*` would be refused).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicationPullHandlerResult } from 'rxdb';
import { columnsOf, type SyncDoc, type TableName } from '../schema/types.ts';
import { checkpointAfter, rowsAfterFilter, type PullCheckpoint } from './checkpoint.ts';
import { rowToDoc } from './documents.ts';
import { SyncRequestError, classifyFailure, failureOf } from './errors.ts';

/** The columns a client reads: all of them for an admin, what anon may read otherwise. */
export function pulledColumns(table: TableName, mode: 'public' | 'admin'): string[] {
  return Object.entries(columnsOf(table))
    .filter(([, column]) => mode === 'admin' || column.anonCanRead)
    .map(([name]) => name);
}

export interface PullOptions {
  table: TableName;
  client: SupabaseClient;
  columns: readonly string[];
  /** Called after every successful batch (clears a network error from the status). */
  onSuccess?: () => void;
  /** How long a batch may take before it is given up as a network failure and retried, ms. */
  timeoutMs?: number;
}

/**
 * A batch that takes longer than this is given up and retried. A request can stall without ever
 * failing (a connection the network dropped silently, a phone between cells): the replication
 * retries only what fails, so a stalled first pull would leave its table 'Loading...' for good.
 * A batch of 1000 rows takes well under a second on a fair connection.
 */
export const PULL_TIMEOUT_MS = 30_000;

export type PullHandler = (
  checkpoint: PullCheckpoint | undefined,
  batchSize: number,
) => Promise<ReplicationPullHandlerResult<SyncDoc<TableName>, PullCheckpoint>>;

export function createPullHandler({
  table,
  client,
  columns,
  onSuccess,
  timeoutMs = PULL_TIMEOUT_MS,
}: PullOptions): PullHandler {
  const select = columns.join(',');
  return async (checkpoint, batchSize) => {
    let query = client
      .from(table)
      .select(select)
      .order('_modified', { ascending: true })
      .order('id', { ascending: true })
      .limit(batchSize)
      .abortSignal(AbortSignal.timeout(timeoutMs));
    if (checkpoint) query = query.or(rowsAfterFilter(checkpoint));
    const { data, error, status } = await query;
    if (error) {
      const failure = failureOf(error, status);
      const kind = classifyFailure(failure);
      throw new SyncRequestError(kind === 'refused' ? 'server' : kind, failure, `pull ${table}`);
    }
    const rows = (data ?? []) as unknown as Record<string, unknown>[];
    const documents = rows.map((row) => rowToDoc(table, row)) as unknown as (SyncDoc<TableName> & {
      _deleted: boolean;
    })[];
    onSuccess?.();
    return { documents, checkpoint: checkpointAfter(documents as { id: string; modified?: string }[], checkpoint) };
  };
}
