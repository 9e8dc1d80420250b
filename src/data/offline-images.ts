/**
 * Every upcoming event readable offline with its pictures, not only the events a visitor opened:
 * once the visitor's replica holds every table an event page reads, and the page is idle, the images
 * of all upcoming events' pages go to the service worker, which fetches them one at a time at low
 * priority into a cache of their own, within a byte budget (OFFLINE_IMAGE_BUDGET_BYTES in the
 * worker). Never before the first paint: this module is loaded with `import()` from the PWA status.
 *
 * The browser is also asked to keep this site's storage (`navigator.storage.persist()`), where it
 * allows. When the device runs out of room, the worker drops these images (the rows in the replica
 * stay) and says so; `useOfflineImagesDropped` shows it.
 */
import { useSyncExternalStore } from 'react';
import { EVENT_IMAGES_DROPPED } from '../lib/worker-messages.ts';

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
