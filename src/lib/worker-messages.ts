/**
 * Messages between the pages and the service worker beyond Workbox's own (SKIP_WAITING, CACHE_URLS),
 * in one place: the worker and the app are separate bundles that must agree on them.
 */

/** Page → worker: `{ type, urls }`, the images of every upcoming event's page, to keep offline. */
export const KEEP_EVENT_IMAGES = 'KEEP_EVENT_IMAGES';
/** Worker → pages: the device's storage was full, so the kept event images were dropped. */
export const EVENT_IMAGES_DROPPED = 'EVENT_IMAGES_DROPPED';
/**
 * Page → worker: `{ type, urls }`, public pages (same-origin paths or URLs) to keep as the server
 * renders them with their data, so that they open offline with their content at once.
 */
export const KEEP_PAGES = 'KEEP_PAGES';
/**
 * Page → worker: take this page over now. A page whose navigation started just before the worker
 * became active is missed by the worker's first `clients.claim()` (it was no client yet) and would
 * stay without a worker until its next load.
 */
export const CLAIM = 'CLAIM';
/**
 * Page → worker: fetch the precache files the install left for later (the back office's chunks, the
 * prerendered pages) that it holds not yet. The install holds only what the public site needs to
 * run; the page asks for the rest once the worker is active.
 */
export const KEEP_LATER_FILES = 'KEEP_LATER_FILES';
