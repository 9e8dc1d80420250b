/** A pull batch that stalls is given up, so the replication retries it instead of waiting for good. */
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

function handlerFor(url: string, timeoutMs: number) {
  const client = createClient(url, 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket, and realtime-js refuses to construct without one.
    ...(globalThis.WebSocket ? {} : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
  });
  return createPullHandler({ table: 'events', client, columns: pulledColumns('events', 'public'), timeoutMs });
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
