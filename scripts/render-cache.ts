/**
 * The app server's kept pages (issue 30, docs/decisions/022-kept-pages-for-a-crowd.md): public pages
 * rendered with their data are kept in memory and served at once, so a crowd on one page costs one
 * render, not one per reader.
 * - A page younger than `freshMs`, whose data has not changed since (`invalidate` of a table it reads,
 *   or `invalidateAll`), is served as kept.
 * - A page whose data changed is not served as it was: readers wait for one shared render that
 *   started after the change (a render under way from before it is waited for, then one more
 *   starts), so that whoever reads a page after a write was heard sees it. Only while changes come
 *   faster than one per `minRefreshMs` (approvals at the door) is a changed page served as kept
 *   until that long after the last such render: a page costs about one render per `minRefreshMs`
 *   however often its data changes.
 * - An older page whose data has not changed (as far as anyone said) is still served at once while
 *   one render replaces it in the background, up to `staleLimitMs` of age; a page older than that
 *   waits for that render, so that no reader gets data older than the limit while renders succeed.
 * - A page not kept yet waits for its render. Concurrent requests for a page share one render.
 * - A failed render (null) replaces nothing: the last page with its data is served, at once, whatever
 *   its age (readers do not wait for a backend in trouble), and the page is tried again at most once
 *   per `minRefreshMs` until a render succeeds.
 * - At most `maxPages` pages are kept; the least recently served goes first. A page that says there
 *   is nothing at its path (`keeps`) is served to those who asked for it and never kept.
 * - A back-office path is never kept, whatever the caller asks: its pages belong to one admin.
 * Pages are kept per path and per `variant`: whatever else the markup depends on (the site origin,
 * the build).
 */
import { logError } from '../server/log.ts';

const BACK_OFFICE_PAGE = /^\/?(admin|auth)(\/|$)/;

/** The back office and its sign-in page: never kept by anyone, here or in a browser or CDN. */
export function isBackOfficePage(pathname: string): boolean {
  return BACK_OFFICE_PAGE.test(pathname);
}

export interface RenderCacheOptions<T> {
  /** How long a page is served as kept, unless its data changes. */
  freshMs: number;
  /**
   * How long a page whose data changed is still served as kept (renders of a page are about this far
   * apart however often its data changes), and how often a page whose renders fail is tried again.
   */
  minRefreshMs: number;
  /** The oldest page served without waiting for a render (renders that fail aside). */
  staleLimitMs: number;
  /** How many pages are kept at most. */
  maxPages: number;
  /**
   * Whether a rendered page is kept: a page that says there is nothing at its path (a 404) is not,
   * since anyone can ask for any number of made-up paths, and each would push out a page people read.
   */
  keeps(page: T): boolean;
  /** The tables a page's data comes from. */
  tablesOf(page: T): readonly string[];
}

/** Renders a page with its data; null when it could not (failed, timed out). */
export type PageRender<T> = () => Promise<T | null>;

export interface RenderCache<T> {
  /** The page for `pathname` (and `variant`), kept or rendered by `render`; null when none could be rendered. */
  page(pathname: string, variant: string, render: PageRender<T>): Promise<T | null>;
  /** The data of `table` changed: every page kept that reads it is stale from now on. */
  invalidate(table: string): void;
  /** Any data may have changed: every page kept is stale from now on. */
  invalidateAll(): void;
  /** How many pages are kept (or being rendered for the first time). */
  readonly size: number;
}

interface Entry<T> {
  /** The last page rendered with its data; null until the first render succeeds. */
  page: T | null;
  /** When that page's render started (its data is at least that new), on the monotonic clock. */
  renderedAt: number;
  /** The changes counted when that render started. */
  generation: number;
  /** When the last render, failed or not, started. */
  triedAt: number;
  /** True when the last render failed. */
  failing: boolean;
  /** The render under way for this page, which every request for it shares. */
  rendering: Promise<T | null> | null;
  /** The changes counted when the render under way started. */
  renderingFrom: number;
  /** When a reader last started a render for a change (-Infinity: never). */
  changeRenderAt: number;
}

export function createRenderCache<T>(options: RenderCacheOptions<T>): RenderCache<T> {
  // In order of use, least recent first (a Map keeps insertion order).
  const entries = new Map<string, Entry<T>>();
  /** Changes counted so far; the count at the last change of each table, and at the last change of all. */
  let generation = 0;
  const changedAt = new Map<string, number>();
  let allChangedAt = 0;

  /** Whether the data of a page rendered when `seen` changes had been counted has changed since. */
  function changedSince(seen: number, page: T): boolean {
    return allChangedAt > seen || options.tablesOf(page).some((table) => (changedAt.get(table) ?? 0) > seen);
  }

  /**
   * Drops the least recently served pages beyond `maxPages`. Only pages kept count: a path on its
   * first render may turn out a 404, which is never kept, so it pushes nothing out.
   */
  function keepWithinBound(): void {
    let kept = [...entries.values()].filter((entry) => entry.page !== null).length;
    for (const [key, entry] of entries) {
      if (kept <= options.maxPages) break;
      if (entry.page === null) continue;
      entries.delete(key);
      kept -= 1;
    }
  }

  function renderInto(key: string, pathname: string, entry: Entry<T>, render: PageRender<T>): Promise<T | null> {
    entry.rendering ??= (async () => {
      const startedAt = performance.now();
      const startedGeneration = generation;
      entry.triedAt = startedAt;
      entry.renderingFrom = startedGeneration;
      let page: T | null = null;
      try {
        page = await render();
        if (page === null) return page;
        if (!options.keeps(page)) {
          // Served to those who wait for it, and not kept, nor the page it replaces (a deleted event).
          if (entries.get(key) === entry) entries.delete(key);
          return page;
        }
        const first = entry.page === null;
        Object.assign(entry, { page, renderedAt: startedAt, generation: startedGeneration });
        if (first) keepWithinBound();
        return page;
      } catch (error) {
        logError(
          `kept pages: the render of ${pathname} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      } finally {
        entry.failing = page === null;
        entry.rendering = null;
        if (entry.page === null && entries.get(key) === entry) entries.delete(key);
      }
    })();
    return entry.rendering;
  }

  return {
    async page(pathname, variant, render) {
      if (isBackOfficePage(pathname)) return render();
      const key = `${variant} ${pathname}`;
      const entry = entries.get(key) ?? {
        page: null,
        renderedAt: 0,
        generation: -1,
        triedAt: 0,
        failing: false,
        rendering: null,
        renderingFrom: -1,
        changeRenderAt: Number.NEGATIVE_INFINITY,
      };
      entries.delete(key);
      entries.set(key, entry);
      const kept = entry.page;
      if (kept === null) return renderInto(key, pathname, entry, render);
      const now = performance.now();
      const age = now - entry.renderedAt;
      if (entry.failing && now - entry.triedAt < options.minRefreshMs) return kept;
      if (!entry.failing && changedSince(entry.generation, kept)) {
        const after = entry.rendering !== null && !changedSince(entry.renderingFrom, kept) ? entry.rendering : null;
        if (after !== null) return (await after) ?? kept;
        if (now - entry.changeRenderAt < options.minRefreshMs) return kept;
        entry.changeRenderAt = now;
        if (entry.rendering !== null) await entry.rendering;
        return (await renderInto(key, pathname, entry, render)) ?? kept;
      }
      if (age < options.freshMs) return kept;
      const rendering = renderInto(key, pathname, entry, render);
      if (age < options.staleLimitMs || entry.failing) return kept;
      return (await rendering) ?? kept;
    },
    invalidate(table) {
      generation += 1;
      changedAt.set(table, generation);
    },
    invalidateAll() {
      generation += 1;
      allChangedAt = generation;
    },
    get size() {
      return entries.size;
    },
  };
}
