import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillTemplate, splitHeadTags } from './page-template.ts';
import {
  clientRoutes,
  inlineFavicon,
  routeChunkPreloads,
  routeModuleOf,
  startAfterLoad,
  withEarlyRequests,
  type BuildManifest,
} from './prerender.ts';

const TEMPLATE = `<!doctype html><html><head><title>CDO Vision</title>
<meta name="description" content="default" />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

describe('prerendered pages', () => {
  it('takes the head tags React 19 hoists ahead of the markup', () => {
    const { head, body } = splitHeadTags(
      '<title>Awards | CDO Vision</title><meta name="description" content="x"/><div>a</div>',
    );
    expect(head).toEqual(['<title>Awards | CDO Vision</title>', '<meta name="description" content="x"/>']);
    expect(body).toBe('<div>a</div>');
  });

  it('puts the page into #root, names its path, and replaces the default title and description', () => {
    const html = fillTemplate(TEMPLATE, {
      path: '/awards',
      markup:
        '<title>Awards | CDO Vision</title><meta name="description" content="Awards"/><main><h1>Awards</h1></main>',
    });
    expect(html).toContain('<div id="root" data-prerendered="/awards"><main><h1>Awards</h1></main></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Awards | CDO Vision</title>');
    expect(html).not.toContain('content="default"');
  });

  it('holds the first paint until the whole page is parsed: an expect link in the head, its target after #root', () => {
    const html = fillTemplate(TEMPLATE, { path: '/awards', markup: '<main><h1>Awards</h1></main>' });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#page-end" blocking="render"/>');
    expect(html).toContain('<main><h1>Awards</h1></main></div><template id="page-end"></template>');
  });

  it("adds a rendered page's own head tags and the answers it was rendered with", () => {
    const html = fillTemplate(TEMPLATE, {
      path: '/events/a"b',
      markup: '<title>Event | CDO Vision</title><meta name="description" content="generic"/><main>London</main>',
      head: '<title>London | CDO Vision</title><meta name="description" content="Dinner"/>',
      seed: { 'event-page:london': { title: '</script><script>alert(1)</script>' } },
    });
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>London | CDO Vision</title>']);
    expect(html).not.toContain('content="default"');
    expect(html).not.toContain('content="generic"');
    expect(html).toContain('<meta name="description" content="Dinner"/>');
    expect(html).toContain('<div id="root" data-prerendered="/events/a&quot;b"><main>London</main></div>');
    const seed = /<script type="application\/json" id="live-read-seed">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(seed).not.toContain('<');
    expect(JSON.parse(seed)).toEqual({ 'event-page:london': { title: '</script><script>alert(1)</script>' } });
  });

  it('leaves a video poster to the parser, which reaches it before the first paint, at its own priority', () => {
    const html = fillTemplate(TEMPLATE, { path: '/', markup: '<main><video poster="/media/p.webp"></video></main>' });
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<link rel="expect" href="#page-end" blocking="render"/>');
  });

  it('requests no script before the page has loaded, then preloads the modules and imports the entry', () => {
    const template = TEMPLATE.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js"><link rel="modulepreload" crossorigin href="/assets/router-2.js"></head>',
    );
    const html = startAfterLoad(template);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('src="/assets/index-abc.js"');
    const loader = /<script type="module">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(loader).toContain('const modules=["/assets/react-1.js","/assets/router-2.js"]');
    expect(loader).toContain("addEventListener('load',");
    expect(loader).toContain("getEntriesByName('first-contentful-paint')");
    expect(loader).toContain('import("/assets/index-abc.js")');
    // Each preloaded chunk is evaluated in a task of its own before the entry.
    expect(loader).toContain('import(modules[i]).then(()=>setTimeout(()=>evaluate(i+1))');
    expect(() => startAfterLoad('<html><head></head></html>')).toThrow(/no module entry script/);
  });

  it('adds the web app manifest link when it starts the app, not before', () => {
    const html = startAfterLoad(
      TEMPLATE.replace('</head>', '<link rel="manifest" href="/manifest.webmanifest"></head>'),
    );
    expect(html).not.toContain('rel="manifest"');
    const loader = /<script type="module">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(loader).toMatch(
      /const start=\(\)=>\{if\(started\)return;started=true;.*m\.rel='manifest';m\.href="\/manifest\.webmanifest"/,
    );
  });

  it('puts the early requests script first in the head, ahead of any stylesheet', () => {
    const html = withEarlyRequests(
      '<html><head><meta charset="UTF-8" /><link rel="stylesheet" href="/a.css"></head></html>',
      'go()',
    );
    expect(html).toBe(
      '<html><head><meta charset="UTF-8" /><script>go()</script><link rel="stylesheet" href="/a.css"></head></html>',
    );
    expect(withEarlyRequests('<html><head><title>x</title></head></html>', 'go()')).toContain(
      '<head><script>go()</script><title>',
    );
  });

  it("preloads a route's chunk and what it imports statically, but not what the page preloads already", () => {
    const manifest: BuildManifest = {
      'index.html': { file: 'assets/index-0.js', imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      'src/routes/events/$slug.tsx?tsr-split=component': {
        file: 'assets/_slug-abc.js',
        imports: ['_data-2.js', '_side-3.js', 'index.html'],
      },
      '_data-2.js': { file: 'assets/data-2.js', imports: ['_react-1.js', 'index.html'] },
      '_side-3.js': { file: 'assets/side-3.js', imports: ['_data-2.js'] },
      'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-4.js', imports: ['index.html'] },
    };
    const html =
      '<head><link rel="modulepreload" crossorigin href="/assets/index-0.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>';
    const preloaded = (out: string) => [...out.matchAll(/href="\/assets\/([^"]+)"/g)].map((match) => match[1]);
    expect(preloaded(routeChunkPreloads(html, manifest, 'src/routes/events/$slug.tsx'))).toEqual([
      'index-0.js',
      'react-1.js',
      '_slug-abc.js',
      'data-2.js',
      'side-3.js',
    ]);
    expect(preloaded(routeChunkPreloads(html, manifest, routeModuleOf('/')))).toEqual([
      'index-0.js',
      'react-1.js',
      'routes-4.js',
    ]);
    expect(() => routeChunkPreloads(html, manifest, routeModuleOf('/awards'))).toThrow(/no chunk for/);
  });

  it('gives each page the browser renders by itself a shell that preloads its layout and its own chunks', () => {
    const split = (module: string) => ({ [`src/routes/${module}.tsx?tsr-split=component`]: { file: `${module}.js` } });
    const manifest: BuildManifest = {
      ...split('index'),
      ...split('awards'),
      ...split('auth'),
      ...split('admin'),
      ...split('admin/index'),
      ...split('admin/events'),
      ...split('events/$slug'),
    };
    expect(clientRoutes(manifest, ['/', '/awards'])).toEqual([
      { page: '/auth', file: 'auth/index.html', routeModules: ['src/routes/auth.tsx'] },
      {
        page: '/admin',
        file: 'admin/index.html',
        routeModules: ['src/routes/admin.tsx', 'src/routes/admin/index.tsx'],
      },
      {
        page: '/admin/events',
        file: 'admin/events/index.html',
        routeModules: ['src/routes/admin.tsx', 'src/routes/admin/events.tsx'],
      },
    ]);
  });
});

it('puts the PNG favicon into the page as a data URL, and leaves any other icon link alone', async () => {
  const outDir = await mkdtemp(path.join(tmpdir(), 'favicon-'));
  try {
    await mkdir(path.join(outDir, 'icons'));
    await writeFile(path.join(outDir, 'icons/icon-32.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const head = '<link rel="icon" href="/icons/icon-32.png" sizes="32x32" type="image/png" />';
    expect(await inlineFavicon(`<head>${head}</head>`, outDir)).toBe(
      '<head><link rel="icon" href="data:image/png;base64,iVBORw==" sizes="32x32" type="image/png" /></head>',
    );
    const svg = '<head><link rel="icon" href="/icon.svg" /></head>';
    expect(await inlineFavicon(svg, outDir)).toBe(svg);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
});
