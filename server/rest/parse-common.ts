/**
 * The pieces of PostgREST's query-string grammar shared by `select`, filters, `order` and friends:
 * a cursor that reports errors the way PostgREST does (PGRST100, "failed to parse ... (line 1,
 * column n)"), field names, JSON paths and quoted values.
 */
import { parseError } from './errors.ts';

export interface JsonStep {
  /** `->` keeps JSON, `->>` yields text. */
  arrow: '->' | '->>';
  key: string;
  /** A bare integer like `->0` indexes an array. */
  isIndex: boolean;
}

export interface FieldRef {
  name: string;
  jsonPath: JsonStep[];
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;

export class Cursor {
  position = 0;

  constructor(
    readonly text: string,
    /** What PostgREST calls the input in its message, e.g. "select parameter". */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.position >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text[this.position + offset] ?? '';
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.position);
  }

  /** Consumes `token` if it comes next. */
  accept(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.position += token.length;
    return true;
  }

  expect(token: string, expecting = `"${token}"`): void {
    if (!this.accept(token)) this.fail(expecting);
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.position += 1;
  }

  /** Throws PGRST100 saying what was found at the cursor and what was expected. */
  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    throw parseError(
      `"failed to parse ${this.what} (${this.text})" (line 1, column ${this.position + 1})`,
      `unexpected ${found} expecting ${expecting}`,
    );
  }

  /** Throws PGRST100 for input that is well formed but not allowed. */
  reject(details: string): never {
    throw parseError(`"failed to parse ${this.what} (${this.text})" (line 1, column ${this.position + 1})`, details);
  }
}

/** `"..."` with backslash escapes; the cursor is on the opening quote. */
export function parseQuoted(cursor: Cursor): string {
  cursor.expect('"');
  let value = '';
  for (;;) {
    if (cursor.done) cursor.fail('"\\"" (closing quote)');
    const ch = cursor.peek();
    if (ch === '"') {
      cursor.position += 1;
      return value;
    }
    if (ch === '\\') {
      cursor.position += 1;
      if (cursor.done) cursor.fail('any character after "\\"');
    }
    value += cursor.peek();
    cursor.position += 1;
  }
}

function parseIdentifierPart(cursor: Cursor): string {
  const start = cursor.position;
  while (!cursor.done && IDENTIFIER_CHAR.test(cursor.peek())) cursor.position += 1;
  if (cursor.position === start) cursor.fail('field name (* or [a..z0..9_$])');
  return cursor.text.slice(start, cursor.position).trim();
}

/** A field name: quoted, or identifier characters in parts joined by dashes (`-` not before `>`). */
export function parseFieldName(cursor: Cursor): string {
  if (cursor.peek() === '"') return parseQuoted(cursor);
  const parts = [parseIdentifierPart(cursor)];
  while (cursor.peek() === '-' && cursor.peek(1) !== '>') {
    cursor.position += 1;
    parts.push(parseIdentifierPart(cursor));
  }
  const name = parts.join('-');
  if (name === '') cursor.fail('field name (* or [a..z0..9_$])');
  return name;
}

/** True when a field name could start here. */
export function atFieldName(cursor: Cursor): boolean {
  return cursor.peek() === '"' || IDENTIFIER_CHAR.test(cursor.peek());
}

const JSON_KEY_STOP = new Set(['(', '-', ':', '.', ',', '>', ')']);

function parseJsonKey(cursor: Cursor): string {
  if (cursor.peek() === '"') return parseQuoted(cursor);
  const parts: string[] = [];
  for (;;) {
    const start = cursor.position;
    while (!cursor.done && !JSON_KEY_STOP.has(cursor.peek())) cursor.position += 1;
    if (cursor.position === start) cursor.fail('any non reserved character different from: .,>()');
    parts.push(cursor.text.slice(start, cursor.position).trim());
    if (cursor.peek() === '-' && cursor.peek(1) !== '>') {
      cursor.position += 1;
      continue;
    }
    return parts.join('-');
  }
}

/** Zero or more `->key` / `->>key` / `->0` steps. */
export function parseJsonPath(cursor: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: '->' | '->>';
    if (cursor.accept('->>')) arrow = '->>';
    else if (cursor.accept('->')) arrow = '->';
    else return steps;
    const index = /^-?\d+/.exec(cursor.text.slice(cursor.position));
    const after = index ? cursor.text.slice(cursor.position + index[0].length) : '';
    if (index && (after === '' || /^(->|::|\.|,|\))/.test(after))) {
      cursor.position += index[0].length;
      steps.push({ arrow, key: index[0], isIndex: true });
    } else {
      steps.push({ arrow, key: parseJsonKey(cursor), isIndex: false });
    }
  }
}

/** A field with an optional JSON path, surrounded by optional spaces. */
export function parseField(cursor: Cursor): FieldRef {
  cursor.skipSpaces();
  const name = parseFieldName(cursor);
  const jsonPath = parseJsonPath(cursor);
  cursor.skipSpaces();
  return { name, jsonPath };
}

/** A comma separated list of field names (the `columns` and `on_conflict` parameters). */
export function parseColumnList(text: string, what: string): string[] {
  const cursor = new Cursor(text, what);
  const names: string[] = [];
  for (;;) {
    cursor.skipSpaces();
    names.push(parseFieldName(cursor));
    cursor.skipSpaces();
    if (cursor.done) return names;
    cursor.expect(',', '"," or end of input');
  }
}

/** The name PostgREST gives a selected JSON path when there is no alias: its last key. */
export function defaultOutputName(field: FieldRef): string {
  const last = field.jsonPath[field.jsonPath.length - 1];
  return last ? last.key : field.name;
}
