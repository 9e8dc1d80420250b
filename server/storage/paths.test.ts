import { describe, expect, it } from 'vitest';
import { extensionOf, keyProblem, splitBucketAndKey } from './paths.ts';
import { etagMatches, isContentAddressed } from './serve.ts';

describe('object keys', () => {
  it('accepts the keys the app makes', () => {
    for (const key of ['e1/0.8412209376530061.png', 'temp/1732200000000-0.123.webp', 'e1/gallery/x (1).jpg']) {
      expect(keyProblem(key), key).toBeNull();
    }
  });

  it('refuses relative segments, absolute paths, backslashes, control characters and empty segments', () => {
    for (const key of [
      '../x.png',
      'a/../../x.png',
      'a/./x.png',
      '/x.png',
      'a//x.png',
      'a/',
      'a\\x.png',
      'a\u0000.png',
      'a\nb.png',
      '',
      'a/b.png.',
      'a/nul.png',
      'a:b.png',
      'a/é.png',
    ]) {
      expect(keyProblem(key), JSON.stringify(key)).not.toBeNull();
    }
    expect(keyProblem(`a/${'x'.repeat(256)}.png`)).toMatch(/segment longer/);
    expect(keyProblem(`${'abcdefgh/'.repeat(114)}x.png`)).toMatch(/longer than 1024/);
  });

  it('splits the raw request path, decoding the key after the router', () => {
    expect(splitBucketAndKey('event-images/e1/a%20b.png')).toEqual({ bucket: 'event-images', key: 'e1/a b.png' });
    expect(() => splitBucketAndKey('event-images/e1%2F..%2Fx.png')).toThrow('Invalid key: e1/../x.png');
    expect(() => splitBucketAndKey('event-images/%E0%A4%A.png')).toThrow(/Invalid key/);
    expect(() => splitBucketAndKey('bad%2Fbucket/x.png')).toThrow('Bucket name invalid');
  });

  it('knows a file name’s extension', () => {
    expect(extensionOf('e1/Photo.JPEG')).toBe('jpeg');
    expect(extensionOf('e1/.png')).toBe('');
    expect(extensionOf('e1.d/noext')).toBe('');
  });
});

describe('caching', () => {
  it('treats random names as content-addressed and names people choose as replaceable', () => {
    for (const key of [
      'e1/0.8412209376530061.png',
      'e1/0c1f4b2e-9d3a-4c55-8e21-7a9b3c4d5e6f.webp',
      'e1/1732200000000-48213.jpg',
    ]) {
      expect(isContentAddressed(key), key).toBe(true);
    }
    for (const key of ['e1/keynote-2026.jpg', 'e1/logo.png', 'e1/deadbeefdeadbeef.png', 'e1/0.5.png']) {
      expect(isContentAddressed(key), key).toBe(false);
    }
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
  });
});
