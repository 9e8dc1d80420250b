/**
 * The service worker's precache, installed in phases (docs/decisions/016-offline-from-the-first-visit.md):
 * the install takes the public site's files from one bundle and the pages beside it at once (Workbox
 * fetches one file at a time), each stored under Workbox's cache key; the pages but the two shells
 * and the back office's own chunks follow once the worker is active (KEEP_LATER_FILES), and one a
 * page loads before is kept then.
 */
/// <reference lib="webworker" />
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';
import { decodeBundle } from '../../../lib/precache-bundle.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * A precache entry; `later` marks what the install leaves for later, the back office's own chunks
 * and the pages but the two shells (scripts/precache-phases.ts), `bundled` the files the install
 * takes from the one `bundle` (scripts/precache-bundle.ts).
 */
export type PhasedEntry = PrecacheEntry & { later?: true; bundled?: true; bundle?: true };

export function absolute(url: string): string {
  return new URL(url, self.location.href).href;
}

/** Fetches one precache file and stores it under Workbox's cache key; throws when it fails. */
async function precacheFile(
  cache: Cache,
  url: string,
  cacheKey: string,
  priority: 'auto' | 'low',
  signal?: AbortSignal,
): Promise<void> {
  // Files with a revision bypass the HTTP cache, as Workbox's do.
  const revisioned = new URL(cacheKey).searchParams.has('__WB_REVISION__');
  const response = await fetch(url, {
    cache: revisioned ? 'reload' : 'default',
    credentials: 'same-origin',
    priority,
    signal,
  } as RequestInit);
  if (!response.ok) throw new Error(`Precaching ${url} failed: ${response.status}`);
  // A redirected response cannot answer a navigation: keep its body and headers only.
  await cache.put(cacheKey, response.redirected ? new Response(response.body, response) : response);
}

/**
 * Stores the files of the precache bundle under Workbox's cache keys: one request for them all.
 * Throws when the bundle cannot be had or read (the install then fetches them one by one).
 */
async function unpackBundle(
  cache: Cache,
  bundleUrl: string | undefined,
  cacheKeys: ReadonlyMap<string, string>,
): Promise<void> {
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

/** The precache of this worker's version, from the build's manifest, and its phased install. */
export function phasedPrecache(entries: readonly PhasedEntry[]) {
  const manifest = entries.filter((entry) => !entry.bundle);
  const bundleUrl = entries.find((entry) => entry.bundle)?.url;
  const precache = new PrecacheController();
  precache.addToCacheList(manifest);
  /** The back office's chunks and the later pages: fetched once this worker is active, and kept when first used. */
  const later = new Set(manifest.filter((entry) => entry.later).map((entry) => absolute(entry.url)));
  const bundled = new Set(manifest.filter((entry) => entry.bundled).map((entry) => absolute(entry.url)));
  const openCache = () => caches.open(precache.strategy.cacheName);

  /**
   * Workbox's install, done in as few requests as the build allows: the public site's files in one
   * bundle (a phone's or this machine's cost per request is what made installs slow), the pages
   * beside it at once (each with its own headers), instead of one file at a time through Workbox's
   * strategy. Where the bundle fails (a host that does not serve it, a browser without
   * DecompressionStream), its files are fetched one by one. Any other failure fails the install, as
   * there. On a first visit the pages but the shells, and the back office's chunks, follow
   * (keepLaterFiles). An update takes them in its install: it may take over offline (the visitor's
   * 'Reload' at the venue, or every tab closed), when the older version's files are deleted and these
   * could not be fetched, and the back office would not open.
   */
  async function install(): Promise<void> {
    const cache = await openCache();
    const update = self.registration.active !== null;
    const wanted = [...precache.getURLsToCacheKeys()].filter(([url]) => update || !later.has(url));
    const fetchEach = (files: [string, string][]) =>
      Promise.all(files.map(([url, cacheKey]) => precacheFile(cache, url, cacheKey, 'auto')));
    const inBundle = wanted.filter(([url]) => bundled.has(url));
    await Promise.all([
      fetchEach(wanted.filter(([url]) => !bundled.has(url))),
      unpackBundle(cache, bundleUrl, new Map(inBundle)).catch(() => fetchEach(inBundle)),
    ]);
  }

  /**
   * The files the install left for later (prerendered pages, the back office's chunks) that this
   * version holds not yet, fetched at low priority a few at a time (a page asks once this worker is
   * active: KEEP_LATER_FILES). A file that fails is tried again on the next ask. They stop when
   * `signal` aborts (a newer version waits: keep-ahead.ts).
   */
  async function keepLaterFiles(signal: AbortSignal): Promise<void> {
    const cache = await openCache();
    const missing: [string, string][] = [];
    for (const [url, cacheKey] of precache.getURLsToCacheKeys()) {
      if (later.has(url) && !(await cache.match(cacheKey))) missing.push([url, cacheKey]);
    }
    const next = async (): Promise<void> => {
      const file = missing.shift();
      if (!file || signal.aborted) return;
      await precacheFile(cache, file[0], file[1], 'low', signal).catch(() => undefined);
      return next();
    };
    await Promise.all([next(), next(), next(), next()]);
  }

  /** A file left for later: from the precache, or from the network and then kept there. */
  async function laterFile({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
    const cacheKey = precache.getCacheKeyForURL(request.url);
    const cache = await openCache();
    const held = cacheKey ? await cache.match(cacheKey) : undefined;
    if (held) return held;
    const response = await fetch(request);
    if (response.ok && cacheKey) event.waitUntil(cache.put(cacheKey, response.clone()));
    return response;
  }

  return { precache, later, install, keepLaterFiles, laterFile };
}

export type PhasedPrecache = ReturnType<typeof phasedPrecache>;
