/**
 * The app server's answers that are not files of the build: /calendar.ics and /sitemap.xml come
 * from the calendar-feed and sitemap server functions of the backend named in the runtime config
 * (so the feed's URL lives on the site's own origin and keeps working if the backend moves), with
 * the site's origin passed along for the links; /robots.txt is written here because its Sitemap
 * line must be an absolute URL on the site's origin. That origin is configured, never taken from
 * the request: its Host header is whatever the client chose to send.
 */
import type { Context, Hono } from 'hono';
import { logError } from '../server/log.ts';

export interface SiteFeedOptions {
  /** The backend whose functions answer (runtime-config.json's supabaseUrl and anon key). */
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The site's public origin, which the links point at. */
  siteOrigin: () => string;
}

const FUNCTION_TIMEOUT_MS = 10_000;
/** Headers of the function's answer that the site passes on. */
const PASSED_HEADERS = ['content-type', 'cache-control', 'content-disposition'];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /auth',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

async function fromFunction(c: Context, options: SiteFeedOptions, name: string): Promise<Response> {
  const origin = options.siteOrigin();
  const url = `${options.supabaseUrl.replace(/\/+$/, '')}/functions/v1/${name}?origin=${encodeURIComponent(origin)}`;
  try {
    const answer = await fetch(url, {
      method: c.req.method === 'HEAD' ? 'HEAD' : 'GET',
      headers: { apikey: options.supabaseAnonKey },
      signal: AbortSignal.timeout(FUNCTION_TIMEOUT_MS),
    });
    const headers = new Headers();
    for (const header of PASSED_HEADERS) {
      const value = answer.headers.get(header);
      if (value) headers.set(header, value);
    }
    return new Response(c.req.method === 'HEAD' ? null : await answer.arrayBuffer(), {
      status: answer.status,
      headers,
    });
  } catch (error) {
    logError(`${c.req.path}: the ${name} function did not answer: ${String(error)}`);
    return c.text(`${c.req.path} is unavailable right now; please try again later.`, 502, {
      'Cache-Control': 'no-store',
    });
  }
}

/** Adds the routes to the app server; call it before the catch-all file route. */
export function addSiteFeedRoutes(app: Hono, options: SiteFeedOptions): void {
  app.on(['GET', 'HEAD'], '/calendar.ics', (c) => fromFunction(c, options, 'calendar-feed'));
  app.on(['GET', 'HEAD'], '/sitemap.xml', (c) => fromFunction(c, options, 'sitemap'));
  app.on(['GET', 'HEAD'], '/robots.txt', (c) =>
    c.text(robotsTxt(options.siteOrigin()), 200, { 'Cache-Control': 'public, max-age=3600' }),
  );
}
