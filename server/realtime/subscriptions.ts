/**
 * postgres_changes bindings: what a channel asked for in its `phx_join` (`event`, `schema`,
 * `table`, `filter`, `select`), parsed and checked. Filters use realtime-js's syntax
 * (`column=op.value`, several joined by commas and ANDed, `not.` negates, values with `,` `(` `)`
 * in double quotes, `in.(a,b)`). They are evaluated by Postgres itself, typed like the column,
 * inside the subscriber's own read (see delivery.ts), so `id=eq.<uuid>` or `start_date=gt.<date>`
 * compare as Postgres compares, and a filter can only name columns the subscriber may select.
 */
import type { ChangeType } from './change-feed.ts';
import { quoteIdent, type ColumnInfo, type RoleAccess, type TableInfo } from './table-access.ts';

export type ListenEvent = '*' | ChangeType;

const OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
] as const;
export type FilterOperator = (typeof OPERATORS)[number];

export interface FilterCondition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** The value (one for most operators, the list for `in`; `is` takes null/true/false/unknown). */
  values: string[];
}

export interface PostgresBinding {
  /** Server-assigned id; realtime-js matches the `ids` of each change against it. */
  id: number;
  event: ListenEvent;
  schema: string;
  /** null: every published table of the schema. */
  table: string | null;
  conditions: FilterCondition[];
  /** Columns the subscriber asked for (realtime-js's `select`), or null for all it may see. */
  select: string[] | null;
  /** The binding exactly as the client sent it, echoed in the join reply for realtime-js to match. */
  echo: { event: string; schema: string; table?: string; filter?: string };
}

export class SubscriptionError extends Error {}

/** Splits on `separator` outside double quotes and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      current += char;
      if (char === '\\' && i + 1 < text.length) {
        current += text[i + 1];
        i += 1;
      } else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (quoted || depth !== 0) throw new SubscriptionError(`unbalanced quotes or parentheses in filter: ${text}`);
  parts.push(current);
  return parts;
}

/** Removes PostgREST-style double quotes (with backslash escapes) around a value. */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseCondition(text: string): FilterCondition {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new SubscriptionError(`filter must look like column=operator.value: ${text}`);
  const column = text.slice(0, equals).trim();
  let rest = text.slice(equals + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOperator;
  if (dot < 0 || !OPERATORS.includes(operator)) {
    throw new SubscriptionError(`unsupported filter operator in ${text} (use one of ${OPERATORS.join(', ')})`);
  }
  const raw = rest.slice(dot + 1);
  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')'))
      throw new SubscriptionError(`in needs a list like in.(a,b): ${text}`);
    const inner = raw.slice(1, -1);
    const values = inner === '' ? [] : splitTopLevel(inner, ',').map((v) => unquote(v.trim()));
    if (values.length === 0) throw new SubscriptionError(`in needs at least one value: ${text}`);
    return { column, operator, negate, values };
  }
  if (operator === 'is') {
    const value = raw.toLowerCase();
    if (!['null', 'true', 'false', 'unknown'].includes(value)) {
      throw new SubscriptionError(`is takes null, true, false or unknown: ${text}`);
    }
    return { column, operator, negate, values: [value] };
  }
  return { column, operator, negate, values: [unquote(raw)] };
}

/** Parses a realtime-js filter string; throws SubscriptionError with the reason when it is malformed. */
export function parseFilter(filter: string): FilterCondition[] {
  if (filter.trim() === '') return [];
  return splitTopLevel(filter, ',').map((part) => parseCondition(part.trim()));
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SubscriptionError(`${field} must be a string`);
  return value;
}

/**
 * Reads one entry of `config.postgres_changes` from a join. Throws SubscriptionError when the entry
 * itself is malformed (hosted Supabase answers such joins with an error).
 */
export function parseBinding(input: unknown, id: number): PostgresBinding {
  if (typeof input !== 'object' || input === null)
    throw new SubscriptionError('postgres_changes entry must be an object');
  const entry = input as Record<string, unknown>;
  const event = optionalString(entry.event, 'event');
  if (event === undefined) throw new SubscriptionError('postgres_changes entry needs an event');
  const normalised = event.toUpperCase();
  if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(normalised)) {
    throw new SubscriptionError(`event must be *, INSERT, UPDATE or DELETE, not ${event}`);
  }
  const schema = optionalString(entry.schema, 'schema');
  if (schema === undefined || schema === '') throw new SubscriptionError('postgres_changes entry needs a schema');
  const table = optionalString(entry.table, 'table');
  const filter = optionalString(entry.filter, 'filter');
  let select: string[] | null = null;
  if (entry.select !== undefined && entry.select !== null) {
    if (!Array.isArray(entry.select) || !entry.select.every((c) => typeof c === 'string')) {
      throw new SubscriptionError('select must be a list of column names');
    }
    select = entry.select as string[];
  }
  const echo: PostgresBinding['echo'] = { event, schema };
  if (table !== undefined) echo.table = table;
  if (filter !== undefined) echo.filter = filter;
  return {
    id,
    event: normalised as ListenEvent,
    schema,
    table: table === undefined || table === '*' ? null : table,
    conditions: filter === undefined ? [] : parseFilter(filter),
    select,
    echo,
  };
}

/** True when the binding listens to this kind of change on this table (filters are checked later). */
export function bindingCovers(
  binding: PostgresBinding,
  change: { schema: string; table: string; type: ChangeType },
): boolean {
  return (
    binding.schema === change.schema &&
    (binding.table === null || binding.table === change.table) &&
    (binding.event === '*' || binding.event === change.type)
  );
}

/** The columns a binding reads: its filter's and its `select`'s. */
export function bindingColumns(binding: PostgresBinding): string[] {
  return [...binding.conditions.map((c) => c.column), ...(binding.select ?? [])];
}

/**
 * Why `role` may not use this binding on this table (an unknown or unselectable column in its
 * filter or select), or null when it may. An unselectable filter column would let a subscriber
 * probe values it cannot read, so it is refused like an unknown one.
 */
export function bindingProblem(binding: PostgresBinding, table: TableInfo, access: RoleAccess): string | null {
  const known = new Set(table.columns.map((c) => c.name));
  const allowed = new Set(access.selectable.map((c) => c.name));
  for (const column of bindingColumns(binding)) {
    if (!known.has(column)) return `column ${column} does not exist in ${table.schema}.${table.table}`;
    if (!allowed.has(column)) return `permission denied for column ${column} of ${table.schema}.${table.table}`;
  }
  return null;
}

type Param = (value: unknown, cast: string) => string;

/** A subquery yielding the `in` list typed like the column (values travel as one JSON array). */
function inList(values: readonly string[], column: ColumnInfo, param: Param): string {
  return `select v::${column.sqlType} from jsonb_array_elements_text(${param(JSON.stringify(values), 'jsonb')}) as v`;
}

function pusher(params: unknown[]): Param {
  return (value, cast) => {
    params.push(value);
    return `$${params.length}::${cast}`;
  };
}

/**
 * A select list that fails exactly when a filter value does not fit its column (`id=eq.abc` on a
 * uuid, a broken regular expression), so a join can be refused instead of a delivery failing.
 */
export function conditionsCheckSql(
  conditions: readonly FilterCondition[],
  columns: ReadonlyMap<string, ColumnInfo>,
  params: unknown[],
): string {
  const param = pusher(params);
  const checks = conditions.flatMap((condition) => {
    const column = columns.get(condition.column);
    if (!column) throw new SubscriptionError(`column ${condition.column} does not exist`);
    const value = condition.values[0] ?? '';
    switch (condition.operator) {
      case 'in':
        return [`array(${inList(condition.values, column, param)})`];
      case 'like':
      case 'ilike':
        return [];
      case 'is':
        // `is true` on a non-boolean column fails here rather than at delivery.
        return [`(null::${column.sqlType} is ${value})`];
      case 'match':
      case 'imatch':
        return [`'' ~ ${param(value, 'text')}`];
      default:
        return [param(value, column.sqlType)];
    }
  });
  return checks.length > 0 ? checks.join(', ') : 'true';
}

/**
 * The SQL of one binding's filter over `alias` (true when it has none), its values pushed onto
 * `params` and cast to the column's type, so Postgres compares them as it compares column values.
 */
export function conditionsSql(
  conditions: readonly FilterCondition[],
  alias: string,
  columns: ReadonlyMap<string, ColumnInfo>,
  params: unknown[],
): string {
  if (conditions.length === 0) return 'true';
  const parts = conditions.map((condition) => {
    const column = columns.get(condition.column);
    if (!column) throw new SubscriptionError(`column ${condition.column} does not exist`);
    const ref = `${alias}.${quoteIdent(condition.column)}`;
    const param = pusher(params);
    const value = condition.values[0] ?? '';
    let sql: string;
    switch (condition.operator) {
      case 'eq':
        sql = `${ref} = ${param(value, column.sqlType)}`;
        break;
      case 'neq':
        sql = `${ref} <> ${param(value, column.sqlType)}`;
        break;
      case 'lt':
        sql = `${ref} < ${param(value, column.sqlType)}`;
        break;
      case 'lte':
        sql = `${ref} <= ${param(value, column.sqlType)}`;
        break;
      case 'gt':
        sql = `${ref} > ${param(value, column.sqlType)}`;
        break;
      case 'gte':
        sql = `${ref} >= ${param(value, column.sqlType)}`;
        break;
      case 'isdistinct':
        sql = `${ref} is distinct from ${param(value, column.sqlType)}`;
        break;
      case 'in':
        sql = `${ref} in (${inList(condition.values, column, param)})`;
        break;
      case 'like':
        sql = `${ref}::text like ${param(value, 'text')}`;
        break;
      case 'ilike':
        sql = `${ref}::text ilike ${param(value, 'text')}`;
        break;
      case 'match':
        sql = `${ref}::text ~ ${param(value, 'text')}`;
        break;
      case 'imatch':
        sql = `${ref}::text ~* ${param(value, 'text')}`;
        break;
      case 'is':
        // One of four keywords, checked by the parser.
        sql = `${ref} is ${value}`;
        break;
    }
    return condition.negate ? `not (${sql})` : `(${sql})`;
  });
  return parts.join(' and ');
}
