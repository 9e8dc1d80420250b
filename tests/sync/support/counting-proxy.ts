/**
 * An HTTP proxy on loopback in front of the backend that notes every request it passes on
 * (`METHOD /path`), the CORS preflights a browser makes included, which a page never sees. Realtime's
 * WebSocket upgrade is passed through as it is.
 */
import { createServer, request as forward, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface CountingProxy {
  url: string;
  /** Every request passed on so far, as `METHOD /path`. */
  requests: string[];
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const host = upstream.hostname === 'localhost' ? '127.0.0.1' : upstream.hostname;
  const port = Number(upstream.port);
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const note = (request: IncomingMessage) =>
    requests.push(`${request.method} ${new URL(request.url ?? '/', 'http://proxy').pathname}`);
  const server = createServer((request, response) => {
    note(request);
    const passed = forward(
      { host, port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    passed.on('error', () => response.destroy());
    request.pipe(passed);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request: IncomingMessage, client: Socket, head: Buffer) => {
    note(request);
    const socket = connect(port, host, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) socket.write(head);
      socket.pipe(client);
      client.pipe(socket);
    });
    sockets.add(socket);
    const end = () => {
      socket.destroy();
      client.destroy();
    };
    socket.on('error', end).on('close', end);
    client.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${own}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
