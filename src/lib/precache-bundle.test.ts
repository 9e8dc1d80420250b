import { describe, expect, it } from 'vitest';
import { decodeBundle, encodeBundle } from './precache-bundle.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('the precache bundle', () => {
  it('gives back every file with its type and exact bytes, in order', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 1]);
    const bundle = encodeBundle([
      { url: 'assets/index-abc.js', type: 'text/javascript; charset=utf-8', body: text('export const a = "é";') },
      { url: 'icons/icon-192.png', type: 'image/png', body: png },
      { url: 'assets/empty.css', type: 'text/css; charset=utf-8', body: new Uint8Array() },
    ]);
    const files = decodeBundle(bundle.slice().buffer);
    expect(files.map(({ url, type, size }) => ({ url, type, size }))).toEqual([
      {
        url: 'assets/index-abc.js',
        type: 'text/javascript; charset=utf-8',
        size: text('export const a = "é";').length,
      },
      { url: 'icons/icon-192.png', type: 'image/png', size: 7 },
      { url: 'assets/empty.css', type: 'text/css; charset=utf-8', size: 0 },
    ]);
    expect(new TextDecoder().decode(files[0]!.body)).toBe('export const a = "é";');
    expect([...new Uint8Array(files[1]!.body)]).toEqual([...png]);
  });

  it('refuses a bundle cut short', () => {
    const bundle = encodeBundle([{ url: 'a.js', type: 'text/javascript', body: text('12345') }]);
    expect(() => decodeBundle(bundle.slice(0, bundle.length - 2).buffer)).toThrow(/length does not match/);
    expect(() => decodeBundle(new Uint8Array([0, 0]).buffer)).toThrow(/too short/);
  });
});
