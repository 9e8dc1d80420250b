/**
 * What public pages showed, kept on this device the moment it was shown: the answers of the direct
 * reads of a page's first paint (and of the server's rendering), so that a page reloaded offline
 * shows what the visitor saw even when the local replica had not filled yet (a visit of a few
 * seconds in a taxi). Kept in localStorage, written synchronously as the answer is shown, so there
 * is no moment between seeing a page and having it kept. The replica takes over once it can answer.
 *
 * Bounded: at most MAX_READS answers and about MAX_BYTES of text, the least recently shown dropped
 * first; when the browser's storage is full, older answers make room, and failing that the answer is
 * simply not kept.
 */

const PREFIX = 'cdo-vision:read:';
const INDEX_KEY = 'cdo-vision:reads';
const MAX_READS = 80;
const MAX_BYTES = 2_000_000;

export interface KeptRead {
  data: unknown;
  /** When it was shown (ISO). */
  at: string;
}

interface IndexEntry {
  key: string;
  bytes: number;
}

/** The Storage to keep answers in: the page's localStorage, or none (server rendering, blocked storage). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' || typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readIndex(store: Storage): IndexEntry[] {
  try {
    const parsed = JSON.parse(store.getItem(INDEX_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is IndexEntry =>
            typeof (entry as IndexEntry)?.key === 'string' && typeof (entry as IndexEntry)?.bytes === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

/** Keeps `data` as the answer of read `key`, newest last in the index. */
export function keepRead(key: string, data: unknown, store: Storage | null = storage()): void {
  if (!store) return;
  let text: string;
  try {
    text = JSON.stringify({ data, at: new Date().toISOString() } satisfies KeptRead);
  } catch {
    return;
  }
  if (text.length > MAX_BYTES) return;
  const index = readIndex(store).filter((entry) => entry.key !== key);
  index.push({ key, bytes: text.length });
  let total = index.reduce((sum, entry) => sum + entry.bytes, 0);
  while (index.length > MAX_READS || total > MAX_BYTES) {
    const dropped = index.shift()!;
    total -= dropped.bytes;
    store.removeItem(PREFIX + dropped.key);
  }
  for (;;) {
    try {
      store.setItem(PREFIX + key, text);
      store.setItem(INDEX_KEY, JSON.stringify(index));
      return;
    } catch {
      // Storage full: make room by dropping the oldest other answer, or give up on this one.
      const dropped = index.length > 1 ? index.shift()! : null;
      if (!dropped) {
        store.removeItem(PREFIX + key);
        return;
      }
      store.removeItem(PREFIX + dropped.key);
    }
  }
}

/** The kept answer of read `key`, if any. */
export function keptRead(key: string, store: Storage | null = storage()): KeptRead | null {
  if (!store) return null;
  try {
    const parsed = JSON.parse(store.getItem(PREFIX + key) ?? 'null') as KeptRead | null;
    return parsed && typeof parsed.at === 'string' && 'data' in parsed ? parsed : null;
  } catch {
    return null;
  }
}
