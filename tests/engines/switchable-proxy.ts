/**
 * A TCP proxy in front of a local server that can be cut off and restored: what the browser sees
 * while it is cut is a network that refuses connections, the same in every engine. The engines'
 * stories go offline this way because each driver protocol has its own offline switch, or none
 * (WebDriver classic has none).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SwitchableProxy {
  /** The proxy's origin (http://localhost:<port>). */
  url: string;
  /**
   * Resets every open connection and refuses new ones until `restore`. A reset, not a close: a
   * response cut short by a close can pass for a whole one, where a network that drops never
   * delivers one.
   */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startSwitchableProxy(target: string): Promise<SwitchableProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, () => resolve());
  });
  const { port: own } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${own}`,
    cut() {
      cut = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
