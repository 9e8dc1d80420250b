/**
 * Parsers for PostgREST's horizontal filtering and ordering: `col=op.value` (with `not.`,
 * quantifiers like `eq(any)`, `in.(...)` lists with PostgREST's quoting rules, `is.null|true|...`,
 * full-text search), logic trees (`or=(a.eq.1,and(b.gt.2,c.is.null))`), and `order=a.desc.nullslast`.
 */
import { tooComplex } from './errors.ts';
import { LIMITS } from './limits.ts';
import { Cursor, parseField, parseFieldName, parseJsonPath, parseQuoted, type FieldRef } from './parse-common.ts';

export type QuantOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';
export type SimpleOperator = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';
export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';

export type Operation =
  | { kind: 'quant'; op: QuantOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'simple'; op: SimpleOperator; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'true' | 'false' | 'unknown' }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOperator; language?: string; value: string };

export interface Filter {
  field: FieldRef;
  negate: boolean;
  operation: Operation;
}

export type LogicTree =
  { kind: 'filter'; filter: Filter } | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  field: FieldRef;
  /** For `order=relation(col)`: the embedded (to-one) resource the column belongs to. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const QUANT_OPS = new Set<string>(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const SIMPLE_OPS = new Set<string>(['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj']);
const FTS_OPS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const OPERATOR_EXPECTING = 'operator (eq, gt, ...)';

/** How a single value ends: at the end of the input (top level) or before `,`/`)` (inside a tree). */
type ValueParser = (cursor: Cursor) => string;

const restOfInput: ValueParser = (cursor) => {
  const value = cursor.text.slice(cursor.position);
  cursor.position = cursor.text.length;
  return value;
};

/** A value inside a logic tree: `"quoted"`, a `{pg,array}` or characters up to `,` or `)`. */
const logicValue: ValueParser = (cursor) => {
  if (cursor.peek() === '"') {
    const start = cursor.position;
    const quoted = parseQuoted(cursor);
    if (cursor.done || cursor.peek() === ',' || cursor.peek() === ')') return quoted;
    cursor.position = start;
  }
  if (cursor.peek() === '{') {
    const end = cursor.text.indexOf('}', cursor.position);
    const inner = end < 0 ? '' : cursor.text.slice(cursor.position + 1, end);
    if (end >= 0 && !inner.includes('{')) {
      cursor.position = end + 1;
      return `{${inner}}`;
    }
  }
  const start = cursor.position;
  while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.position += 1;
  return cursor.text.slice(start, cursor.position);
};

/** `(a,"b,c",d)`: quoted elements may hold commas, parentheses and escaped quotes. */
function parseList(cursor: Cursor): string[] {
  cursor.skipSpaces();
  cursor.expect('(');
  cursor.skipSpaces();
  const values: string[] = [];
  for (;;) {
    let value: string | undefined;
    if (cursor.peek() === '"') {
      const start = cursor.position;
      const quoted = parseQuoted(cursor);
      if (cursor.peek() === ',' || cursor.peek() === ')') value = quoted;
      else cursor.position = start;
    }
    if (value === undefined) {
      const start = cursor.position;
      while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.position += 1;
      value = cursor.text.slice(start, cursor.position);
    }
    values.push(value);
    if (values.length > LIMITS.maxInValues) {
      throw tooComplex(
        `The in.(...) list has more than ${LIMITS.maxInValues} values`,
        `An in filter takes at most ${LIMITS.maxInValues} values; use an rpc function for longer lists.`,
      );
    }
    if (cursor.accept(',')) continue;
    cursor.expect(')', '"," or ")"');
    cursor.skipSpaces();
    return values;
  }
}

function parseOperatorName(cursor: Cursor): string {
  const match = /^[a-z]+/.exec(cursor.text.slice(cursor.position));
  if (!match) cursor.fail(OPERATOR_EXPECTING);
  cursor.position += match[0].length;
  return match[0];
}

/** `[not.]op[(modifier)].value`. */
export function parseOperation(cursor: Cursor, value: ValueParser): { negate: boolean; operation: Operation } {
  let negate = false;
  if (cursor.startsWith('not.')) {
    negate = true;
    cursor.position += 4;
  }
  const start = cursor.position;
  const name = parseOperatorName(cursor);
  const delimiter = () => cursor.expect('.', 'delimiter (.)');

  if (name === 'in') {
    delimiter();
    return { negate, operation: { kind: 'in', values: parseList(cursor) } };
  }
  if (name === 'is') {
    delimiter();
    const raw = /^[a-zA-Z]+/.exec(cursor.text.slice(cursor.position))?.[0] ?? '';
    const lowered = raw.toLowerCase();
    if (lowered !== 'null' && lowered !== 'true' && lowered !== 'false' && lowered !== 'unknown') {
      cursor.fail('null or trilean value (unknown, true, false)');
    }
    cursor.position += raw.length;
    return { negate, operation: { kind: 'is', value: lowered } };
  }
  if (name === 'isdistinct') {
    delimiter();
    return { negate, operation: { kind: 'isdistinct', value: value(cursor) } };
  }
  if (FTS_OPS.has(name)) {
    let language: string | undefined;
    if (cursor.accept('(')) {
      const match = /^[A-Za-z0-9_ ]+/.exec(cursor.text.slice(cursor.position));
      if (!match) cursor.fail('letter or digit');
      cursor.position += match[0].length;
      cursor.expect(')');
      language = match[0].trim();
    }
    delimiter();
    return {
      negate,
      operation: { kind: 'fts', op: name as FtsOperator, value: value(cursor), ...(language ? { language } : {}) },
    };
  }
  if (SIMPLE_OPS.has(name)) {
    delimiter();
    return { negate, operation: { kind: 'simple', op: name as SimpleOperator, value: value(cursor) } };
  }
  if (QUANT_OPS.has(name)) {
    let quantifier: 'any' | 'all' | undefined;
    if (cursor.accept('(any)')) quantifier = 'any';
    else if (cursor.accept('(all)')) quantifier = 'all';
    delimiter();
    return {
      negate,
      operation: {
        kind: 'quant',
        op: name as QuantOperator,
        value: value(cursor),
        ...(quantifier ? { quantifier } : {}),
      },
    };
  }
  cursor.position = start;
  return cursor.fail(OPERATOR_EXPECTING);
}

/** The value of a filter parameter, e.g. `not.in.(1,2)` for `id=not.in.(1,2)`. */
export function parseFilterValue(field: FieldRef, text: string): Filter {
  const cursor = new Cursor(text, 'filter');
  const { negate, operation } = parseOperation(cursor, restOfInput);
  if (!cursor.done) cursor.fail('end of input');
  return { field, negate, operation };
}

/** True when a value parses as an operator expression (GET rpc tells filters from arguments so). */
export function looksLikeFilter(text: string): boolean {
  try {
    parseFilterValue({ name: 'x', jsonPath: [] }, text);
    return true;
  } catch {
    return false;
  }
}

function parseLogicTreeAt(cursor: Cursor, depth: number): LogicTree {
  if (depth > LIMITS.maxLogicDepth) {
    throw tooComplex(
      `The logic tree nests and/or more than ${LIMITS.maxLogicDepth} levels deep`,
      `Logic trees are limited to ${LIMITS.maxLogicDepth} levels.`,
    );
  }
  cursor.skipSpaces();
  const rest = cursor.text.slice(cursor.position);
  const expr = /^(not\.)?(and|or)\s*\(/.exec(rest);
  if (expr) {
    cursor.position += expr[0].length;
    const children: LogicTree[] = [];
    for (;;) {
      children.push(parseLogicTreeAt(cursor, depth + 1));
      cursor.skipSpaces();
      if (cursor.accept(',')) continue;
      cursor.expect(')', '"," or ")"');
      cursor.skipSpaces();
      return { kind: 'expr', negate: Boolean(expr[1]), op: expr[2] as 'and' | 'or', children };
    }
  }
  const field = parseField(cursor);
  cursor.expect('.', 'delimiter (.)');
  const { negate, operation } = parseOperation(cursor, logicValue);
  cursor.skipSpaces();
  return { kind: 'filter', filter: { field, negate, operation } };
}

/** The value of `or=`/`and=` (with its operator and negation from the key), e.g. `(a.eq.1,b.is.null)`. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string): LogicTree {
  const cursor = new Cursor(`${negate ? 'not.' : ''}${op}${text}`, 'logic tree');
  const tree = parseLogicTreeAt(cursor, 0);
  if (tree.kind !== 'expr') cursor.fail('logic operator (and, or)');
  if (!cursor.done) cursor.fail('end of input');
  return tree;
}

/** The value of `order=`, e.g. `name.desc.nullslast,id`. */
export function parseOrder(text: string): OrderTerm[] {
  const cursor = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    cursor.skipSpaces();
    let term: OrderTerm;
    const start = cursor.position;
    const name = parseFieldName(cursor);
    if (cursor.peek() === '(') {
      cursor.position += 1;
      const field = parseField(cursor);
      cursor.expect(')', '")"');
      term = { field, relation: name };
    } else {
      cursor.position = start;
      term = { field: parseField(cursor) };
    }
    if (cursor.accept('.asc')) term.direction = 'asc';
    else if (cursor.accept('.desc')) term.direction = 'desc';
    if (cursor.accept('.nullsfirst')) term.nulls = 'first';
    else if (cursor.accept('.nullslast')) term.nulls = 'last';
    cursor.skipSpaces();
    terms.push(term);
    if (cursor.done) return terms;
    if (!cursor.accept(',')) {
      cursor.fail(
        term.direction || term.nulls
          ? '"," or end of input'
          : '"asc", "desc", "nullsfirst", "nullslast", "," or end of input',
      );
    }
  }
}

/** A filter key split into its embed path and field, e.g. `books.authors.name` or `data->>a`. */
export function parseTreePath(key: string): { path: string[]; field: FieldRef } {
  const cursor = new Cursor(key, 'tree path');
  const names = [parseFieldName(cursor)];
  while (cursor.accept('.')) names.push(parseFieldName(cursor));
  const jsonPath = parseJsonPath(cursor);
  if (!cursor.done) cursor.fail('"->", "->>", "." or end of input');
  return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, jsonPath } };
}

/** A logic key (`or`, `not.and`, `books.or`, `books.not.or`): its embed path, operator and negation. */
export function parseLogicKey(key: string): { path: string[]; op: 'and' | 'or'; negate: boolean } {
  const cursor = new Cursor(key, 'logic path');
  const names = [parseFieldName(cursor)];
  while (cursor.accept('.')) names.push(parseFieldName(cursor));
  if (!cursor.done) cursor.fail('"." or end of input');
  const op = names.pop() as 'and' | 'or';
  const negate = names.includes('not');
  return { path: names.filter((name) => name !== 'not'), op, negate };
}
