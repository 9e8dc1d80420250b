/**
 * Whether two answers of a read hold the same content, so that a page that takes the replica's answer
 * over from the direct read (src/data/use-live-read.ts) keeps what it shows and does not render it
 * again: rendering a 200-guest event page again is some 50 ms of the main thread on this machine,
 * a few seconds after it loaded. The two answers come from different places and need not match
 * byte for byte:
 * - rows may come in another order: lists of rows are compared by id (every page orders them
 *   itself, and what it shows is what it showed);
 * - a timestamp may be written otherwise ('+00:00' or 'Z', with or without milliseconds): the same
 *   instant is the same;
 * - a key holding undefined is no key.
 */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

function sameInstant(a: string, b: string): boolean {
  if (!TIMESTAMP.test(a) || !TIMESTAMP.test(b)) return false;
  const at = Date.parse(a);
  return !Number.isNaN(at) && at === Date.parse(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value.id === 'string' ? value.id : undefined;
}

function sameRows(a: readonly unknown[], b: readonly unknown[]): boolean {
  const byId = new Map<string, unknown>();
  for (const row of b) {
    const id = idOf(row);
    if (id === undefined || byId.has(id)) return false;
    byId.set(id, row);
  }
  // Both lists hold as many rows, each id once: every row of one matched in the other is all of them.
  return a.every((row) => {
    const id = idOf(row);
    if (id === undefined || !byId.has(id)) return false;
    const match = byId.get(id);
    byId.delete(id);
    return sameContent(row, match);
  });
}

export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return sameInstant(a, b);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    if (a.length > 0 && idOf(a[0]) !== undefined) return sameRows(a, b);
    return a.every((item, index) => sameContent(item, b[index]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keysOf = (record: Record<string, unknown>) => Object.keys(record).filter((key) => record[key] !== undefined);
  const keys = keysOf(a);
  if (keys.length !== keysOf(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameContent(a[key], b[key]));
}
