/**
 * sitemap: the public site's pages as a sitemaps.org XML sitemap, served at <site>/sitemap.xml (the
 * app server fetches this function for that path). The fixed public pages, then every live event's
 * page by slug (or id when it has none, as the cards link), whether upcoming or past: past events
 * keep their pages. Read as an anonymous visitor. Links are absolute on the site origin, from
 * SITE_URL or the `origin` query parameter (see _shared/public-site.ts); without one it is a 400,
 * since a sitemap of relative URLs is invalid.
 */
import { z } from 'zod';
import { eventPath } from '../_shared/portable/ics.ts';
import { FunctionError } from '../_shared/http.ts';
import { readAsVisitor, siteOrigin, textFunction } from '../_shared/public-site.ts';
import { SITE_PAGES } from '../_shared/portable/site-pages.ts';

const CACHE_SECONDS = 60 * 60;

const SitemapEvents = z.array(z.object({ id: z.string(), slug: z.string().nullable(), _modified: z.string() }));

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function urlEntry(loc: string, lastmod?: string): string {
  const modified = lastmod ? `<lastmod>${escapeXml(new Date(lastmod).toISOString())}</lastmod>` : '';
  return `  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

export const handler = textFunction(
  { name: 'sitemap', failureMessage: 'Failed to build the sitemap' },
  async (request) => {
    const origin = siteOrigin(request);
    if (!origin) {
      throw new FunctionError(400, 'The site origin is unknown: pass ?origin=https://<site> or set SITE_URL');
    }
    const query = new URLSearchParams({
      select: 'id,slug,_modified',
      _deleted: 'is.false',
      order: 'start_date.desc,id.asc',
    });
    const events = await readAsVisitor(`events?${query}`, SitemapEvents);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...SITE_PAGES.map((page) => urlEntry(`${origin}${page}`)),
      ...events.map((event) => urlEntry(`${origin}${eventPath(event)}`, event._modified)),
      '</urlset>',
      '',
    ].join('\n');
    return {
      body: xml,
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': `public, max-age=${CACHE_SECONDS}`,
      },
    };
  },
);
