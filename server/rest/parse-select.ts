/**
 * Parser for PostgREST's `select` parameter: columns, `*`, aliases (`alias:col`), casts
 * (`col::text`), JSON paths (`data->a->>b`), embedded resources (`alias:table!hint!inner(...)`)
 * and spreads (`...table(...)`), nested to any depth. Aggregates (`count()`, `col.sum()`) are
 * recognised and refused, as on a hosted project where they are disabled.
 */
import { aggregatesNotAllowed, tooComplex } from './errors.ts';
import { LIMITS } from './limits.ts';
import { Cursor, atFieldName, parseField, parseFieldName, type FieldRef } from './parse-common.ts';

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldRef; alias?: string; cast?: string }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      joinType?: 'inner' | 'left';
      spread: boolean;
      children: SelectItem[];
    };

const CAST = /^[A-Za-z0-9_ ]+/;
const AGGREGATES = ['sum', 'avg', 'count', 'max', 'min'];

function atItemEnd(cursor: Cursor): boolean {
  return cursor.done || cursor.peek() === ',' || cursor.peek() === ')';
}

function parseCast(cursor: Cursor): string | undefined {
  if (!cursor.startsWith('::')) return undefined;
  cursor.position += 2;
  const match = CAST.exec(cursor.text.slice(cursor.position));
  if (!match || match[0].trim() === '') cursor.fail('letter or digit');
  cursor.position += match[0].length;
  return match[0].trim();
}

/** `!hint` and `!inner` / `!left`, in either order. */
function parseEmbedParams(cursor: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
  const result: { hint?: string; joinType?: 'inner' | 'left' } = {};
  for (let i = 0; i < 2 && cursor.peek() === '!'; i += 1) {
    cursor.position += 1;
    const start = cursor.position;
    const name = parseFieldName(cursor);
    if ((name === 'inner' || name === 'left') && !result.joinType) result.joinType = name;
    else if (!result.hint) result.hint = name;
    else {
      cursor.position = start;
      cursor.fail('"(" after the embed hint');
    }
  }
  return result;
}

function parseChildren(cursor: Cursor, depth: number): SelectItem[] {
  if (depth + 1 > LIMITS.maxEmbedDepth) {
    throw tooComplex(
      `The select parameter nests embedded resources more than ${LIMITS.maxEmbedDepth} levels deep`,
      `Embedding is limited to ${LIMITS.maxEmbedDepth} levels.`,
    );
  }
  cursor.expect('(');
  const children = parseItems(cursor, depth + 1);
  cursor.expect(')', '")" or ","');
  return children;
}

function parseItem(cursor: Cursor, depth: number): SelectItem {
  cursor.skipSpaces();
  if (cursor.peek() === '*') {
    cursor.position += 1;
    cursor.skipSpaces();
    if (!atItemEnd(cursor)) cursor.fail('"," or ")" or end of input');
    return { kind: 'star' };
  }
  if (cursor.accept('...')) {
    const name = parseFieldName(cursor);
    const params = parseEmbedParams(cursor);
    if (cursor.peek() !== '(') cursor.fail('"("');
    const children = parseChildren(cursor, depth);
    cursor.skipSpaces();
    return { kind: 'embed', name, spread: true, children, ...params };
  }
  if (!atFieldName(cursor)) cursor.fail('field name (* or [a..z0..9_$]), "*" or "..."');

  // An optional alias: a field name followed by a single colon.
  const start = cursor.position;
  let alias: string | undefined;
  const first = parseFieldName(cursor);
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.position += 1;
    alias = first;
    cursor.skipSpaces();
  } else {
    cursor.position = start;
  }

  if (cursor.startsWith('count()')) throw aggregatesNotAllowed();
  const nameStart = cursor.position;
  const name = parseFieldName(cursor);
  if (cursor.peek() === '(' || cursor.peek() === '!') {
    if (name === 'count' && cursor.startsWith('()')) throw aggregatesNotAllowed();
    const params = parseEmbedParams(cursor);
    if (cursor.peek() !== '(') cursor.fail('"("');
    const children = parseChildren(cursor, depth);
    cursor.skipSpaces();
    if (!atItemEnd(cursor)) cursor.fail('"," or ")" or end of input');
    return { kind: 'embed', name, spread: false, children, ...(alias ? { alias } : {}), ...params };
  }
  cursor.position = nameStart;
  const field = parseField(cursor);
  const cast = parseCast(cursor);
  if (cursor.peek() === '.') {
    const rest = cursor.text.slice(cursor.position + 1);
    if (AGGREGATES.some((agg) => rest.startsWith(`${agg}()`))) throw aggregatesNotAllowed();
  }
  cursor.skipSpaces();
  if (!atItemEnd(cursor)) cursor.fail('"->", "::", "," or ")" or end of input');
  return { kind: 'field', field, ...(alias ? { alias } : {}), ...(cast ? { cast } : {}) };
}

function parseItems(cursor: Cursor, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  cursor.skipSpaces();
  if (cursor.done || cursor.peek() === ')') return items;
  for (;;) {
    items.push(parseItem(cursor, depth));
    cursor.skipSpaces();
    if (!cursor.accept(',')) return items;
  }
}

/** Parses a `select` value; an empty value means `*`. */
export function parseSelect(text: string, what = 'select parameter'): SelectItem[] {
  if (text.trim() === '') return [{ kind: 'star' }];
  const cursor = new Cursor(text, what);
  const items = parseItems(cursor, 0);
  cursor.skipSpaces();
  if (!cursor.done) cursor.fail('"," or end of input');
  return items;
}

/** Depth of embedding and number of items, for the limits that protect the server. */
export function measureSelect(items: SelectItem[], depth = 0): { depth: number; count: number } {
  let maxDepth = depth;
  let count = 0;
  for (const item of items) {
    count += 1;
    if (item.kind === 'embed') {
      const inner = measureSelect(item.children, depth + 1);
      maxDepth = Math.max(maxDepth, inner.depth);
      count += inner.count;
    }
  }
  return { depth: maxDepth, count };
}
