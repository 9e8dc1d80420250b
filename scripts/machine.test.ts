import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { firstFreePort, freePort } from './machine.ts';

const held: Server[] = [];

/** Listens on `port` of 127.0.0.1 until the test ends, as another program would. */
function hold(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
    held.push(server);
  });
}

afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('firstFreePort', () => {
  it('keeps a port nothing holds', async () => {
    const port = await freePort();
    expect(await firstFreePort(port)).toBe(port);
  });

  it('moves past a port another program listens on, and past the ports already chosen', async () => {
    const port = await freePort();
    await hold(port);
    const next = await firstFreePort(port);
    expect(next).toBeGreaterThan(port);
    expect(await firstFreePort(port, new Set([next]))).toBeGreaterThan(next);
  });
});
