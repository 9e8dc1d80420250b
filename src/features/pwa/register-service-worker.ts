/**
 * Registers the service worker (production builds, after the page has loaded: src/main.tsx loads
 * this module then) and turns its life cycle into the update prompt's state:
 * - a new version that is installed and waiting shows the prompt; it takes over only when the
 *   visitor chooses 'Reload' (SKIP_WAITING), never by itself, so an open page keeps loading its
 *   chunks from the old version's precache;
 * - when a new version takes over a page that an older one controlled (this tab's choice or another
 *   tab's), the page reloads once, so it never runs old code against a cleaned-up cache. A tab whose
 *   takeover another tab chose waits while it shows a form the person typed into (a half-written
 *   event, say): it says so, and reloads once the form is gone (saved and closed, or left), or when
 *   the person chooses 'Reload now';
 * - the first version takes over at once (clients.claim); the images and settings the page loaded
 *   before that are handed to it to cache (CACHE_URLS), and the page itself to keep as the server
 *   renders it (KEEP_PAGES, src/features/pwa/worker/kept-pages.ts), so the first visit works offline too;
 * - on every load, once idle, the worker is asked to fetch the files its install left for later
 *   and it lacks (KEEP_LATER_FILES: the prerendered pages, the back office's chunks).
 */
import { Workbox } from 'workbox-window';
import { CLAIM, KEEP_LATER_FILES, KEEP_PAGES } from '../../lib/worker-messages.ts';
import { setUpdateState } from './update-state.ts';

const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** How often a held reload looks whether the forms it waits for are gone. */
const HELD_CHECK_MS = 500;

/** Forms the person typed into on this page: work a reload would lose while they are on screen. */
const typedInto = new Set<HTMLFormElement>();

function formsInProgress(): boolean {
  for (const form of typedInto) if (!form.isConnected) typedInto.delete(form);
  return typedInto.size > 0;
}

function noteTyping(event: Event): void {
  const form = event.target instanceof Element ? event.target.closest('form') : null;
  if (form) typedInto.add(form);
}

/** Same-origin and API URLs this page fetched before a service worker controlled it. */
function urlsLoadedSoFar(): string[] {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  return [
    new URL('/runtime-config.json', location.href).href,
    ...entries
      .filter((entry) => entry.initiatorType === 'img' || /\.(?:png|jpe?g|webp|avif|svg)(?:\?|$)/i.test(entry.name))
      .map((entry) => entry.name),
  ];
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const workbox = new Workbox('/service-worker.js', { scope: '/' });
  let controlled = container.controller !== null;
  let reloading = false;
  let chosenHere = false;
  document.addEventListener('input', noteTyping, true);

  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  const reloadOnceFormsAreGone = () => {
    if (!formsInProgress()) return reload();
    setUpdateState({ waiting: false, held: true, activate: reload });
    const timer = window.setInterval(() => {
      if (formsInProgress()) return;
      window.clearInterval(timer);
      reload();
    }, HELD_CHECK_MS);
  };

  container.addEventListener('controllerchange', () => {
    if (controlled && !reloading) {
      if (chosenHere) reload();
      else reloadOnceFormsAreGone();
    }
    controlled = true;
  });

  workbox.addEventListener('waiting', () => {
    setUpdateState({
      waiting: true,
      held: false,
      activate: () => {
        chosenHere = true;
        workbox.messageSkipWaiting();
      },
    });
  });

  // A browser that refuses service workers (some private windows, a policy) runs the site without
  // one: online only, and the footer never says 'Available offline'.
  const registration = await workbox.register().catch(() => undefined);
  if (!registration) return;
  if (!controlled) {
    const active = (await container.ready).active;
    // Loaded while the worker activated, this page may have been missed by its takeover.
    if (!container.controller) active?.postMessage({ type: CLAIM });
    active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urlsLoadedSoFar() } });
    // And the page itself, kept as the server renders it (a page it serves is kept as it is served).
    active?.postMessage({ type: KEEP_PAGES, urls: [location.pathname] });
  }
  // The files the install left for later: on every load, since a new version
  // that took over since holds none of them yet (the worker fetches only what it lacks).
  const keepLaterFiles = () => registration.active?.postMessage({ type: KEEP_LATER_FILES });
  if ('requestIdleCallback' in window) requestIdleCallback(keepLaterFiles, { timeout: 5000 });
  else setTimeout(keepLaterFiles, 1000);
  // Long-lived tabs look for a new version now and then (browsers also do on navigations).
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}
