/**
 * A real HTTP server on loopback standing in for a service outside our control. It records every
 * request it receives (so a test can prove that none arrived) and answers with whatever `reply`
 * the test set last. `close()` also drops connections a hanging reply left open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FakeReply = (request: RecordedRequest, response: ServerResponse) => void;

export interface FakeServer {
  /** Base URL, e.g. http://127.0.0.1:40123. */
  url: string;
  requests: RecordedRequest[];
  /** How the next requests are answered. */
  reply: FakeReply;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A reply that never answers, for deadlines. */
export const neverAnswer: FakeReply = () => {};

export async function startFakeServer(initialReply: FakeReply): Promise<FakeServer> {
  const fake: Omit<FakeServer, 'url' | 'close'> = { requests: [], reply: initialReply };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      fake.requests.push(recorded);
      fake.reply(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
