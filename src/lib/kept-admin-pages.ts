/**
 * The back office's pages as they last showed, kept on the device for the admin who saw them
 * (docs/decisions/016-offline-from-the-first-visit.md): the page keeps its rendered markup in Cache
 * Storage (src/data/kept-admin-pages.ts), and the service worker answers the next navigation to that
 * page with its own shell holding that markup, so the page paints at once, offline or on slow Wi-Fi,
 * while the app's scripts load; the app then renders over it. Shared by the worker and the app,
 * separate bundles.
 */

/** The Cache Storage cache the pages are kept in, one entry per path. */
export const ADMIN_PAGES_CACHE = 'admin-pages';
/** A header of each kept page: the id of the admin it was kept for. */
export const KEPT_FOR_HEADER = 'x-kept-for';

const ROOT = '<div id="root"></div>';

/** The path a back-office page is kept under (no trailing slash), or null for any other page. */
export function adminPageKey(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  return path === '/admin' || path.startsWith('/admin/') ? path : null;
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * `shell` (an app shell, whose root element is empty) with `markup` in its root element, marked as
 * kept for `userId` (`data-kept-for`); null when the shell has no empty root element.
 */
export function withKeptMarkup(shell: string, markup: string, userId: string): string | null {
  if (!shell.includes(ROOT)) return null;
  return shell.replace(ROOT, () => `<div id="root" data-kept-for="${attribute(userId)}">${markup}</div>`);
}
