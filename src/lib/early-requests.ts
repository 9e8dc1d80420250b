/**
 * Requests that a page's inline script starts before the app's scripts have loaded (scripts/
 * prerender.ts writes it into the event shell and the plain shell): /runtime-config.json and, on an
 * event page, the event's data. The app adopts them instead of asking again, each once; one that is
 * missing, fails or answers an error leaves the app to make its own request, as it would without.
 */

/** The global the inline script fills: `window.__earlyRequests`. */
export const EARLY_REQUESTS_GLOBAL = '__earlyRequests';

interface EarlyRequests {
  /** The parsed JSON of /runtime-config.json (not validated yet). */
  config?: Promise<unknown>;
  /** GET requests by full URL. */
  requests?: Record<string, Promise<Response>>;
}

function earlyRequests(): EarlyRequests | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS_GLOBAL];
}

/** The early /runtime-config.json answer, if the page started one (taken once). */
export function takeEarlyConfig(): Promise<unknown> | undefined {
  const early = earlyRequests();
  const config = early?.config;
  if (early) delete early.config;
  return config;
}

/** `fetch`, answered by the early request for the same URL when there is one. */
export const fetchAdoptingEarly: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const requests = earlyRequests()?.requests;
  const pending = requests?.[url];
  const plainGet = (init?.method ?? 'GET') === 'GET' && !init?.signal?.aborted;
  if (!requests || !pending || !plainGet) return fetch(input, init);
  delete requests[url];
  const again = () => fetch(input, init);
  return pending.then((response) => (response.ok ? response : again()), again);
};

/**
 * The inline script's source. `eventPath` is the table-API path of an event page's request for the
 * slug "\0" (its `%00` is replaced by the page's slug), or undefined for the config alone. Ids
 * (UUIDs) are left to the app, whose filter for them differs; a path it cannot decode, too.
 */
export function earlyRequestsScript(eventPath?: string): string {
  const config =
    `const e=window.${EARLY_REQUESTS_GLOBAL}={requests:{}};` +
    "e.config=fetch('/runtime-config.json',{cache:'no-cache'}).then(r=>{if(!r.ok)throw Error(String(r.status));return r.json()});" +
    'e.config.catch(()=>{});';
  if (eventPath === undefined) return `try{${config}}catch{}`;
  const event =
    'const m=/^\\/events\\/([^/]+)\\/?$/.exec(location.pathname);' +
    'if(m){const s=decodeURIComponent(m[1]);' +
    'if(!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s))e.config.then(c=>{' +
    `const u=c.supabaseUrl+'/rest/v1/'+${JSON.stringify(eventPath).replace(/</g, '\\u003c')}.replace('%00',()=>encodeURIComponent(s));` +
    "const p=fetch(u,{headers:{apikey:c.supabaseAnonKey,authorization:'Bearer '+c.supabaseAnonKey,accept:'application/json'}});" +
    'p.catch(()=>{});e.requests[u]=p},()=>{})}';
  return `try{${config}${event}}catch{}`;
}
