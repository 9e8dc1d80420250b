/**
 * Rows that realtime brings whole (docs/decisions/032-rows-from-realtime.md). A postgres_changes message for an insert or an update carries the
 * row as its subscriber may read it; when it holds every column the replica pulls, the row is written
 * at once, through the table's replication as a pulled row would be (RxDB takes it alike: the known
 * server state, a conflict with a local edit not pushed yet), instead of after the round trip of the
 * pull the message signals. That pull still follows (engine/leadership.ts) and stays the source of
 * truth: for what a message cannot carry (a hard delete's row, columns the subscriber may not read,
 * a row too large for the channel) and for messages that never came.
 *
 * The checkpoint: a row written this way moves the table's checkpoint to the row's own place when
 * that is earlier than where the pulls got to, never later. A message can be older than a pull that
 * ran meanwhile (its row was already pulled in a newer version); the next pull then fetches again
 * from that row on and brings the newer version back. Moving the checkpoint forward to the row
 * could skip rows committed before it whose messages the replica did not take whole.
 */
import type { SyncDoc, TableName } from '../schema/types.ts';
import type { PullCheckpoint } from './checkpoint.ts';
import { rowToDoc } from './documents.ts';

export interface LiveRow {
  /** Writes `record` at once; false when it cannot be (a column missing, the table never pulled). */
  write(record: Record<string, unknown>): boolean;
  /** A pull's request of the table starts (a replication pulls one batch at a time). */
  pulling(): void;
  /**
   * Where that pull got to (the replication's pull handler reports each batch). A row written while
   * its request was out, older than what it brought, keeps the checkpoint back at that row.
   */
  pulledTo(checkpoint: PullCheckpoint | undefined): void;
}

export interface LiveRowOptions {
  table: TableName;
  /** The columns the replica pulls: a row is whole when it has them all. */
  columns: readonly string[];
  /** Hands a document to the replication's pull stream with the checkpoint to keep. */
  emit(doc: SyncDoc<TableName> & { _deleted: boolean }, checkpoint: PullCheckpoint): void;
}

/** The earlier of two places in the (`_modified`, `id`) order of a table's rows. */
function earlier(a: PullCheckpoint, b: PullCheckpoint): PullCheckpoint {
  if (a.modified !== b.modified) return a.modified < b.modified ? a : b;
  return a.id <= b.id ? a : b;
}

export function liveRowWriter({ table, columns, emit }: LiveRowOptions): LiveRow {
  let checkpoint: PullCheckpoint | undefined;
  /** Whether a pull's request is out, and the earliest row written since it went (null: none). */
  let pullOut = false;
  let earliestDuringPull: PullCheckpoint | null = null;
  return {
    write(record) {
      // Before a first pull there is no place to keep: the pull brings the row.
      if (!checkpoint || !columns.every((column) => column in record)) return false;
      const picked: Record<string, unknown> = {};
      for (const column of columns) picked[column] = record[column];
      const doc = rowToDoc(table, picked) as SyncDoc<TableName> & { _deleted: boolean; modified?: unknown };
      if (typeof doc.id !== 'string' || typeof doc.modified !== 'string') return false;
      const place = { modified: doc.modified, id: doc.id };
      checkpoint = earlier(checkpoint, place);
      if (pullOut) earliestDuringPull = earliestDuringPull ? earlier(earliestDuringPull, place) : place;
      emit({ ...doc, _deleted: doc._deleted === true }, checkpoint);
      return true;
    },
    pulling() {
      pullOut = true;
      earliestDuringPull = null;
    },
    pulledTo(reached) {
      checkpoint = reached && earliestDuringPull ? earlier(reached, earliestDuringPull) : reached;
      pullOut = false;
      earliestDuringPull = null;
    },
  };
}
