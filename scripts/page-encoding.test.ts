import { describe, expect, it } from 'vitest';
import { pageEncoding } from './page-encoding.ts';

describe('the compression a kept page is sent with', () => {
  it("sends brotli to browsers, which rate it as gzip ('gzip, deflate, br, zstd')", () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('br')).toBe('br');
  });

  it('sends gzip to a client without brotli, or one that rates gzip higher', () => {
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pageEncoding('GZIP;Q=0.8, br;q=0')).toBe('gzip');
  });

  it("takes '*' for any coding the header does not name", () => {
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('br;q=0, *;q=0.5')).toBe('gzip');
  });

  it('sends the bytes as they are without a header, or when none of ours is accepted', () => {
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding('')).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding('deflate, zstd')).toBeNull();
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncoding('*;q=0')).toBeNull();
    expect(pageEncoding('br;q=oops')).toBeNull();
  });
});
