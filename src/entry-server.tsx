/**
 * Renders one public page to HTML at build time (scripts/prerender.ts), as the browser's first
 * render will see it: data parts in their loading state, no browser APIs. The client hydrates that
 * HTML (src/main.tsx), so what renders here must match the client's first render exactly.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
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
