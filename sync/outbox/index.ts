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
 * 3. After the upload the outbox calls `applyUploadedUrl(target, publicUrl, placeholder)`, which
 *    writes the public URL over this file's own placeholder, never another's (of a file picked
 *    later for the same field). When the record holds another file's placeholder, this file is done
 *    with; when it holds none ('absent'), the outbox looks again for a while (an upload can beat
 *    the form's save), then lets the file go. It throws only for failures worth retrying: the outbox retries it with back-off without
 *    uploading the file again.
 * 4. `discard(id)` drops a file the server refused; it does not touch the record, whose column
 *    the caller clears or refills (the engine's `discardUpload` does both).
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
import { Subscription, distinctUntilChanged, map, shareReplay } from 'rxjs';
import { errorMessage } from '../error-message.ts';
import { fromLiveQuery, report } from './background.ts';
import { createLocalCopies } from './local-copies.ts';
import { localUrlOf, newOutboxId } from './local-url.ts';
import { contentTypeOfExtension, extensionOf } from './object-names.ts';
import {
  isQuotaError,
  openOutboxDatabase,
  type OutboxError,
  type OutboxFile,
  type OutboxRecord,
  type OutboxState,
  type UploadTarget,
} from './outbox-database.ts';
import {
  OutboxQuotaError,
  type EnqueueOptions,
  type FileOutbox,
  type FileOutboxOptions,
  type OutboxItem,
  type UploadedUrlOutcome,
} from './outbox-types.ts';
import { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retry-delay.ts';
import { uploadToStorage } from './storage-upload.ts';
import type { UploadFailure } from './upload-errors.ts';

export type { OutboxError, OutboxState, UploadTarget, RetryPolicy };
export {
  OutboxQuotaError,
  type EnqueueOptions,
  type FileOutbox,
  type FileOutboxOptions,
  type OutboxItem,
  type UploadedUrlOutcome,
};

type DrainResult = 'idle' | 'signed-out' | 'error';

/**
 * How long after a file is queued its record may still be without its placeholder: the form saves
 * the record right after queueing the file, so past this the record has moved on (another file was
 * picked, the save never happened) and the upload is done with.
 */
const PLACEHOLDER_WAIT_MS = 60_000;
/** How soon an upload that found no placeholder looks again. */
const PLACEHOLDER_RECHECK_MS = 1_000;

export function createFileOutbox(options: FileOutboxOptions): FileOutbox {
  const db = openOutboxDatabase(options.name);
  const storage = options.supabase.storage;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const doneRetentionMs = options.doneRetentionMs ?? 30_000;

  const copies = createLocalCopies(db.files);

  let running = false;
  let leader = false;
  let busy = false;
  let wakeAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let subscriptions: Subscription | undefined;
  let persistenceRequested = false;

  const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
  const canUpload = () => running && leader && online();

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
    const store = (entry: OutboxFile) =>
      db.transaction('rw', db.items, db.files, async () => {
        await db.files.add(entry);
        await db.items.add(record);
      });
    try {
      await store({ id, blob: file }).catch(async (error: unknown) => {
        if (isQuotaError(error)) throw error;
        // WebKit's private and ephemeral sessions refuse Blobs in IndexedDB: keep the bytes instead.
        await store({ id, bytes: await file.arrayBuffer(), type: contentType });
      });
    } catch (error) {
      if (isQuotaError(error)) throw new OutboxQuotaError(file.size, { cause: error });
      throw error;
    }
    copies.remember(id, file);
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
    copies.forget(id);
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
      const outcome = await uploadToStorage(storage, item, await db.files.get(item.id));
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

    let outcome: UploadedUrlOutcome;
    try {
      outcome = await options.applyUploadedUrl(item.target, publicUrl, localUrlOf(item.id));
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
    if (outcome === 'absent' && Date.now() - item.createdAt < PLACEHOLDER_WAIT_MS) {
      // Uploaded before the form saved the record with its placeholder (it may resize another image
      // first): look again shortly, without uploading again.
      await db.items.update(item.id, { state: 'queued', nextAttemptAt: Date.now() + PLACEHOLDER_RECHECK_MS });
      return;
    }
    await db.items.update(item.id, { state: 'done', doneAt: Date.now(), lastError: null });
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
          for (const id of previousIds) if (!present.has(id)) copies.forget(id);
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
    copies.forgetAll();
  }

  const { resolveUrl, resolveUrl$ } = copies;
  return { enqueue, resolveUrl, resolveUrl$, pending$, failures$, retry, discard, start, stop };
}
