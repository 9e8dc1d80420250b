/**
 * Turns a parsed request into a plan checked against the schema cache: every column, embedded
 * relation and relationship named by the request is looked up here, so the SQL builder only ever
 * sees names that exist. Unknown names fail with the error PostgREST (or Postgres) would give.
 */
import {
  notEmbedded,
  notImplemented,
  parseError,
  relatedOrderNotToOne,
  spreadNotToOne,
  tableNotFound,
  unacceptableFilter,
  undefinedColumn,
} from './errors.ts';
import { closest } from './fuzzy.ts';
import { defaultOutputName, type JsonStep } from './parse-common.ts';
import type { LogicTree, Operation } from './parse-filters.ts';
import type { SelectItem } from './parse-select.ts';
import type { ParsedQuery } from './query-params.ts';
import { findRelationship, isToOne } from './relationships.ts';
import type { ColumnInfo, Relationship, SchemaCache, TableInfo } from './schema-cache.ts';

export type PlannedItem =
  | { kind: 'star' }
  | { kind: 'field'; column: ColumnInfo; jsonPath: JsonStep[]; cast?: string; outputName: string }
  | { kind: 'embed'; embed: EmbedPlan };

export type PlannedCondition =
  | { kind: 'filter'; column: ColumnInfo; jsonPath: JsonStep[]; negate: boolean; operation: Operation }
  /** `books=is.null` / `books=not.is.null`: whether the embed found anything. */
  | { kind: 'embed-null'; embed: EmbedPlan; isNull: boolean }
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: PlannedCondition[] };

export interface PlannedOrder {
  column: ColumnInfo;
  jsonPath: JsonStep[];
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
  /** Ordering by a column of a to-one embed (`order=author(name)`). */
  embed?: EmbedPlan;
}

export interface ReadNode {
  relation: TableInfo;
  alias: string;
  items: PlannedItem[];
  conditions: PlannedCondition[];
  order: PlannedOrder[];
  limit?: number;
  offset?: number;
  embeds: EmbedPlan[];
}

export interface EmbedPlan {
  node: ReadNode;
  rel: Relationship;
  /** Alias of the lateral join that produces the embed. */
  lateral: string;
  /** Alias of the junction table of a many-to-many embed. */
  junctionAlias?: string;
  junction?: TableInfo;
  /** Key in the output object. */
  outputName: string;
  /** How filters, order and limits address the embed (`books.title=eq.x`). */
  pathName: string;
  joinType: 'inner' | 'left';
  spread: boolean;
  toOne: boolean;
  /** `books()`: joined (for filtering) but not output. */
  empty: boolean;
}

/** Hands out SQL aliases that never clash within one statement (self-joins included). */
export class AliasCounter {
  private next = 0;
  take(prefix: string): string {
    const alias = `${prefix}${this.next}`;
    this.next += 1;
    return alias;
  }
}

/** The relation a request names, or PGRST205 with a suggestion. */
export function lookupTable(cache: SchemaCache, name: string): TableInfo {
  const table = cache.tables.get(name);
  if (table) return table;
  throw tableNotFound(name, closest(name, cache.tables.keys()));
}

function lookupColumn(relation: TableInfo, name: string): ColumnInfo {
  const column = relation.columns.get(name);
  if (!column) throw undefinedColumn(relation.name, name);
  return column;
}

function planNode(cache: SchemaCache, relation: TableInfo, items: SelectItem[], aliases: AliasCounter): ReadNode {
  const node: ReadNode = { relation, alias: aliases.take('t'), items: [], conditions: [], order: [], embeds: [] };
  for (const item of items) {
    if (item.kind === 'star') {
      node.items.push({ kind: 'star' });
    } else if (item.kind === 'field') {
      const column = lookupColumn(relation, item.field.name);
      node.items.push({
        kind: 'field',
        column,
        jsonPath: item.field.jsonPath,
        ...(item.cast ? { cast: item.cast } : {}),
        outputName: item.alias ?? defaultOutputName(item.field),
      });
    } else {
      const rel = findRelationship(cache, relation.name, item.name, item.hint);
      const child = lookupTable(cache, rel.foreignTable);
      const toOne = isToOne(rel);
      if (item.spread && !toOne) throw spreadNotToOne(relation.name, item.name);
      const embed: EmbedPlan = {
        node: planNode(cache, child, item.children, aliases),
        rel,
        lateral: aliases.take('l'),
        outputName: item.alias ?? item.name,
        pathName: item.alias ?? item.name,
        joinType: item.joinType === 'inner' ? 'inner' : 'left',
        spread: item.spread,
        toOne,
        empty: item.children.length === 0,
      };
      if (rel.junction) {
        embed.junction = lookupTable(cache, rel.junction.table);
        embed.junctionAlias = aliases.take('j');
      }
      node.embeds.push(embed);
      node.items.push({ kind: 'embed', embed });
    }
  }
  return node;
}

function findNode(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (let i = 0; i < path.length; i += 1) {
    const embed = node.embeds.find((e) => e.pathName === path[i]);
    if (!embed) throw notEmbedded(path.slice(0, i + 1).join('.'));
    node = embed.node;
  }
  return node;
}

function planCondition(node: ReadNode, tree: LogicTree, allowEmbedFilters: boolean): PlannedCondition {
  if (tree.kind === 'expr') {
    return {
      kind: 'expr',
      negate: tree.negate,
      op: tree.op,
      children: tree.children.map((child) => planCondition(node, child, allowEmbedFilters)),
    };
  }
  const { field, negate, operation } = tree.filter;
  const embed =
    allowEmbedFilters && field.jsonPath.length === 0 ? node.embeds.find((e) => e.pathName === field.name) : undefined;
  if (embed) {
    if (operation.kind !== 'is' || operation.value !== 'null') throw unacceptableFilter(field.name);
    return { kind: 'embed-null', embed, isNull: !negate };
  }
  return {
    kind: 'filter',
    column: lookupColumn(node.relation, field.name),
    jsonPath: field.jsonPath,
    negate,
    operation,
  };
}

function outputHas(node: ReadNode, name: string): boolean {
  return node.items.some(
    (item) =>
      item.kind === 'star' ||
      (item.kind === 'field' && item.outputName === name) ||
      (item.kind === 'embed' && !item.embed.spread && item.embed.outputName === name),
  );
}

export interface PlanOptions {
  /** Root filters may name embeds (`books=not.is.null`); not for writes, whose filters pick rows. */
  rootEmbedFilters: boolean;
  /** Whether `limit`/`offset` may apply to the root (reads and rpc; not writes). */
  rootRange: boolean;
}

/** Plans the select tree with its filters, order and ranges. The root range is left to the caller. */
export function planRead(cache: SchemaCache, relation: TableInfo, query: ParsedQuery, options: PlanOptions): ReadNode {
  const root = planNode(cache, relation, query.select, new AliasCounter());
  for (const { path, tree } of query.conditions) {
    const node = findNode(root, path);
    node.conditions.push(planCondition(node, tree, path.length > 0 || options.rootEmbedFilters));
  }
  for (const { path, terms } of query.order) {
    const node = findNode(root, path);
    for (const term of terms) {
      if (term.relation) {
        const embed = node.embeds.find((e) => e.pathName === term.relation);
        if (!embed) throw notEmbedded(term.relation);
        if (!embed.toOne) throw relatedOrderNotToOne(node.relation.name, term.relation);
        const column = lookupColumn(embed.node.relation, term.field.name);
        if (term.field.jsonPath.length === 0 && !outputHas(embed.node, column.name)) {
          throw undefinedColumn(embed.lateral, column.name);
        }
        node.order.push({ column, jsonPath: term.field.jsonPath, direction: term.direction, nulls: term.nulls, embed });
      } else {
        const column = lookupColumn(node.relation, term.field.name);
        node.order.push({ column, jsonPath: term.field.jsonPath, direction: term.direction, nulls: term.nulls });
      }
    }
  }
  for (const [pathKey, range] of query.ranges) {
    if (pathKey === '') {
      if (!options.rootRange && (range.limit !== undefined || range.offset !== undefined)) {
        throw notImplemented('limit and offset are not supported on insert, update and delete');
      }
      continue;
    }
    const node = findNode(root, pathKey.split('.'));
    if (range.limit !== undefined && range.limit < 0) {
      throw parseError(
        `"failed to parse limit parameter (${range.limit})" (line 1, column 1)`,
        'limit must not be negative',
      );
    }
    if (range.limit !== undefined) node.limit = range.limit;
    if (range.offset !== undefined) node.offset = range.offset;
  }
  return root;
}

/** Columns of the root the read part needs from written rows (select items and embed join keys). */
export function columnsNeededFromRoot(root: ReadNode): string[] | '*' {
  const needed = new Set<string>();
  for (const item of root.items) {
    if (item.kind === 'star') return '*';
    if (item.kind === 'field') needed.add(item.column.name);
  }
  for (const embed of root.embeds) {
    if (embed.rel.junction) for (const [, column] of embed.rel.junction.sourceColumns) needed.add(column);
    else for (const [column] of embed.rel.columns) needed.add(column);
  }
  for (const order of root.order) if (!order.embed) needed.add(order.column.name);
  return [...needed];
}
