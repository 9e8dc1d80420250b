/**
 * Every upcoming event readable offline with its pictures, not only the events a visitor opened:
 * once the visitor's replica holds every table an event page reads and has been quiet for a moment,
 * its worker gathers the images of all upcoming events' pages (event-images.ts, replica-worker.ts),
 * and the page hands them, when idle, to the service worker, which fetches them one at a time at low
 * priority into a cache of their own, within a byte budget (OFFLINE_IMAGE_BUDGET_BYTES there). Never
 * before the first paint: the replica opens after it.
 *
 * An installed app also asks the browser to keep this site's storage (`navigator.storage.persist()`):
 * browsers grant it to home-screen apps without asking, while in a tab some (Firefox) would prompt
 * a first-time visitor. When the device runs out of room, the service worker drops these images (the
 * rows in the replica stay) and says so; `useOfflineImagesDropped` shows it.
 */
import { useSyncExternalStore } from 'react';
import { EVENT_IMAGES_DROPPED, KEEP_EVENT_IMAGES } from '../lib/worker-messages.ts';

let dropped = false;
const listeners = new Set<() => void>();
let listening = false;

function listenForDrops(): void {
  if (listening) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== EVENT_IMAGES_DROPPED || dropped) return;
    dropped = true;
    listeners.forEach((listener) => listener());
  });
}

/** True once the worker dropped the kept event images because the device's storage was full. */
export function useOfflineImagesDropped(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if ('serviceWorker' in navigator) listenForDrops();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => dropped,
    () => false,
  );
}

let askedToPersist = false;

/** Hands the images of every upcoming event to the service worker to keep (see above). */
export function keepEventImagesOffline(urls: string[]): void {
  if (!('serviceWorker' in navigator)) return;
  if (!askedToPersist && matchMedia('(display-mode: standalone)').matches) {
    askedToPersist = true;
    void navigator.storage?.persist?.().catch(() => false);
  }
  const send = () =>
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: KEEP_EVENT_IMAGES, urls }),
    );
  if (typeof requestIdleCallback === 'function') requestIdleCallback(send, { timeout: 5000 });
  else setTimeout(send, 0);
}
