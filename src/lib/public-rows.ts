/**
 * The public rows a first visit holds before its replica is full (docs/decisions/016-offline-from-
 * the-first-visit.md): the service worker keeps the answer of the backend's `public_rows()` (every
 * live row of every public table, one request) when it installs, and a visitor's replica fills the
 * tables it never pulled from it. Shared by the worker and the app, separate bundles.
 */

/** The Cache Storage cache and key the answer is kept under. */
export const PUBLIC_ROWS_CACHE = 'public-rows';
export const PUBLIC_ROWS_KEY = '/public-rows.json';
/** A header of the kept answer: when it was fetched (ISO time). */
export const PUBLIC_ROWS_FETCHED_AT = 'x-fetched-at';

/** The request for the rows, with the anon key (the function answers visitors only). */
export function publicRowsRequest(supabaseUrl: string, anonKey: string): Request {
  return new Request(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/public_rows`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
}

/** The kept answer as Cache Storage holds it, if any (pages and workers both have Cache Storage). */
async function keptResponse(): Promise<Response | undefined> {
  if (typeof caches === 'undefined') return undefined;
  return caches.match(PUBLIC_ROWS_KEY, { cacheName: PUBLIC_ROWS_CACHE }).catch(() => undefined);
}

/** When the kept answer was fetched (ISO), without reading it; null when none is kept. */
export async function publicRowsKeptAt(): Promise<string | null> {
  return (await keptResponse())?.headers.get(PUBLIC_ROWS_FETCHED_AT) ?? null;
}

/** The kept answer: rows by table name, and when they were fetched; null when none is kept. */
export async function keptPublicRows(): Promise<{ rows: Record<string, unknown[]>; at: string } | null> {
  const response = await keptResponse();
  const at = response?.headers.get(PUBLIC_ROWS_FETCHED_AT);
  if (!response || !at) return null;
  const rows = (await response.json()) as unknown;
  return rows && typeof rows === 'object' ? { rows: rows as Record<string, unknown[]>, at } : null;
}
