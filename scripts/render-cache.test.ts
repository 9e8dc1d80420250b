/**
 * The app server's kept pages (render-cache.ts) with fake timers and a fake renderer, whose renders
 * end when the test says: a crowd shares one render, stale pages are served while one render
 * replaces them, changed data makes pages stale, the number of pages is bounded, a failed render
 * replaces nothing, and neither a 'not found' page nor a back-office page is ever kept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenderCache, type RenderCache } from './render-cache.ts';

const FRESH_MS = 5000;
const MIN_REFRESH_MS = 1000;
const STALE_LIMIT_MS = 8000;
const SITE = 'build-1 https://cdovision.example';
/** What the event pages here read; the sponsors page ('sponsors ...') reads sponsors and testimonials. */
const EVENT_TABLES = ['events', 'event_attendees', 'attendees'];

/** A renderer whose renders end when the test says; render number n answers `page n` unless told otherwise. */
function fakeRenderer() {
  const pending: { number: number; end(page: string | null | Error): void }[] = [];
  let renders = 0;
  return {
    render: () => {
      renders += 1;
      const number = renders;
      return new Promise<string | null>((resolve, reject) =>
        pending.push({ number, end: (page) => (page instanceof Error ? reject(page) : resolve(page)) }),
      );
    },
    /** How many renders were started. */
    get renders() {
      return renders;
    },
    /** How many renders are under way. */
    get underWay() {
      return pending.length;
    },
    /** Ends the oldest render under way: with its own page, or with `page` (null: it failed; an Error: it threw). */
    finish(page?: string | null | Error) {
      const render = pending.shift();
      if (!render) throw new Error('no render is under way');
      render.end(page === undefined ? `page ${render.number}` : page);
    },
  };
}

/** Lets the promise callbacks that are due run (a finished render storing its page). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

let cache: RenderCache<string>;

beforeEach(() => {
  vi.useFakeTimers();
  cache = createRenderCache<string>({
    freshMs: FRESH_MS,
    minRefreshMs: MIN_REFRESH_MS,
    staleLimitMs: STALE_LIMIT_MS,
    maxPages: 3,
    keeps: (page) => !page.startsWith('not found'),
    tablesOf: (page) => (page.startsWith('sponsors') ? ['sponsors_library', 'testimonials'] : EVENT_TABLES),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Renders `path` once, cold, and returns the page kept. */
async function keep(path: string, renderer: ReturnType<typeof fakeRenderer>): Promise<string | null> {
  const answer = cache.page(path, SITE, renderer.render);
  renderer.finish();
  return answer;
}

/** `count` readers of `path` arriving at once, each with what the cache answers them. */
function readers(count: number, path: string, renderer: ReturnType<typeof fakeRenderer>): Promise<string | null>[] {
  return Array.from({ length: count }, () => cache.page(path, SITE, renderer.render));
}

describe('a crowd on one page', () => {
  it('two hundred readers of a page not kept yet wait for one shared render, and all get it', async () => {
    const renderer = fakeRenderer();
    const answers = readers(200, '/events/lisbon', renderer);
    expect(renderer.renders).toBe(1);
    renderer.finish();
    expect(await Promise.all(answers)).toEqual(Array(200).fill('page 1'));
  });

  it('readers within the freshness window get the kept page without any render', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    vi.advanceTimersByTime(FRESH_MS - 1);
    for (let i = 0; i < 50; i += 1) expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    expect(renderer.renders).toBe(1);
  });

  it('past the freshness window, readers get the kept page at once while one background render replaces it', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    vi.advanceTimersByTime(FRESH_MS);
    const answers = await Promise.all(readers(50, '/events/lisbon', renderer));
    expect(answers).toEqual(Array(50).fill('page 1'));
    expect(renderer.renders).toBe(2);
    expect(renderer.underWay).toBe(1);
    renderer.finish();
    await settle();
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 2');
    expect(renderer.renders).toBe(2);
  });

  it('a page older than the stale limit is not served as it is: readers wait for its one render', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    vi.advanceTimersByTime(STALE_LIMIT_MS);
    const answers = readers(20, '/events/lisbon', renderer);
    expect(renderer.renders).toBe(2);
    renderer.finish();
    expect(await Promise.all(answers)).toEqual(Array(20).fill('page 2'));
  });

  it('a page is kept per path and per variant (site origin and build)', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    const other = cache.page('/events/lisbon', 'build-2 https://cdovision.example', renderer.render);
    renderer.finish();
    expect(await other).toBe('page 2');
    const paris = cache.page('/events/paris', SITE, renderer.render);
    renderer.finish();
    expect(await paris).toBe('page 3');
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    expect(renderer.renders).toBe(3);
  });
});

describe('when public data changes', () => {
  it('a change of a table a page reads: its next readers wait for one shared render and see it; changes faster than one a second wait a second', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    await keep('/', renderer);
    cache.invalidate('attendees');
    const crowd = readers(50, '/events/lisbon', renderer);
    await settle();
    expect(renderer.renders).toBe(3);
    renderer.finish();
    expect(new Set(await Promise.all(crowd))).toEqual(new Set(['page 3']));
    // Changes faster than one a second: served as kept until a second after that render.
    cache.invalidate('attendees');
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 3');
    expect(renderer.renders).toBe(3);
    vi.advanceTimersByTime(MIN_REFRESH_MS);
    const later = cache.page('/events/lisbon', SITE, renderer.render);
    await settle();
    renderer.finish();
    expect(await later).toBe('page 4');
    expect(renderer.renders).toBe(4);
    // The home page reads the same tables: rendered again for its next reader too.
    const home = cache.page('/', SITE, renderer.render);
    await settle();
    renderer.finish();
    expect(await home).toBe('page 5');
    // Data unchanged since: fresh again for the whole window.
    vi.advanceTimersByTime(FRESH_MS - 1);
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 4');
    expect(await cache.page('/', SITE, renderer.render)).toBe('page 5');
    expect(renderer.renders).toBe(5);
  });

  it('a change of a table a page does not read leaves it fresh', async () => {
    const renderer = fakeRenderer();
    const sponsors = cache.page('/sponsors', SITE, renderer.render);
    renderer.finish('sponsors page');
    expect(await sponsors).toBe('sponsors page');
    await keep('/events/lisbon', renderer);
    vi.advanceTimersByTime(MIN_REFRESH_MS);
    cache.invalidate('attendees');
    expect(await cache.page('/sponsors', SITE, renderer.render)).toBe('sponsors page');
    expect(renderer.renders).toBe(2);
    const event = cache.page('/events/lisbon', SITE, renderer.render);
    await settle();
    renderer.finish();
    expect(await event).toBe('page 3');
  });

  it('after realtime was away, every kept page is stale, whatever it reads', async () => {
    const renderer = fakeRenderer();
    const sponsors = cache.page('/sponsors', SITE, renderer.render);
    renderer.finish('sponsors page');
    await sponsors;
    vi.advanceTimersByTime(MIN_REFRESH_MS);
    cache.invalidateAll();
    const again = cache.page('/sponsors', SITE, renderer.render);
    await settle();
    expect(renderer.renders).toBe(2);
    renderer.finish('sponsors page, again');
    expect(await again).toBe('sponsors page, again');
  });

  it('a change while a page renders: readers wait for that render and then one more, which sees the change', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    vi.advanceTimersByTime(FRESH_MS);
    // Past the window: served as kept while a background render (page 2) starts.
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    expect(renderer.underWay).toBe(1);
    cache.invalidate('event_attendees');
    const reader = cache.page('/events/lisbon', SITE, renderer.render);
    renderer.finish();
    await settle();
    expect(renderer.renders).toBe(3);
    renderer.finish();
    expect(await reader).toBe('page 3');
  });

  it('while renders fail, a page whose data changed is served as kept at once, not waited for', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    vi.advanceTimersByTime(FRESH_MS);
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    renderer.finish(null);
    await settle();
    cache.invalidate('events');
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    expect(renderer.underWay).toBe(0);
  });
});

describe('failed renders', () => {
  it('a refresh that fails or throws keeps the last page with its data, served at once whatever its age, and is tried again each second', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    vi.advanceTimersByTime(FRESH_MS);
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    renderer.finish(null);
    await settle();
    // Not tried again within the second.
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    expect(renderer.renders).toBe(2);
    vi.advanceTimersByTime(MIN_REFRESH_MS);
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    renderer.finish(new Error('backend unreachable'));
    await settle();
    // Past the stale limit, readers do not wait for a backend in trouble.
    vi.advanceTimersByTime(STALE_LIMIT_MS);
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 1');
    expect(renderer.underWay).toBe(1);
    // The next render that succeeds replaces it.
    renderer.finish();
    await settle();
    expect(await cache.page('/events/lisbon', SITE, renderer.render)).toBe('page 4');
    expect(renderer.renders).toBe(4);
  });

  it('a page not kept yet whose render fails answers null, and nothing is kept', async () => {
    const renderer = fakeRenderer();
    const answers = [1, 2, 3].map(() => cache.page('/events/lisbon', SITE, renderer.render));
    renderer.finish(null);
    expect(await Promise.all(answers)).toEqual([null, null, null]);
    expect(cache.size).toBe(0);
    const again = cache.page('/events/lisbon', SITE, renderer.render);
    expect(renderer.renders).toBe(2);
    renderer.finish();
    expect(await again).toBe('page 2');
  });
});

describe('what is kept', () => {
  it('at most maxPages pages: the least recently served goes first', async () => {
    const renderer = fakeRenderer();
    await keep('/events/a', renderer);
    await keep('/events/b', renderer);
    await keep('/events/c', renderer);
    expect(await cache.page('/events/a', SITE, renderer.render)).toBe('page 1');
    await keep('/events/d', renderer);
    expect(cache.size).toBe(3);
    // a and c are still kept; b, served longest ago, went.
    expect(await cache.page('/events/a', SITE, renderer.render)).toBe('page 1');
    expect(await cache.page('/events/c', SITE, renderer.render)).toBe('page 3');
    expect(renderer.renders).toBe(4);
    const b = cache.page('/events/b', SITE, renderer.render);
    expect(renderer.renders).toBe(5);
    renderer.finish();
    expect(await b).toBe('page 5');
  });

  it('a page that says there is nothing at its path is served to those who wait for it and never kept: made-up paths push out no page', async () => {
    const renderer = fakeRenderer();
    for (const path of ['/events/a', '/events/b', '/events/c']) await keep(path, renderer);
    for (let i = 0; i < 10; i += 1) {
      const answers = readers(3, `/events/made-up-${i}`, renderer);
      renderer.finish('not found');
      expect(await Promise.all(answers)).toEqual(Array(3).fill('not found'));
    }
    expect(renderer.renders).toBe(13);
    expect(cache.size).toBe(3);
    expect(await cache.page('/events/a', SITE, renderer.render)).toBe('page 1');
    expect(await cache.page('/events/b', SITE, renderer.render)).toBe('page 2');
    expect(await cache.page('/events/c', SITE, renderer.render)).toBe('page 3');
    expect(renderer.renders).toBe(13);
    // Asked for again, it is rendered again: an event published at that path since shows at once.
    const again = cache.page('/events/made-up-0', SITE, renderer.render);
    expect(renderer.renders).toBe(14);
    renderer.finish();
    expect(await again).toBe('page 14');
  });

  it('a kept page whose event is gone is not served again once a render says so', async () => {
    const renderer = fakeRenderer();
    await keep('/events/lisbon', renderer);
    cache.invalidate('events');
    const answer = cache.page('/events/lisbon', SITE, renderer.render);
    renderer.finish('not found');
    expect(await answer).toBe('not found');
    expect(cache.size).toBe(0);
    const next = cache.page('/events/lisbon', SITE, renderer.render);
    expect(renderer.renders).toBe(3);
    renderer.finish('not found');
    expect(await next).toBe('not found');
  });

  it('no back-office page is ever kept: each is rendered for its request', async () => {
    const renderer = fakeRenderer();
    for (const path of ['/admin', '/admin/', '/admin/events', '/auth', 'admin/invitations']) {
      const answer = cache.page(path, SITE, renderer.render);
      renderer.finish();
      await answer;
      const again = cache.page(path, SITE, renderer.render);
      renderer.finish('the next admin');
      expect(await again, path).toBe('the next admin');
    }
    expect(renderer.renders).toBe(10);
    expect(cache.size).toBe(0);
  });
});
