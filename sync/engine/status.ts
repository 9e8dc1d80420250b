/**
 * The engine's status, as one shared observable: online, leading, syncing (the leader's own state,
 * or what it wrote to the meta store for the other tabs), when the last clean round ended, pending
 * changes and uploads, conflicts and the error list. Every tab shows the same, since all but
 * `online` and `leader` come from IndexedDB.
 */
import { Observable, combineLatest, distinctUntilChanged, map, of, shareReplay, switchMap } from 'rxjs';
import type { MetaStore } from '../meta-store.ts';
import type { FileOutbox } from '../outbox/index.ts';
import type { Leadership } from './leadership.ts';
import type { SyncErrorEntry, SyncStatus } from './types.ts';

/** Online state as the browser reports it. */
export function online$(): Observable<boolean> {
  return new Observable<boolean>((subscriber) => {
    const update = () => subscriber.next(typeof navigator === 'undefined' ? true : navigator.onLine);
    update();
    if (typeof window === 'undefined') return undefined;
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }).pipe(distinctUntilChanged());
}

export interface StatusInput {
  mode: 'public' | 'admin';
  meta: Pick<MetaStore, 'state$' | 'pendingCount$' | 'conflicts$'>;
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
  ]).pipe(
    map(([online, leader, isSyncing, lastSyncedAt, pendingChanges, pendingUploads, conflicts, errors]) => ({
      mode,
      online,
      leader,
      syncing: isSyncing,
      lastSyncedAt: lastSyncedAt ?? null,
      pendingChanges,
      pendingUploads,
      conflicts,
      errors,
    })),
    // One set of live queries however many components watch the status.
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}
