// First: it configures zod before any schema is built.
import './lib/zod-without-eval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router.tsx';
import { replicaState, requestReplica } from './data/engine-store.ts';
import { seedLiveReads } from './data/use-live-read.ts';
import { SEED_ELEMENT_ID } from './lib/server-seed.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Which build runs, for support and the update test (VITE_BUILD_ID is set at build time, if at all).
document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID ?? 'local';

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
/**
 * scripts/prerender.ts names the path the HTML in #root was rendered for. Hydrate it when it is this
 * page, or when it is the event shell on an event's path: its 'Loading...' state is the same markup
 * for every slug (React would render over it, should it not match). Otherwise (the plain shell)
 * render over it.
 */
function hydratable(prerendered: string | undefined, pathname: string): boolean {
  if (prerendered === undefined) return false;
  if (trimmed(prerendered) === trimmed(pathname)) return true;
  return prerendered === '/events/prerendered-shell' && /^\/events\/[^/]+$/.test(trimmed(pathname));
}
/** The answers a page rendered by the server was rendered with (scripts/page-template.ts). */
function seedFromPage(): void {
  const element = document.getElementById(SEED_ELEMENT_ID);
  if (!element?.textContent) return;
  try {
    seedLiveReads(JSON.parse(element.textContent) as Record<string, unknown>);
  } catch {
    // A page that cannot be read is rendered over from the app's own reads.
  }
}

/**
 * The start, in steps that each run as a task of their own (evaluating the modules, making the
 * router, loading the route, hydrating in a transition that yields every few milliseconds): one long
 * task would hold the main thread, which Lighthouse counts as blocking time.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
async function startApp(root: HTMLElement): Promise<void> {
  await nextTask();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (!hydratable(root.dataset.prerendered, window.location.pathname)) {
    startTransition(() => createRoot(root).render(app));
    return;
  }
  seedFromPage();
  // Render as the server did: with SSR state the router leaves out its top-level Suspense boundary.
  router.ssr = { manifest: undefined };
  await nextTask();
  await router.load();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page.
  startTransition(() => void hydrateRoot(root, app));
}
void startApp(container);

/**
 * The visitor's replica (RxDB, supabase-js; ~110 KB gzip of JavaScript and a full pull) starts a few
 * seconds after the page has loaded, in idle time, so that its work never competes with the first
 * paint, hydration or the first interactions (docs/decisions/007-prerender-and-pwa.md). A read that
 * fails (offline) or the back office opens it at once instead (src/data).
 */
const REPLICA_DELAY_MS = 4000;
function startReplicaLater(): void {
  const start = () => {
    if (replicaState().status === 'idle') void requestReplica('public');
  };
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 4000 }) : start());
  const later = () => setTimeout(idle, REPLICA_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
startReplicaLater();

// The service worker is no part of the first paint: it registers once the page has loaded and the
// main thread is idle (at most 2 s later), so that its chunk and work stay out of hydration's way.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./features/pwa/register-service-worker.ts').then((m) => m.registerServiceWorker());
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 2000 }) : register();
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
