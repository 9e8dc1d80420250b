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
import { EVENT_IMAGES_DROPPED, KEEP_EVENT_IMAGES } from '../lib/worker-messages.ts';
import { imagesOfEventPage } from './event-images.ts';
import { EVENT_PAGE_TABLES } from './public-content.ts';
import type { Replica } from './replica.ts';

/** The first value of a live read. */
function first<T>(source: { subscribe(next: (value: T) => void): { unsubscribe(): void } }): Promise<T> {
  return new Promise((resolve) => {
    let done = false;
    let subscription: { unsubscribe(): void } | null = null;
    subscription = source.subscribe((value) => {
      if (done) return;
      done = true;
      resolve(value);
      queueMicrotask(() => subscription?.unsubscribe());
    });
  });
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 200);
  });
}

/** The images of every upcoming event's page, from the replica. */
async function upcomingEventImages(replica: Replica): Promise<string[]> {
  const events = await first(replica.reads.upcomingEvents$(new Date()));
  const urls = new Set<string>();
  for (const event of events) {
    const page = await first(replica.reads.eventPage$(event.slug ?? event.id));
    if (page) for (const url of imagesOfEventPage(page, window.location.href)) urls.add(url);
  }
  return [...urls];
}

let started = false;

/**
 * Hands the images of every upcoming event to the service worker, once per page load, after the
 * replica has pulled what event pages read and the page is idle. Does nothing without a worker.
 */
export async function keepUpcomingEventImages(replica: Replica): Promise<void> {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  listenForDrops();
  await Promise.all(EVENT_PAGE_TABLES.map((table) => replica.engine.awaitInitialPull(table)));
  await whenIdle();
  void navigator.storage?.persisted?.().then((persisted) => (persisted ? true : navigator.storage.persist()));
  const urls = await upcomingEventImages(replica);
  const worker = (await navigator.serviceWorker.ready).active;
  worker?.postMessage({ type: KEEP_EVENT_IMAGES, urls });
}

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
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => dropped,
    () => false,
  );
}
