/**
 * Serves the built app (dist/) the way a static host would: hashed assets cached for a year,
 * everything else revalidated, a page path answered with its prerendered HTML or the app shell so
 * the client router can show the page (or its 404, with status 404 when no route matches the path),
 * missing files with 404, and /runtime-config.json written from the settings given here.
 * Beyond a static host, it renders the public pages with their data (src/entry-server.tsx, built next
 * to the output by scripts/prerender.ts), so that their content paints, and crawlers read it, without
 * any script; should that fail or take too long, the prerendered page or the event shell is served as
 * before. Rendered pages are kept and served at once, refreshed in the background after a few seconds
 * or when the backend's realtime says public data changed (./render-cache.ts), and a CDN in front may
 * keep them as long (`s-maxage`): a crowd on one page costs a render every few seconds, not one per
 * reader (docs/decisions/022-kept-pages-for-a-crowd.md).
 * Every HTML page carries the security headers of ./security-headers.ts (a Content-Security-Policy
 * with the hashes of the build's inline scripts, no framing), and links that must be absolute
 * (sitemap, calendar feed, robots.txt, an event's og:url) are made from the configured site origin,
 * never from the request's Host header, which anyone can set. A path with a malformed percent-escape
 * is a 400.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { compress } from 'hono/compress';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { log } from '../server/log.ts';
// Deep imports: sync/index.ts would load the sync engine (RxDB), which this server never runs.
import { watchRemoteChanges, type RealtimeState } from '../sync/replication/realtime.ts';
import { PUBLIC_TABLE_NAMES } from '../sync/schema/types.ts';
import { EVENT_TEMPLATE, PRERENDERED_ROUTES, fillTemplate, pageTemplateFile, ssrDirOf } from './page-template.ts';
import { CONTENT_TYPES } from './content-types.ts';
import { COMMON_HEADERS, pageHeadersLoader } from './security-headers.ts';
import { addSiteFeedRoutes } from './site-feed-routes.ts';
import { createRenderCache, isBackOfficePage } from './render-cache.ts';
import { pageEncoding } from './page-encoding.ts';
import { shareWhileRunning } from './share-while-running.ts';
import { namesThisMachine } from '../server/http/local-only.ts';

/** Names a server bound to this machine alone listens on. */
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1']);

export interface AppServerOptions {
  port: number;
  hostname?: string;
  distDir: string;
  /** Written to /runtime-config.json (src/lib/runtime-config.ts reads it). */
  runtimeConfig: { supabaseUrl: string; supabaseAnonKey: string } & Record<string, string>;
  /**
   * The site's public origin (e.g. https://cdovision.example), which absolute links point at; this
   * server's own http://localhost:<port> when unset.
   */
  siteUrl?: string;
}

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}

/**
 * The page for a path that is no file: its prerendered HTML (`<path>/index.html`), the event shell
 * for `/events/<slug>`, else the plain shell (scripts/prerender.ts writes them; a build without them
 * falls back to index.html). The service worker makes the same choice offline.
 */
const EVENT_PAGE = /^\/events\/[^/]+\/?$/;

async function pageFor(root: string, pathname: string): Promise<Buffer> {
  const trimmed = decodeURIComponent(pathname).replace(/\/+$/, '');
  const candidates = [
    path.join(root, trimmed, 'index.html'),
    ...(EVENT_PAGE.test(trimmed) ? [path.join(root, 'events', 'shell.html')] : []),
    path.join(root, 'shell.html'),
    path.join(root, 'index.html'),
  ];
  for (const file of candidates) {
    const inside = file.startsWith(`${root}${path.sep}`);
    const body = inside ? await readIfFile(file) : null;
    if (body) return body;
  }
  throw new Error(`no index.html in ${root}`);
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/**
 * Brotli's quality for a rendered page: 5 takes some 6 ms for the 200-guest event page (390 KB) and
 * makes it 39 KB where gzip makes 50 KB (11 makes 34 KB, in 240 ms). Under about 44 KB a page comes in
 * the first two round trips of a new connection (TCP's slow start, as Lighthouse simulates it), a
 * round trip before the 50 KB one: on slow 4G its first paint came 150 ms sooner.
 */
const PAGE_BROTLI_QUALITY = 5;

/** How long a page's render may wait for the backend before the prerendered page is served instead. */
const RENDER_TIMEOUT_MS = 3000;
/**
 * How long a rendered page is served as it is, here and by a CDN (`s-maxage`), unless realtime says
 * its data changed: a crowd on a page costs a render every 5 s, and a change anon cannot be told of
 * (or made while realtime was away) shows within 5 s plus one render.
 */
const FRESH_SECONDS = 5;
/**
 * How long after a render made for a change a page whose data changed again is still served as it is
 * (otherwise its readers wait for the render that shows the change): a page is rendered about once a
 * second however often its data changes (approvals at the door change it many times a second, and a render blocks this server for
 * a few hundred milliseconds).
 */
const MIN_REFRESH_MS = 1000;
/** How long a CDN may serve a page older than that while it asks for a new one. */
const CDN_STALE_SECONDS = 30;
/**
 * Rendered pages kept in memory: the seven site pages and every event of the series (a few dozen)
 * with room to spare; at most about 50 MB (an event page is some 200 KB, and 25 KB more gzipped and 20 KB
 * more in brotli).
 */
const MAX_KEPT_PAGES = 200;

/**
 * The back office and its sign-in page are never stored by the browser (`no-store`): after 'Sign
 * Out', Back must not bring an admin's page back from the back-forward cache, and a page frozen
 * there with its databases half-open blocked WebKit's IndexedDB for the next one
 * (docs/decisions/017-three-browser-engines.md). A public page rendered with its data may be kept by
 * a CDN for as long as this server keeps it (`s-maxage`, and served while it asks for a new one:
 * `stale-while-revalidate`); a browser asks again each time (`max-age=0`). Every other page and file
 * revalidates.
 */
function pageCacheControl(pathname: string, rendered: boolean): string {
  if (isBackOfficePage(pathname)) return 'no-store';
  return rendered
    ? `public, max-age=0, s-maxage=${FRESH_SECONDS}, stale-while-revalidate=${CDN_STALE_SECONDS}`
    : 'no-cache';
}

interface ServerRenderer {
  renderWithData(
    pathname: string,
    options: { config: { supabaseUrl: string; anonKey: string }; origin: string; signal?: AbortSignal },
  ): Promise<{ html: string; head: string; seed: Record<string, unknown>; found: boolean; tables: string[] } | null>;
  isAppPath(pathname: string): boolean;
}

interface LoadedRenderer {
  /** The modification times of the bundle and the templates, which change with every build. */
  version: string;
  renderWithData: ServerRenderer['renderWithData'];
  isAppPath: ServerRenderer['isAppPath'];
  /** The page each site route is rendered into, by route. */
  pageTemplates: Map<string, string>;
  eventTemplate: string;
}

/**
 * The build's server bundle and page templates, loaded again whenever a build has replaced them (a
 * deploy into a running server must not serve pages that name the old build's chunks). Null while
 * the build has none (then every page is served as a static host would). Callers that ask while a
 * check of the files runs share it.
 */
function rendererLoader(distDir: string): () => Promise<LoadedRenderer | null> {
  const ssrDir = ssrDirOf(distDir);
  const bundle = path.join(ssrDir, 'entry-server.js');
  const eventTemplate = path.join(ssrDir, EVENT_TEMPLATE);
  const pageTemplates = PRERENDERED_ROUTES.map((route) => [route, path.join(ssrDir, pageTemplateFile(route))] as const);
  const files = [bundle, eventTemplate, ...pageTemplates.map(([, file]) => file)];
  let loaded: LoadedRenderer | null = null;
  return shareWhileRunning(async () => {
    const times = await Promise.all(
      files.map((file) =>
        stat(file).then(
          (info) => info.mtimeMs,
          () => null,
        ),
      ),
    );
    if (times.some((time) => time === null)) return null;
    const version = times.join(':');
    if (loaded?.version === version) return loaded;
    const [event, ...pages] = await Promise.all(
      [eventTemplate, ...pageTemplates.map(([, file]) => file)].map(readIfFile),
    );
    if (!event || pages.some((page) => !page)) return null;
    // A new URL for a new build: Node keeps every module it has imported under its URL.
    const module = (await import(
      `${pathToFileURL(bundle).href}?build=${encodeURIComponent(version)}`
    )) as ServerRenderer;
    loaded = {
      version,
      renderWithData: module.renderWithData,
      isAppPath: module.isAppPath,
      pageTemplates: new Map(pageTemplates.map(([route], index) => [route, pages[index]!.toString('utf8')])),
      eventTemplate: event.toString('utf8'),
    };
    return loaded;
  });
}

/**
 * A page rendered with its data, as it is sent: its bytes, compressed once for all who take brotli or
 * gzip.
 */
interface RenderedPage {
  body: Uint8Array<ArrayBuffer>;
  encoded: { br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> };
  /** 404 for an event page that names no live event. */
  status: 200 | 404;
  /** The tables its data comes from. */
  tables: readonly string[];
}

/**
 * A page path's answer: the page rendered with its data, or none (the prerendered page or a shell, as
 * a static host serves them) with its status, 404 for a path no route matches.
 */
type PageAnswer = { rendered: RenderedPage } | { rendered: null; status: 200 | 404 };

/** What tells the kept pages that their data changed. */
interface PageInvalidation {
  /** The data of `table` changed: every kept page that reads it is rendered again before long. */
  invalidate(table: string): void;
  /** Any public data may have changed: every kept page is rendered again before long. */
  invalidateAll(): void;
}

interface PageRenderer extends PageInvalidation {
  answer(pathname: string, origin: string): Promise<PageAnswer>;
}

/**
 * Renders the prerendered routes and event pages with their data, keeps them (./render-cache.ts),
 * and tells paths that no route matches (404). Without the build's server bundle, or when a render
 * fails or is slow and no page is kept, every page path is answered as a static host would: the
 * prerendered page or the shell, with status 200.
 */
function pageRenderer(distDir: string, config: AppServerOptions['runtimeConfig']): PageRenderer {
  const load = rendererLoader(distDir);
  const routes = new Set<string>(PRERENDERED_ROUTES);
  const asStaticHost: PageAnswer = { rendered: null, status: 200 };
  const kept = createRenderCache<RenderedPage>({
    freshMs: FRESH_SECONDS * 1000,
    minRefreshMs: MIN_REFRESH_MS,
    staleLimitMs: FRESH_SECONDS * 1000 + RENDER_TIMEOUT_MS,
    maxPages: MAX_KEPT_PAGES,
    keeps: (page) => page.status === 200,
    tablesOf: (page) => page.tables,
  });

  /** Renders `pathname` (without a trailing slash) with its data; null when it could not. */
  async function render(renderer: LoadedRenderer, pathname: string, origin: string): Promise<RenderedPage | null> {
    try {
      const renderedAt = new Date().toISOString();
      const page = await renderer.renderWithData(pathname, {
        config: { supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey },
        origin,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      });
      if (!page) return null;
      const template = EVENT_PAGE.test(pathname) ? renderer.eventTemplate : renderer.pageTemplates.get(pathname);
      if (!template) return null;
      const html = fillTemplate(template, {
        path: pathname,
        markup: page.html,
        head: page.head,
        seed: page.seed,
        renderedAt,
      });
      const body = new Uint8Array(Buffer.from(html));
      const [br, gzipped] = await Promise.all([
        brotliAsync(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body),
      ]);
      return {
        body,
        encoded: { br: new Uint8Array(br), gzip: new Uint8Array(gzipped) },
        status: page.found ? 200 : 404,
        tables: page.tables,
      };
    } catch (error) {
      log(`${pathname}: the render failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  return {
    async answer(pathname, origin) {
      const trimmed = pathname.replace(/\/+$/, '') || '/';
      try {
        const renderer = await load();
        if (!renderer) return asStaticHost;
        if (!EVENT_PAGE.test(trimmed) && !routes.has(trimmed)) {
          return { rendered: null, status: renderer.isAppPath(pathname) ? 200 : 404 };
        }
        // The markup depends on the path, the site origin (links, og:url) and the build (its chunks).
        // /events/x/ is the page of /events/x: one page kept, rendered for the path without the slash.
        const rendered = await kept.page(trimmed, `${renderer.version} ${origin}`, () =>
          render(renderer, trimmed, origin),
        );
        return rendered ? { rendered } : asStaticHost;
      } catch (error) {
        log(
          `${pathname}: served the prerendered page, the build's renderer failed to load: ${error instanceof Error ? error.message : String(error)}`,
        );
        return asStaticHost;
      }
    },
    invalidate: kept.invalidate,
    invalidateAll: kept.invalidateAll,
  };
}

/**
 * Follows the public tables over the backend's realtime, as a visitor's replica does (anon key: the
 * server is told of what anyone may read, and of nothing else): a change of a table makes the kept
 * pages that read it stale, and every (re)join all of them (what changed while the socket was away
 * was never told). Returns a function that leaves. While realtime is away, pages are still rendered
 * again once they are FRESH_SECONDS old.
 */
function invalidateOnPublicChanges(
  config: AppServerOptions['runtimeConfig'],
  pages: PageInvalidation,
): () => Promise<void> {
  const client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket, and realtime-js refuses to construct without one.
    ...(globalThis.WebSocket ? {} : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
  });
  let last: RealtimeState | undefined;
  const leave = watchRemoteChanges({
    client,
    topic: 'app-server-kept-pages',
    tables: PUBLIC_TABLE_NAMES,
    removals: true,
    onChange: (table) => pages.invalidate(table),
    onJoined: () => pages.invalidateAll(),
    onState(state, error) {
      if (state === 'error' && last !== 'error') {
        log(
          `kept pages: realtime is away (${error?.message ?? 'no reason given'}); pages refresh every ${FRESH_SECONDS} s`,
        );
      }
      last = state;
    },
  });
  return async () => {
    await leave();
    client.realtime.disconnect();
  };
}

/** True when every percent-escape of the path decodes (as UTF-8); such a path is safe to decode anywhere. */
function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export async function startAppServer(options: AppServerOptions): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.resolve(options.distDir);
  const pages = pageRenderer(root, options.runtimeConfig);
  const securityHeaders = pageHeadersLoader(root, options.runtimeConfig);
  // Known once the port is bound, before the first request.
  let ownUrl = '';
  const configuredOrigin = options.siteUrl === undefined ? undefined : new URL(options.siteUrl).origin;
  const siteOrigin = () => configuredOrigin ?? ownUrl;
  const hostname = options.hostname ?? '0.0.0.0';
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    const html = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
    const headers = html ? await securityHeaders() : COMMON_HEADERS;
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  // A developer's server (bound to loopback) answers only requests that name it: a page on another
  // site that rebinds its own name to 127.0.0.1 (DNS rebinding) would otherwise read the runtime
  // settings and the pages as its own, and with the key sign in to the local backend as the demo
  // admin, whose password everyone knows. A server for the world (0.0.0.0, behind a CDN) is asked
  // by whatever name the CDN uses.
  if (LOOPBACK_NAMES.has(hostname)) {
    app.use('*', async (c, next) => {
      const host = c.req.header('host');
      const port = new URL(ownUrl).port;
      const siteHost = configuredOrigin === undefined ? undefined : new URL(configuredOrigin).host;
      if (!namesThisMachine(host, port) && host?.toLowerCase() !== siteHost) {
        return c.text('Misdirected request: this server answers to localhost only', 421, {
          'Cache-Control': 'no-store',
        });
      }
      await next();
    });
  }
  // As static hosts do: text (HTML, scripts, styles, JSON) gzipped, which Lighthouse's figures assume.
  app.use('*', compress());
  // Every route below decodes the path; a malformed escape is the client's error, not a crash.
  app.use('*', async (c, next) => {
    if (!decodablePath(new URL(c.req.url).pathname)) {
      return c.text('Bad request: malformed percent-escape in the path', 400, { 'Cache-Control': 'no-store' });
    }
    await next();
  });
  app.get('/runtime-config.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(options.runtimeConfig);
  });
  // /calendar.ics, /sitemap.xml and /robots.txt, made from the backend's functions and the site origin.
  addSiteFeedRoutes(app, { ...options.runtimeConfig, siteOrigin });
  app.get('*', async (c) => {
    const requested = path.resolve(root, `.${decodeURIComponent(new URL(c.req.url).pathname)}`);
    const inside = requested === root || requested.startsWith(`${root}${path.sep}`);
    const body = inside ? await readIfFile(requested) : null;
    if (body) {
      const immutable = requested.startsWith(path.join(root, 'assets') + path.sep);
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': CONTENT_TYPES[path.extname(requested)] ?? 'application/octet-stream',
        'Cache-Control': immutable
          ? 'public, max-age=31536000, immutable'
          : pageCacheControl(path.relative(root, requested).split(path.sep).join('/'), false),
      });
    }
    // A missing file (an old chunk after a deploy) is a 404, never a page in its place.
    if (path.extname(requested) !== '') return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    const url = new URL(c.req.url);
    const answer = await pages.answer(url.pathname, siteOrigin());
    const headers = {
      'Content-Type': CONTENT_TYPES['.html']!,
      'Cache-Control': pageCacheControl(url.pathname, answer.rendered !== null),
      // The page's first data request goes to the API (CORS): open that connection while scripts load.
      Link: `<${new URL(options.runtimeConfig.supabaseUrl).origin}>; rel=preconnect; crossorigin`,
    };
    if (answer.rendered) {
      // Compressed once per render rather than by compress() for every reader of the page.
      const { body, encoded, status } = answer.rendered;
      const sent = pageEncoding(c.req.header('Accept-Encoding'));
      return c.body(sent ? encoded[sent] : body, status, {
        ...headers,
        Vary: 'Accept-Encoding',
        ...(sent ? { 'Content-Encoding': sent } : {}),
      });
    }
    return c.body(new Uint8Array(await pageFor(root, url.pathname)), answer.status, headers);
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname }, () =>
      resolve(started as Server),
    ) as Server;
    started.once('error', reject);
  });
  // A connection kept alive between requests stays open a minute (Node closes it after 5 s): a CDN
  // or load balancer in front keeps its connections about that long, and a request it sends on one
  // just as the server closes it is reset (seen in the browser tests on a slow machine). Longer than
  // a minute, so that the other side always lets go first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const { port } = server.address() as AddressInfo;
  ownUrl = `http://localhost:${port}`;
  const stopInvalidating = invalidateOnPublicChanges(options.runtimeConfig, pages);
  return {
    url: ownUrl,
    stop: async () => {
      await stopInvalidating();
      await new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}
