/**
 * The engine's status, as one shared observable: online, leading, syncing (the leader's own state,
 * or what it wrote to the meta store for the other tabs), when the last clean round ended, pending
 * changes and uploads, conflicts, the error list, and whether the replica is offline-ready (every
 * table's first full pull done). Every tab shows the same, since all but `online` and `leader`
 * come from IndexedDB.
 */
import { Observable, combineLatest, distinctUntilChanged, map, of, shareReplay, switchMap } from 'rxjs';
import type { MetaStore } from '../meta-store.ts';
import type { FileOutbox } from '../outbox/index.ts';
import { tablesOf } from '../schema/types.ts';
import type { Leadership } from './leadership.ts';
import type { SyncErrorEntry, SyncStatus } from './types.ts';

/**
 * Online state as the browser reports it, in a page or in a worker (both fire 'online' and
 * 'offline' at their global scope).
 */
export function online$(): Observable<boolean> {
  return new Observable<boolean>((subscriber) => {
    const update = () => subscriber.next(typeof navigator === 'undefined' ? true : navigator.onLine);
    update();
    const scope = globalThis as Partial<Pick<typeof globalThis, 'addEventListener' | 'removeEventListener'>>;
    if (typeof scope.addEventListener !== 'function' || typeof navigator === 'undefined') return undefined;
    scope.addEventListener('online', update);
    scope.addEventListener('offline', update);
    return () => {
      scope.removeEventListener?.('online', update);
      scope.removeEventListener?.('offline', update);
    };
  }).pipe(distinctUntilChanged());
}

/** The meta store key of a table's first-full-pull flag. */
export const initialPullKey = (mode: 'public' | 'admin', table: string) => `initialPull:${mode}:${table}`;

/**
 * Whether a replica holding these first-full-pull flags (meta store keys) can answer every page
 * offline: every table of its mode has been pulled in full once.
 */
export function isOfflineReady(mode: 'public' | 'admin', flagKeys: readonly string[]): boolean {
  const present = new Set(flagKeys);
  return tablesOf(mode).every((table) => present.has(initialPullKey(mode, table)));
}

export interface StatusInput {
  mode: 'public' | 'admin';
  meta: Pick<MetaStore, 'state$' | 'stateKeys$' | 'pendingCount$' | 'conflicts$'>;
  leadership: Pick<Leadership, 'isLeader' | 'syncing'>;
  outbox: FileOutbox | null;
  errors$: Observable<SyncErrorEntry[]>;
}

export function syncStatus$({ mode, meta, leadership, outbox, errors$ }: StatusInput): Observable<SyncStatus> {
  const { isLeader, syncing } = leadership;
  const sharedSyncing$ = isLeader.pipe(
    switchMap((leader) => (leader ? syncing : meta.state$<boolean>('syncing').pipe(map(Boolean)))),
  );
  return combineLatest([
    online$(),
    isLeader,
    sharedSyncing$,
    meta.state$<string>('lastSyncedAt'),
    mode === 'admin' ? meta.pendingCount$() : of(0),
    outbox ? outbox.pending$.pipe(map((items) => items.length)) : of(0),
    meta.conflicts$().pipe(map((list) => list.length)),
    errors$,
    meta.stateKeys$(initialPullKey(mode, '')).pipe(
      map((keys) => isOfflineReady(mode, keys)),
      distinctUntilChanged(),
    ),
  ]).pipe(
    map(
      ([online, leader, isSyncing, lastSyncedAt, pendingChanges, pendingUploads, conflicts, errors, offlineReady]) => ({
        mode,
        online,
        leader,
        syncing: isSyncing,
        lastSyncedAt: lastSyncedAt ?? null,
        pendingChanges,
        pendingUploads,
        conflicts,
        errors,
        offlineReady,
      }),
    ),
    // One set of live queries however many components watch the status.
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}
