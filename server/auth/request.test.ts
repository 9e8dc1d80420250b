import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddressResolver, isAddressOrRange } from './request.ts';

/** The client address the resolver finds for a request from `socket` carrying `forwardedFor`. */
async function addressSeen(trustedProxies: string[], socket: string, forwardedFor?: string) {
  const addressOf = clientAddressResolver(trustedProxies);
  const app = new Hono();
  app.get('/', (c) => c.text(addressOf(c) ?? 'none'));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const response = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: socket } } });
  return response.text();
}

describe('the client address', () => {
  it('is the socket address, whatever X-Forwarded-For claims, when no proxy is trusted', async () => {
    expect(await addressSeen([], '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await addressSeen(['10.0.0.0/8'], '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('behind trusted proxies is the rightmost address in X-Forwarded-For that no trusted proxy has', async () => {
    const proxies = ['10.0.0.0/8', '127.0.0.1'];
    expect(await addressSeen(proxies, '127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    // Whatever the client wrote at the left is its own claim, passed on by the proxies.
    expect(await addressSeen(proxies, '127.0.0.1', '1.2.3.4, 198.51.100.1, 10.1.2.3')).toBe('198.51.100.1');
    // All hops trusted: the leftmost one is the client.
    expect(await addressSeen(proxies, '10.0.0.1', '10.0.0.2')).toBe('10.0.0.2');
    // No header, or garbage where an address belongs: the last address a trusted hop vouched for.
    expect(await addressSeen(proxies, '10.0.0.1')).toBe('10.0.0.1');
    expect(await addressSeen(proxies, '10.0.0.1', 'not-an-ip, 10.0.0.5')).toBe('10.0.0.5');
  });

  it('is plain IPv4 when a dual-stack socket reports it as IPv6', async () => {
    expect(await addressSeen([], '::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(await addressSeen(['192.0.2.0/24'], '::ffff:192.0.2.1', '2001:db8::7')).toBe('2001:db8::7');
  });
});

describe('trusted proxies', () => {
  it('are addresses or CIDR ranges', () => {
    for (const entry of ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '0.0.0.0/0']) {
      expect(isAddressOrRange(entry), entry).toBe(true);
    }
    for (const entry of ['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/', '']) {
      expect(isAddressOrRange(entry), entry).toBe(false);
    }
    expect(() => clientAddressResolver(['proxy.internal'])).toThrow(/trusted proxies: proxy.internal/);
  });
});
