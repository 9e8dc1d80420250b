/** Anonymous table reads go without a CORS preflight: the key in the URL, only safelisted headers. */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { anonymousReadsWithoutPreflight } from './anonymous-reads.ts';

const API = 'http://api.test';
const ANON = 'anon-key';

interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
}

/** A base fetch that records what is sent and answers with `status` (in turn, then the last). */
function recorder(...statuses: number[]) {
  const sent: Sent[] = [];
  const base: typeof fetch = async (input, init) => {
    sent.push({
      url: new URL(String(input)),
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: Object.fromEntries(new Headers(init?.headers)),
    });
    const status = statuses[Math.min(sent.length, statuses.length) - 1] ?? 200;
    return new Response(status === 200 ? '[]' : '{"message":"refused"}', {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { sent, base };
}

function clientWith(fetchImpl: typeof fetch, key = ANON, api = API) {
  return createClient(api, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: fetchImpl },
    // Node 20 has no global WebSocket, and realtime-js refuses to construct without one.
    ...(globalThis.WebSocket ? {} : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
  });
}

/** Headers a browser sends without asking first (the Fetch standard's CORS-safelisted ones). */
const SAFELISTED = ['accept', 'accept-language', 'content-language', 'range'];

describe('anonymous reads without a preflight', () => {
  it("sends a replica's pull with the key in its URL and only safelisted headers", async () => {
    const { sent, base } = recorder(200);
    const client = clientWith(anonymousReadsWithoutPreflight(ANON, base));
    const { error } = await client
      .from('events')
      .select('id,title')
      .order('_modified', { ascending: true })
      .limit(500)
      .or('_modified.gt.2026-01-01T00:00:00Z');
    expect(error).toBeNull();
    expect(sent).toHaveLength(1);
    const [read] = sent;
    expect(read!.method).toBe('GET');
    expect(read!.url.pathname).toBe('/rest/v1/events');
    expect(read!.url.searchParams.get('apikey')).toBe(ANON);
    // The query itself is untouched.
    expect(read!.url.searchParams.get('select')).toBe('id,title');
    expect(read!.url.searchParams.get('limit')).toBe('500');
    expect(read!.url.searchParams.get('or')).toBe('(_modified.gt.2026-01-01T00:00:00Z)');
    expect(Object.keys(read!.headers).filter((name) => !SAFELISTED.includes(name))).toEqual([]);
  });

  it('keeps the accept header a single-row read asks for', async () => {
    const { sent, base } = recorder(200);
    const reads = anonymousReadsWithoutPreflight(ANON, base);
    await reads(`${API}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: ANON, authorization: `Bearer ${ANON}`, accept: 'application/vnd.pgrst.object+json' },
    });
    expect(sent[0]!.headers).toEqual({ accept: 'application/vnd.pgrst.object+json' });
    expect(sent[0]!.url.searchParams.get('apikey')).toBe(ANON);
  });

  it('leaves signed-in reads, writes, counts and other APIs as they are', async () => {
    const { sent, base } = recorder(200);
    const reads = anonymousReadsWithoutPreflight(ANON, base);
    const keyed = { apikey: ANON, authorization: `Bearer ${ANON}` };
    await reads(`${API}/rest/v1/events?select=id`, { headers: { apikey: ANON, authorization: 'Bearer user-token' } });
    await reads(`${API}/rest/v1/events`, { method: 'POST', headers: keyed, body: '{}' });
    await reads(`${API}/rest/v1/events?select=id`, { headers: { ...keyed, prefer: 'count=exact' } });
    await reads(`${API}/rest/v1/events?select=id`, { headers: { ...keyed, 'accept-profile': 'private' } });
    await reads(`${API}/auth/v1/user`, { headers: keyed });
    expect(sent.map((request) => request.url.searchParams.has('apikey'))).toEqual([false, false, false, false, false]);
    expect(sent.map((request) => request.headers.authorization)).toEqual([
      'Bearer user-token',
      `Bearer ${ANON}`,
      `Bearer ${ANON}`,
      `Bearer ${ANON}`,
      `Bearer ${ANON}`,
    ]);
  });

  it('falls back to the headers for good where a gateway refuses the key in the URL, for every reader', async () => {
    const { sent, base } = recorder(401, 200);
    const refusing = 'http://refusing-gateway.test';
    const client = clientWith(anonymousReadsWithoutPreflight(ANON, base), ANON, refusing);
    const first = await client.from('events').select('id');
    expect(first.error).toBeNull();
    expect(first.status).toBe(200);
    await client.from('videos').select('id');
    // Another reader of the same API (a first-paint read) knows it too.
    await anonymousReadsWithoutPreflight(ANON, base)(`${refusing}/rest/v1/sessions?select=id`, {
      headers: { apikey: ANON, authorization: `Bearer ${ANON}` },
    });
    expect(sent.map((request) => [request.url.pathname, request.url.searchParams.has('apikey')])).toEqual([
      ['/rest/v1/events', true],
      ['/rest/v1/events', false],
      ['/rest/v1/videos', false],
      ['/rest/v1/sessions', false],
    ]);
    expect(sent[1]!.headers.authorization).toBe(`Bearer ${ANON}`);
  });

  it('keeps the key in the URL when the read is refused with the headers too', async () => {
    const { sent, base } = recorder(401, 401, 200);
    const client = clientWith(anonymousReadsWithoutPreflight(ANON, base), ANON, 'http://refused-either-way.test');
    const refused = await client.from('events').select('id');
    expect(refused.status).toBe(401);
    await client.from('events').select('id');
    expect(sent.map((request) => request.url.searchParams.has('apikey'))).toEqual([true, false, true]);
  });
});
