/**
 * Public pages as the app server rendered them with their data, kept by the service worker
 * (docs/decisions/016-offline-from-the-first-visit.md): a page opened again, offline or before the
 * network answers, paints its content from the HTML alone, while the app's scripts load and then
 * take over with the replica's rows. Without them a repeat visit offline shows the prerendered
 * page's empty sections until the app has started and read the replica (about a second here).
 *
 * - Kept: the page of each public navigation (refreshed in the background each time it is opened
 *   online), the page a first visit opened (the page asks for it once the worker is active), and
 *   every upcoming event's page (KEEP_PAGES, from src/data/offline-images.ts), soonest first, at low
 *   priority: the 40 soonest, and at most MAX_KEPT_PAGES in all, the least recently kept dropped
 *   first.
 * - A page is kept only when every chunk it names is in the keeping worker's precache, so it never
 *   points at a file that is missing offline; a new version of the worker drops them all, and serves
 *   none that names a chunk its own precache lacks (one the old worker put back after the drop).
 * - The root element of a kept copy says when it was rendered (`data-kept-at`): the app shows those
 *   answers as kept ones ('Updated 3 minutes ago' offline) and asks the network for fresh ones.
 */
import { SITE_PAGES } from '../../../../supabase/functions/_shared/portable/site-pages.ts';

export const KEPT_PAGES_CACHE = 'pages';
/** The most pages kept (about 70 KB each): the soonest upcoming events' and the pages visited. */
const MAX_KEPT_PAGES = 60;
/** The most pages one KEEP_PAGES request keeps: the rest of the room is for the pages visited. */
const MAX_PAGES_A_REQUEST = 40;
/**
 * A page kept this recently is not fetched again for a KEEP_PAGES request, ms: each visit asks for
 * the upcoming events' pages again, and the app replaces a kept page's answers with fresh ones
 * anyway. A page opened online is refreshed each time regardless.
 */
const FRESH_ENOUGH_MS = 6 * 60 * 60 * 1000;
const KEPT_AT_HEADER = 'x-kept-at';

const EVENT_PAGE = /^\/events\/[^/]+$/;

/** The path a page is kept under (no query, no trailing slash), or null when it is not a public page. */
export function keptPageKey(url: URL): string | null {
  if (url.origin !== self.location.origin) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return (SITE_PAGES as readonly string[]).includes(path) || EVENT_PAGE.test(path) ? path : null;
}

/** Script and style files a page names. */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/["'(](\/assets\/[^"'()?#\s]+\.(?:js|css))/g)].map((match) => match[1]!);
}

/** The page with its root element marked as a kept copy rendered at `at`. */
function markedAsKept(html: string, at: string): string | null {
  const marked = html.replace(/<div id="root"/, `<div id="root" data-kept-at="${at}"`);
  return marked === html ? null : marked;
}

export interface KeptPages {
  /** The kept copy of a page, or undefined. */
  match(url: URL): Promise<Response | undefined>;
  /**
   * Keeps this answer (a page fetched from the network) as the page at `url`, if it can be kept;
   * a 404 or 410 drops the page kept there.
   */
  keep(url: URL, response: Response): Promise<void>;
  /** Fetches the page from the network in the background and keeps it. */
  refresh(url: URL, signal?: AbortSignal): Promise<void>;
  /**
   * Keeps these pages (paths or URLs), in order, one at a time, skipping those kept in the last
   * hours, until `signal` aborts.
   */
  keepAll(urls: string[], signal: AbortSignal): Promise<void>;
  /** Drops every kept page (a new version's chunks differ). */
  clear(): Promise<boolean>;
}

/** `inPrecache` tells whether a same-origin path is in this worker's precache. */
export function keptPages(inPrecache: (path: string) => boolean): KeptPages {
  async function keep(url: URL, response: Response): Promise<void> {
    const key = keptPageKey(url);
    if (key && (response.status === 404 || response.status === 410)) {
      // Gone from the server (an event deleted, a slug changed): its old copy must not paint again.
      await (await caches.open(KEPT_PAGES_CACHE)).delete(key);
      return;
    }
    const html = response.headers.get('content-type')?.startsWith('text/html') ?? false;
    if (!key || !response.ok || !html || response.redirected) return;
    const text = await response.text();
    const assets = assetsOf(text);
    if (assets.length === 0 || !assets.every(inPrecache)) return;
    const at = new Date().toISOString();
    const marked = markedAsKept(text, at);
    if (!marked) return;
    const headers = new Headers(response.headers);
    // The body is stored decoded.
    headers.delete('content-encoding');
    headers.delete('content-length');
    headers.set(KEPT_AT_HEADER, at);
    const cache = await caches.open(KEPT_PAGES_CACHE);
    // Deleted first, so that the newest is last in the cache's order.
    await cache.delete(key);
    await cache.put(key, new Response(marked, { status: 200, headers }));
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEPT_PAGES))) await cache.delete(old);
  }

  async function refresh(url: URL, signal?: AbortSignal): Promise<void> {
    const key = keptPageKey(url);
    if (!key) return;
    try {
      const response = await fetch(new URL(key, self.location.origin).href, {
        credentials: 'same-origin',
        headers: { accept: 'text/html' },
        cache: 'no-cache',
        priority: 'low',
        signal,
      } as RequestInit);
      await keep(url, response);
    } catch {
      // Offline, or the device is full: the kept copy (if any) stays as it was.
    }
  }

  return {
    async match(url) {
      const key = keptPageKey(url);
      const kept = key ? await caches.match(key, { cacheName: KEPT_PAGES_CACHE }) : undefined;
      if (!key || !kept) return undefined;
      // The worker of the version before may still have been keeping pages (each refreshed one at
      // a time) when this one took over and cleared them: a copy it put back names chunks this
      // version lacks, and is dropped instead of served.
      const html = await kept.text();
      if (!assetsOf(html).every(inPrecache)) {
        await (await caches.open(KEPT_PAGES_CACHE)).delete(key);
        return undefined;
      }
      return new Response(html, { status: kept.status, statusText: kept.statusText, headers: kept.headers });
    },
    keep: (url, response) => keep(url, response).catch(() => undefined),
    refresh,
    async keepAll(urls, signal) {
      for (const value of urls.slice(0, MAX_PAGES_A_REQUEST)) {
        if (signal.aborted) return;
        const url = new URL(value, self.location.origin);
        const key = keptPageKey(url);
        if (!key) continue;
        const kept = await caches.match(key, { cacheName: KEPT_PAGES_CACHE });
        if (Date.now() - Date.parse(kept?.headers.get(KEPT_AT_HEADER) ?? '') < FRESH_ENOUGH_MS) continue;
        await refresh(url, signal);
      }
    },
    clear: () => caches.delete(KEPT_PAGES_CACHE),
  };
}
