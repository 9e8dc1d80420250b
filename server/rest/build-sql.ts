/**
 * SQL for a read plan: one SELECT with a LATERAL join per embedded resource, the JSON built by
 * Postgres itself (row_to_json / json_agg), exactly as PostgREST shapes it, so types print the same
 * (timestamps, numerics, arrays, jsonb). Identifiers come from the plan (the schema cache) and are
 * quoted; every value from the request is a bind parameter.
 */
import type { JsonStep } from './parse-common.ts';
import type { Operation } from './parse-filters.ts';
import type { EmbedPlan, PlannedCondition, PlannedItem, PlannedOrder, ReadNode } from './plan.ts';
import type { ColumnInfo } from './schema-cache.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';

/** Collects bind parameters; `add` returns the placeholder. */
export class SqlParams {
  readonly values: (string | null)[] = [];

  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A value cast through text to `type` (a type name taken from the catalog). */
  typed(value: string, type: string): string {
    return type === 'text' ? `${this.add(value)}::text` : `${this.add(value)}::text::${type}`;
  }
}

/** A quoted identifier; NUL (which Postgres cannot take in a query) cuts it short, as in PostgREST. */
export function ident(name: string): string {
  const clean = name.split('\0')[0]!;
  return `"${clean.replaceAll('"', '""')}"`;
}

export function qualified(table: string): string {
  return `${ident(EXPOSED_SCHEMA)}.${ident(table)}`;
}

/** `"t0"."data"->'a'->>'b'`, with non-JSON columns turned into jsonb first, as PostgREST does. */
export function columnExpr(alias: string, column: ColumnInfo, path: JsonStep[], params: SqlParams): string {
  let expr = `${ident(alias)}.${ident(column.name)}`;
  if (path.length === 0) return expr;
  if (!column.isJson) expr = `to_jsonb(${expr})`;
  for (const step of path) expr += `${step.arrow}${params.add(step.key)}::${step.isIndex ? 'int' : 'text'}`;
  return expr;
}

/** The type a filter value is read as: the column's, or what a JSON path yields. */
function targetType(column: ColumnInfo, path: JsonStep[]): string {
  const last = path[path.length - 1];
  if (!last) return column.baseType;
  if (last.arrow === '->>') return 'text';
  return column.baseType === 'json' ? 'json' : 'jsonb';
}

/** A Postgres array literal of the given values, every element quoted (PostgREST's way). */
export function arrayLiteral(values: string[]): string {
  const quoted = values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return `{${quoted.join(',')}}`;
}

const QUANT_SQL: Record<string, string> = {
  eq: '=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};

const SIMPLE_SQL: Record<string, string> = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_SQL: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function operationSql(expr: string, type: string, operation: Operation, params: SqlParams): string {
  switch (operation.kind) {
    case 'quant': {
      const op = QUANT_SQL[operation.op]!;
      const textual =
        operation.op === 'like' || operation.op === 'ilike' || operation.op === 'match' || operation.op === 'imatch';
      const value =
        operation.op === 'like' || operation.op === 'ilike' ? operation.value.replaceAll('*', '%') : operation.value;
      if (operation.quantifier) {
        const array = params.typed(value, textual ? 'text[]' : `${type}[]`);
        return `${expr} ${op} ${operation.quantifier.toUpperCase()}(${array})`;
      }
      return `${expr} ${op} ${params.typed(value, textual ? 'text' : type)}`;
    }
    case 'simple':
      return `${expr} ${SIMPLE_SQL[operation.op]!} ${params.typed(operation.value, type)}`;
    case 'in':
      if (operation.values.length === 1 && operation.values[0] === '') return `${expr} = ANY('{}')`;
      return `${expr} = ANY(${params.typed(arrayLiteral(operation.values), `${type}[]`)})`;
    case 'is':
      return `${expr} IS ${operation.value.toUpperCase()}`;
    case 'isdistinct':
      return `${expr} IS DISTINCT FROM ${params.typed(operation.value, type)}`;
    case 'fts': {
      const language = operation.language ? `${params.typed(operation.language, 'regconfig')}, ` : '';
      return `${expr} @@ ${FTS_SQL[operation.op]!}(${language}${params.add(operation.value)}::text)`;
    }
  }
}

export function conditionSql(alias: string, condition: PlannedCondition, params: SqlParams): string {
  switch (condition.kind) {
    case 'filter': {
      const expr = columnExpr(alias, condition.column, condition.jsonPath, params);
      const sql = operationSql(expr, targetType(condition.column, condition.jsonPath), condition.operation, params);
      return condition.negate ? `NOT (${sql})` : sql;
    }
    case 'embed-null': {
      const embed = condition.embed;
      const present = embed.toOne
        ? `row_to_json(${ident(embed.lateral)}.*)`
        : `${ident(embed.lateral)}.${ident(embed.lateral)}`;
      return `${present} IS ${condition.isNull ? '' : 'NOT '}NULL`;
    }
    case 'expr': {
      const children = condition.children.map((child) => `(${conditionSql(alias, child, params)})`);
      const sql = children.join(condition.op === 'and' ? ' AND ' : ' OR ');
      return condition.negate ? `NOT (${sql})` : `(${sql})`;
    }
  }
}

function orderSql(alias: string, order: PlannedOrder, params: SqlParams): string {
  const expr = order.embed
    ? order.jsonPath.length
      ? columnExpr(order.embed.lateral, order.column, order.jsonPath, params)
      : `${ident(order.embed.lateral)}.${ident(order.column.name)}`
    : columnExpr(alias, order.column, order.jsonPath, params);
  const direction = order.direction ? ` ${order.direction.toUpperCase()}` : '';
  const nulls = order.nulls ? ` NULLS ${order.nulls.toUpperCase()}` : '';
  return `${expr}${direction}${nulls}`;
}

/** Output column names a node produces (what a spread of it lifts into its parent). */
function outputColumns(node: ReadNode): string[] {
  const names: string[] = [];
  for (const item of node.items) {
    if (item.kind === 'star') names.push('*');
    else if (item.kind === 'field') names.push(item.outputName);
    else if (item.embed.spread) names.push(...outputColumns(item.embed.node));
    else if (!item.embed.empty) names.push(item.embed.outputName);
  }
  return names;
}

function selectItemSql(node: ReadNode, item: PlannedItem, params: SqlParams): string[] {
  if (item.kind === 'star') return [`${ident(node.alias)}.*`];
  if (item.kind === 'field') {
    const expr = columnExpr(node.alias, item.column, item.jsonPath, params);
    const casted = item.cast ? `CAST(${expr} AS ${item.cast})` : expr;
    return [`${casted} AS ${ident(item.outputName)}`];
  }
  const embed = item.embed;
  const lateral = ident(embed.lateral);
  if (embed.spread) {
    return outputColumns(embed.node).map((name) => (name === '*' ? `${lateral}.*` : `${lateral}.${ident(name)}`));
  }
  if (embed.empty) return [];
  if (embed.toOne) return [`row_to_json(${lateral}.*)::jsonb AS ${ident(embed.outputName)}`];
  return [`COALESCE(${lateral}.${lateral}, '[]'::jsonb) AS ${ident(embed.outputName)}`];
}

/** Conditions that tie an embedded node to its parent row. */
function joinConditions(parentAlias: string, embed: EmbedPlan): { from: string; where: string[] } {
  const child = embed.node;
  const rel = embed.rel;
  const childRef = (column: string) => `${ident(child.alias)}.${ident(column)}`;
  const parentRef = (column: string) => `${ident(parentAlias)}.${ident(column)}`;
  const childFrom = `${qualified(child.relation.name)} AS ${ident(child.alias)}`;
  if (rel.junction && embed.junctionAlias) {
    const junction = ident(embed.junctionAlias);
    const on = rel.junction.targetColumns.map(([j, c]) => `${childRef(c)} = ${junction}.${ident(j)}`).join(' AND ');
    return {
      from: `${childFrom} INNER JOIN ${qualified(rel.junction.table)} AS ${junction} ON ${on}`,
      where: rel.junction.sourceColumns.map(([j, p]) => `${junction}.${ident(j)} = ${parentRef(p)}`),
    };
  }
  return { from: childFrom, where: rel.columns.map(([p, c]) => `${childRef(c)} = ${parentRef(p)}`) };
}

function lateralJoinSql(parentAlias: string, embed: EmbedPlan, params: SqlParams): string {
  const { from, where } = joinConditions(parentAlias, embed);
  const inner = nodeSelectSql(embed.node, from, where, params);
  const lateral = ident(embed.lateral);
  if (embed.toOne) {
    return `${embed.joinType === 'inner' ? 'INNER' : 'LEFT'} JOIN LATERAL (${inner}) AS ${lateral} ON TRUE`;
  }
  const aggregate = `SELECT json_agg(${lateral})::jsonb AS ${lateral} FROM (${inner}) AS ${lateral}`;
  return embed.joinType === 'inner'
    ? `INNER JOIN LATERAL (${aggregate}) AS ${lateral} ON ${lateral}.${lateral} IS NOT NULL`
    : `LEFT JOIN LATERAL (${aggregate}) AS ${lateral} ON TRUE`;
}

function rangeSql(node: ReadNode, params: SqlParams): string {
  let sql = '';
  if (node.limit !== undefined) sql += ` LIMIT ${params.add(String(node.limit))}::bigint`;
  if (node.offset !== undefined && node.offset > 0) sql += ` OFFSET ${params.add(String(node.offset))}::bigint`;
  return sql;
}

/**
 * `SELECT items FROM from [laterals] WHERE ... ORDER BY ... LIMIT ...` for one node.
 * `from` names the node's source with its alias; `extraWhere` ties it to its parent.
 */
export function nodeSelectSql(node: ReadNode, from: string, extraWhere: string[], params: SqlParams): string {
  const columns = node.items.flatMap((item) => selectItemSql(node, item, params));
  const joins = node.embeds.map((embed) => lateralJoinSql(node.alias, embed, params));
  const where = [...extraWhere, ...node.conditions.map((c) => conditionSql(node.alias, c, params))];
  const order = node.order.map((o) => orderSql(node.alias, o, params));
  return (
    `SELECT ${columns.join(', ')} FROM ${from}` +
    (joins.length ? ` ${joins.join(' ')}` : '') +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    (order.length ? ` ORDER BY ${order.join(', ')}` : '') +
    rangeSql(node, params)
  );
}

function embedsUsedBy(condition: PlannedCondition, used: Set<EmbedPlan>): void {
  if (condition.kind === 'embed-null') used.add(condition.embed);
  if (condition.kind === 'expr') for (const child of condition.children) embedsUsedBy(child, used);
}

/**
 * `SELECT 1 FROM ... WHERE ...` counting the root rows the filters keep, without limit and offset.
 * Only the embeds that filter the root (`!inner`, `embed=not.is.null`) are joined.
 */
export function countSql(node: ReadNode, from: string, params: SqlParams): string {
  const used = new Set<EmbedPlan>(node.embeds.filter((embed) => embed.joinType === 'inner'));
  for (const condition of node.conditions) embedsUsedBy(condition, used);
  const joins = node.embeds
    .filter((embed) => used.has(embed))
    .map((embed) => lateralJoinSql(node.alias, embed, params));
  const where = node.conditions.map((c) => conditionSql(node.alias, c, params));
  return (
    `SELECT 1 FROM ${from}` +
    (joins.length ? ` ${joins.join(' ')}` : '') +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '')
  );
}

export function tableSource(node: ReadNode): string {
  return `${qualified(node.relation.name)} AS ${ident(node.alias)}`;
}

export function cteSource(node: ReadNode): string {
  return `pgrst_source AS ${ident(node.alias)}`;
}
