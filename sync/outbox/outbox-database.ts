/**
 * The outbox's own IndexedDB database, `${name}-outbox`, opened with plain Dexie.
 *
 * Not an RxDB collection: the open-source RxDB edition limits how many collections a page may open,
 * and those are kept for the replicated tables (design.md, "Sync"). Nothing here replicates.
 *
 * Two tables, so that listing what waits (which the UI does on every change) never reads file bytes:
 * - `items`: one row per file, everything but the bytes;
 * - `files`: `{ id, blob }`, the bytes, written and deleted in the same transaction as the item.
 * Blobs are stored as Blobs: IndexedDB keeps them on disk and hands back a file-backed reference,
 * so a queue of camera photos does not sit in memory. Where the browser refuses Blobs there (WebKit's
 * private sessions), the row holds the bytes as an ArrayBuffer instead (`OutboxFile`).
 */
import { Dexie, type EntityTable } from 'dexie';

export type OutboxState = 'queued' | 'uploading' | 'failed' | 'done';

/** What went wrong the last time, as the server (or the network) said it. */
export interface OutboxError {
  message: string;
  /** Storage's status code (`'413'`), or null when no answer came back. */
  statusCode: string | null;
  /** True when the server refused the file: not retried until someone calls `retry(id)`. */
  permanent: boolean;
  /** When it happened (ms since the epoch). */
  at: number;
}

/** The record whose URL column receives the public URL once the file is uploaded. */
export interface UploadTarget {
  table: string;
  id: string;
  column: string;
}

export interface OutboxRecord {
  id: string;
  bucket: string;
  /** Object key inside the bucket. */
  path: string;
  contentType: string;
  /** Bytes, for display; the bytes themselves are in `files`. */
  size: number;
  target: UploadTarget;
  createdAt: number;
  /** Upload attempts started so far. */
  attempts: number;
  /** Not before this time (ms since the epoch); 0 = at once. */
  nextAttemptAt: number;
  lastError: OutboxError | null;
  state: OutboxState;
  /** Set once Storage has the file, so a failed record update never uploads it again. */
  publicUrl: string | null;
  /** When the public URL was written to the record; `done` items are purged a little later. */
  doneAt: number | null;
}

/**
 * A queued file's bytes: a Blob where the browser's IndexedDB stores Blobs, else the bytes themselves
 * with their type (WebKit's private and ephemeral sessions refuse Blobs: 'Error preparing Blob/File
 * data to be stored in object store').
 */
export type OutboxFile = { id: string; blob: Blob } | { id: string; bytes: ArrayBuffer; type: string };

/** The file's bytes as a Blob, however they were stored. */
export function blobOfFile(file: OutboxFile): Blob {
  return 'blob' in file ? file.blob : new Blob([file.bytes], { type: file.type });
}

export type OutboxDatabase = Dexie & {
  items: EntityTable<OutboxRecord, 'id'>;
  files: EntityTable<OutboxFile, 'id'>;
};

export function openOutboxDatabase(name: string): OutboxDatabase {
  const db = new Dexie(`${name}-outbox`) as OutboxDatabase;
  db.version(1).stores({
    items: 'id, state, createdAt',
    files: 'id',
  });
  return db;
}

/** True when an IndexedDB write failed because the origin's storage quota is used up. */
export function isQuotaError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (name === 'QuotaExceededError') return true;
    current = inner;
  }
  return false;
}
