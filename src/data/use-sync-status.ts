/**
 * The replica's sync status for the UI (offline indicator, the back office's waiting changes),
 * or null until the replica is open. Before then, online/offline comes from the browser alone.
 * Also whether this device can show the site offline: a service worker active, and the public rows
 * held by it or by the replica.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncStatus } from '../../sync/index.ts';
import { backendUnreachable, subscribeConnection } from './connection.ts';
import { fillReplicaFromKeptRows, useOfflineReadyInWorker, useReplicaState } from './engine-store.ts';
import { publicRowsKeptAt } from '../lib/public-rows.ts';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const stopConnection = subscribeConnection(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    stopConnection();
  };
}

/**
 * Whether this page is online: the browser says so and the backend's latest request did not fail
 * for want of a connection (connection.ts). True while rendering on a server.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine && !backendUnreachable(),
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

let serviceWorkerActive = false;
/** Whether the active service worker holds every public row (kept at its install). */
let publicRowsHeld = false;
let watchingServiceWorker = false;
const serviceWorkerListeners = new Set<() => void>();

/**
 * Offline, the visitor's replica fills the tables it has not pulled yet from the public rows the
 * service worker holds (online it pulls them: filling them first would only cost a first visit).
 */
function fillWhenOffline(): void {
  if (publicRowsHeld && (!navigator.onLine || backendUnreachable())) fillReplicaFromKeptRows();
}

/**
 * Learns when a service worker is active for this page, and whether it holds the public rows.
 */
function subscribeServiceWorker(listener: () => void): () => void {
  serviceWorkerListeners.add(listener);
  if (!watchingServiceWorker && 'serviceWorker' in navigator) {
    watchingServiceWorker = true;
    void navigator.serviceWorker.ready.then((registration) => {
      const worker = registration.active;
      if (!worker) return;
      const check = () => {
        if (worker.state !== 'activated' || serviceWorkerActive) return;
        serviceWorkerActive = true;
        worker.removeEventListener('statechange', check);
        serviceWorkerListeners.forEach((notify) => notify());
        void publicRowsKeptAt().then((at) => {
          if (!at) return;
          publicRowsHeld = true;
          serviceWorkerListeners.forEach((notify) => notify());
          fillWhenOffline();
          subscribeConnection(fillWhenOffline);
          window.addEventListener('offline', fillWhenOffline);
        });
      };
      worker.addEventListener('statechange', check);
      check();
    });
  }
  return () => serviceWorkerListeners.delete(listener);
}

/**
 * True once this device can show every public page offline: a service worker is active to serve the
 * pages, and every public row is held, by the worker (kept at its install) or by the replica (a full
 * pull of every table: `offlineReady`, its status once the page follows it, its worker's word
 * before). Never on the server.
 */
export function useAvailableOffline(): boolean {
  const status = useSyncStatus();
  const readyInWorker = useOfflineReadyInWorker();
  const workerActive = useSyncExternalStore(
    subscribeServiceWorker,
    () => serviceWorkerActive,
    () => false,
  );
  const rowsHeld = useSyncExternalStore(
    subscribeServiceWorker,
    () => publicRowsHeld,
    () => false,
  );
  return workerActive && (rowsHeld || (status ? status.offlineReady : readyInWorker));
}
