/**
 * Renders the public pages to static HTML after the client build, so that a first visit paints the
 * page's text before any JavaScript has run (docs/decisions/007-prerender-and-pwa.md). It builds
 * src/entry-server.tsx for Node with Vite, renders each route with a memory history into the built
 * index.html, and writes:
 * - `<route>/index.html` for each route of PRERENDERED_ROUTES (`index.html` for `/`), hydrated by the
 *   client (src/main.tsx) because `data-prerendered` on #root names the path it was rendered for;
 * - `events/shell.html`: the event page's 'Loading...' state for any `/events/<slug>` (rendered for
 *   a placeholder slug, so the client renders over it rather than hydrating);
 * - `shell.html`: the plain app shell for every other path (back office, sign-in, 404).
 * vite.config.ts runs it inside `vite build`, before the service worker is generated, so the
 * worker precaches these files too. scripts/serve-app.ts and the worker pick the file per path.
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type PluginOption } from 'vite';

/** Paths rendered to `<path>/index.html`. */
export const PRERENDERED_ROUTES = [
  '/',
  '/vision-talks',
  '/awards',
  '/sponsors',
  '/past-highlights',
  '/contact',
  '/calendar',
] as const;

/** The file served for `/events/<slug>`, and the slug it is rendered for. */
export const EVENT_SHELL = {
  file: 'events/shell.html',
  url: '/events/prerendered-shell',
  /** The event route's chunk (src/routes/events/$slug.tsx), preloaded by the shell. */
  chunkPrefix: '_slug-',
} as const;
/** The plain shell served for every other path. */
export const APP_SHELL = 'shell.html';

export interface PrerenderOptions {
  root: string;
  /** The client build's output folder (holds index.html). */
  outDir: string;
  /** The plugins the server build needs (the router's file routes and code splitting, React). */
  plugins: PluginOption[];
}

interface RenderedPage {
  html: string;
  ok: boolean;
}

/**
 * The shells (event page, plain) start /runtime-config.json, and the event shell the event's data,
 * from an inline script in the head, while the scripts load: the app adopts those answers
 * (src/lib/early-requests.ts), so the event's featured image is no longer at the end of
 * scripts → router → route chunk → settings → data.
 */
export function withEarlyRequests(html: string, source: string): string {
  // First in the head: a stylesheet link before it would hold it until the stylesheet has loaded.
  const script = `<script>${source}</script>`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  return charset.test(html)
    ? html.replace(charset, (tag) => tag + script)
    : html.replace('<head>', () => `<head>${script}`);
}

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[^'"();]*?from\s*|)["']\.\/([\w.-]+\.js)["']/g;

/**
 * Modulepreload links for a route's chunk (the first built `assets/<prefix><hash>.js`) and every chunk
 * it imports statically, less those the page preloads already. Without them the browser learns of the
 * event page's chunk only once the main chunk has run. None when there is no such chunk.
 */
export async function routeChunkPreloads(html: string, outDir: string, prefix: string): Promise<string> {
  const assets = path.join(outDir, 'assets');
  const entry = (await readdir(assets)).find((file) => file.startsWith(prefix) && file.endsWith('.js'));
  if (!entry) return html;
  const chunks = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (chunks.has(file)) return;
    chunks.add(file);
    const code = await readFile(path.join(assets, file), 'utf8').catch(() => '');
    for (const match of code.matchAll(STATIC_IMPORT)) await visit(match[1]!);
  };
  await visit(entry);
  const links = [...chunks]
    .filter((file) => !html.includes(`/assets/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`);
  return html.replace('</head>', () => `${links.join('')}</head>`);
}

const HOISTED_TAG = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/** React 19 puts hoisted head tags (title, meta, link) ahead of the markup: split them off. */
export function splitHeadTags(markup: string): { head: string[]; body: string } {
  const head: string[] = [];
  let rest = markup;
  for (let match = HOISTED_TAG.exec(rest); match; match = HOISTED_TAG.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * A prerendered page starts the app after its first paint: the entry is imported from a frame
 * callback (or after 500 ms, e.g. in a background tab) instead of running as soon as it has loaded,
 * which on a fast connection would be before the browser paints the page it already has. The
 * modulepreload links still fetch every module at once.
 */
export function startAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('the built index.html has no module entry script');
  const start =
    `let started=false;const start=()=>{if(!started){started=true;import(${JSON.stringify(entry)})}};` +
    'requestAnimationFrame(()=>setTimeout(start));setTimeout(start,500)';
  return html.replace(ENTRY_SCRIPT, () => `<script type="module">${start}</script>`);
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/;

/**
 * The stylesheet, inlined: a prerendered page then needs no second request before it can paint
 * (about 9 KB gzip, Tailwind's output). The plain shell keeps the link.
 */
export async function inlineStylesheet(html: string, outDir: string): Promise<string> {
  const href = STYLESHEET.exec(html)?.[1];
  if (!href) return html;
  const css = await readFile(path.join(outDir, href), 'utf8');
  return html.replace(STYLESHEET, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
}

/** The built index.html with one rendered page in it. */
export function fillTemplate(template: string, page: { path: string; markup: string }): string {
  const { head, body } = splitHeadTags(page.markup);
  let html = template;
  if (head.some((tag) => tag.startsWith('<title>'))) html = html.replace(/<title>[^<]*<\/title>\s*/, '');
  if (head.some((tag) => /^<meta\b[^>]*name="description"/.test(tag))) {
    html = html.replace(/<meta\s+name="description"[^>]*>\s*/, '');
  }
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  // A video's poster is often the largest thing on screen, and the preload scanner does not see it.
  const posters = [...new Set([...body.matchAll(/<video\b[^>]*\sposter="([^"]+)"/g)].map((match) => match[1]!))];
  const preloads = posters.map((href) => `<link rel="preload" as="image" href="${href}" fetchpriority="high"/>`);
  return startAfterFirstPaint(html)
    .replace('</head>', `${[...head, ...preloads].join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${page.path}">${body}</div>`);
}

export async function prerender(options: PrerenderOptions): Promise<void> {
  const plainShell = await readFile(path.join(options.outDir, 'index.html'), 'utf8');
  const template = await inlineStylesheet(plainShell, options.outDir);
  // Under node_modules so that the server bundle's bare imports (react, ...) resolve from the project.
  const serverDir = path.join(options.root, 'node_modules/.cache/prerender', `${process.pid}-${Date.now()}`);
  try {
    await build({
      root: options.root,
      configFile: false,
      logLevel: 'warn',
      plugins: options.plugins,
      build: {
        ssr: 'src/entry-server.tsx',
        outDir: serverDir,
        emptyOutDir: true,
        target: 'node20',
        rolldownOptions: { checks: { pluginTimings: false } },
      },
    });
    const { renderPage, earlyRequestsScript, eventPagePath } = (await import(
      pathToFileURL(path.join(serverDir, 'entry-server.js')).href
    )) as {
      renderPage(url: string): Promise<RenderedPage>;
      earlyRequestsScript(eventPath?: string): string;
      eventPagePath(slug: string): string;
    };
    // The event's request for the slug "\0", whose %00 the inline script replaces.
    const eventPath = eventPagePath('\0');
    const write = async (file: string, html: string) => {
      await mkdir(path.dirname(path.join(options.outDir, file)), { recursive: true });
      await writeFile(path.join(options.outDir, file), html);
    };
    await write(APP_SHELL, withEarlyRequests(plainShell, earlyRequestsScript()));
    for (const route of PRERENDERED_ROUTES) {
      const page = await renderPage(route);
      if (!page.ok) {
        // Such a path gets the plain shell and renders in the browser; a build never fails for it.
        console.warn(`prerender: ${route} matched no page or failed to load; it will be served the app shell`);
        continue;
      }
      await write(
        route === '/' ? 'index.html' : `${route.slice(1)}/index.html`,
        fillTemplate(template, { path: route, markup: page.html }),
      );
    }
    const shell = await renderPage(EVENT_SHELL.url);
    await write(
      EVENT_SHELL.file,
      withEarlyRequests(
        await routeChunkPreloads(
          fillTemplate(template, { path: EVENT_SHELL.url, markup: shell.html }),
          options.outDir,
          EVENT_SHELL.chunkPrefix,
        ),
        earlyRequestsScript(eventPath.includes('%00') ? eventPath : undefined),
      ),
    );
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}
