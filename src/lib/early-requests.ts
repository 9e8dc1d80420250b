/**
 * Requests that a page's inline script starts before the app's scripts have loaded (scripts/
 * prerender.ts writes it into the event shell and the plain shell): /runtime-config.json, on an
 * event page the event's data, and on the back office's pages the lists it kept on the device (an
 * IndexedDB store). The app adopts them instead of asking again, each once; one that is missing,
 * fails or answers an error leaves the app to make its own request, as it would without.
 */

/** The global the inline script fills: `window.__earlyRequests`. */
export const EARLY_REQUESTS_GLOBAL = '__earlyRequests';

interface EarlyRequests {
  /** The parsed JSON of /runtime-config.json (not validated yet). */
  config?: Promise<unknown>;
  /** GET requests by full URL. */
  requests?: Record<string, Promise<Response>>;
  /** Every record of the store named by `EarlyStore`, read as the page was parsed. */
  stored?: Promise<unknown[]>;
}

/** An IndexedDB store the inline script reads on the pages under a path (it never creates it). */
export interface EarlyStore {
  database: string;
  store: string;
  under: string;
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

/** The records the page's inline script read from its `EarlyStore`, if it started (taken once). */
export function takeEarlyStored(): Promise<unknown[]> | undefined {
  const early = earlyRequests();
  const stored = early?.stored;
  if (early) delete early.stored;
  return stored;
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
 * slug "\0" (its `%00` is replaced by the page's slug), or undefined for none. Ids (UUIDs) are left
 * to the app, whose filter for them differs; a path it cannot decode, too. `store`: an IndexedDB
 * store read on the pages under its path, if it exists.
 *
 * `afterFirstPaint`: the settings are requested once the page has painted (or at once where paint
 * timing is unknown), for a page that the server sent with its content, whose scripts wait for the
 * paint too (scripts/prerender.ts `startAfterLoad`): until then, the page's own images have the
 * connection, and nothing that the paint does not need is on the way (Lighthouse's simulation
 * counts every request that ends before the largest paint as holding it back).
 */
export function earlyRequestsScript(
  eventPath?: string,
  store?: EarlyStore,
  { afterFirstPaint = false }: { afterFirstPaint?: boolean } = {},
): string {
  if (afterFirstPaint && eventPath !== undefined) {
    throw new Error("earlyRequestsScript: an event's early request needs the settings at once");
  }
  const request =
    "e.config=fetch('/runtime-config.json',{cache:'no-cache'}).then(r=>{if(!r.ok)throw Error(String(r.status));return r.json()});" +
    'e.config.catch(()=>{});';
  const config =
    `const e=window.${EARLY_REQUESTS_GLOBAL}={requests:{}};` +
    (afterFirstPaint
      ? `const c=()=>{${request}};` +
        "try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();c()}}).observe({type:'paint',buffered:true})}catch{c()}"
      : request);
  const stored =
    store === undefined
      ? ''
      : `if(location.pathname.startsWith(${literal(store.under)})){` +
        `e.stored=new Promise((y,n)=>{const o=indexedDB.open(${literal(store.database)});` +
        'o.onupgradeneeded=()=>o.transaction.abort();o.onerror=()=>n(o.error);' +
        `o.onsuccess=()=>{const d=o.result;try{const g=d.transaction(${literal(store.store)}).objectStore(${literal(store.store)}).getAll();` +
        'g.onsuccess=()=>{d.close();y(g.result)};g.onerror=()=>{d.close();n(g.error)}}catch(x){d.close();n(x)}}});' +
        'e.stored.catch(()=>{})}';
  if (eventPath === undefined) return `try{${config}${stored}}catch{}`;
  const event =
    'const m=/^\\/events\\/([^/]+)\\/?$/.exec(location.pathname);' +
    'if(m){const s=decodeURIComponent(m[1]);' +
    'if(!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s))e.config.then(c=>{' +
    `let u=c.supabaseUrl+'/rest/v1/'+${literal(eventPath)}.replace('%00',()=>encodeURIComponent(s));` +
    // As the app makes the read: the key in the URL, so no preflight (sync/anonymous-reads.ts).
    "u+=(u.includes('?')?'&':'?')+'apikey='+encodeURIComponent(c.supabaseAnonKey);" +
    "const p=fetch(u,{headers:{accept:'application/json'}});" +
    'p.catch(()=>{});e.requests[u]=p},()=>{})}';
  return `try{${config}${event}${stored}}catch{}`;
}

/** A string as a script literal that cannot close the script element. */
function literal(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
