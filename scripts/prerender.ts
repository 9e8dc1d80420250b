/**
 * Renders the public pages to static HTML after the client build, so that a first visit paints the
 * page's text before any JavaScript has run (docs/decisions/007-prerender-and-pwa.md). It builds
 * src/entry-server.tsx for Node with Vite, renders each route with a memory history into the built
 * index.html, and writes:
 * - `<route>/index.html` for each route of PRERENDERED_ROUTES (`index.html` for `/`), hydrated by the
 *   client (src/main.tsx) because `data-prerendered` on #root names the path it was rendered for;
 * - `events/shell.html`: the event page's 'Loading...' state for any `/events/<slug>` (rendered for
 *   a placeholder slug, so the client renders over it rather than hydrating);
 * - `<route>/index.html` for each route the browser renders by itself (back office, sign-in): the
 *   plain app shell with that route's chunks preloaded;
 * - `shell.html`: the plain app shell for every other path (404);
 * - next to the output (`<outDir>-ssr`, page-template.ts): the server bundle, and the pages the app
 *   server renders each route and each event page into, with its data (scripts/serve-app.ts).
 * vite.config.ts runs it inside `vite build`, before the service worker is generated, so the
 * worker precaches these files too. scripts/serve-app.ts and the worker pick the file per path.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type PluginOption } from 'vite';
import {
  BUILD_MANIFEST,
  EVENT_TEMPLATE,
  PRERENDERED_ROUTES,
  fillTemplate,
  pageTemplateFile,
  serverManifestOf,
  ssrDirOf,
} from './page-template.ts';

/** The file served for `/events/<slug>`, and the slug it is rendered for. */
export const EVENT_SHELL = {
  file: 'events/shell.html',
  url: '/events/prerendered-shell',
  /** The event route's module, whose chunk the shell preloads. */
  route: 'src/routes/events/$slug.tsx',
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

/** Vite's build manifest (build.manifest): each module's chunk and the chunks it imports statically. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** The module a site page's route is defined in ('/' is src/routes/index.tsx). */
export const routeModuleOf = (page: string) => `src/routes${page === '/' ? '/index' : page}.tsx`;

/**
 * Modulepreload links for a route's component chunk (the router's code splitting) and every chunk it
 * imports statically, less those the page preloads already. Without them the browser learns of the
 * chunks only once the main chunk has run and the router has started (and the router's own preloads
 * then cost a long task: each link added to the head costs a few milliseconds).
 */
export function routeChunkPreloads(html: string, manifest: BuildManifest, routeModule: string): string {
  const key = `${routeModule}?tsr-split=component`;
  if (!manifest[key]) throw new Error(`the build manifest has no chunk for ${key}`);
  const chunks = new Set<string>();
  const visit = (id: string): void => {
    const chunk = manifest[id];
    if (!chunk || chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  const links = [...chunks]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return html.replace('</head>', () => `${links.join('')}</head>`);
}

const SPLIT_ROUTE = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/**
 * The routes the browser renders by itself (the back office, the sign-in page), each with the file
 * its shell is written to and the route modules whose chunks it preloads: its layouts' and its own.
 * Worked out from the build manifest; prerendered pages, routes with parameters and layouts that are
 * no page of their own are left out.
 */
export function clientRoutes(
  manifest: BuildManifest,
  prerendered: readonly string[],
): { page: string; file: string; routeModules: string[] }[] {
  const modules = Object.keys(manifest)
    .map((key) => SPLIT_ROUTE.exec(key)?.[1])
    .filter((name): name is string => name !== undefined);
  const layouts = new Set(modules.filter((name) => modules.some((other) => other.startsWith(`${name}/`))));
  return modules
    .filter((name) => !name.includes('$') && !name.startsWith('__') && !layouts.has(name))
    .map((name) => ({ name, page: `/${name.replace(/(^|\/)index$/, '')}` }))
    .filter(({ page }) => !prerendered.includes(page))
    .map(({ name, page }) => {
      const segments = name.split('/');
      const parents = segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'));
      return {
        page,
        file: page === '/' ? 'index.html' : `${page.slice(1)}/index.html`,
        routeModules: [...parents.filter((parent) => layouts.has(parent)), name].map((m) => `src/routes/${m}.tsx`),
      };
    });
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const MANIFEST_LINK = /<link rel="manifest" href="([^"]+)">/;

/** How long a prerendered page waits for its load event before it starts the app anyway. */
export const START_AT_THE_LATEST_MS = 2000;

/**
 * A prerendered page starts the app once it has loaded and painted: one inline script, in place of
 * the entry script and the modulepreload links, adds those links and imports the entry once both the
 * load event and the first contentful paint (Paint Timing) have happened, or after
 * START_AT_THE_LATEST_MS (an image is slow, or the tab is in the background and does not paint).
 * The load event alone can come before the first paint when everything is quick. Until then the
 * page's own HTML, styles and images have the connection to themselves, and no script is evaluated
 * before the largest paint: Lighthouse's simulation counts every high-priority script that finished
 * before a paint as holding that paint back, and every other request that is not an image far down
 * the page as holding back the largest paint. So the web app manifest's link is added then too: the
 * browser fetches the manifest as soon as it sees the link, for nothing the visitor sees (it reads it
 * again when the link appears, and the site stays installable).
 */
export function startAfterLoad(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('the built index.html has no module entry script');
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const manifest = MANIFEST_LINK.exec(html)?.[1];
  const addManifest = manifest
    ? `const m=document.createElement('link');m.rel='manifest';m.href=${JSON.stringify(manifest)};document.head.append(m);`
    : '';
  // One request per task: starting a request costs the main thread a few milliseconds while the
  // browser is traced (as Lighthouse does), and fifteen at once made one long task. Then one chunk
  // evaluated per task, in the order the page preloads them, before the entry: an import of the
  // entry alone evaluates its whole module graph in one task (decision 025).
  const start =
    `const modules=${JSON.stringify(modules)};let started=false;` +
    'const evaluate=(i)=>{if(i===modules.length){import(' +
    JSON.stringify(entry) +
    ');return}import(modules[i]).then(()=>setTimeout(()=>evaluate(i+1)),()=>evaluate(modules.length))};' +
    "const preload=(i)=>{if(i===modules.length){evaluate(0);return}const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=modules[i];document.head.append(link);setTimeout(()=>preload(i+1))};" +
    `const start=()=>{if(started)return;started=true;${addManifest}preload(0)};` +
    "let loaded=document.readyState==='complete',painted=false;" +
    'const ready=()=>{if(loaded&&painted)setTimeout(start)};' +
    "try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){painted=true;observer.disconnect();ready()}}).observe({type:'paint',buffered:true})}catch{painted=true}" +
    "if(!loaded)addEventListener('load',()=>{loaded=true;ready()},{once:true});" +
    `ready();setTimeout(start,${START_AT_THE_LATEST_MS})`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(MANIFEST_LINK, '')
    .replace(ENTRY_SCRIPT, () => `<script type="module">${start}</script>`);
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

const FAVICON = /(<link rel="icon" href=")(\/[^"]+\.png)"/;

/**
 * The favicon (a 1 KB PNG), inlined as a data URL: the browser asks for the icon while the page
 * loads, and that request is one more before the largest paint for Lighthouse's simulation.
 */
export async function inlineFavicon(html: string, outDir: string): Promise<string> {
  const href = FAVICON.exec(html)?.[2];
  if (!href) return html;
  const png = await readFile(path.join(outDir, href));
  return html.replace(FAVICON, (_, before: string) => `${before}data:image/png;base64,${png.toString('base64')}"`);
}

export async function prerender(options: PrerenderOptions): Promise<void> {
  const plainShell = await readFile(path.join(options.outDir, 'index.html'), 'utf8');
  const template = await inlineFavicon(await inlineStylesheet(plainShell, options.outDir), options.outDir);
  // Kept after the build: the app server renders event pages with it (scripts/serve-app.ts). Every
  // dependency is bundled in, so it runs wherever the build output goes.
  const serverDir = ssrDirOf(options.outDir);
  await rm(serverDir, { recursive: true, force: true });
  await build({
    root: options.root,
    configFile: false,
    logLevel: 'warn',
    plugins: options.plugins,
    ssr: { noExternal: true },
    publicDir: false,
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      target: 'node20',
      // One file: the app server imports each build's bundle under its own URL, and a chunk importing
      // the entry by its plain path would load a second copy of the app's modules.
      rolldownOptions: { checks: { pluginTimings: false }, output: { codeSplitting: false } },
    },
  });
  const { renderPage, earlyRequestsScript, eventPagePath, KEPT_LISTS_STORE } = (await import(
    pathToFileURL(path.join(serverDir, 'entry-server.js')).href
  )) as {
    renderPage(url: string): Promise<RenderedPage>;
    earlyRequestsScript(eventPath?: string, store?: object, options?: { afterFirstPaint?: boolean }): string;
    eventPagePath(slug: string): string;
    KEPT_LISTS_STORE: object;
  };
  // The pages the browser renders by itself (the back office's among them) also read the back
  // office's kept lists early on its paths.
  const earlyScript = earlyRequestsScript(undefined, KEPT_LISTS_STORE);
  // Pages the app server sends with their content ask for the settings after their first paint.
  const afterPaint = earlyRequestsScript(undefined, undefined, { afterFirstPaint: true });
  // The event's request for the slug "\0", whose %00 the inline script replaces.
  const eventPath = eventPagePath('\0');
  const write = async (file: string, html: string) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
  };
  await write(path.join(options.outDir, APP_SHELL), withEarlyRequests(plainShell, earlyScript));
  // Read once, then kept with the server bundle rather than published with the site.
  const manifestFile = path.join(options.outDir, BUILD_MANIFEST);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BuildManifest;
  await rename(manifestFile, serverManifestOf(options.outDir));
  await rm(path.dirname(manifestFile), { recursive: true, force: true });
  // Each page the browser renders by itself gets the plain shell with its route's chunks preloaded:
  // offline or online, they load with the app's own instead of once the router has started (the back
  // office opened offline painted its header 0.2 s later without them).
  for (const route of clientRoutes(manifest, PRERENDERED_ROUTES)) {
    const shell = route.routeModules.reduce(
      (html, routeModule) => routeChunkPreloads(html, manifest, routeModule),
      withEarlyRequests(template, earlyScript),
    );
    await write(path.join(options.outDir, route.file), shell);
  }
  for (const route of PRERENDERED_ROUTES) {
    const withRouteChunks = (html: string) => routeChunkPreloads(html, manifest, routeModuleOf(route));
    // The page the app server renders this route into, with its data; only the settings are
    // requested early, once it has painted.
    await write(
      path.join(serverDir, pageTemplateFile(route)),
      withEarlyRequests(startAfterLoad(withRouteChunks(template)), afterPaint),
    );
    const page = await renderPage(route);
    if (!page.ok) {
      // Such a path gets the plain shell and renders in the browser; a build never fails for it.
      console.warn(`prerender: ${route} matched no page or failed to load; it will be served the app shell`);
      continue;
    }
    await write(
      path.join(options.outDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`),
      startAfterLoad(withRouteChunks(fillTemplate(template, { path: route, markup: page.html }))),
    );
  }
  const withEventChunks = (html: string) => routeChunkPreloads(html, manifest, EVENT_SHELL.route);
  const shell = await renderPage(EVENT_SHELL.url);
  await write(
    path.join(options.outDir, EVENT_SHELL.file),
    withEarlyRequests(
      startAfterLoad(withEventChunks(fillTemplate(template, { path: EVENT_SHELL.url, markup: shell.html }))),
      earlyRequestsScript(eventPath.includes('%00') ? eventPath : undefined),
    ),
  );
  await write(
    path.join(serverDir, EVENT_TEMPLATE),
    withEarlyRequests(startAfterLoad(withEventChunks(template)), afterPaint),
  );
}
