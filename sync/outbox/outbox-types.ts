/**
 * What the file outbox offers its callers (the contract is in index.ts's header): the outbox itself,
 * its options, the items it shows, and the error for a device out of storage space.
 */
import type { Observable } from 'rxjs';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { OutboxRecord, UploadTarget } from './outbox-database.ts';
import type { RetryPolicy } from './retry-delay.ts';

/** Whether an uploaded file's public URL is in its record now, or why not. */
export type UploadedUrlOutcome = 'applied' | 'replaced' | 'absent';

/** An outbox entry as the UI sees it (without the bytes). */
export interface OutboxItem extends OutboxRecord {
  /** The placeholder URL the record holds until the upload is done. */
  localUrl: string;
}

export interface FileOutboxOptions {
  /** Prefix of the IndexedDB database name; the outbox's database is `${name}-outbox`. */
  name: string;
  /** A supabase-js client signed in as an admin (Storage's row security lets only admins write). */
  supabase: Pick<SupabaseClient, 'storage' | 'auth'>;
  /**
   * Writes the public URL over `placeholder` in the record, as an ordinary local write that is
   * pushed (see the contract in the header). Writes nothing when the record does not hold that
   * placeholder: 'replaced' when it holds another file's (one picked since), 'absent' otherwise (not
   * saved yet, or moved on: the image removed or typed in, the record deleted). A version of the
   * record kept after a lost conflict or a refusal takes the URL too ('applied' when only it held
   * the placeholder), so that re-applying it brings the file back.
   */
  applyUploadedUrl: (target: UploadTarget, publicUrl: string, placeholder: string) => Promise<UploadedUrlOutcome>;
  /** True while this tab is the one that replicates; only that tab uploads. */
  isLeader$: Observable<boolean>;
  /** Back-off after failures that may pass; default 2 s doubling to 5 minutes. */
  retry?: Partial<RetryPolicy>;
  /** How long an uploaded item keeps its local copy before it is purged; default 30 s. */
  doneRetentionMs?: number;
}

export interface EnqueueOptions {
  bucket: string;
  /** Object key inside the bucket, e.g. from `objectPath()` in object-names.ts. */
  path: string;
  target: UploadTarget;
}

export interface FileOutbox {
  /**
   * Stores the file for upload and returns the placeholder URL to write into the record.
   * Throws `OutboxQuotaError` when the device has no room left for it.
   */
  enqueue(file: Blob, options: EnqueueOptions): Promise<{ id: string; localUrl: string }>;
  /**
   * An object URL of the stored file for a placeholder whose bytes are already loaded in this tab;
   * any other URL (and a placeholder not loaded yet) comes back unchanged. Prefer `resolveUrl$`.
   */
  resolveUrl(url: string): string;
  /**
   * The URL to render: other URLs at once; for a placeholder, an object URL of the stored bytes
   * once read from IndexedDB, or null when this device does not hold the file (or no longer does).
   */
  resolveUrl$(url: string): Observable<string | null>;
  /** Files not uploaded yet (queued, uploading, failed), oldest first. */
  pending$: Observable<OutboxItem[]>;
  /** Files the server refused; they wait for `retry(id)` or `discard(id)`. */
  failures$: Observable<OutboxItem[]>;
  /** Queues a failed (or waiting) file for an attempt now, with a fresh back-off. */
  retry(id: string): Promise<void>;
  /** Forgets a file and its bytes; an upload in flight is removed from Storage when it lands. */
  discard(id: string): Promise<void>;
  start(): void;
  stop(): void;
}

/** IndexedDB refused to store a file because the device's storage quota is used up. */
export class OutboxQuotaError extends Error {
  constructor(size: number, options: { cause: unknown }) {
    const megabytes = (size / (1024 * 1024)).toFixed(1);
    super(
      `Not enough storage space on this device to keep this file (${megabytes} MB) until it uploads. ` +
        'Free up space or pick a smaller image.',
      options,
    );
    this.name = 'OutboxQuotaError';
  }
}
