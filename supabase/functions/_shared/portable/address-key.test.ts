import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('address keys', () => {
  it('keep an IPv4 address whole and an IPv6 address to its /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:0:1::42')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8:0:1:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey(null)).toBe('unknown');
    expect(addressKey(' ')).toBe('unknown');
  });

  it('take an IPv4 address written as IPv6 by a dual-stack socket as that IPv4 address', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });
});
