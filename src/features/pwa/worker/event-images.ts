/**
 * Images in the service worker: each image a page shows is cached on first use, with a limit, and
 * once the visitor's replica is full, the images of every upcoming event's page are kept ahead of a
 * visit (KEEP_EVENT_IMAGES, from src/data/offline-images.ts): fetched one at a time at low priority
 * into a cache of their own, within OFFLINE_IMAGE_BUDGET_BYTES. When the device's storage is full,
 * that cache is dropped (the replica's rows stay) and the pages are told (EVENT_IMAGES_DROPPED).
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import { CacheFirst } from 'workbox-strategies';
import { EVENT_IMAGES_DROPPED } from '../../../lib/worker-messages.ts';
import { keepAhead } from './keep-ahead.ts';

declare const self: ServiceWorkerGlobalScope;

const EVENT_IMAGES_CACHE = 'event-images';
/** At most this many bytes of upcoming events' images are kept ahead (what a visit saw is apart). */
const OFFLINE_IMAGE_BUDGET_BYTES = 25 * 1024 * 1024;
/** A header on each kept copy with its size, so the budget is known without reading the bodies. */
const SIZE_HEADER = 'x-kept-bytes';

/** Demo images and Supabase Storage public objects (from the API's origin). */
export const isImage = (url: URL) =>
  (url.origin === self.location.origin && url.pathname.startsWith('/demo/')) ||
  url.pathname.includes('/storage/v1/object/public/');

const imagesSeen = new CacheFirst({
  cacheName: 'images',
  plugins: [
    // Images from the API's origin load without CORS: their responses are opaque (status 0).
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
  ],
});

/** An image: the copy kept ahead, else the one a page saw before, else from the network (then kept). */
export async function imageResponse(options: RouteHandlerCallbackOptions): Promise<Response> {
  const kept = await caches.match(options.request, { cacheName: EVENT_IMAGES_CACHE });
  return kept ?? imagesSeen.handle(options);
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

let keeping: Promise<void> = Promise.resolve();

/**
 * Runs the keeping of pages and images one request at a time (pages of several tabs may ask at
 * once), each until a newer version of the worker waits (keep-ahead.ts).
 */
export function keepInTurn(task: (signal: AbortSignal) => Promise<void>): Promise<void> {
  keeping = keeping.then(() => keepAhead(self.registration, task)).catch(() => undefined);
  return keeping;
}

/**
 * Brings the kept images in line with `urls`: drops those no longer wanted (ended or changed events),
 * fetches the missing ones one at a time at low priority until the budget is spent.
 */
export function keepEventImages(urls: string[]): Promise<void> {
  return keepInTurn((signal) => keepEventImagesNow(urls, signal));
}

async function keepEventImagesNow(urls: string[], signal: AbortSignal): Promise<void> {
  const wanted = new Set(urls.filter((url) => isImage(new URL(url))));
  const cache = await caches.open(EVENT_IMAGES_CACHE);
  let bytes = 0;
  const held = new Set<string>();
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) {
      await cache.delete(request);
      continue;
    }
    const response = await cache.match(request);
    bytes += Number(response?.headers.get(SIZE_HEADER) ?? 0);
    held.add(request.url);
  }
  try {
    for (const url of wanted) {
      if (signal.aborted) break;
      if (held.has(url)) continue;
      const sameOrigin = new URL(url).origin === self.location.origin;
      const response = await fetch(url, {
        mode: sameOrigin ? 'same-origin' : 'cors',
        credentials: 'omit',
        priority: 'low',
        signal,
      } as RequestInit).catch(() => null);
      if (!response?.ok) continue;
      const body = await response.blob();
      if (bytes + body.size > OFFLINE_IMAGE_BUDGET_BYTES) break;
      const headers = new Headers(response.headers);
      headers.set(SIZE_HEADER, String(body.size));
      await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
      bytes += body.size;
    }
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    // The device is full: images go before the rows the pages need.
    await caches.delete(EVENT_IMAGES_CACHE);
    for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
      client.postMessage({ type: EVENT_IMAGES_DROPPED });
    }
  }
}
