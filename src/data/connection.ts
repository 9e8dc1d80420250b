import type { SyncStatus } from '../../sync/index.ts';

/**
 * Whether the backend can be reached, as far as this page knows. The browser's `navigator.onLine`
 * says only whether a network is attached: on hotel Wi-Fi behind a sign-in page it is true while
 * nothing gets through, and some browsers (Chromium 150) start a page reloaded offline with it true.
 * So a request that failed for want of a connection also counts as offline, until a request gets
 * through, a sync round of the replica ends cleanly, or the browser says it is online again.
 */
let unreachable = false;
const listeners = new Set<() => void>();

/** A request to the backend got through (true) or failed for want of a connection (false). */
export function noteBackendReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  listeners.forEach((listener) => listener());
}

/** True while the latest request to the backend failed for want of a connection. */
export function backendUnreachable(): boolean {
  return unreachable;
}

/** Calls `listener` when reachability changes; the browser's 'online' clears a failure. */
export function subscribeConnection(listener: () => void): () => void {
  const online = () => noteBackendReachable(true);
  if (listeners.size === 0) window.addEventListener('online', online);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('online', online);
  };
}

/**
 * What a replica's requests show of the backend: a request for a table that failed for want of a
 * connection means unreachable; a sync round that ended cleanly, or such a request that went through
 * since, means reachable. (Realtime's own failures are left out: a proxy that blocks WebSockets
 * leaves the data reachable.)
 */
export function watchReplicaRequests(status$: {
  subscribe(next: (status: SyncStatus) => void): { unsubscribe(): void };
}): { unsubscribe(): void } {
  let last: { syncedAt: string | null; failedTables: number } | null = null;
  return status$.subscribe(({ lastSyncedAt, errors }) => {
    const failedTables = errors.filter((entry) => entry.kind === 'network' && entry.table).length;
    // The first status counts failures it already holds; its sync time is only where to start from.
    last ??= { syncedAt: lastSyncedAt, failedTables: 0 };
    if (failedTables > last.failedTables) noteBackendReachable(false);
    else if (failedTables < last.failedTables || (lastSyncedAt !== null && lastSyncedAt !== last.syncedAt)) {
      noteBackendReachable(true);
    }
    last = { syncedAt: lastSyncedAt, failedTables };
  });
}
