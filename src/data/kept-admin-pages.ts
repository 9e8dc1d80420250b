/**
 * What each back-office page last showed, kept as HTML on this device for the admin who saw it, so
 * that the page opened again paints at once (about 0.15 s offline here, against 0.35-0.5 s for the
 * app's scripts to load and render): the service worker answers the navigation with the app's shell
 * holding that markup (src/lib/kept-admin-pages.ts). The app renders over it as it starts, from the
 * lists kept beside it (kept-admin-rows.ts), so the page shows the same; until then its links work
 * as plain links and its buttons wait for the app.
 *
 * A page is kept a second after its last change, and at once when the tab is hidden, but not while
 * it shows 'Loading...', and without its toasts. Like the kept lists it holds personal data
 * (attendees' e-mails): it goes with the role (dropKeptAdminPages, at sign-out and when the server
 * says the user is no admin), a new version of the service worker drops it, and a page kept for
 * another user is cleared before the app renders (clearKeptPageOfOthers).
 */
import { useEffect } from 'react';
import { ADMIN_PAGES_CACHE, KEPT_FOR_HEADER, adminPageKey } from '../lib/kept-admin-pages.ts';

/** A page is kept this long after its last change (a sync round changes it many times). */
const WRITE_DELAY_MS = 1000;
/** The back office's word for content not there yet (spec): such a page is not kept. */
const LOADING = 'Loading...';

/** Counts the drops, so that a page captured before one is not written after it. */
let drops = 0;
let queue: Promise<void> = Promise.resolve();

/** Runs writes and drops one after another, so that a drop is never undone by a write in flight. */
function inTurn(task: () => Promise<unknown>): Promise<void> {
  const next = queue.then(task).then(
    () => undefined,
    () => undefined,
  );
  queue = next;
  return next;
}

/** What is on screen for a moment only (toasts): not part of the page as it is opened again. */
const PASSING = '[data-sonner-toaster]';

function keepPage(root: HTMLElement, userId: string, generation: number): void {
  const key = adminPageKey(window.location.pathname);
  if (!key || generation !== drops || !root.firstChild || root.textContent?.includes(LOADING)) return;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const passing of copy.querySelectorAll(PASSING)) passing.remove();
  const markup = copy.innerHTML;
  void inTurn(async () => {
    if (generation !== drops) return;
    const cache = await caches.open(ADMIN_PAGES_CACHE);
    // A full or refused storage: the page simply paints when the app has started, as before.
    await cache.put(key, new Response(markup, { headers: { 'Content-Type': 'text/html', [KEPT_FOR_HEADER]: userId } }));
  });
}

/**
 * Keeps what the back office's page shows the signed-in admin `userId` (null: nothing is kept), each
 * time it has settled.
 */
export function useKeepAdminPage(userId: string | null): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (userId === null || !root || typeof caches === 'undefined') return undefined;
    const generation = drops;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keepNow = () => {
      clearTimeout(timer);
      timer = undefined;
      keepPage(root, userId, generation);
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(keepNow, WRITE_DELAY_MS);
    };
    const whenHidden = () => {
      if (document.visibilityState === 'hidden' && timer !== undefined) keepNow();
    };
    const observer = new MutationObserver(later);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    document.addEventListener('visibilitychange', whenHidden);
    later();
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', whenHidden);
      clearTimeout(timer);
    };
  }, [userId]);
}

/** Drops every kept page (sign-out, a role removed, another user): nothing stays for the next user. */
export function dropKeptAdminPages(): Promise<void> {
  drops += 1;
  if (typeof caches === 'undefined') return Promise.resolve();
  return inTurn(() => caches.delete(ADMIN_PAGES_CACHE));
}

/**
 * Clears a kept page the service worker put on screen for another user than `adminId` (the admin this
 * device remembers, null: none), and drops the kept pages: called before the app renders.
 */
export function clearKeptPageOfOthers(adminId: string | null): void {
  const root = typeof document === 'undefined' ? null : document.getElementById('root');
  const keptFor = root?.dataset.keptFor;
  if (!root || keptFor === undefined || keptFor === adminId) return;
  root.replaceChildren();
  delete root.dataset.keptFor;
  void dropKeptAdminPages();
}
