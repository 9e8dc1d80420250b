/**
 * A pull batch that stalls is given up, so the replication retries it instead of waiting for good;
 * a visitor's pull of a link table merges the live links with the removals it may read.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SyncRequestError } from './errors.ts';
import { createPullHandler, pulledColumns } from './pull.ts';

let server: Server | null = null;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

/** A table API on loopback that takes each request and answers it only when `answer` says so. */
async function tableApi(answer: (count: number) => boolean): Promise<string> {
  let count = 0;
  server = createServer((_request, response) => {
    count += 1;
    if (!answer(count)) return; // Never answered: the connection stays open, silent.
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[]');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

function clientFor(url: string) {
  return createClient(url, 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket, and realtime-js refuses to construct without one.
    ...(globalThis.WebSocket ? {} : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
  });
}

function handlerFor(url: string, timeoutMs: number) {
  return createPullHandler({
    table: 'events',
    client: clientFor(url),
    columns: pulledColumns('events', 'public'),
    timeoutMs,
  });
}

/** A table API on loopback answering each table's reads with its rows, first `limit` of them. */
async function tablesApi(rows: Record<string, Record<string, unknown>[]>): Promise<string> {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const table = url.pathname.split('/').at(-1) ?? '';
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify((rows[table] ?? []).slice(0, limit)));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('a pull batch', () => {
  it('that gets no answer fails as a network failure once its time is up, to be retried', async () => {
    const pull = handlerFor(await tableApi(() => false), 300);
    const started = Date.now();
    const failure = await pull(undefined, 100).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SyncRequestError);
    expect((failure as SyncRequestError).kind).toBe('network');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('that is answered in time brings its rows, and the next one after a stalled one does too', async () => {
    const pull = handlerFor(await tableApi((count) => count > 1), 300);
    await expect(pull(undefined, 100)).rejects.toBeInstanceOf(SyncRequestError);
    await expect(pull(undefined, 100)).resolves.toMatchObject({ documents: [] });
  });
});

describe("a visitor's pull of a link table", () => {
  const at = (second: number) => `2026-11-30T10:00:0${second}.000000Z`;
  const link = (id: string, second: number) => ({
    id,
    event_id: 'e',
    attendee_id: `attendee-${id}`,
    attendee_type: 'current',
    created_at: at(0),
    _modified: at(second),
    _deleted: false,
  });

  it('deletes the links it holds that were taken off, in stamp order, up to the batch size', async () => {
    const url = await tablesApi({
      event_attendees: [link('a', 1), link('c', 4), link('d', 6)],
      removed_links: [
        { id: 'b', _modified: at(2) }, // held: deleted
        { id: 'x', _modified: at(3) }, // never held: nothing to write
        { id: 'c', _modified: at(5) }, // live at 4, taken off at 5 (the two reads raced): deleted
        { id: 'e', _modified: at(7) },
      ],
    });
    const held = new Map([
      ['b', { id: 'b', event_id: 'e', attendee_id: 'attendee-b', modified: at(0) }],
      ['c', { id: 'c', event_id: 'e', attendee_id: 'attendee-c', modified: at(4) }],
    ]);
    const asked: string[][] = [];
    const pull = createPullHandler({
      table: 'event_attendees',
      client: clientFor(url),
      columns: pulledColumns('event_attendees', 'public'),
      heldLinks: async (ids) => {
        asked.push(ids);
        return new Map(ids.flatMap((id) => (held.has(id) ? [[id, held.get(id)!] as const] : [])));
      },
    });
    const { documents, checkpoint } = await pull(undefined, 5);
    expect(documents.map((doc) => [doc.id, doc._deleted, doc.modified])).toEqual([
      ['a', false, at(1)],
      ['b', true, at(2)],
      ['c', true, at(5)],
    ]);
    expect(documents[1]).toMatchObject({ attendee_id: 'attendee-b', event_id: 'e' });
    expect(asked).toEqual([['b', 'x', 'c']]);
    // Five entries taken, c twice: d (6) and e (7) are past the cut, for the next batch.
    expect(checkpoint).toEqual({ id: 'c', modified: at(5) });
  });

  it('leaves a link the replica holds in a later version than its removal', async () => {
    const url = await tablesApi({ event_attendees: [], removed_links: [{ id: 'b', _modified: at(2) }] });
    const pull = createPullHandler({
      table: 'event_attendees',
      client: clientFor(url),
      columns: pulledColumns('event_attendees', 'public'),
      heldLinks: async () => new Map([['b', { id: 'b', modified: at(3) }]]),
    });
    const { documents, checkpoint } = await pull(undefined, 10);
    expect(documents).toEqual([]);
    expect(checkpoint).toEqual({ id: 'b', modified: at(2) });
  });
});
