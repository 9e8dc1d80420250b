import { describe, expect, it } from 'vitest';
import { fillTemplate, splitHeadTags, startAfterFirstPaint } from './prerender.ts';

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

  it('preloads a video poster and starts the app only after the first frame', () => {
    const html = fillTemplate(TEMPLATE, { path: '/', markup: '<main><video poster="/media/p.webp"></video></main>' });
    expect(html).toContain('<link rel="preload" as="image" href="/media/p.webp" fetchpriority="high"/>');
    expect(html).not.toContain('src="/assets/index-abc.js"');
    const started = startAfterFirstPaint(TEMPLATE);
    expect(started).toContain('requestAnimationFrame(()=>setTimeout(start))');
    expect(started).toContain('import("/assets/index-abc.js")');
  });
});
