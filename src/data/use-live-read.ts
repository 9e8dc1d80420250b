/**
 * One read of the public content, as a page needs it: at once from a small direct request
 * (sync/first-paint.ts), then from the local replica as soon as the replica holds a full pull of
 * every table the read touches, after which it follows the replica live. Offline, the direct request
 * fails and the replica answers (it is opened at once then). When neither can answer, the read ends
 * empty, as spec section 8 has public lists do on failure.
 *
 * This module must stay free of RxDB, rxjs and supabase-js: it is on every public page's first paint.
 */
import { startTransition, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import type { TableName } from '../../sync/index.ts';
import type { FirstPaintConfig } from '../../sync/first-paint.ts';
import { fetchAdoptingEarly } from '../lib/early-requests.ts';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';
import { sameContent } from './same-content.ts';
import { backendUnreachable, noteBackendReachable, subscribeConnection } from './connection.ts';
import { requestReplica, useReplicaState } from './engine-store.ts';
import { keepRead, keptRead } from './kept-reads.ts';
import type { PublicReads, Replica } from './replica.ts';

/**
 * Where an answer came from: the direct request, the replica, nothing (`empty`), the server, which
 * rendered it into the page (scripts/serve-app.ts: event pages), or what this device kept of an
 * earlier visit (kept-reads.ts), shown offline until the replica can answer.
 */
export type LiveReadSource = 'network' | 'replica' | 'none' | 'server' | 'kept';

export type LiveRead<T> = { status: 'loading'; data: undefined } | { status: 'ready'; data: T; source: LiveReadSource };

export interface LiveReadSpec<T> {
  /** Names the read and its arguments: the result is kept under it for the next visit to the page. */
  key: string;
  /** Tables the replica must have pulled in full before it can answer. */
  tables: readonly TableName[];
  firstPaint: (config: FirstPaintConfig) => Promise<T>;
  replica: (reads: PublicReads) => { subscribe(next: (value: T) => void): { unsubscribe(): void } };
  /** What the page shows when nothing can answer. */
  empty: T;
}

/**
 * The oldest time at which content shown from this device's kept answers was fetched, for the
 * offline status ('Updated 3 minutes ago'); null while none was shown.
 */
let keptShownAt: string | null = null;
const keptShownListeners = new Set<() => void>();

function noteKeptShown(at: string): void {
  if (keptShownAt !== null && keptShownAt <= at) return;
  keptShownAt = at;
  keptShownListeners.forEach((listener) => listener());
}

/** When the oldest content shown from kept answers was fetched; null when none was shown. */
export function useKeptShownAt(): string | null {
  return useSyncExternalStore(
    (listener) => {
      keptShownListeners.add(listener);
      return () => keptShownListeners.delete(listener);
    },
    () => keptShownAt,
    () => null,
  );
}

/** Nothing could answer the read: no connection to the server, and nothing on this device. */
export function isUnanswered(read: LiveRead<unknown>): boolean {
  return read.status === 'ready' && read.source === 'none';
}

/** The server gave the answer (rendered it, or answered the page's own read), not this device. */
export function answeredByServer(read: LiveRead<unknown>): boolean {
  return read.status === 'ready' && (read.source === 'server' || read.source === 'network');
}

/** How long after a failed direct read it is tried again: 5 s, doubling with each failure, at most a minute. */
const RETRY_FIRST_MS = 5_000;
const RETRY_LONGEST_MS = 60_000;

/** Latest answers by key, so a page visited again in this tab paints at once; `at`: when a kept one was fetched. */
const answers = new Map<string, { data: unknown; source: LiveReadSource; at?: string }>();
/** Keys the server answered: their first mount needs no direct request of its own. */
const seeded = new Set<string>();

/**
 * Answers the server rendered the page with (key → data), so that the first render is the server's
 * and hydration matches it. The browser seeds from the page's JSON (src/main.tsx); the server seeds
 * just before its synchronous render and takes them back with `clearSeed` right after, so that no
 * answer outlives its request. A page the service worker kept from an earlier visit
 * (src/features/pwa/worker/kept-pages.ts) was rendered at `keptAt`: its answers are kept ones, and the
 * page asks for fresh answers as if it had none.
 */
export function seedLiveReads(seed: Record<string, unknown>, keptAt?: string): void {
  const shown: [string, unknown][] = [];
  for (const [key, data] of Object.entries(seed)) {
    if (keptAt !== undefined) {
      answers.set(key, { data, source: 'kept', at: keptAt });
      continue;
    }
    answers.set(key, { data, source: 'server' });
    seeded.add(key);
    shown.push([key, data]);
  }
  // In the browser, what the server showed is kept for an offline reload (no storage on the server),
  // in a task of its own: serialising and storing a page's answers took a fifth to a third of the
  // app's start-up task (bench/offline.ts's traced visit), which Lighthouse counts as blocking time.
  // The page painted from the server's HTML before any script ran; this keeps it a moment later.
  if (typeof window !== 'undefined' && shown.length > 0) {
    setTimeout(() => shown.forEach(([key, data]) => keepRead(key, data)), 0);
  }
}

export function clearSeed(): void {
  answers.clear();
  seeded.clear();
}

/**
 * The direct reads a page asks for, by key, while the server renders it without their answers, each
 * with the tables its answer comes from.
 */
export type ReadCollector = Map<
  string,
  { read: (config: FirstPaintConfig) => Promise<unknown>; tables: readonly TableName[] }
>;
let collector: ReadCollector | null = null;

/**
 * Renders with `render` and lists the reads the page asked for that had no answer (a server render's
 * first pass: the server then makes those reads and renders again with their answers).
 */
export function collectReads(render: () => void): ReadCollector {
  const reads: ReadCollector = new Map();
  collector = reads;
  try {
    render();
  } finally {
    collector = null;
  }
  return reads;
}

/** When this page was opened (ISO), by the clock the replica stamps its pulls with. */
function pageOpenedAt(): string {
  return new Date(performance.timeOrigin).toISOString();
}

function cached<T>(key: string): LiveRead<T> {
  const answer = answers.get(key);
  return answer
    ? { status: 'ready', data: answer.data as T, source: answer.source }
    : { status: 'loading', data: undefined };
}

export function useLiveRead<T>(spec: LiveReadSpec<T>): LiveRead<T> {
  const { key, tables } = spec;
  if (collector && !answers.has(key)) collector.set(key, { read: spec.firstPaint, tables });
  const [read, setRead] = useState<{ key: string; read: LiveRead<T> }>(() => ({ key, read: cached<T>(key) }));
  /** The key whose direct read failed, and how many times in a row. */
  const [failure, setFailure] = useState<{ key: string; count: number } | null>(null);
  /** Tries of the direct read: one more each time it is tried again after it failed. */
  const [attempt, setAttempt] = useState(0);
  const [pull, setPull] = useState<{ replica: Replica; key: string; complete: boolean; fresh: boolean } | null>(null);
  const replicaState = useReplicaState();
  const replica = replicaState.status === 'ready' ? replicaState.replica : null;

  // Derived for this key and this replica, so that a new event or a reopened replica starts afresh.
  const current = read.key === key ? read.read : cached<T>(key);
  const pullNow = pull && pull.replica === replica && pull.key === key ? pull : null;
  const pulled = pullNow ? pullNow.complete : null;
  const failures = failure?.key === key ? failure.count : 0;
  const networkFailed = failures > 0;
  // Offline, whatever the replica holds beats nothing; online, only a replica as fresh as the page.
  const replicaAnswers = pulled === true && (pullNow?.fresh === true || networkFailed);

  const show = useEffectEvent((answer: T, source: LiveReadSource) => {
    // The same content keeps the object it came in first, so that what renders from it can tell.
    const shown = answers.get(key);
    const same = shown !== undefined && sameContent(shown.data, answer);
    const data = same ? (shown.data as T) : answer;
    answers.set(key, { data, source });
    // Seen stays seen: kept the moment it is shown (the replica keeps its own answers).
    if (source === 'network') keepRead(key, data);
    // The page shows this content already (the replica taking over from the server's answer, as a
    // rule): nothing on it changes, so it is not rendered again. Where it came from shows nowhere.
    if (same && current.status === 'ready' && current.data === data && current.source !== 'none') return;
    // A transition: rendering what arrived yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (Lighthouse's blocking time).
    startTransition(() => setRead({ key, read: { status: 'ready', data, source } }));
  });
  const fetchFirstPaint = useEffectEvent((config: FirstPaintConfig) => spec.firstPaint(config));
  const followReplica = useEffectEvent((reads: PublicReads) =>
    spec.replica(reads).subscribe((data) => show(data, 'replica')),
  );

  // The direct read, unless the replica can already answer or the server has just answered.
  useEffect(() => {
    if (replicaAnswers) return undefined;
    if (seeded.delete(key)) return undefined;
    const controller = new AbortController();
    loadRuntimeConfig()
      .then((config) =>
        fetchFirstPaint({
          supabaseUrl: config.supabaseUrl,
          anonKey: config.supabaseAnonKey,
          // The event shell may have started this very request before the scripts loaded.
          fetch: fetchAdoptingEarly,
          signal: controller.signal,
        }),
      )
      .then(
        (data) => {
          noteBackendReachable(true);
          if (controller.signal.aborted) return;
          setFailure(null);
          if (answers.get(key)?.source !== 'replica') show(data, 'network');
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // fetch rejects with a TypeError when nothing answered (an HTTP error is an answer).
          if (error instanceof TypeError) noteBackendReachable(false);
          setFailure((last) => ({ key, count: last?.key === key ? last.count + 1 : 1 }));
          // What this device showed before, until the replica can answer.
          const shown = answers.get(key);
          if (shown?.source === 'kept' && shown.at) noteKeptShown(shown.at);
          const kept = shown ? null : keptRead(key);
          if (kept) {
            noteKeptShown(kept.at);
            show(kept.data as T, 'kept');
          }
          void requestReplica();
        },
      );
    return () => controller.abort();
  }, [key, replicaAnswers, attempt]);

  // After a failure for want of a connection, the direct read is tried again once the backend is
  // reachable (whatever found it out: the browser, another request, the probe in connection.ts).
  useEffect(() => {
    if (!networkFailed) return undefined;
    return subscribeConnection(() => {
      if (navigator.onLine && !backendUnreachable()) setAttempt((tries) => tries + 1);
    });
  }, [networkFailed]);

  // A failure the server answered (a 5xx, a gateway's page) changes nothing the browser or the probe
  // hears of, so nothing above would ever try again: the read is tried again 5 s after it failed,
  // doubling to a minute, until it is answered or the replica can answer it.
  useEffect(() => {
    if (failures === 0 || replicaAnswers) return undefined;
    const timer = setTimeout(
      () => {
        if (navigator.onLine && !backendUnreachable()) setAttempt((tries) => tries + 1);
      },
      Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_LONGEST_MS),
    );
    return () => clearTimeout(timer);
  }, [failures, replicaAnswers]);

  // Whether the replica holds a full pull of every table of the read, and whether that pull is as
  // fresh as what this page fetched itself: a pull in this page's session (or, when another tab
  // replicates, a round of its pulls that ended since). Until then a replica holding an older visit
  // would take back what the page has just shown.
  const tableList = tables.join(',');
  useEffect(() => {
    if (!replica) return undefined;
    const since = pageOpenedAt();
    const times = new Map<string, string | null>();
    const names = tableList.split(',') as TableName[];
    let syncedSince = false;
    const update = () => {
      if (times.size < names.length) return;
      const complete = [...times.values()].every(Boolean);
      const fresh = syncedSince || [...times.values()].every((at) => at !== null && at >= since);
      setPull({ replica, key, complete, fresh });
    };
    const subscriptions = [
      ...names.map((table) =>
        replica.engine.pulledAt$(table).subscribe((at) => {
          times.set(table, at);
          update();
        }),
      ),
      replica.engine.status$.subscribe((status) => {
        const synced = status.lastSyncedAt !== null && status.lastSyncedAt >= since;
        if (synced === syncedSince) return;
        syncedSince = synced;
        update();
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [replica, key, tableList]);

  // Follow the replica once it can answer.
  useEffect(() => {
    if (!replica || !replicaAnswers) return undefined;
    const subscription = followReplica(replica.reads);
    return () => subscription.unsubscribe();
  }, [replica, replicaAnswers, key]);

  // Nothing can answer: offline with no replica of these tables (or no replica at all).
  const replicaCannotAnswer = replicaState.status === 'failed' || (replica !== null && pulled === false);
  if (networkFailed && replicaCannotAnswer && current.status === 'loading') {
    return { status: 'ready', data: spec.empty, source: 'none' };
  }
  return current;
}
