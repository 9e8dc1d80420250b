import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

const from = (headers: Record<string, string>) => clientAddress(new Request('http://functions.test/', { headers }));

describe("a public function's caller's address", () => {
  it("is the edge's CF-Connecting-IP, not the X-Forwarded-For entry the caller may have written first", () => {
    expect(from({ 'cf-connecting-ip': '198.51.100.9', 'x-forwarded-for': '203.0.113.1, 198.51.100.9' })).toBe(
      '198.51.100.9',
    );
  });

  it("is X-Forwarded-For's last entry, the nearest proxy's word, where no edge sets CF-Connecting-IP", () => {
    // The caller wrote the first entry: it cannot pick its own limit that way.
    expect(from({ 'x-forwarded-for': ' 203.0.113.1 , 198.51.100.2 ' })).toBe('198.51.100.2');
    expect(from({ 'cf-connecting-ip': ' ', 'x-forwarded-for': '203.0.113.1' })).toBe('203.0.113.1');
  });

  it('is the /64 network of an IPv6 address, which one host may step through', () => {
    expect(from({ 'cf-connecting-ip': '2001:db8:0:1::42' })).toBe('2001:db8:0:1::/64');
    expect(from({ 'cf-connecting-ip': '2001:db8:0:1:9:8:7:6' })).toBe('2001:db8:0:1::/64');
  });

  it('is unknown when neither says', () => {
    expect(from({})).toBeNull();
  });
});
