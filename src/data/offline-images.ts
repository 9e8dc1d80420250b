/**
 * Every upcoming event readable offline with its pictures, not only the events a visitor opened:
 * once the visitor's replica holds every table an event page reads and has been quiet for a moment,
 * its worker gathers all upcoming events' pages and their images (event-images.ts, replica-worker.ts),
 * and the page hands them, when idle, to the service worker, which fetches them one at a time at low
 * priority into caches of their own: the pages as the server renders them (kept-pages.ts there, so
 * that they open offline with their content at once), and the images within a byte budget
 * (OFFLINE_IMAGE_BUDGET_BYTES there). Never before the first paint: the replica opens after it.
 *
 * An installed app also asks the browser to keep this site's storage (`navigator.storage.persist()`):
 * browsers grant it to home-screen apps without asking, while in a tab some (Firefox) would prompt
 * a first-time visitor. When the device runs out of room, the service worker drops these images (the
 * rows in the replica stay) and says so; `useOfflineImagesDropped` shows it.
 */
import { useSyncExternalStore } from 'react';
import { EVENT_IMAGES_DROPPED, KEEP_EVENT_IMAGES, KEEP_PAGES } from '../lib/worker-messages.ts';
import type { UpcomingEventsOffline } from './replica-worker-protocol.ts';

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

/** Hands every upcoming event's page and images to the service worker to keep (see above). */
export function keepUpcomingEventsOffline({ pages, images }: UpcomingEventsOffline): void {
  if (!('serviceWorker' in navigator)) return;
  if (!askedToPersist && matchMedia('(display-mode: standalone)').matches) {
    askedToPersist = true;
    void navigator.storage?.persist?.().catch(() => false);
  }
  const send = () =>
    void navigator.serviceWorker.ready.then((registration) => {
      registration.active?.postMessage({ type: KEEP_PAGES, urls: pages });
      registration.active?.postMessage({ type: KEEP_EVENT_IMAGES, urls: images });
    });
  if (typeof requestIdleCallback === 'function') requestIdleCallback(send, { timeout: 5000 });
  else setTimeout(send, 0);
}
