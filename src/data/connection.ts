import type { SyncStatus } from '../../sync/index.ts';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';

/**
 * Whether the backend can be reached, as far as this page knows. The browser's `navigator.onLine`
 * says only whether a network is attached: on hotel Wi-Fi behind a sign-in page it is true while
 * nothing gets through, and some browsers (Chromium 150) start a page reloaded offline with it true
 * and say nothing when the connection comes back. So a request that failed for want of a connection
 * also counts as offline, until a request gets through, a sync round of the replica ends cleanly, the
 * browser says it is online again, or a probe of the backend (below) is answered.
 */
let unreachable = false;
const listeners = new Set<() => void>();

/**
 * While unreachable, the backend's health endpoint is asked every few seconds (any HTTP answer means
 * reachable): every 2 s for the first half minute, then every 15 s, and at once when the page comes
 * back into view. Not while the browser itself says it is offline: its 'online' event ends that.
 */
const PROBE_FAST_MS = 2_000;
const PROBE_SLOW_MS = 15_000;
const PROBE_FAST_FOR_MS = 30_000;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let unreachableSince = 0;

function probeDelay(): number {
  return performance.now() - unreachableSince < PROBE_FAST_FOR_MS ? PROBE_FAST_MS : PROBE_SLOW_MS;
}

async function backendAnswers(): Promise<boolean> {
  try {
    const config = await loadRuntimeConfig();
    await fetch(`${config.supabaseUrl}/auth/v1/health`, {
      headers: { apikey: config.supabaseAnonKey },
      cache: 'no-store',
    });
    return true;
  } catch {
    return false;
  }
}

function scheduleProbe(delay: number): void {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => {
    if (!unreachable) return;
    if (!navigator.onLine || document.visibilityState === 'hidden') {
      scheduleProbe(probeDelay());
      return;
    }
    void backendAnswers().then((answered) => {
      if (answered) noteBackendReachable(true);
      else if (unreachable) scheduleProbe(probeDelay());
    });
  }, delay);
}

function probeNowIfVisible(): void {
  if (unreachable && document.visibilityState === 'visible') scheduleProbe(0);
}

/** A request to the backend got through (true) or failed for want of a connection (false). */
export function noteBackendReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  if (unreachable) {
    unreachableSince = performance.now();
    scheduleProbe(PROBE_FAST_MS);
    document.addEventListener('visibilitychange', probeNowIfVisible);
  } else {
    clearTimeout(probeTimer);
    document.removeEventListener('visibilitychange', probeNowIfVisible);
  }
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
