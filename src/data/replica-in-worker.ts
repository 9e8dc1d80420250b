/**
 * A visitor's replica, run by a dedicated worker (replica-worker.ts) and seen from the page as a
 * `Replica` like any other: the first-full-pull flags, the status and the public reads arrive as
 * messages (replica-worker-protocol.ts). The page's main thread never loads RxDB, Dexie or
 * supabase-js for a visitor, nor runs the pulls, the writes or the queries: each of those tasks would
 * count against its responsiveness (docs/decisions/016-offline-from-the-first-visit.md).
 *
 * This module is small and free of rxjs: what it sends, receives and keeps is plain data. What
 * arrives from the worker is handed on inside a transition: whatever a page renders because of it
 * (the replica taking over from the first-paint reads, a new status) renders in slices that yield to
 * the browser, never as one long task.
 */
import { startTransition } from 'react';
import { onPageFrozen } from './release-storage-on-page-hide.ts';
import type { SyncStatus, TableName } from '../../sync/index.ts';
import type { PublicReads, Replica, ReplicaEngine, Subscribable } from './replica.ts';
import type {
  FromWorker,
  ReadName,
  ToWorker,
  UpcomingEventsOffline,
  Watched,
  WatchedValues,
} from './replica-worker-protocol.ts';

/** The part of a Worker this module uses (tests give it a fake). */
export interface WorkerPort {
  postMessage(message: ToWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

export interface WorkerReplicaOptions {
  supabaseUrl: string;
  anonKey: string;
  /** Makes the worker; the app's by default. */
  createWorker?: () => WorkerPort;
  /** How long `destroy` waits for the worker to close the replica before ending it anyway, ms. */
  destroyTimeoutMs?: number;
  /** Gets every upcoming event's page and images, whenever the worker gathers them anew. */
  onUpcomingEvents?: (offline: UpcomingEventsOffline) => void;
  /** Called once the replica holds a full pull of every table, whether the page follows it or not. */
  onOfflineReady?: () => void;
}

/**
 * The worker's script: the module itself while developing; in a build, vite.config.ts puts the URL
 * of its chunk here. That chunk is part of the app's own build, so the worker shares its chunks
 * (RxDB, Dexie, supabase-js) with the back office's replica instead of carrying a copy of its own.
 */
const REPLICA_WORKER_URL = '/src/data/replica-worker.ts';

/** The app's worker, a module worker. */
function appWorker(): WorkerPort {
  return new Worker(REPLICA_WORKER_URL, { type: 'module', name: 'replica' });
}

/** One watch in the worker shared by every local subscriber, which gets the latest value at once. */
function sharedWatch<T>(watch: (watched: Watched, next: (value: unknown) => void) => () => void, watched: Watched) {
  const listeners = new Set<(value: T) => void>();
  let latest: { value: T } | null = null;
  let stop: (() => void) | null = null;
  return {
    latest: () => latest?.value,
    subscribe(next: (value: T) => void): { unsubscribe(): void } {
      listeners.add(next);
      if (latest) next(latest.value);
      stop ??= watch(watched, (value) => {
        latest = { value: value as T };
        for (const listener of [...listeners]) listener(value as T);
      });
      return {
        unsubscribe() {
          listeners.delete(next);
          if (listeners.size === 0 && stop) {
            stop();
            stop = null;
            latest = null;
          }
        },
      };
    },
  };
}

/**
 * Starts the worker and opens the visitor's replica in it. Resolves once it is open; rejects when
 * the worker cannot start or the replica cannot open there (the caller then opens it in the page).
 */
export function openReplicaInWorker(options: WorkerReplicaOptions): Promise<Replica> {
  const worker = (options.createWorker ?? appWorker)();
  // Frozen in the back-forward cache, the worker would keep its databases and its leader lock from
  // the next page (release-storage-on-page-hide.ts); the page reloads if it comes back.
  const forgetWorker = onPageFrozen(() => worker.terminate());
  const listeners = new Map<number, (value: unknown) => void>();
  let lastId = 0;
  let onDestroyed: (() => void) | null = null;
  const send = (message: ToWorker) => worker.postMessage(message);

  const opened = new Promise<void>((resolve, reject) => {
    worker.addEventListener('message', (event) => {
      const message = event.data;
      switch (message.type) {
        case 'opened':
          resolve();
          return;
        case 'failed':
          reject(new Error(`The replica did not open in its worker: ${message.message}`));
          return;
        case 'value': {
          const listener = listeners.get(message.id);
          if (listener) startTransition(() => listener(message.value));
          return;
        }
        case 'destroyed':
          onDestroyed?.();
          return;
        case 'upcomingEvents':
          options.onUpcomingEvents?.(message.offline);
          return;
        case 'offlineReady':
          options.onOfflineReady?.();
          return;
      }
    });
    worker.addEventListener('error', () => reject(new Error('The replica worker could not start')));
  });

  /** Watches `watched` in the worker; returns how to stop. */
  function watch(watched: Watched, next: (value: unknown) => void): () => void {
    lastId += 1;
    const id = lastId;
    listeners.set(id, next);
    send({ type: 'watch', id, watched });
    return () => {
      if (listeners.delete(id)) send({ type: 'unwatch', id });
    };
  }

  const status = sharedWatch<SyncStatus>(watch, { kind: 'status' });
  const pulls = sharedWatch<WatchedValues['pulls']>(watch, { kind: 'pulls' });

  // Tables the page asks about before they are pulled are the ones it reads: they go next. Asked
  // together (one message per render), not one by one.
  let wanted: TableName[] = [];
  function want(table: TableName): void {
    if (pulls.latest()?.[table] || wanted.includes(table)) return;
    wanted.push(table);
    if (wanted.length === 1) {
      queueMicrotask(() => {
        send({ type: 'prioritize', tables: wanted });
        wanted = [];
      });
    }
  }

  /** One table's value out of the pull times, emitted when it changes. */
  function pullOf<T>(table: TableName, pick: (at: string | null) => T): Subscribable<T> {
    return {
      subscribe(next) {
        want(table);
        let last: { value: T } | null = null;
        return pulls.subscribe((times) => {
          const value = pick(times[table] ?? null);
          if (last?.value !== value) {
            last = { value };
            next(value);
          }
        });
      },
    };
  }
  const initialPull$ = (table: TableName) => pullOf(table, Boolean);
  const pulledAt$ = (table: TableName) => pullOf(table, (at) => at);

  function awaitInitialPull(table: TableName): Promise<void> {
    return new Promise((resolve) => {
      let done = false;
      let subscription: { unsubscribe(): void } | null = null;
      subscription = initialPull$(table).subscribe((complete) => {
        if (!complete || done) return;
        done = true;
        resolve();
        queueMicrotask(() => subscription?.unsubscribe());
      });
    });
  }

  function read<T>(name: ReadName, args: unknown[]): Subscribable<T> {
    return {
      subscribe(next) {
        const stop = watch({ kind: 'read', name, args }, (value) => next(value as T));
        return { unsubscribe: stop };
      },
    };
  }

  const reads: PublicReads = {
    upcomingEvents$: (now) => read('upcomingEvents$', [now]),
    pastEvents$: (now, limit) => read('pastEvents$', limit === undefined ? [now] : [now, limit]),
    eventPage$: (slugOrId) => read('eventPage$', [slugOrId]),
    sponsors$: () => read('sponsors$', []),
    pastAttendees$: () => read('pastAttendees$', []),
    generalTestimonials$: () => read('generalTestimonials$', []),
    videos$: () => read('videos$', []),
  };

  // The worker sees neither the page's visibility nor, in every browser, its coming online.
  const resync = () => send({ type: 'resync' });
  const onVisible = () => {
    if (document.visibilityState === 'visible') resync();
  };
  const page = typeof document === 'undefined' ? null : document;
  page?.addEventListener('visibilitychange', onVisible);
  if (typeof window !== 'undefined') window.addEventListener('online', resync);

  let destroyed: Promise<void> | null = null;
  const engine: ReplicaEngine = {
    mode: 'public',
    status$: status,
    initialPull$,
    pulledAt$,
    awaitInitialPull,
    prioritize: (tables) => tables.forEach(want),
    resync,
    fillFromKeptRows: () => send({ type: 'fillFromKeptRows' }),
    destroy(destroyOptions) {
      destroyed ??= new Promise<void>((resolve) => {
        page?.removeEventListener('visibilitychange', onVisible);
        if (typeof window !== 'undefined') window.removeEventListener('online', resync);
        const timer = setTimeout(finish, options.destroyTimeoutMs ?? 3000);
        function finish() {
          clearTimeout(timer);
          listeners.clear();
          worker.terminate();
          forgetWorker();
          resolve();
        }
        onDestroyed = finish;
        send({ type: 'destroy', removeData: destroyOptions?.removeData ?? false });
      });
      return destroyed;
    },
  };

  send({ type: 'open', supabaseUrl: options.supabaseUrl, anonKey: options.anonKey });
  return opened.then(
    () => ({ engine, reads }),
    (error: unknown) => {
      worker.terminate();
      forgetWorker();
      throw error;
    },
  );
}
