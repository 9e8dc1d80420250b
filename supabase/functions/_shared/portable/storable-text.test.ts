import { describe, expect, it } from 'vitest';
import { isStorableText, storableText, unstorableTextPath } from './storable-text.ts';

describe('isStorableText', () => {
  it('refuses a NUL and a lone surrogate, high or low, anywhere', () => {
    for (const text of ['\u0000', 'a\u0000', '\ud800', 'a\ud83d', '\ude00b', 'a\udc00\ud800b']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('takes surrogate pairs, other control characters and noncharacters, which PostgreSQL stores', () => {
    for (const text of ['', 'café', '😀', 'a\ud83d\ude00b', '\u0001\t\n\u007f', '\uffff\ufffe', '\ue000']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });
});

describe('storableText', () => {
  it('drops NUL and puts U+FFFD for each lone surrogate, keeping pairs', () => {
    expect(storableText('a\u0000b\ud800c\ud83d\ude00\udc00')).toBe('ab\ufffdc😀\ufffd');
    expect(storableText('as it was')).toBe('as it was');
  });
});

describe('unstorableTextPath', () => {
  it('names the first field holding bad text, nested, in arrays or as a key', () => {
    expect(unstorableTextPath({ a: 'ok', b: { c: ['ok', 'x\u0000'] }, d: '\ud800' })).toEqual(['b', 'c', '1']);
    expect(unstorableTextPath({ a: { 'k\u0000': 1 } })).toEqual(['a', 'k\u0000']);
    expect(unstorableTextPath('\udc00')).toEqual([]);
    expect(unstorableTextPath({ a: '😀', b: [1, null, true, { c: 'é' }] })).toBeNull();
  });

  it('walks a value nested far deeper than the call stack would allow', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    expect(unstorableTextPath(deep)).toHaveLength(100_000);
  });
});
