/**
 * Renders public pages to HTML on the server.
 * - `renderPage`, at build time (scripts/prerender.ts): a page as the browser's first render will see
 *   it, data parts in their loading state, no browser APIs.
 * - `renderEventPage`, per request (scripts/serve-app.ts): an event's page with its data, which the
 *   server reads as the browser's first request would (public columns only, the anon key), plus the
 *   event's head (title, description, Open Graph, JSON-LD) and the answer the browser seeds its first
 *   render with, so that hydration matches.
 * The client hydrates that HTML (src/main.tsx), so what renders here must match its first render.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { fetchEventBySlug, type FirstPaintConfig } from '../sync/first-paint.ts';
import { eventPageKey } from './data/public-content.ts';
import { clearSeed, seedLiveReads } from './data/use-live-read.ts';
import { eventHeadTags } from './features/event-page/use-event-head.ts';
import { createAppRouter } from './router.tsx';

// For the shells' inline script, which starts the settings' and the event's requests (scripts/prerender.ts).
export { eventPagePath } from '../sync/first-paint.ts';
export { earlyRequestsScript } from './lib/early-requests.ts';

export interface RenderedPage {
  /** The markup of the app (head tags such as <title> come first, as React 19 hoists them). */
  html: string;
  /** False when the path matched no page or a route failed to load. */
  ok: boolean;
}

async function render(url: string, seed: Record<string, unknown> = {}): Promise<RenderedPage> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  // The render is synchronous, so the seed is in place for this render alone, whatever else runs.
  seedLiveReads(seed);
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  } finally {
    clearSeed();
  }
  const { matches } = router.state;
  const ok = matches.length > 1 && matches.every((match) => match.status === 'success');
  return { html, ok };
}

export function renderPage(url: string): Promise<RenderedPage> {
  return render(url);
}

export interface RenderedEventPage {
  /** The page's markup (React 19's hoisted head tags first). */
  html: string;
  /** The event's head tags, in place of the route's generic title and description. */
  head: string;
  /** What the browser seeds its reads with before it hydrates (src/data/use-live-read.ts). */
  seed: Record<string, unknown>;
}

const EVENT_PATH = /^\/events\/([^/]+)\/?$/;

/**
 * An event's page, or null when the path is no event page or names no live event (the browser then
 * gets the event shell and decides, e.g. the 404 page). `origin` is the site's, for absolute links.
 */
export async function renderEventPage(
  pathname: string,
  options: { config: Omit<FirstPaintConfig, 'fetch' | 'signal'>; origin: string; signal?: AbortSignal },
): Promise<RenderedEventPage | null> {
  const match = EVENT_PATH.exec(pathname);
  if (!match) return null;
  const slug = decodeURIComponent(match[1]!);
  const page = await fetchEventBySlug({ ...options.config, fetch, signal: options.signal }, slug);
  if (!page) return null;
  const seed = { [eventPageKey(slug)]: page };
  const rendered = await render(pathname, seed);
  if (!rendered.ok) return null;
  return { html: rendered.html, head: eventHeadTags(page.event, `${options.origin}${pathname}`, options.origin), seed };
}
