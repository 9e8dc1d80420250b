/**
 * Puts a server-rendered page into the built index.html: at build time for the prerendered pages
 * (scripts/prerender.ts), and per request for event pages (scripts/serve-app.ts).
 */

import path from 'node:path';
import { SITE_PAGES } from '../supabase/functions/_shared/portable/site-pages.ts';
import { SEED_ELEMENT_ID } from '../src/lib/server-seed.ts';

/**
 * Where a build keeps what the app server renders with (next to the build output, never in it: it is
 * no file for the browser): the server bundle of src/entry-server.tsx and the page templates.
 */
export const ssrDirOf = (outDir: string) => `${outDir.replace(/[\\/]+$/, '')}-ssr`;

/** Paths prerendered at build time to `<path>/index.html` (and rendered with their data per request). */
export const PRERENDERED_ROUTES = SITE_PAGES;

/** The built pages the app server renders into, in the SSR folder: event pages, and the others. */
export const EVENT_TEMPLATE = 'event-template.html';
/** The page the app server renders a site page into (one per route: each preloads its route's chunks). */
export const pageTemplateFile = (route: string) => `pages/${route === '/' ? 'index' : route.slice(1)}.html`;
/** Where Vite writes its build manifest in the output (vite.config.ts); the prerender moves it into the server folder. */
export const BUILD_MANIFEST = '.vite/manifest.json';

/** Where the prerender leaves that manifest: in the SSR folder (`ssrDirOf`), no file for the browser. */
export const serverManifestOf = (outDir: string) => path.join(ssrDirOf(outDir), 'manifest.json');

/** The element that ends a rendered page's markup; its first paint waits for it. */
export const PAGE_END_ID = 'page-end';

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

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface RenderedInto {
  /** The path the markup was rendered for (`data-prerendered`, which the client checks before hydrating). */
  path: string;
  /** The app's markup, React 19's hoisted head tags first. */
  markup: string;
  /** Further head tags (an event's title, description, Open Graph and JSON-LD): a title or description here replaces the markup's. */
  head?: string;
  /** The answers the markup was rendered with, for the browser's first render (JSON in the page). */
  seed?: Record<string, unknown>;
  /**
   * When the markup was rendered with its data (`data-rendered-at`): the browser hydrates what depends
   * on the time, such as whether the event has ended, as of then (src/lib/use-passed.ts).
   */
  renderedAt?: string;
}

/** The built index.html with one rendered page in it. */
export function fillTemplate(template: string, page: RenderedInto): string {
  const { head: hoisted, body } = splitHeadTags(page.markup);
  const extra = page.head ?? '';
  const head = hoisted.filter(
    (tag) =>
      !(tag.startsWith('<title>') && extra.includes('<title>')) &&
      !(/^<meta\b[^>]*name="description"/.test(tag) && /<meta\b[^>]*name="description"/.test(extra)),
  );
  const headTags = head.join('') + extra;
  let html = template;
  if (/<title>/.test(headTags)) html = html.replace(/<title>[^<]*<\/title>\s*/, '');
  if (/<meta\b[^>]*name="description"/.test(headTags)) html = html.replace(/<meta\s+name="description"[^>]*>\s*/, '');
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  // '<' escaped so that no text in the data can end the script element.
  const seed =
    page.seed && Object.keys(page.seed).length > 0
      ? `<script type="application/json" id="${SEED_ELEMENT_ID}">${JSON.stringify(page.seed).replace(/</g, '\\u003c')}</script>`
      : '';
  // The first paint waits until the whole page is parsed (rel=expect, blocking=render): the page
  // appears at once, instead of a first frame of a few boxes followed by long style and layout tasks
  // for the rest while the visitor already sees it. So a video's poster, which the preload scanner
  // does not see, is still requested before the paint, as the parser reaches it: a preload would not
  // move it earlier, and would lift a poster far down the page to high priority.
  const wholePage = `<link rel="expect" href="#${PAGE_END_ID}" blocking="render"/>`;
  return html
    .replace('</head>', () => `${headTags}${wholePage}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-prerendered="${escapeAttribute(page.path)}"${page.renderedAt ? ` data-rendered-at="${escapeAttribute(page.renderedAt)}"` : ''}>${body}</div><template id="${PAGE_END_ID}"></template>${seed}`,
    );
}
