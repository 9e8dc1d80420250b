/**
 * The service worker (built by vite-plugin-pwa, which injects the precache list). It keeps every
 * public page usable offline after one visit, each job in a module of its own:
 * - worker/precache.ts: the shell, every chunk (the replica's too), styles, icons and the hero
 *   poster, installed from one bundle; the prerendered pages and the back office's own chunks follow
 *   once this worker is active (KEEP_LATER_FILES);
 * - worker/runtime-data.ts: the run-time settings and every public row, kept at install;
 * - worker/navigation.ts: what a navigation gets (a kept back-office page, a kept or rendered public
 *   page, its prerendered page, a shell), with worker/kept-pages.ts keeping public pages as rendered;
 * - worker/event-images.ts: images cached on first use, and every upcoming event's images kept
 *   ahead of a visit within a budget;
 * - worker/keep-ahead.ts: that work ahead of need (later files, pages, images) stops once a newer
 *   version waits, so that it can take over when the visitor chooses 'Reload';
 * - here: the lifecycle and the routes. /runtime-config.json is fetched fresh and kept for offline
 *   reloads; a new version waits until the page asks it to take over (SKIP_WAITING), after the
 *   visitor chose 'Reload', so an open page keeps its chunks until it reloads.
 * It installs quickly, since a first visit is not offline-ready until this worker is active
 * (docs/decisions/016-offline-from-the-first-visit.md). The page also sends URLs it loaded before
 * this worker controlled it (CACHE_URLS, handled by workbox-routing's default router), so images of
 * the very first visit are kept too.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { PrecacheRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CLAIM, KEEP_LATER_FILES, KEEP_EVENT_IMAGES, KEEP_PAGES } from '../../lib/worker-messages.ts';
import { ADMIN_PAGES_CACHE } from '../../lib/kept-admin-pages.ts';
import { keepAhead } from './worker/keep-ahead.ts';
import { keptPages } from './worker/kept-pages.ts';
import { imageResponse, isImage, keepEventImages, keepInTurn } from './worker/event-images.ts';
import { navigationRoute } from './worker/navigation.ts';
import { phasedPrecache, type PhasedEntry } from './worker/precache.ts';
import { RUNTIME_CONFIG, RUNTIME_CONFIG_CACHE, keepRuntimeData } from './worker/runtime-data.ts';

declare const self: ServiceWorkerGlobalScope;

const installer = phasedPrecache(self.__WB_MANIFEST as PhasedEntry[]);
const { precache, later } = installer;
const pages = keptPages((path) => precache.getCacheKeyForURL(path) !== undefined);
// Drops caches of older Workbox precache formats only; this version's entries stay until activation.
cleanupOutdatedCaches();

self.addEventListener('install', (event: ExtendableEvent) =>
  event.waitUntil(Promise.all([installer.install(), keepRuntimeData()])),
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
  if (data?.type === KEEP_PAGES) event.waitUntil(keepInTurn((signal) => pages.keepAll(urls, signal)));
  if (data?.type === KEEP_LATER_FILES) event.waitUntil(keepAhead(self.registration, installer.keepLaterFiles));
});
// The first worker takes over the open page at once, so the first visit's requests are cached (a
// page it missed, loaded while it activated, asks with CLAIM); later versions only activate on
// SKIP_WAITING, and the page reloads when they take over.
clientsClaim();

registerRoute(navigationRoute(installer, pages));
// After the navigation route: the precache would answer a navigation to / with its index.html.
registerRoute(({ url }) => later.has(url.href), installer.laterFile);
registerRoute(new PrecacheRoute(precache));

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === RUNTIME_CONFIG,
  new NetworkFirst({ cacheName: RUNTIME_CONFIG_CACHE, networkTimeoutSeconds: 5 }),
);

registerRoute(({ url }) => isImage(url), imageResponse);
