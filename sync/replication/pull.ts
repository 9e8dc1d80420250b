/**
 * The pull side of a table's replication: rows after the checkpoint, in (`_modified`, `id`) order,
 * a batch at a time (the table API answers at most 1000 rows; batches stay well below). Tombstones
 * (`_deleted`) are pulled like any row, which is how deletes reach clients that were offline.
 *
 * Columns are listed explicitly: with the anon key every column anon may read, which for attendees
 * is everything but `email` (docs/decisions/002-attendee-email.md; `select=*` would be refused).
 *
 * A visitor reads no tombstone of a link table (event_attendees, session_speakers): it would say who
 * was taken off which event. The server keeps each removal's id and stamp in `removed_links`
 * instead, and a visitor's pull of a link table reads both, merged in stamp order, turning a removal
 * into the deletion of the link it holds (migration 20261130001600_removed_links.sql).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicationPullHandlerResult } from 'rxdb';
import { columnsOf, type SyncDoc, type TableName } from '../schema/types.ts';
import { checkpointAfter, rowsAfterFilter, type PullCheckpoint } from './checkpoint.ts';
import { canonicalTimestamp, rowToDoc } from './documents.ts';
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
  /**
   * A visitor's link table: the links the replica holds among `ids`, as documents. Given, the pull
   * reads the table's removals too (`removed_links`) and deletes those links.
   */
  heldLinks?: (ids: string[]) => Promise<ReadonlyMap<string, Record<string, unknown>>>;
}

/** The tables whose tombstones only admins read; visitors learn of their removals from `removed_links`. */
export const LINK_TABLES: readonly TableName[] = ['event_attendees', 'session_speakers'];
/** The table of links taken off (id, `_modified`), which anyone may read. */
export const REMOVED_LINKS = 'removed_links';

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
  heldLinks,
}: PullOptions): PullHandler {
  async function rowsAfter(
    from: string,
    select: string,
    checkpoint: PullCheckpoint | undefined,
    batchSize: number,
  ): Promise<Record<string, unknown>[]> {
    let query = client
      .from(from)
      .select(select)
      .order('_modified', { ascending: true })
      .order('id', { ascending: true })
      .limit(batchSize)
      .abortSignal(AbortSignal.timeout(timeoutMs));
    if (from === REMOVED_LINKS) query = query.eq('table_name', table);
    if (checkpoint) query = query.or(rowsAfterFilter(checkpoint));
    const { data, error, status } = await query;
    if (error) {
      const failure = failureOf(error, status);
      const kind = classifyFailure(failure);
      throw new SyncRequestError(kind === 'refused' ? 'server' : kind, failure, `pull ${from}`);
    }
    return (data ?? []) as unknown as Record<string, unknown>[];
  }

  const select = columns.join(',');
  return async (checkpoint, batchSize) => {
    const [rows, removals] = await Promise.all([
      rowsAfter(table, select, checkpoint, batchSize),
      heldLinks ? rowsAfter(REMOVED_LINKS, 'id,_modified', checkpoint, batchSize) : [],
    ]);
    const live = rows.map((row) => rowToDoc(table, row) as PulledDoc);
    const { taken, written } = heldLinks
      ? await withRemovals(live, removals, batchSize, heldLinks)
      : { taken: live, written: live };
    onSuccess?.();
    return {
      documents: written as unknown as (SyncDoc<TableName> & { _deleted: boolean })[],
      checkpoint: checkpointAfter(taken, checkpoint),
    };
  };
}

type PulledDoc = Record<string, unknown> & { id: string; modified: string };

function inStampOrder(a: PulledDoc, b: PulledDoc): number {
  if (a.modified !== b.modified) return a.modified < b.modified ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A batch of live links and removals, merged in stamp order and cut to the batch size (each list is
 * the first `batchSize` after the checkpoint, so everything up to the cut is there). A link that
 * shows twice counts as its later self. A removal deletes the link the replica holds, unless the
 * replica holds a later version; a link it never held needs nothing. `taken` is everything up to the
 * cut (the checkpoint moves past it), `written` what the replica writes.
 */
async function withRemovals(
  rows: PulledDoc[],
  removals: Record<string, unknown>[],
  batchSize: number,
  heldLinks: NonNullable<PullOptions['heldLinks']>,
): Promise<{ taken: PulledDoc[]; written: PulledDoc[] }> {
  const removed = new Set<PulledDoc>();
  const entries = [...rows];
  for (const removal of removals) {
    const entry = { id: String(removal.id), modified: canonicalTimestamp(String(removal._modified)) };
    removed.add(entry);
    entries.push(entry);
  }
  const taken = entries.sort(inStampOrder).slice(0, batchSize);
  const latest = new Map<string, PulledDoc>();
  for (const entry of taken) latest.set(entry.id, entry);
  const removedIds = [...latest.values()].filter((entry) => removed.has(entry)).map((entry) => entry.id);
  const held = removedIds.length > 0 ? await heldLinks(removedIds) : new Map<string, Record<string, unknown>>();
  const written: PulledDoc[] = [];
  for (const entry of latest.values()) {
    if (!removed.has(entry)) {
      written.push(entry);
      continue;
    }
    const link = held.get(entry.id);
    if (link && !(typeof link.modified === 'string' && link.modified > entry.modified)) {
      written.push({ ...link, id: entry.id, modified: entry.modified, _deleted: true });
    }
  }
  return { taken, written };
}
