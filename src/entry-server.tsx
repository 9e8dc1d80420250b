/**
 * Renders public pages to HTML on the server.
 * - `renderPage`, at build time (scripts/prerender.ts): a page as the browser's first render will see
 *   it, data parts in their loading state, no browser APIs.
 * - `renderWithData`, per request (scripts/serve-app.ts): a page with its data, plus an event page's
 *   head (title, description, Open Graph, JSON-LD) and the answers the browser seeds its first render
 *   with, so that hydration matches.
 * The client hydrates that HTML (src/main.tsx), so what renders here must match its first render.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import type { EventPage, FirstPaintConfig } from '../sync/first-paint.ts';
import { eventPageKey } from './data/public-content.ts';
import { clearSeed, collectReads, seedLiveReads } from './data/use-live-read.ts';
import { eventHeadTags } from './features/event-detail/use-event-head.ts';
import { NOT_FOUND_TITLE } from './features/site-chrome/not-found-page.tsx';
import { ZONE_FACTS_SEED_KEY, recordZoneFacts } from './lib/zone-facts.ts';
import { createAppRouter } from './router.tsx';

// For the shells' inline script, which starts the settings' and the event's requests (scripts/prerender.ts).
export { eventPagePath } from '../sync/first-paint.ts';
export { earlyRequestsScript } from './lib/early-requests.ts';
export { KEPT_LISTS_STORE } from './data/kept-admin-rows.ts';

export interface RenderedPage {
  /** The markup of the app (head tags such as <title> come first, as React 19 hoists them). */
  html: string;
  /** False when the path matched no page or a route failed to load. */
  ok: boolean;
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const { matches } = router.state;
  const ok = matches.length > 1 && matches.every((match) => match.status === 'success');
  return { html, ok };
}

export interface RenderedWithData {
  /** The page's markup (React 19's hoisted head tags first). */
  html: string;
  /** Head tags of the page's own (an event's title, description, Open Graph and JSON-LD), if any. */
  head: string;
  /**
   * The answers the page was rendered with, which the browser seeds its first render with, and under
   * ZONE_FACTS_SEED_KEY the zone facts its dates were formatted with (src/lib/zone-facts.ts).
   */
  seed: Record<string, unknown>;
  /** False for an event page that names no live event: the markup is the 404 page's. */
  found: boolean;
  /** The tables the page's data comes from: a change to one makes a copy kept by the app server stale. */
  tables: string[];
}

const EVENT_PATH = /^\/events\/([^/]+)\/?$/;

/**
 * A public page with its data, per request (scripts/serve-app.ts): a first render lists the reads
 * the page makes (src/data/use-live-read.ts), the server makes them as the browser's first requests
 * would (public columns only, with the anon key), and a second render shows their answers. An event
 * page that names no live event renders the 404 page (`found` false). Null when the path is no page;
 * a read that fails rejects, and the caller serves the prerendered page instead.
 */
export async function renderWithData(
  pathname: string,
  options: { config: Omit<FirstPaintConfig, 'fetch' | 'signal'>; origin: string; signal?: AbortSignal },
): Promise<RenderedWithData | null> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [pathname] }) });
  await router.load();
  const { matches } = router.state;
  if (matches.length < 2 || matches.some((match) => match.status !== 'success')) return null;
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  const reads = collectReads(() => renderToString(app));
  const seed: Record<string, unknown> = {};
  await Promise.all(
    [...reads].map(async ([key, { read }]) => {
      seed[key] = await read({ ...options.config, fetch, signal: options.signal });
    }),
  );
  const event = EVENT_PATH.exec(pathname);
  const page = event ? (seed[eventPageKey(decodeURIComponent(event[1]!))] as EventPage | null | undefined) : undefined;
  seedLiveReads(seed);
  let html: string;
  let head: string;
  try {
    // The browser hydrates from the same facts, so it formats the venue's times without Intl, and
    // builds the event's head (its JSON-LD gives the start and end with their offsets) from them too.
    const rendered = recordZoneFacts(() => ({
      markup: renderToString(app),
      eventHead: page ? eventHeadTags(page.event, `${options.origin}${pathname}`, options.origin) : null,
    }));
    html = rendered.result.markup;
    head = rendered.result.eventHead ?? (event ? `<title>${NOT_FOUND_TITLE}</title>` : '');
    if (Object.keys(rendered.facts).length > 0) seed[ZONE_FACTS_SEED_KEY] = rendered.facts;
  } finally {
    clearSeed();
  }
  const tables = [...new Set([...reads.values()].flatMap((read) => read.tables))];
  return { html, head, seed, found: !event || Boolean(page), tables };
}

let matcher: ReturnType<typeof createAppRouter> | undefined;

/**
 * Whether one of the app's routes matches the whole path (an event page whatever its slug). The app
 * server answers any other path with status 404, and the browser shows the 404 page.
 */
export function isAppPath(pathname: string): boolean {
  matcher ??= createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
  const deepest = matcher.matchRoutes(pathname, {}).at(-1);
  const trim = (path: string) => path.replace(/\/+$/, '') || '/';
  return deepest !== undefined && trim(deepest.pathname) === trim(pathname);
}
