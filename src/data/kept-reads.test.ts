import { describe, expect, it } from 'vitest';
import { keepRead, keptRead } from './kept-reads.ts';

/** A Storage in memory that refuses writes past `quota` characters, as a full browser storage does. */
function memoryStorage(quota = Infinity): Storage {
  const items = new Map<string, string>();
  const used = () => [...items].reduce((sum, [key, value]) => sum + key.length + value.length, 0);
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem(key, value) {
      const before = items.get(key);
      items.set(key, value);
      if (used() > quota) {
        if (before === undefined) items.delete(key);
        else items.set(key, before);
        throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      }
    },
  };
}

describe('kept reads', () => {
  it('gives back what a page showed, with when', () => {
    const store = memoryStorage();
    keepRead('upcoming-events', [{ id: 'e1', title: 'Board Dinner, Zürich' }], store);
    const kept = keptRead('upcoming-events', store);
    expect(kept?.data).toEqual([{ id: 'e1', title: 'Board Dinner, Zürich' }]);
    expect(Date.parse(kept!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(keptRead('never-shown', store)).toBeNull();
  });

  it('keeps at most 80 answers, dropping the least recently shown', () => {
    const store = memoryStorage();
    for (let n = 0; n < 81; n += 1) keepRead(`event-page:${n}`, { n }, store);
    expect(keptRead('event-page:0', store)).toBeNull();
    expect(keptRead('event-page:1', store)?.data).toEqual({ n: 1 });
    keepRead('event-page:1', { n: 1 }, store);
    keepRead('event-page:81', { n: 81 }, store);
    expect(keptRead('event-page:1', store)?.data).toEqual({ n: 1 });
    expect(keptRead('event-page:2', store)).toBeNull();
  });

  it('makes room in a full storage by dropping older answers, and never fails the page', () => {
    const store = memoryStorage(3000);
    const big = 'x'.repeat(1000);
    keepRead('a', big, store);
    keepRead('b', big, store);
    keepRead('c', big, store);
    expect(keptRead('c', store)?.data).toBe(big);
    expect(keptRead('a', store)).toBeNull();
    expect(() => keepRead('huge', 'y'.repeat(5000), store)).not.toThrow();
    expect(keptRead('huge', store)).toBeNull();
  });

  it('does nothing without a storage (server rendering, storage blocked)', () => {
    expect(() => keepRead('upcoming-events', [], null)).not.toThrow();
    expect(keptRead('upcoming-events', null)).toBeNull();
  });
});
