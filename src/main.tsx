// First: it configures zod before any schema is built.
import './lib/zod-without-eval.ts';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router.tsx';
import { prepareReplica, replicaState, requestReplica } from './data/engine-store.ts';
import { releaseStorageOnPageHide } from './data/release-storage-on-page-hide.ts';
import { seedLiveReads } from './data/use-live-read.ts';
import { SEED_ELEMENT_ID } from './lib/server-seed.ts';
import { ZONE_FACTS_SEED_KEY, seedZoneFacts } from './lib/zone-facts.ts';
import './index.css';

// Before anything opens IndexedDB: a page frozen in the back-forward cache must not hold it.
releaseStorageOnPageHide();

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
/**
 * The answers a page rendered by the server was rendered with (scripts/page-template.ts), and the
 * zone facts its dates were formatted with (src/lib/zone-facts.ts); a copy the service worker kept
 * from an earlier visit says when it was rendered (data-kept-at on the root).
 */
function seedFromPage(root: HTMLElement): void {
  const element = document.getElementById(SEED_ELEMENT_ID);
  if (!element?.textContent) return;
  try {
    const { [ZONE_FACTS_SEED_KEY]: zoneFacts, ...answers } = JSON.parse(element.textContent) as Record<string, unknown>;
    seedZoneFacts(zoneFacts);
    seedLiveReads(answers, root.dataset.keptAt);
  } catch {
    // A page that cannot be read is rendered over from the app's own reads.
  }
}

/**
 * The start, in steps that each run as a task of their own (evaluating the modules, making the
 * router, reading the server's answers, loading the route, hydrating in a transition that yields
 * every few milliseconds): one long
 * task would hold the main thread, which Lighthouse counts as blocking time.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * Resolves once the app's first render is on screen (hydrated, or rendered over the shell), or the
 * start failed: what waits for it then no longer competes with the start for the CPU.
 */
let markStarted: () => void = () => undefined;
const started = new Promise<void>((resolve) => (markStarted = resolve));
function Started({ children }: { children: ReactNode }) {
  useEffect(markStarted, []);
  return children;
}
async function startApp(root: HTMLElement): Promise<void> {
  await nextTask();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <Started>
        <RouterProvider router={router} />
      </Started>
    </StrictMode>
  );
  if (!hydratable(root.dataset.prerendered, window.location.pathname)) {
    // A page kept as it last showed (a back-office page, src/data/kept-admin-pages.ts) stays on
    // screen until the route has loaded: the app's first render then replaces it with the same.
    if (root.dataset.keptFor !== undefined) await router.load();
    startTransition(() => createRoot(root).render(app));
    return;
  }
  // Reading the server's answers, a task of its own: the router's making is one already.
  await nextTask();
  seedFromPage(root);
  // Render as the server did: with SSR state the router leaves out its top-level Suspense boundary.
  router.ssr = { manifest: undefined };
  await nextTask();
  await router.load();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page.
  startTransition(() => void hydrateRoot(root, app));
}
/**
 * What makes a first visit work offline (docs/decisions/016-offline-from-the-first-visit.md). Here
 * the page has painted and loaded already: the loader of scripts/prerender.ts starts this module
 * after both. Both of these wait until the app has started (its first render committed) and the main
 * thread is idle: on a 2-core phone or laptop the threads they start ran beside hydration, and the
 * page's tasks, short on the CPU, took two to five times as long on the clock while they waited for
 * a core, which Lighthouse counts as blocking time (docs/decisions/035-nothing-beside-the-start.md).
 * - The visitor's replica opens in a worker of its own (src/data/replica-in-worker.ts) and pulls
 *   there, off this thread. The page takes it over (follows its values) only REPLICA_DELAY_MS after
 *   the start, once the main thread is idle: its values arrive on this thread and re-render the
 *   page, and followed at once they cost the page's responsiveness (Lighthouse's blocking time) 0.5
 *   to 2 s on this machine class. What the page showed is kept at once anyway
 *   (src/data/kept-reads.ts), and a read that fails (offline) takes the replica over at once.
 * - The service worker registers first: its install (the public site's files in one bundle, every
 *   public row in one request) takes about half a second and is what makes the visit work offline.
 * The back office opens the admin's replica itself (src/data/auth.ts).
 */
const REPLICA_DELAY_MS = 4000;
/** The longest an idle moment is waited for: a page that is never idle still starts these. */
const IDLE_TIMEOUT_MS = 1000;

function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(work, 0);
}

function afterStart(work: () => void): void {
  void started.then(() => whenIdle(work));
}

function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('./features/pwa/register-service-worker.ts').then((m) => m.registerServiceWorker());
}

function startReplica(): void {
  if (window.location.pathname.startsWith('/admin')) return;
  afterStart(prepareReplica);
  const follow = () => {
    if (replicaState().status === 'idle') void requestReplica('public');
  };
  afterStart(() => setTimeout(() => whenIdle(follow), REPLICA_DELAY_MS));
}

afterStart(registerServiceWorker);
startReplica();
void startApp(container).catch((error: unknown) => {
  markStarted();
  throw error;
});
