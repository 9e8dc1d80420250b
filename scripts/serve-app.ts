/**
 * Serves the built app (dist/) the way a static host would: hashed assets cached for a year,
 * everything else revalidated, a page path answered with its prerendered HTML or the app shell so
 * the client router can show the page (or its 404, with status 404 when no route matches the path),
 * missing files with 404, and /runtime-config.json written from the settings given here.
 * Beyond a static host, it renders the public pages with their data per request (src/entry-server.tsx,
 * built next to the output by scripts/prerender.ts), so that their content paints, and crawlers read
 * it, without any script; should that fail or take too long, the prerendered page or the event shell
 * is served as before.
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
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { compress } from 'hono/compress';
import { log } from '../server/log.ts';
import { EVENT_TEMPLATE, PRERENDERED_ROUTES, fillTemplate, pageTemplateFile, ssrDirOf } from './page-template.ts';
import { CONTENT_TYPES } from './content-types.ts';
import { COMMON_HEADERS, pageHeadersLoader } from './security-headers.ts';
import { addSiteFeedRoutes } from './site-feed-routes.ts';

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

const BACK_OFFICE_PAGE = /^\/?(admin|auth)(\/|$)/;

/**
 * The back office and its sign-in page are never stored by the browser (`no-store`): after 'Sign
 * Out', Back must not bring an admin's page back from the back-forward cache, and a page frozen
 * there with its databases half-open blocked WebKit's IndexedDB for the next one
 * (docs/decisions/017-three-browser-engines.md). Every other page and file revalidates.
 */
function pageCacheControl(pathname: string): string {
  return BACK_OFFICE_PAGE.test(pathname) ? 'no-store' : 'no-cache';
}

/** How long a page's render may wait for the backend before the prerendered page is served instead. */
const RENDER_TIMEOUT_MS = 3000;

interface ServerRenderer {
  renderWithData(
    pathname: string,
    options: { config: { supabaseUrl: string; anonKey: string }; origin: string; signal?: AbortSignal },
  ): Promise<{ html: string; head: string; seed: Record<string, unknown>; found: boolean } | null>;
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
 * the build has none (then every page is served as a static host would).
 */
function rendererLoader(distDir: string): () => Promise<LoadedRenderer | null> {
  const ssrDir = ssrDirOf(distDir);
  const bundle = path.join(ssrDir, 'entry-server.js');
  const eventTemplate = path.join(ssrDir, EVENT_TEMPLATE);
  const pageTemplates = PRERENDERED_ROUTES.map((route) => [route, path.join(ssrDir, pageTemplateFile(route))] as const);
  const files = [bundle, eventTemplate, ...pageTemplates.map(([, file]) => file)];
  let loaded: LoadedRenderer | null = null;
  return async () => {
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
  };
}

/** A page path's answer: its markup with its data, if rendered, and its status. */
interface PageAnswer {
  /** The page rendered with its data; null: the prerendered page or a shell, as a static host serves. */
  html: string | null;
  /** 404 for a path no route matches, and for an event page that names no live event. */
  status: 200 | 404;
}

/**
 * Renders the prerendered routes and event pages with their data, and tells paths that no route
 * matches (404). Without the build's server bundle, or when a render fails or is slow, every page
 * path is answered as a static host would: the prerendered page or the shell, with status 200.
 */
function pageRenderer(
  distDir: string,
  config: AppServerOptions['runtimeConfig'],
): (pathname: string, origin: string) => Promise<PageAnswer> {
  const load = rendererLoader(distDir);
  const routes = new Set<string>(PRERENDERED_ROUTES);
  const asStaticHost: PageAnswer = { html: null, status: 200 };
  return async (pathname, origin) => {
    const trimmed = pathname.replace(/\/+$/, '') || '/';
    const event = EVENT_PAGE.test(trimmed);
    try {
      const renderer = await load();
      if (!renderer) return asStaticHost;
      if (!event && !routes.has(trimmed)) return { html: null, status: renderer.isAppPath(pathname) ? 200 : 404 };
      const page = await renderer.renderWithData(pathname, {
        config: { supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey },
        origin,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      });
      if (!page) return asStaticHost;
      const template = event ? renderer.eventTemplate : renderer.pageTemplates.get(trimmed);
      if (!template) return asStaticHost;
      const html = fillTemplate(template, { path: pathname, markup: page.html, head: page.head, seed: page.seed });
      return { html, status: page.found ? 200 : 404 };
    } catch (error) {
      log(
        `${pathname}: served the prerendered page, the render failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return asStaticHost;
    }
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
  const render = pageRenderer(root, options.runtimeConfig);
  const securityHeaders = pageHeadersLoader(root, options.runtimeConfig);
  // Known once the port is bound, before the first request.
  let ownUrl = '';
  const configuredOrigin = options.siteUrl === undefined ? undefined : new URL(options.siteUrl).origin;
  const siteOrigin = () => configuredOrigin ?? ownUrl;
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    const html = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
    const headers = html ? await securityHeaders() : COMMON_HEADERS;
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
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
          : pageCacheControl(path.relative(root, requested).split(path.sep).join('/')),
      });
    }
    // A missing file (an old chunk after a deploy) is a 404, never a page in its place.
    if (path.extname(requested) !== '') return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    const url = new URL(c.req.url);
    const { html, status } = await render(url.pathname, siteOrigin());
    const page = html ?? (await pageFor(root, url.pathname));
    return c.body(typeof page === 'string' ? page : new Uint8Array(page), status, {
      'Content-Type': CONTENT_TYPES['.html']!,
      'Cache-Control': pageCacheControl(url.pathname),
      // The page's first data request goes to the API (CORS): open that connection while scripts load.
      Link: `<${new URL(options.runtimeConfig.supabaseUrl).origin}>; rel=preconnect; crossorigin`,
    });
  });
  const hostname = options.hostname ?? '0.0.0.0';
  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname }, () =>
      resolve(started as Server),
    ) as Server;
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  ownUrl = `http://localhost:${port}`;
  return {
    url: ownUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
