import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

const from = (headers: Record<string, string>) => clientAddress(new Request('http://functions.test/', { headers }));

describe("a public function's caller's address", () => {
  it("is the edge's CF-Connecting-IP, not the X-Forwarded-For entry the caller may have written first", () => {
    expect(from({ 'cf-connecting-ip': '198.51.100.9', 'x-forwarded-for': '203.0.113.1, 198.51.100.9' })).toBe(
      '198.51.100.9',
    );
  });

  it("is X-Forwarded-For's first entry where no edge sets CF-Connecting-IP", () => {
    expect(from({ 'x-forwarded-for': ' 203.0.113.1 , 10.0.0.2' })).toBe('203.0.113.1');
    expect(from({ 'cf-connecting-ip': ' ', 'x-forwarded-for': '203.0.113.1' })).toBe('203.0.113.1');
  });

  it('is unknown when neither says', () => {
    expect(from({})).toBeNull();
  });
});
