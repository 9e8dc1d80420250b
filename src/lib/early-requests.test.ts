import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymousReadsWithoutPreflight } from '../../sync/anonymous-reads.ts';
import { earlyRequestsScript, fetchAdoptingEarly, takeEarlyConfig, takeEarlyStored } from './early-requests.ts';

const CONFIG = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon' };
const TEMPLATE = 'events?select=id&slug=eq.%00&limit=1';

/** Runs the inline script as a page at `pathname` would, with a fake network. */
function runScript(pathname: string, eventPath: string | undefined = TEMPLATE) {
  const network = vi.fn((url: string) =>
    Promise.resolve(new Response(JSON.stringify(url === '/runtime-config.json' ? CONFIG : [{ url }]), { status: 200 })),
  );
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', { pathname });
  vi.stubGlobal('fetch', network);
  new Function(earlyRequestsScript(eventPath))();
  return network;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  delete (globalThis as Record<string, unknown>).__earlyRequests;
  vi.unstubAllGlobals();
});

describe('requests a shell page starts before its scripts load', () => {
  it('starts the settings and then the event for the slug of the path, and the app adopts each once', async () => {
    const network = runScript('/events/london%202026');
    expect(await takeEarlyConfig()).toEqual(CONFIG);
    expect(takeEarlyConfig()).toBeUndefined();
    await settle();
    // A simple request, as the app's own read is (no preflight): the key in the URL, no key headers.
    const url = 'http://api.test/rest/v1/events?select=id&slug=eq.london%202026&limit=1&apikey=anon';
    expect(network).toHaveBeenCalledWith(url, { headers: { accept: 'application/json' } });
    expect(network).toHaveBeenCalledTimes(2);

    // The app's read of the same rows (sync/first-paint.ts) adopts it.
    const appRead = anonymousReadsWithoutPreflight('anon', fetchAdoptingEarly);
    const keyed = { apikey: 'anon', authorization: 'Bearer anon', accept: 'application/json' };
    const asked = 'http://api.test/rest/v1/events?select=id&slug=eq.london%202026&limit=1';
    expect(await (await appRead(asked, { headers: keyed })).json()).toEqual([{ url }]);
    expect(network).toHaveBeenCalledTimes(2);
    // Taken once: the next read asks the network.
    await appRead(asked, { headers: keyed });
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('leaves other paths, ids and other URLs to the app', async () => {
    const network = runScript('/events/0b6c1f8e-2d7a-4a55-9a0e-1f2a3b4c5d6e');
    await settle();
    expect(network).toHaveBeenCalledTimes(1);
    await fetchAdoptingEarly('http://api.test/rest/v1/other');
    expect(network).toHaveBeenLastCalledWith('http://api.test/rest/v1/other', undefined);
  });

  it('falls back to a request of its own when the early one failed', async () => {
    const network = runScript('/events/x');
    await settle();
    const url = 'http://api.test/rest/v1/events?select=id&slug=eq.x&limit=1&apikey=anon';
    const early = (globalThis as unknown as { __earlyRequests: { requests: Record<string, Promise<Response>> } })
      .__earlyRequests;
    early.requests[url] = Promise.reject(new Error('offline'));
    await fetchAdoptingEarly(url);
    expect(network).toHaveBeenLastCalledWith(url, undefined);
  });

  it('does nothing on a page without the script', async () => {
    vi.stubGlobal('window', globalThis);
    expect(takeEarlyConfig()).toBeUndefined();
  });
});

describe('the store a back-office page reads before its scripts load', () => {
  const STORE = { database: 'lists', store: 'rows', under: '/admin' };

  /** Runs the inline script at `pathname` against an IndexedDB holding `records` (null: no database). */
  function runWithStore(pathname: string, records: unknown[] | null) {
    const request: Record<string, unknown> = {};
    const close = vi.fn();
    const abort = vi.fn();
    const open = vi.fn(() => request);
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('location', { pathname });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}'))),
    );
    vi.stubGlobal('indexedDB', { open });
    new Function(earlyRequestsScript(undefined, STORE))();
    const call = (name: string) => (request[name] as () => void)();
    if (open.mock.calls.length > 0 && records === null) {
      // A database that does not exist is not created: the upgrade is aborted, and the open fails.
      request.transaction = { abort };
      call('onupgradeneeded');
      request.error = new Error('aborted');
      call('onerror');
    } else if (open.mock.calls.length > 0) {
      const getAll: Record<string, unknown> = { result: records };
      request.result = {
        close,
        transaction: (store: string) => ({
          objectStore: (name: string) => (store === name ? { getAll: () => getAll } : null),
        }),
      };
      call('onsuccess');
      (getAll.onsuccess as () => void)();
    }
    return { open, close, abort };
  }

  it("reads every record on the back office's pages, for the app to take once", async () => {
    const { open, close } = runWithStore('/admin/events', [{ table: 'events' }]);
    expect(open).toHaveBeenCalledWith('lists');
    expect(await takeEarlyStored()).toEqual([{ table: 'events' }]);
    expect(close).toHaveBeenCalled();
    expect(takeEarlyStored()).toBeUndefined();
  });

  it('does not create the database when there is none', async () => {
    const { abort } = runWithStore('/admin', null);
    await expect(takeEarlyStored()).rejects.toThrow('aborted');
    expect(abort).toHaveBeenCalled();
  });

  it('reads nothing on other pages', () => {
    const { open } = runWithStore('/events/london', []);
    expect(open).not.toHaveBeenCalled();
    expect(takeEarlyStored()).toBeUndefined();
  });
});

describe('the settings of a page sent with its content', () => {
  /** A paint observer that the test fires; `observers` holds the callbacks the script registered. */
  function paintTiming() {
    const observers: ((
      list: { getEntriesByName(name: string): unknown[] },
      observer: { disconnect(): void },
    ) => void)[] = [];
    const disconnect = vi.fn();
    class FakeObserver {
      constructor(callback: (typeof observers)[number]) {
        observers.push(callback);
      }
      observe() {}
      disconnect = disconnect;
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const paint = (name: string) =>
      observers.forEach((callback) =>
        callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect }),
      );
    return { paint, disconnect };
  }

  function runAfterPaint() {
    const network = vi.fn(() => Promise.resolve(new Response(JSON.stringify(CONFIG), { status: 200 })));
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('location', { pathname: '/past-highlights' });
    vi.stubGlobal('fetch', network);
    new Function(earlyRequestsScript(undefined, undefined, { afterFirstPaint: true }))();
    return network;
  }

  it('are requested once the page has painted, for the app to take once', async () => {
    const { paint, disconnect } = paintTiming();
    const network = runAfterPaint();
    paint('first-paint');
    expect(network).not.toHaveBeenCalled();
    expect(takeEarlyConfig()).toBeUndefined();
    paint('first-contentful-paint');
    expect(network).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
    expect(await takeEarlyConfig()).toEqual(CONFIG);
  });

  it('are requested at once where the browser does not time paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const network = runAfterPaint();
    expect(network).toHaveBeenCalledTimes(1);
    expect(await takeEarlyConfig()).toEqual(CONFIG);
  });

  it('cannot be put off on a page whose event request needs them', () => {
    expect(() => earlyRequestsScript(TEMPLATE, undefined, { afterFirstPaint: true })).toThrow();
  });
});
