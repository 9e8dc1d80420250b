/**
 * A guard for the local backend's development-only routes (today the mailbox, which holds invite
 * links and guests' personal links): they answer a developer's own browser and the backend itself,
 * and nobody else, whichever way a request tries to reach them.
 *
 * - The client must be on loopback (the socket's address), and no proxy may have handed the request
 *   on (X-Forwarded-For, Forwarded, X-Real-IP): a reverse proxy on the same host would otherwise
 *   pass the world's requests in from 127.0.0.1.
 * - The Host must be one of this machine's names with the API's port (`localhost`, `127.0.0.1`,
 *   `[::1]`): a page on another site that rebinds its own name to 127.0.0.1 (DNS rebinding) sends its
 *   own name as Host, so it is refused even though its requests count as same-origin in the browser.
 * - A request that says where it comes from (Origin) must come from the API's own origin or the
 *   app's: another site's page can make the browser send a request, and must not be able to.
 *   Navigations and the backend's own calls carry no Origin.
 * - No CORS headers are ever sent, so a browser gives no other origin the answer.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';

export interface LocalOnlySettings {
  /** The API's own URL (its port is the one a local request names in Host). */
  apiUrl: string;
  /** The app's origin, whose pages may link to and call these routes. */
  siteUrl: string;
}

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** True for an IPv4 address in 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

function socketAddress(c: Context): string | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * True when a Host header names this machine (`localhost`, `127.0.0.1`, `[::1]`) with `port`: what a
 * request to a server on loopback sends, unless a page on another site rebound its own name to
 * 127.0.0.1 (DNS rebinding) and sends that name.
 */
export function namesThisMachine(host: string | undefined, port: string): boolean {
  return host !== undefined && LOCAL_NAMES.some((name) => `${name}:${port}` === host.toLowerCase());
}

/** Why the request is refused, or null when it may pass. */
export function localOnlyRefusal(c: Context, settings: LocalOnlySettings): string | null {
  if (!isLoopbackAddress(socketAddress(c))) return 'The client is not on this machine';
  if (['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => c.req.header(name) !== undefined)) {
    return 'The request came through a proxy';
  }
  const api = new URL(settings.apiUrl);
  // Host as sent, and as the URL was built from it: both must name this machine and the API's port.
  const requestUrl = new URL(c.req.url);
  const hosts = [c.req.header('host'), `${requestUrl.hostname}:${portOf(requestUrl)}`];
  if (hosts.some((host) => host !== undefined && !namesThisMachine(host, portOf(api)))) {
    return 'The Host is not this machine';
  }
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const allowedOrigins = new Set(
      [
        ...LOCAL_NAMES.map((name) => `${api.protocol}//${name}:${portOf(api)}`),
        originOf(settings.apiUrl),
        originOf(settings.siteUrl),
      ].filter((allowed): allowed is string => allowed !== null),
    );
    if (!allowedOrigins.has(origin.toLowerCase())) return 'The request comes from another site';
  }
  return null;
}

/** Middleware: a 403 for any request `localOnlyRefusal` refuses. */
export function localOnly(settings: LocalOnlySettings): MiddlewareHandler {
  return async (c, next) => {
    const refusal = localOnlyRefusal(c, settings);
    if (refusal) return c.json({ message: `This development route answers only this machine: ${refusal}` }, 403);
    await next();
  };
}
