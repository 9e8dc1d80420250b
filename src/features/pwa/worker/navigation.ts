/**
 * What the service worker answers a navigation with:
 * - a back-office page gets the markup it last showed its admin in this version's shell, when the
 *   page kept it (src/lib/kept-admin-pages.ts);
 * - a public page gets the copy of it kept as the server rendered it with its data, refreshed in the
 *   background (kept-pages.ts); without one, its prerendered page or the plain shell from the
 *   precache of this worker's own version, so a page never points at chunks it lacks;
 * - an event page (/events/<slug>) without a kept copy is asked of the network first, where the app
 *   server renders it with its data, and gets the precached event shell offline or when the network
 *   is slow (the page then reads its data itself);
 * - a page is never left waiting on a network that takes requests and never answers: what is asked
 *   of the network before a precached page is given up after a few seconds.
 */
/// <reference lib="webworker" />
import { NavigationRoute } from 'workbox-routing';
import { ADMIN_PAGES_CACHE, KEPT_FOR_HEADER, adminPageKey, withKeptMarkup } from '../../../lib/kept-admin-pages.ts';
import type { keptPages } from './kept-pages.ts';
import { absolute, type PhasedPrecache } from './precache.ts';

const EVENT_PAGE = /^\/events\/[^/]+\/?$/;
/** How long a page may take from the network before a precached one is shown instead. */
const PAGE_TIMEOUT_MS = 3000;

/** The precached page for a path: its prerendered file, the event shell, or the plain shell. */
function pageFilesFor(pathname: string): string[] {
  const trimmed = pathname.replace(/\/+$/, '');
  const files = [trimmed === '' ? '/index.html' : `${trimmed}/index.html`];
  if (EVENT_PAGE.test(trimmed)) files.push('/events/shell.html');
  files.push('/shell.html');
  return files;
}

/** The page from the network, or null when it fails, answers an error or is slow. */
async function pageFromNetwork(request: Request): Promise<Response | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PAGE_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: controller.signal });
    return response.ok ? response : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The route of every navigation, over this version's precache and the kept public pages. */
export function navigationRoute(
  { precache, later }: Pick<PhasedPrecache, 'precache' | 'later'>,
  pages: ReturnType<typeof keptPages>,
): NavigationRoute {
  /**
   * A back-office page as it last showed its admin, in this version's shell for the path; undefined
   * when none is kept or no shell is held.
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

  return new NavigationRoute(
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
        const rendered = await pageFromNetwork(request);
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
        const fromNetwork = await pageFromNetwork(request);
        if (fromNetwork) return fromNetwork;
      }
      for (const file of shells) {
        const cached = await precache.matchPrecache(file);
        if (cached) return cached;
      }
      return fetch(request);
    },
    // Files the server makes (calendar feeds, sitemap, robots.txt) are not pages.
    { denylist: [/\/[^/]+\.[a-z0-9]+$/i] },
  );
}
