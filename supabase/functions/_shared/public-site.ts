/**
 * What the public-site functions (calendar-feed, sitemap) share: reading the table API as an
 * anonymous visitor does (the anon key, so row security and column grants decide what comes back:
 * never an attendee's e-mail, never a soft-deleted row once filtered), the public site's origin
 * their links point at, and answering GET/HEAD with a text body that anyone may fetch.
 */
import { z } from 'zod';
import { requireEnv, readEnv } from './env.ts';
import { FunctionError, corsHeaders, errorResponse } from './http.ts';
import { logFunctionError } from './log.ts';

/**
 * A GET on the table API with the anon key, parsed with `schema`. `path` is everything after
 * /rest/v1/, query string included.
 */
export async function readAsVisitor<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  const anonKey = requireEnv('SUPABASE_ANON_KEY');
  const response = await fetch(`${requireEnv('SUPABASE_URL')}/rest/v1/${path}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
  });
  if (!response.ok) {
    throw new Error(`GET /rest/v1/${path.split('?')[0]} answered ${response.status}: ${await response.text()}`);
  }
  return schema.parse(await response.json());
}

/** An http(s) origin with nothing after the host, e.g. https://cdovision.example; null otherwise. */
export function parseOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The public site's origin, which links in a feed or sitemap point at. The SITE_URL secret wins when
 * it is set (a hosted project names its site, so nobody can have the function print links to
 * another host); otherwise the `origin` query parameter, which the app server passes with its own
 * origin (scripts/serve-app.ts). Null when neither names a valid http(s) origin.
 */
export function siteOrigin(request: Request): string | null {
  return parseOrigin(readEnv('SITE_URL')) ?? parseOrigin(new URL(request.url).searchParams.get('origin'));
}

export interface TextFunctionOptions {
  name: string;
  /** The 500's message when something unexpected fails. */
  failureMessage: string;
}

export interface TextAnswer {
  body: string;
  headers: Record<string, string>;
}

/**
 * Wraps a public read-only function: OPTIONS answers the CORS preflight, GET and HEAD run `build`
 * (HEAD without the body), anything else is a 405. A `FunctionError` becomes its JSON answer; an
 * unexpected failure is logged and becomes a JSON 500 with `failureMessage`, like the other
 * functions' failures.
 */
export function textFunction(
  options: TextFunctionOptions,
  build: (request: Request) => Promise<TextAnswer>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(405, 'Method not allowed', { Allow: 'GET, HEAD, OPTIONS' });
    }
    try {
      const answer = await build(request);
      return new Response(request.method === 'HEAD' ? null : answer.body, {
        status: 200,
        headers: { ...corsHeaders, 'X-Content-Type-Options': 'nosniff', ...answer.headers },
      });
    } catch (error) {
      if (error instanceof FunctionError) return errorResponse(error.status, error.message);
      logFunctionError(options.name, error);
      return errorResponse(500, options.failureMessage);
    }
  };
}
