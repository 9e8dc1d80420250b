/**
 * The file outbox: images an admin picks (offline or not) are kept in IndexedDB, shown from the
 * local copy at once, uploaded to Storage when the device is online, and then the record's URL
 * column is switched to the file's public URL. It survives reloads and closed tabs: the bytes stay
 * in IndexedDB until the record has its public URL.
 *
 * Contract with the caller (the admin forms, through src/data):
 * 1. `enqueue(file, { bucket, path, target })` stores the file and returns `{ id, localUrl }`.
 *    `localUrl` is a placeholder (`/outbox/<id>`, see local-url.ts); the caller writes it into
 *    `target.column` of the record itself, in the same action that saves the form, so the record
 *    and the file appear together. The outbox never creates records.
 * 2. Anything that renders a URL from a record passes it through `resolveUrl$(url)` (or the
 *    synchronous `resolveUrl(url)` once the item is loaded): on the device that holds the file it
 *    becomes an object URL of the stored bytes, even after a reload; other URLs come back as they
 *    are; a placeholder this device does not hold gives null ("uploading", show a stand-in).
 * 3. After the upload the outbox calls `applyUploadedUrl(target, publicUrl)`, which writes the public
 *    URL over the placeholder. It must resolve when the record no longer exists (nothing to do) and
 *    throw only for failures worth retrying: the outbox retries it with back-off without uploading
 *    the file again.
 * 4. `discard(id)` drops a file the server refused; it does not touch the record, whose column
 *    the caller clears or refills.
 *
 * Processing: only in the leader tab (`isLeader$`), only while `navigator.onLine`, one upload at a
 * time (venue Wi-Fi), oldest first. Network failures and 5xx are retried with back-off and jitter
 * (retry-delay.ts); refusals (row security, too large, not an image, bad key) stop the item in
 * state `failed` with the server's message until `retry(id)` or `discard(id)`. A 409 means the name
 * is taken, usually by our own earlier attempt whose answer was lost: when the stored object has the
 * same size, it counts as uploaded. Going online or gaining leadership retries at once.
 * Uploaded items stay for `doneRetentionMs` (`done`) so that other tabs, whose replica may show the
 * placeholder a moment longer, can still resolve it; then they are purged.
 *
 * Call `start()` in every tab (non-leaders only watch), `stop()` when the session ends. The outbox
 * database outlives sign-out on purpose: its files are the admin's unsaved work.
 */
import { liveQuery } from 'dexie';
import {
  Observable,
  Subject,
  Subscription,
  defer,
  distinctUntilChanged,
  filter,
  map,
  merge,
  of,
  shareReplay,
} from 'rxjs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { errorMessage } from '../error-message.ts';
import { localUrlOf, outboxIdOf, newOutboxId } from './local-url.ts';
import { contentTypeOfExtension, extensionOf } from './object-names.ts';
import {
  isQuotaError,
  openOutboxDatabase,
  type OutboxError,
  type OutboxRecord,
  type OutboxState,
  type UploadTarget,
} from './outbox-database.ts';
import { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retry-delay.ts';
import { classifyUploadError, type UploadFailure } from './upload-errors.ts';

export type { OutboxError, OutboxState, UploadTarget, RetryPolicy };

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
  /** Writes the public URL into the record (see the contract in the header). */
  applyUploadedUrl: (target: UploadTarget, publicUrl: string) => Promise<void>;
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

/** Storage's own cache lifetime for our random names: a year (the server adds `immutable`). */
const CACHE_CONTROL = '31536000';

type DrainResult = 'idle' | 'signed-out' | 'error';

type UploadOutcome = { kind: 'uploaded' } | { kind: 'failed'; failure: UploadFailure };

function fromLiveQuery<T>(query: () => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => subscriber.next(value),
      error: (error: unknown) => subscriber.error(error),
    });
    return () => subscription.unsubscribe();
  });
}

function report(error: unknown): void {
  // Background work has no caller to throw to: report it as an uncaught error would be, loudly.
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}

export function createFileOutbox(options: FileOutboxOptions): FileOutbox {
  const db = openOutboxDatabase(options.name);
  const storage = options.supabase.storage;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const doneRetentionMs = options.doneRetentionMs ?? 30_000;

  // Object URLs of stored files, by item id, for this tab.
  const objectUrls = new Map<string, string>();
  const loading = new Map<string, Promise<void>>();
  const objectUrlChanged$ = new Subject<string>();

  let running = false;
  let leader = false;
  let busy = false;
  let wakeAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let subscriptions: Subscription | undefined;
  let persistenceRequested = false;

  const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
  const canUpload = () => running && leader && online();

  // ---- local copies --------------------------------------------------------------------------

  function rememberObjectUrl(id: string, blob: Blob): void {
    if (objectUrls.has(id)) return;
    objectUrls.set(id, URL.createObjectURL(blob));
    objectUrlChanged$.next(id);
  }

  function forgetObjectUrl(id: string): void {
    const url = objectUrls.get(id);
    if (url === undefined) return;
    objectUrls.delete(id);
    URL.revokeObjectURL(url);
    objectUrlChanged$.next(id);
  }

  function loadObjectUrl(id: string): Promise<void> {
    if (objectUrls.has(id)) return Promise.resolve();
    let pending = loading.get(id);
    if (!pending) {
      pending = db.files
        .get(id)
        .then((file) => {
          if (file) rememberObjectUrl(id, file.blob);
        })
        .finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  function resolveUrl(url: string): string {
    const id = outboxIdOf(url);
    if (id === null) return url;
    const objectUrl = objectUrls.get(id);
    if (objectUrl !== undefined) return objectUrl;
    loadObjectUrl(id).catch(report);
    return url;
  }

  function resolveUrl$(url: string): Observable<string | null> {
    const id = outboxIdOf(url);
    if (id === null) return of(url);
    return defer(() => {
      const current = () => objectUrls.get(id) ?? null;
      const loaded$ = defer(() =>
        loadObjectUrl(id).catch((error: unknown) => {
          // Show the stand-in rather than break the page; the failure is still reported.
          report(error);
        }),
      ).pipe(map(current));
      const changes$ = objectUrlChanged$.pipe(
        filter((changed) => changed === id),
        map(current),
      );
      return merge(loaded$, changes$).pipe(distinctUntilChanged());
    });
  }

  // ---- what waits ----------------------------------------------------------------------------

  const pending$ = fromLiveQuery(() =>
    db.items
      .orderBy('createdAt')
      .filter((item) => item.state !== 'done')
      .toArray(),
  ).pipe(
    map((items) => items.map((item): OutboxItem => ({ ...item, localUrl: localUrlOf(item.id) }))),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  const failures$ = pending$.pipe(map((items) => items.filter((item) => item.state === 'failed')));

  // ---- enqueue, retry, discard ---------------------------------------------------------------

  async function enqueue(
    file: Blob,
    { bucket, path, target }: EnqueueOptions,
  ): Promise<{ id: string; localUrl: string }> {
    const contentType = (file.type || contentTypeOfExtension(extensionOf(path) ?? '') || '').toLowerCase();
    if (!contentType) {
      throw new Error(
        `Cannot queue the upload to ${bucket}/${path}: the file has no type and the path no image extension`,
      );
    }
    const id = newOutboxId();
    const record: OutboxRecord = {
      id,
      bucket,
      path,
      contentType,
      size: file.size,
      target: { table: target.table, id: target.id, column: target.column },
      createdAt: Date.now(),
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      state: 'queued',
      publicUrl: null,
      doneAt: null,
    };
    try {
      await db.transaction('rw', db.items, db.files, async () => {
        await db.files.add({ id, blob: file });
        await db.items.add(record);
      });
    } catch (error) {
      if (isQuotaError(error)) throw new OutboxQuotaError(file.size, { cause: error });
      throw error;
    }
    rememberObjectUrl(id, file);
    requestPersistentStorage();
    wake();
    return { id, localUrl: localUrlOf(id) };
  }

  /** Asks the browser not to evict the outbox under storage pressure (best effort, once). */
  function requestPersistentStorage(): void {
    if (persistenceRequested || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
    persistenceRequested = true;
    navigator.storage.persist().catch(() => undefined);
  }

  async function retry(id: string): Promise<void> {
    await db.transaction('rw', db.items, async () => {
      const item = await db.items.get(id);
      if (!item || (item.state !== 'failed' && item.state !== 'queued')) return;
      await db.items.put({ ...item, state: 'queued', attempts: 0, nextAttemptAt: 0 });
    });
    wake();
  }

  async function discard(id: string): Promise<void> {
    await db.transaction('rw', db.items, db.files, async () => {
      await db.items.delete(id);
      await db.files.delete(id);
    });
    forgetObjectUrl(id);
  }

  // ---- processing ----------------------------------------------------------------------------

  function wake(): void {
    if (!canUpload()) return;
    if (busy) {
      wakeAgain = true;
      return;
    }
    busy = true;
    wakeAgain = false;
    clearTimer();
    drain()
      .catch((error: unknown): DrainResult => {
        report(error);
        return 'error';
      })
      .then((result) => {
        busy = false;
        switch (result) {
          case 'error':
            schedule(Date.now() + policy.baseMs);
            break;
          case 'signed-out':
            break; // onAuthStateChange wakes us once there is a session again
          case 'idle':
            if (wakeAgain) wake();
            else if (canUpload()) scheduleNextDue().catch(report);
        }
      });
  }

  /** Uploads what is due, one at a time, while this tab may. */
  async function drain(): Promise<DrainResult> {
    while (canUpload()) {
      if (!(await hasSession())) return 'signed-out';
      const item = await nextDueItem(Date.now());
      if (!item) break;
      await attempt(item);
    }
    await purgeDone(Date.now());
    return 'idle';
  }

  async function hasSession(): Promise<boolean> {
    const { data } = await options.supabase.auth.getSession();
    return data.session !== null;
  }

  async function nextDueItem(now: number): Promise<OutboxRecord | undefined> {
    const queued = await db.items.where('state').equals('queued').toArray();
    return queued
      .filter((item) => item.nextAttemptAt <= now)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))[0];
  }

  async function attempt(queued: OutboxRecord): Promise<void> {
    const item = await db.transaction('rw', db.items, async () => {
      const current = await db.items.get(queued.id);
      if (current?.state !== 'queued') return undefined;
      const started: OutboxRecord = { ...current, state: 'uploading', attempts: current.attempts + 1 };
      await db.items.put(started);
      return started;
    });
    if (!item) return;
    const startedAt = Date.now();

    let publicUrl = item.publicUrl;
    if (publicUrl === null) {
      const outcome = await upload(item);
      if (outcome.kind === 'failed') {
        await recordFailure(item, outcome.failure, startedAt);
        return;
      }
      publicUrl = storage.from(item.bucket).getPublicUrl(item.path).data.publicUrl;
      const stillWanted = await db.items.update(item.id, { publicUrl });
      if (!stillWanted) {
        // Discarded while it was on its way: do not leave the file behind (best effort).
        await storage
          .from(item.bucket)
          .remove([item.path])
          .catch(() => undefined);
        return;
      }
    }

    try {
      await options.applyUploadedUrl(item.target, publicUrl);
    } catch (error) {
      await recordFailure(
        item,
        {
          kind: 'transient',
          message: `The file is uploaded but the record could not be updated: ${errorMessage(error)}`,
          statusCode: null,
        },
        startedAt,
      );
      return;
    }
    await db.items.update(item.id, { state: 'done', doneAt: Date.now(), lastError: null });
  }

  async function upload(item: OutboxRecord): Promise<UploadOutcome> {
    const file = await db.files.get(item.id);
    if (!file) {
      return {
        kind: 'failed',
        failure: { kind: 'permanent', message: 'The local copy of this file is missing', statusCode: null },
      };
    }
    // Storage reads the type from the multipart part, which is the Blob's own type.
    const body = file.blob.type === item.contentType ? file.blob : new Blob([file.blob], { type: item.contentType });
    try {
      const { error } = await storage.from(item.bucket).upload(item.path, body, {
        contentType: item.contentType,
        upsert: false,
        cacheControl: CACHE_CONTROL,
      });
      if (!error) return { kind: 'uploaded' };
      const failure = classifyUploadError(error);
      return failure.kind === 'duplicate' ? await checkDuplicate(item, failure) : { kind: 'failed', failure };
    } catch (error) {
      return { kind: 'failed', failure: classifyUploadError(error) };
    }
  }

  /** The name is taken: ours from an attempt whose answer was lost, if the sizes agree. */
  async function checkDuplicate(item: OutboxRecord, duplicate: UploadFailure): Promise<UploadOutcome> {
    const { data, error } = await storage.from(item.bucket).info(item.path);
    if (error) {
      const failure = classifyUploadError(error);
      return { kind: 'failed', failure: failure.kind === 'transient' ? failure : { ...duplicate, kind: 'permanent' } };
    }
    if (data.size === item.size) return { kind: 'uploaded' };
    return {
      kind: 'failed',
      failure: {
        kind: 'permanent',
        message: `Another file already exists at ${item.bucket}/${item.path}`,
        statusCode: duplicate.statusCode,
      },
    };
  }

  /**
   * A transient failure waits its back-off, unless the attempt started before the connection came
   * back: it failed for the old connection, and the file is tried again at once (`resume` on 'online'
   * only reaches files that were waiting, not one on its way).
   */
  async function recordFailure(item: OutboxRecord, failure: UploadFailure, startedAt: number): Promise<void> {
    const now = Date.now();
    const permanent = failure.kind !== 'transient';
    const lastError: OutboxError = { message: failure.message, statusCode: failure.statusCode, permanent, at: now };
    const nextAttemptAt = startedAt < connectionBackAt ? now : now + retryDelay(item.attempts, policy);
    await db.items.update(
      item.id,
      permanent ? { state: 'failed', lastError } : { state: 'queued', lastError, nextAttemptAt },
    );
  }

  async function purgeDone(now: number): Promise<void> {
    await db.transaction('rw', db.items, db.files, async () => {
      const expired = await db.items
        .where('state')
        .equals('done')
        .filter((item) => (item.doneAt ?? 0) + doneRetentionMs <= now)
        .primaryKeys();
      await db.items.bulkDelete(expired);
      await db.files.bulkDelete(expired);
    });
  }

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule(at: number): void {
    clearTimer();
    const delay = Math.min(Math.max(0, at - Date.now()), policy.maxMs + policy.baseMs);
    timer = setTimeout(() => {
      timer = undefined;
      wake();
    }, delay);
  }

  /** Sets the timer for the next retry that is due later, or the next purge of uploaded items. */
  async function scheduleNextDue(): Promise<void> {
    const [queued, done] = await Promise.all([
      db.items.where('state').equals('queued').toArray(),
      db.items.where('state').equals('done').toArray(),
    ]);
    const times = [
      ...queued.map((item) => item.nextAttemptAt),
      ...done.map((item) => (item.doneAt ?? 0) + doneRetentionMs),
    ];
    if (times.length > 0 && canUpload() && !busy) schedule(Math.min(...times));
  }

  /** Retry now: after going online, or on becoming the leader (whose predecessor may have died mid-upload). */
  async function resume({ afterLeaderChange }: { afterLeaderChange: boolean }): Promise<void> {
    await db.transaction('rw', db.items, async () => {
      if (afterLeaderChange && !busy) {
        await db.items.where('state').equals('uploading').modify({ state: 'queued' });
      }
      await db.items.where('state').equals('queued').modify({ nextAttemptAt: 0 });
    });
    wake();
  }

  /** When the browser last came back online (see recordFailure). */
  let connectionBackAt = 0;
  const onOnline = () => {
    connectionBackAt = Date.now();
    resume({ afterLeaderChange: false }).catch(report);
  };

  function start(): void {
    if (running) return;
    running = true;
    const subs = new Subscription();
    subs.add(
      options.isLeader$.pipe(distinctUntilChanged()).subscribe((isLeader) => {
        leader = isLeader;
        if (isLeader) resume({ afterLeaderChange: true }).catch(report);
        else clearTimer();
      }),
    );
    // Files queued or retried in another tab reach the leader through IndexedDB.
    subs.add(
      fromLiveQuery(() => db.items.where('state').equals('queued').primaryKeys()).subscribe({
        next: () => wake(),
        error: report,
      }),
    );
    // Object URLs of files that are gone (uploaded and purged, or discarded in another tab): ids
    // that were there and no longer are, so a file just queued here is never mistaken for one.
    let previousIds = new Set<string>();
    subs.add(
      fromLiveQuery(() => db.items.toCollection().primaryKeys()).subscribe({
        next: (ids) => {
          const present = new Set(ids);
          for (const id of previousIds) if (!present.has(id)) forgetObjectUrl(id);
          previousIds = present;
        },
        error: report,
      }),
    );
    const auth = options.supabase.auth.onAuthStateChange((event) => {
      // Not inside the callback: supabase-js holds its auth lock while it runs.
      if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') setTimeout(wake, 0);
    });
    subs.add(() => auth.data.subscription.unsubscribe());
    if (typeof window !== 'undefined') {
      window.addEventListener('online', onOnline);
      subs.add(() => window.removeEventListener('online', onOnline));
    }
    subscriptions = subs;
  }

  /**
   * Stops uploading and watching and lets go of the object URLs (an upload in flight still
   * finishes and records its outcome). The database stays usable: `pending$` and `enqueue` work,
   * and `start()` takes up the uploads again.
   */
  function stop(): void {
    running = false;
    leader = false;
    clearTimer();
    subscriptions?.unsubscribe();
    subscriptions = undefined;
    for (const id of [...objectUrls.keys()]) forgetObjectUrl(id);
  }

  return { enqueue, resolveUrl, resolveUrl$, pending$, failures$, retry, discard, start, stop };
}
