/**
 * The service worker (built by vite-plugin-pwa, which injects the precache list). It keeps every
 * public page usable offline after one visit:
 * - the shell is precached: the plain and event shells, every chunk (the replica's too), styles,
 *   icons and the hero poster; the prerendered pages and the back office's own chunks follow once
 *   this worker is active (KEEP_LATER_FILES), and one a page loads before is kept then;
 * - a navigation to a public page gets the copy of it kept as the server rendered it with its data,
 *   refreshed in the background (kept-pages.ts); without one, its prerendered page or the plain shell
 *   from the precache of this worker's own version, so a page never points at chunks it lacks; an
 *   event page (/events/<slug>) without a kept copy is asked of the network first, where the app
 *   server renders it with its data, and gets the precached event shell offline or when the network
 *   is slow (the page then reads its data itself);
 * - a navigation to a back-office page gets the markup it last showed its admin in this version's
 *   shell, when the page kept it (src/lib/kept-admin-pages.ts);
 * - images (demo images and Supabase Storage public objects, from the API's origin) are cached on
 *   first use, with a limit; /runtime-config.json is fetched fresh and kept for offline reloads;
 * - a new version waits until the page asks it to take over (SKIP_WAITING), after the visitor chose
 *   'Reload', so an open page keeps its chunks until it reloads.
 * It installs quickly, since a first visit is not offline-ready until this worker is active
 * (docs/decisions/016-offline-from-the-first-visit.md): the public site's precache files come in one
 * bundle and the pages beside it, all at once (Workbox fetches one file at a time), and every public
 * row in one more request (src/lib/public-rows.ts), from which the visitor's replica fills the tables
 * it has not pulled when it needs them offline.
 * The page also sends URLs it loaded before this worker controlled it (CACHE_URLS, handled by
 * workbox-routing's default router), so images of the very first visit are kept too, and, once the
 * visitor's replica is full, the images of every upcoming event's page (KEEP_EVENT_IMAGES, from
 * src/data/offline-images.ts), which this worker fetches one at a time at low priority into a cache
 * of their own, within OFFLINE_IMAGE_BUDGET_BYTES. When the device's storage is full, that cache is
 * dropped (the replica's rows stay) and the pages are told (EVENT_IMAGES_DROPPED).
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  CLAIM,
  EVENT_IMAGES_DROPPED,
  KEEP_LATER_FILES,
  KEEP_EVENT_IMAGES,
  KEEP_PAGES,
} from '../../lib/worker-messages.ts';
import { ADMIN_PAGES_CACHE, KEPT_FOR_HEADER, adminPageKey, withKeptMarkup } from '../../lib/kept-admin-pages.ts';
import { decodeBundle } from '../../lib/precache-bundle.ts';
import {
  PUBLIC_ROWS_CACHE,
  PUBLIC_ROWS_FETCHED_AT,
  PUBLIC_ROWS_KEY,
  publicRowsRequest,
} from '../../lib/public-rows.ts';
import { keptPages } from './kept-pages.ts';

/**
 * A precache entry; `later` marks what the install leaves for later, the back office's own chunks
 * and the pages but the two shells (scripts/precache-phases.ts), `bundled` the files the install
 * takes from the one `bundle` (scripts/precache-bundle.ts).
 */
type PhasedEntry = PrecacheEntry & { later?: true; bundled?: true; bundle?: true };
declare const self: ServiceWorkerGlobalScope;
const entries = self.__WB_MANIFEST as PhasedEntry[];
const manifest = entries.filter((entry) => !entry.bundle);
const bundleUrl = entries.find((entry) => entry.bundle)?.url;

const RUNTIME_CONFIG = '/runtime-config.json';
const RUNTIME_CONFIG_CACHE = 'runtime-config';
const precache = new PrecacheController();
precache.addToCacheList(manifest);
/** The back office's chunks: fetched once this worker is active, and kept when first used. */
const later = new Set(manifest.filter((entry) => entry.later).map((entry) => absolute(entry.url)));
const bundled = new Set(manifest.filter((entry) => entry.bundled).map((entry) => absolute(entry.url)));
function absolute(url: string): string {
  return new URL(url, self.location.href).href;
}
const pages = keptPages((path) => precache.getCacheKeyForURL(path) !== undefined);
// Drops caches of older Workbox precache formats only; this version's entries stay until activation.
cleanupOutdatedCaches();

/** Fetches one precache file and stores it under Workbox's cache key; throws when it fails. */
async function precacheFile(cache: Cache, url: string, cacheKey: string, priority: 'auto' | 'low'): Promise<void> {
  // Files with a revision bypass the HTTP cache, as Workbox's do.
  const revisioned = new URL(cacheKey).searchParams.has('__WB_REVISION__');
  const response = await fetch(url, {
    cache: revisioned ? 'reload' : 'default',
    credentials: 'same-origin',
    priority,
  } as RequestInit);
  if (!response.ok) throw new Error(`Precaching ${url} failed: ${response.status}`);
  // A redirected response cannot answer a navigation: keep its body and headers only.
  await cache.put(cacheKey, response.redirected ? new Response(response.body, response) : response);
}

/**
 * Stores the files of the precache bundle under Workbox's cache keys: one request for them all.
 * Throws when the bundle cannot be had or read (the install then fetches them one by one).
 */
async function unpackBundle(cache: Cache, cacheKeys: ReadonlyMap<string, string>): Promise<void> {
  if (!bundleUrl) throw new Error('This build has no precache bundle');
  const response = await fetch(absolute(bundleUrl), { credentials: 'same-origin' });
  if (!response.ok || !response.body) throw new Error(`Fetching the precache bundle failed: ${response.status}`);
  const bytes = await new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  const files = decodeBundle(bytes);
  if (files.length !== cacheKeys.size) throw new Error('The precache bundle does not match this worker');
  await Promise.all(
    files.map(({ url, type, body }) => {
      const cacheKey = cacheKeys.get(absolute(url));
      if (!cacheKey) throw new Error(`The precache bundle holds ${url}, which this worker does not list`);
      return cache.put(cacheKey, new Response(body, { headers: { 'Content-Type': type } }));
    }),
  );
}

/**
 * Workbox's install, done in as few requests as the build allows: the public site's files in one
 * bundle (a phone's or this machine's cost per request is what made installs slow), the pages beside
 * it at once (each with its own headers), each stored under Workbox's cache key, instead of one file
 * at a time through Workbox's strategy. Where the bundle fails (a host that does not serve it, a
 * browser without DecompressionStream), its files are fetched one by one. Any other failure fails
 * the install, as there. The pages but the shells, and the back office's chunks, follow
 * (keepLaterFiles).
 */
async function installPrecache(): Promise<void> {
  const cache = await caches.open(precache.strategy.cacheName);
  const wanted = [...precache.getURLsToCacheKeys()].filter(([url]) => !later.has(url));
  const fetchEach = (files: [string, string][]) =>
    Promise.all(files.map(([url, cacheKey]) => precacheFile(cache, url, cacheKey, 'auto')));
  const inBundle = wanted.filter(([url]) => bundled.has(url));
  await Promise.all([
    fetchEach(wanted.filter(([url]) => !bundled.has(url))),
    unpackBundle(cache, new Map(inBundle)).catch(() => fetchEach(inBundle)),
  ]);
}

/**
 * The files the install left for later (prerendered pages, the back office's chunks) that this
 * version holds not yet, fetched at low priority a few at a time (a page asks once this worker is
 * active: KEEP_LATER_FILES). A file that fails is tried again on the next ask.
 */
async function keepLaterFiles(): Promise<void> {
  const cache = await caches.open(precache.strategy.cacheName);
  const missing: [string, string][] = [];
  for (const [url, cacheKey] of precache.getURLsToCacheKeys()) {
    if (later.has(url) && !(await cache.match(cacheKey))) missing.push([url, cacheKey]);
  }
  const next = async (): Promise<void> => {
    const file = missing.shift();
    if (!file) return;
    await precacheFile(cache, file[0], file[1], 'low').catch(() => undefined);
    return next();
  };
  await Promise.all([next(), next(), next(), next()]);
}

/** A file left for later: from the precache, or from the network and then kept there. */
async function laterFile({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  const cacheKey = precache.getCacheKeyForURL(request.url);
  const cache = await caches.open(precache.strategy.cacheName);
  const held = cacheKey ? await cache.match(cacheKey) : undefined;
  if (held) return held;
  const response = await fetch(request);
  if (response.ok && cacheKey) event.waitUntil(cache.put(cacheKey, response.clone()));
  return response;
}

/** The run-time settings as kept, unchecked: only the backend's address and key are read here. */
type KeptConfig = { supabaseUrl?: unknown; supabaseAnonKey?: unknown };

/**
 * The run-time settings, kept at install: every page needs them to read anything, and a page whose
 * first request for them went past this worker (before it controlled the page) would otherwise find
 * none offline. They are fetched afresh whenever the network answers (the route below); a failure
 * here leaves that to the route and does not fail the install.
 */
async function keepRuntimeConfig(): Promise<KeptConfig | null> {
  const response = await fetch(RUNTIME_CONFIG, { cache: 'no-cache' }).catch(() => null);
  if (!response?.ok) return null;
  await (await caches.open(RUNTIME_CONFIG_CACHE)).put(RUNTIME_CONFIG, response.clone());
  return (await response.json().catch(() => null)) as KeptConfig | null;
}

/**
 * Every live public row, in one request, kept at install (src/lib/public-rows.ts): with the precache
 * it makes a first visit offline-ready, whatever the visitor's replica has pulled by then. A failure
 * leaves the replica to pull them, and does not fail the install.
 */
async function keepPublicRows(config: KeptConfig | null): Promise<void> {
  if (typeof config?.supabaseUrl !== 'string' || typeof config.supabaseAnonKey !== 'string') return;
  const response = await fetch(publicRowsRequest(config.supabaseUrl, config.supabaseAnonKey)).catch(() => null);
  if (!response?.ok) return;
  const headers = { 'Content-Type': 'application/json', [PUBLIC_ROWS_FETCHED_AT]: new Date().toISOString() };
  await (await caches.open(PUBLIC_ROWS_CACHE)).put(PUBLIC_ROWS_KEY, new Response(await response.blob(), { headers }));
}

self.addEventListener('install', (event: ExtendableEvent) =>
  event.waitUntil(
    Promise.all([
      installPrecache(),
      keepRuntimeConfig()
        .then(keepPublicRows)
        .catch(() => undefined),
    ]),
  ),
);
self.addEventListener('activate', (event: ExtendableEvent) =>
  event.waitUntil(Promise.all([precache.activate(event), pages.clear(), caches.delete(ADMIN_PAGES_CACHE)])),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === CLAIM) event.waitUntil(self.clients.claim());
  const urls = Array.isArray(data?.urls) ? data.urls.filter((url): url is string => typeof url === 'string') : [];
  if (data?.type === KEEP_EVENT_IMAGES) event.waitUntil(keepEventImages(urls));
  if (data?.type === KEEP_PAGES) event.waitUntil(keepInTurn(() => pages.keepAll(urls)));
  if (data?.type === KEEP_LATER_FILES) event.waitUntil(keepLaterFiles());
});
// The first worker takes over the open page at once, so the first visit's requests are cached (a
// page it missed, loaded while it activated, asks with CLAIM); later versions only activate on
// SKIP_WAITING, and the page reloads when they take over.
clientsClaim();

const EVENT_PAGE = /^\/events\/[^/]+\/?$/;

/** The precached page for a path: its prerendered file, the event shell, or the plain shell. */
function pageFilesFor(pathname: string): string[] {
  const trimmed = pathname.replace(/\/+$/, '');
  const files = [trimmed === '' ? '/index.html' : `${trimmed}/index.html`];
  if (EVENT_PAGE.test(trimmed)) files.push('/events/shell.html');
  files.push('/shell.html');
  return files;
}

/**
 * A back-office page as it last showed its admin (src/lib/kept-admin-pages.ts), in this version's
 * shell for the path; undefined when none is kept or no shell is held.
 */
async function keptAdminPage(pathname: string): Promise<Response | undefined> {
  const key = adminPageKey(pathname);
  const kept = key ? await caches.match(key, { cacheName: ADMIN_PAGES_CACHE }) : undefined;
  const userId = kept?.headers.get(KEPT_FOR_HEADER);
  if (!kept || !userId) return undefined;
  for (const file of pageFilesFor(pathname)) {
    const shell = await precache.matchPrecache(file);
    if (!shell) continue;
    const html = withKeptMarkup(await shell.text(), await kept.text(), userId);
    if (!html) return undefined;
    // The body is new, and stored decoded.
    const headers = new Headers(shell.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(html, { status: 200, headers });
  }
  return undefined;
}

/** How long an event page may take from the network before the event shell is shown instead. */
const EVENT_PAGE_TIMEOUT_MS = 3000;

/** The event page from the network, or null when it fails, answers an error or is slow. */
async function eventPageFromNetwork(request: Request): Promise<Response | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EVENT_PAGE_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: controller.signal });
    return response.ok ? response : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

registerRoute(
  new NavigationRoute(
    async ({ request, url, event }) => {
      // A back-office page as its admin last saw it paints at once; the app renders over it.
      const keptAdmin = await keptAdminPage(url.pathname);
      if (keptAdmin) return keptAdmin;
      // A public page kept as the server rendered it paints its content at once, and is refreshed.
      const kept = await pages.match(url);
      if (kept) {
        event.waitUntil(pages.refresh(url));
        return kept;
      }
      if (EVENT_PAGE.test(url.pathname)) {
        const rendered = await eventPageFromNetwork(request);
        if (rendered) {
          event.waitUntil(pages.keep(url, rendered.clone()));
          return rendered;
        }
      } else {
        event.waitUntil(pages.refresh(url));
      }
      const [own, ...shells] = pageFilesFor(url.pathname);
      const prerendered = await precache.matchPrecache(own!);
      if (prerendered) return prerendered;
      // A prerendered page the install left for later and this worker holds not yet: from the network
      // while it answers, else the shell the app renders it over.
      if (later.has(absolute(own!))) {
        const fromNetwork = await fetch(request).catch(() => null);
        if (fromNetwork?.ok) return fromNetwork;
      }
      for (const file of shells) {
        const cached = await precache.matchPrecache(file);
        if (cached) return cached;
      }
      return fetch(request);
    },
    // Files the server makes (calendar feeds, sitemap, robots.txt) are not pages.
    { denylist: [/\/[^/]+\.[a-z0-9]+$/i] },
  ),
);

// After the navigation route: the precache would answer a navigation to / with its index.html.
registerRoute(({ url }) => later.has(url.href), laterFile);
registerRoute(new PrecacheRoute(precache));

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === RUNTIME_CONFIG,
  new NetworkFirst({ cacheName: RUNTIME_CONFIG_CACHE, networkTimeoutSeconds: 5 }),
);

const isImage = (url: URL) =>
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

registerRoute(
  ({ url }) => isImage(url),
  async (options) => {
    const kept = await caches.match(options.request, { cacheName: EVENT_IMAGES_CACHE });
    return kept ?? imagesSeen.handle(options);
  },
);

// ---- every upcoming event's images, kept ahead of a visit -----------------------------------------

const EVENT_IMAGES_CACHE = 'event-images';
/** At most this many bytes of upcoming events' images are kept ahead (what a visit saw is apart). */
const OFFLINE_IMAGE_BUDGET_BYTES = 25 * 1024 * 1024;
/** A header on each kept copy with its size, so the budget is known without reading the bodies. */
const SIZE_HEADER = 'x-kept-bytes';

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

let keeping: Promise<void> = Promise.resolve();

/** Runs the keeping of pages and images one request at a time (pages of several tabs may ask at once). */
function keepInTurn(task: () => Promise<void>): Promise<void> {
  keeping = keeping.then(task).catch(() => undefined);
  return keeping;
}

/**
 * Brings the kept images in line with `urls`: drops those no longer wanted (ended or changed events),
 * fetches the missing ones one at a time at low priority until the budget is spent.
 */
function keepEventImages(urls: string[]): Promise<void> {
  return keepInTurn(() => keepEventImagesNow(urls));
}

async function keepEventImagesNow(urls: string[]): Promise<void> {
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
      if (held.has(url)) continue;
      const sameOrigin = new URL(url).origin === self.location.origin;
      const response = await fetch(url, {
        mode: sameOrigin ? 'same-origin' : 'cors',
        credentials: 'omit',
        priority: 'low',
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
