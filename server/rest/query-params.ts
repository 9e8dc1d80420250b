/**
 * Splits a request's query string the way PostgREST does: `select`, `columns` and `on_conflict`;
 * `order`, `limit`, `offset`, `and`, `or` for the root or for an embedded resource (`books.order`);
 * and everything else as filters (`id=eq.1`, `books.title=like.*x*`). On GET /rpc a parameter whose
 * value is not an operator expression is a function argument instead.
 */
import { parseError, tooComplex } from './errors.ts';
import { LIMITS } from './limits.ts';
import { parseColumnList } from './parse-common.ts';
import {
  looksLikeFilter,
  parseFilterValue,
  parseLogicKey,
  parseLogicTree,
  parseOrder,
  parseTreePath,
  type Filter,
  type LogicTree,
  type OrderTerm,
} from './parse-filters.ts';
import { measureSelect, parseSelect, type SelectItem } from './parse-select.ts';
import { nestingDepth } from './payload.ts';

export interface PathRange {
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  columns?: string[];
  onConflict?: string[];
  /** Conditions per embed path ('' is the root; 'books.authors' a nested embed), all ANDed. */
  conditions: { path: string[]; tree: LogicTree }[];
  order: { path: string[]; terms: OrderTerm[] }[];
  ranges: Map<string, PathRange>;
  /** GET /rpc arguments, in query order (a name may repeat). */
  rpcArgs: [string, string][];
  /** The query string sorted by key, for Content-Location. */
  canonical: string;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);
/** Parameters a gateway consumes before PostgREST sees them. */
const GATEWAY = new Set(['apikey']);

function lastSegment(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? key : key.slice(dot + 1);
}

function pathOf(key: string): string[] {
  const dot = key.lastIndexOf('.');
  if (dot < 0) return [];
  return parseTreePath(`${key.slice(0, dot)}.x`).path;
}

function parseCount(value: string, name: string, allowNegative: boolean): number {
  const pattern = allowNegative ? /^-?\d+$/ : /^\d+$/;
  if (!pattern.test(value.trim())) {
    throw parseError(
      `"failed to parse ${name} parameter (${value})" (line 1, column 1)`,
      `${name} must be ${allowNegative ? 'an integer' : 'a non-negative integer'}`,
    );
  }
  return Number(value.trim());
}

function countFilters(tree: LogicTree): number {
  return tree.kind === 'filter' ? 1 : tree.children.reduce((sum, child) => sum + countFilters(child), 0);
}

export function parseQuery(params: URLSearchParams, isRpcRead: boolean): ParsedQuery {
  const entries = [...params.entries()].filter(([key]) => !GATEWAY.has(key));
  const first = (name: string) => entries.find(([key]) => key === name)?.[1];

  const select = parseSelect(first('select') ?? '*');
  const size = measureSelect(select);
  if (size.count > LIMITS.maxSelectItems) {
    throw tooComplex(
      `The select parameter has more than ${LIMITS.maxSelectItems} items`,
      `A select is limited to ${LIMITS.maxSelectItems} items.`,
    );
  }
  const columnsText = first('columns');
  const onConflictText = first('on_conflict');

  const result: ParsedQuery = {
    select,
    ...(columnsText !== undefined ? { columns: parseColumnList(columnsText, 'columns parameter') } : {}),
    ...(onConflictText !== undefined ? { onConflict: parseColumnList(onConflictText, 'on_conflict parameter') } : {}),
    conditions: [],
    order: [],
    ranges: new Map(),
    rpcArgs: [],
    canonical: [...entries]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&'),
  };

  let filterCount = 0;
  for (const [key, value] of entries) {
    if (nestingDepth(value) > LIMITS.maxJsonDepth) {
      throw tooComplex(
        `The value of ${key.slice(0, 100)} is nested more than ${LIMITS.maxJsonDepth} levels deep`,
        `Values are limited to ${LIMITS.maxJsonDepth} levels of nesting.`,
      );
    }
    if (RESERVED.has(key)) continue;
    const last = lastSegment(key);
    if (EMBEDDABLE.has(last)) {
      const path = pathOf(key);
      const pathKey = path.join('.');
      if (last === 'order') {
        result.order.push({ path, terms: parseOrder(value) });
      } else if (last === 'limit' || last === 'offset') {
        const range = result.ranges.get(pathKey) ?? {};
        if (last === 'limit') range.limit = parseCount(value, 'limit', true);
        else range.offset = parseCount(value, 'offset', false);
        result.ranges.set(pathKey, range);
      } else {
        const logic = parseLogicKey(key);
        const tree = parseLogicTree(logic.op, logic.negate, value);
        filterCount += countFilters(tree);
        result.conditions.push({ path: logic.path, tree });
      }
      continue;
    }
    if (isRpcRead && !looksLikeFilter(value)) {
      result.rpcArgs.push([key, value]);
      continue;
    }
    const { path, field } = parseTreePath(key);
    const filter: Filter = parseFilterValue(field, value);
    filterCount += 1;
    result.conditions.push({ path, tree: { kind: 'filter', filter } });
  }
  if (filterCount > LIMITS.maxFilters) {
    throw tooComplex(
      `The request has more than ${LIMITS.maxFilters} filters`,
      `A request is limited to ${LIMITS.maxFilters} filter conditions.`,
    );
  }
  return result;
}
