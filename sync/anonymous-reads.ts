/**
 * Anonymous reads of the table API without a CORS preflight. A read that carries the API key in its
 * `apikey` and `authorization` headers is not a "simple" request, so the browser first asks the API
 * with an OPTIONS request and waits for its answer: one more round trip before every read, each with
 * a URL of its own (the preflight cache is per URL, and every pull's checkpoint makes a new one). On
 * a phone that doubles the time of each page of a replica's pull and of each read for a first paint.
 *
 * The gateway (and the local backend) take the key as the `apikey` query parameter too, and a
 * request without `authorization` is the anon role's. So a GET to `/rest/v1/` made with the anon key
 * alone goes with the key in its URL and only headers the browser lets through without asking
 * (`accept` among them). Should a gateway refuse the key there (401), the read is made again with the
 * headers, and every read of that API in this page or worker keeps to the headers from then on.
 *
 * Signed-in reads (a user's token), writes, and reads that need other headers (`prefer` for a count,
 * another schema's profile) go as they are.
 */

/** Headers a browser sends without a preflight (the CORS-safelisted ones a read can carry). */
const SAFELISTED = new Set(['accept', 'accept-language', 'content-language', 'range']);
/** What the anon client adds to every request, which the URL's `apikey` stands for. */
const KEY_HEADERS = new Set(['apikey', 'authorization', 'x-client-info']);

/**
 * The URL of an anonymous read with the key in it: appended as it is, the rest of the URL kept to the
 * letter (the event shell's early request is adopted by its URL: src/lib/early-requests.ts).
 */
function withKeyInUrl(href: string, anonKey: string): string {
  return `${href}${href.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(anonKey)}`;
}

interface SimpleRead {
  href: string;
  headers: Headers;
  /** The API's origin, which `wantHeaders` is kept by. */
  api: string;
}

/** `input` as a simple request, or null when it must go as it is. */
function asSimpleRead(anonKey: string, input: RequestInfo | URL, init?: RequestInit): SimpleRead | null {
  if (input instanceof Request || (init?.method ?? 'GET').toUpperCase() !== 'GET' || init?.body != null) return null;
  const href = String(input);
  const url = new URL(href);
  if (!url.pathname.includes('/rest/v1/') || url.searchParams.has('apikey') || url.hash) return null;
  const given = new Headers(init?.headers);
  if (given.get('authorization') !== `Bearer ${anonKey}` || (given.get('apikey') ?? anonKey) !== anonKey) return null;
  const headers = new Headers();
  for (const [name, value] of given) {
    if (KEY_HEADERS.has(name) || (name === 'accept-profile' && value === 'public')) continue;
    if (!SAFELISTED.has(name)) return null;
    headers.set(name, value);
  }
  return { href: withKeyInUrl(href, anonKey), headers, api: url.origin };
}

/**
 * The APIs (origins) that refused the key in the URL and answered with it in the headers: a property
 * of the gateway, so every reader in this page or worker (the replica, each first-paint read) learns
 * it from the first refusal.
 */
const wantHeaders = new Set<string>();

/** A `fetch` that makes anonymous table reads as simple requests (see above). */
export function anonymousReadsWithoutPreflight(anonKey: string, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const simple = asSimpleRead(anonKey, input, init);
    if (!simple || wantHeaders.has(simple.api)) return base(input, init);
    const response = await base(simple.href, { ...init, headers: simple.headers });
    if (response.status !== 401) return response;
    const withHeaders = await base(input, init);
    if (withHeaders.ok) wantHeaders.add(simple.api);
    return withHeaders;
  };
}
