/**
 * The replica's sync status for the UI (offline indicator, the back office's waiting changes),
 * or null until the replica is open. Before then, online/offline comes from the browser alone.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncStatus } from '../../sync/index.ts';
import { useReplicaState } from './engine-store.ts';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is online (true while rendering on a server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The status of the open replica, live; null while none is open. */
export function useSyncStatus(): SyncStatus | null {
  const replicaState = useReplicaState();
  const engine = replicaState.status === 'ready' ? replicaState.replica.engine : null;
  const [latest, setLatest] = useState<{ engine: unknown; status: SyncStatus } | null>(null);
  useEffect(() => {
    if (!engine) return undefined;
    const subscription = engine.status$.subscribe((status) => setLatest({ engine, status }));
    return () => subscription.unsubscribe();
  }, [engine]);
  return latest && latest.engine === engine ? latest.status : null;
}
