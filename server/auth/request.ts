/**
 * What the auth routes read from a request: the JSON body, parsed with zod at the edge (GoTrue's
 * 400 `bad_json` when it is not JSON, has wrong types, or holds text the database cannot store), and the client's user agent and address
 * for sessions and the abuse limits. The address is the socket's unless the socket belongs to a
 * trusted proxy: X-Forwarded-For is anyone's to write, so believing it by default would let every
 * request claim a fresh address and walk past every per-address limit.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { z } from 'zod';
import { unstorableTextPath } from '../../supabase/functions/_shared/portable/storable-text.ts';
import { badJson } from './errors.ts';
import type { ClientInfo } from './sessions.ts';

/**
 * Parses the JSON body with `schema`. An empty body is an error unless `optional` (GoTrue's DELETE
 * on an admin user accepts none); JSON `null` counts as an empty object, as Go's decoder treats it.
 */
export async function readBody<T>(c: Context, schema: z.ZodType<T>, options: { optional?: boolean } = {}): Promise<T> {
  const text = await c.req.text();
  let value: unknown;
  if (text.trim() === '' && options.optional) {
    value = {};
  } else {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw badJson(error instanceof Error ? error.message : 'invalid JSON');
    }
  }
  // A NUL or half a surrogate pair cannot be stored (PostgreSQL refuses it), nor hashed as sent.
  const unstorable = unstorableTextPath(value);
  if (unstorable) {
    throw badJson(`field ${unstorable.join('.') || '(body)'}: contains a character that cannot be stored`);
  }
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `field ${issue.path.join('.')}: ` : '';
    throw badJson(`${where}${issue?.message ?? 'unexpected shape'}`);
  }
  return parsed.data;
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket reports) as plain IPv4. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}

const familyOf = (address: string) => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** True for an IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`): what TRUSTED_PROXIES lists. */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Finds a request's client address; build it once per app from the trusted proxies setting. */
export type ClientAddressOf = (c: Context) => string | null;

/**
 * The client address of a request: the socket's remote address (when the Node server passed its
 * bindings through as `c.env.incoming`), unless that is a trusted proxy. Then X-Forwarded-For is
 * read from the right, each trusted hop vouching for the entry before it, and the first address
 * that is not a trusted proxy is the client; proxies append, so entries further left are only
 * what the client claimed.
 */
export function clientAddressResolver(trustedProxies: readonly string[]): ClientAddressOf {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    if (!isAddressOrRange(entry)) throw new Error(`Not an IP address or CIDR range in the trusted proxies: ${entry}`);
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) trusted.addAddress(unmapped(address), familyOf(unmapped(address)));
    else trusted.addSubnet(address, Number(prefix), familyOf(address));
  }
  const isTrusted = (address: string) => trusted.check(address, familyOf(address));

  return (c) => {
    const env = c.env as { incoming?: IncomingMessage } | undefined;
    const socketAddress = env?.incoming?.socket?.remoteAddress;
    if (!socketAddress) return null;
    let client = unmapped(socketAddress);
    if (trustedProxies.length === 0 || !isTrusted(client)) return client;
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((hop) => unmapped(hop.trim()));
    for (const hop of hops.reverse()) {
      // A hop that is no address was not written by a trusted proxy: stop at the last one that was.
      if (isIP(hop) === 0) break;
      client = hop;
      if (!isTrusted(hop)) break;
    }
    return client;
  };
}

export function clientInfo(c: Context, addressOf: ClientAddressOf): ClientInfo {
  return { userAgent: c.req.header('user-agent') ?? null, ip: addressOf(c) };
}

/** A JSON object whose values are not checked (metadata). */
export const metadataSchema = z.record(z.string(), z.unknown());
