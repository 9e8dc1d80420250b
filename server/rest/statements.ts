/**
 * Whole statements for the three kinds of request — read, write, call — in PostgREST's shape: the
 * rows are produced in a CTE and one outer SELECT returns the total count, the number of rows and
 * the response body, rendered by Postgres as JSON (array, single object) or CSV.
 */
import { SqlParams, countSql, cteSource, ident, nodeSelectSql, qualified, tableSource } from './build-sql.ts';
import type { ReadNode } from './plan.ts';
import type { Media } from './request-headers.ts';
import type { ColumnInfo, RoutineInfo, RoutineParam, TableInfo } from './schema-cache.ts';

export interface Statement {
  sql: string;
  params: (string | null)[];
}

/** How the rows of the result become the body. */
export type BodyShape = 'rows' | 'scalar' | 'setof-scalar' | 'single-row' | 'none';

function bodySql(media: Media, shape: BodyShape): string {
  const rows = 'pgrst_result';
  if (shape === 'none') return `''::text`;
  if (media.kind === 'csv' && (shape === 'rows' || shape === 'single-row')) {
    const header = `(SELECT coalesce(string_agg(k, ','), '') FROM (SELECT json_object_keys(row_to_json(h)) AS k FROM (SELECT * FROM ${rows} LIMIT 1) AS h) AS s)`;
    const lines = `(SELECT coalesce(string_agg(substring(t::text, 2, length(t::text) - 2), E'\\n'), '') FROM ${rows} AS t)`;
    return `${header} || E'\\n' || ${lines}`;
  }
  const value = (column: string) =>
    media.stripNulls && column === '_postgrest_t' ? `json_strip_nulls(row_to_json(_postgrest_t))` : column;
  const single = media.kind === 'object' || shape === 'single-row' || shape === 'scalar';
  const element = shape === 'scalar' || shape === 'setof-scalar' ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const aggregate = `json_agg(${value(element)})`;
  const json = single ? `coalesce(${aggregate}->0, 'null')` : `coalesce(${aggregate}, '[]')`;
  return `(SELECT ${json}::text FROM ${rows} AS _postgrest_t)`;
}

function outerSelect(media: Media, shape: BodyShape, total: string | null, countRowsOf = 'pgrst_result'): string {
  return (
    `SELECT ${total === null ? 'NULL::text' : `(SELECT count(*) FROM (${total}) AS pgrst_count)::text`} AS total, ` +
    `(SELECT count(*) FROM ${countRowsOf})::text AS page_total, ${bodySql(media, shape)} AS body`
  );
}

/** GET/HEAD on a table or view. */
export function readStatement(root: ReadNode, media: Media, withCount: boolean, headOnly = false): Statement {
  const params = new SqlParams();
  const select = nodeSelectSql(root, tableSource(root), [], params);
  const total = withCount ? countSql(root, tableSource(root), params) : null;
  const shape = headOnly ? 'none' : 'rows';
  return { sql: `WITH pgrst_result AS (${select}) ${outerSelect(media, shape, total)}`, params: params.values };
}

export interface WriteBody {
  /** The request body as JSON text, always an array of objects. */
  json: string;
  /** Columns written, each known to the table. */
  columns: ColumnInfo[];
  /** `Prefer: missing=default`: absent keys take the column default instead of null. */
  applyDefaults: boolean;
}

/** `FROM json_to_recordset(...) AS pgrst_body(col type, ...)`, defaults merged in when asked. */
function bodyRecordset(body: WriteBody, params: SqlParams): string {
  const definitions = body.columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  const withDefaults = body.columns.filter((c) => c.defaultExpr !== null);
  if (body.applyDefaults && withDefaults.length) {
    // jsonb_build_object takes at most 100 arguments: 50 columns per call, calls joined with ||.
    const objects: string[] = [];
    for (let i = 0; i < withDefaults.length; i += 50) {
      const pairs = withDefaults.slice(i, i + 50).map((c) => `${params.add(c.name)}::text, ${c.defaultExpr}`);
      objects.push(`jsonb_build_object(${pairs.join(', ')})`);
    }
    const merged = `(SELECT jsonb_agg(${objects.join(' || ')} || pgrst_elem) FROM jsonb_array_elements(${params.add(body.json)}::jsonb) AS pgrst_elem)`;
    return `jsonb_to_recordset(${merged}) AS pgrst_body(${definitions})`;
  }
  return `json_to_recordset(${params.add(body.json)}::json) AS pgrst_body(${definitions})`;
}

export interface WriteOptions {
  table: TableInfo;
  /** The read over the written rows; null when the response carries no rows (`return=minimal`). */
  read: ReadNode | null;
  /** Columns to return from the written rows for the read ('*' or a list). */
  returning: string[] | '*';
  media: Media;
}

function returningSql(alias: string, returning: string[] | '*', wantRows: boolean): string {
  if (!wantRows) return 'RETURNING 1';
  if (returning === '*') return `RETURNING ${ident(alias)}.*`;
  if (returning.length === 0) return 'RETURNING 1';
  return `RETURNING ${returning.map((c) => `${ident(alias)}.${ident(c)}`).join(', ')}`;
}

function writeStatement(mutation: (params: SqlParams, returning: string) => string, options: WriteOptions): Statement {
  const params = new SqlParams();
  const alias = 'pgrst_target';
  const sql = mutation(params, returningSql(alias, options.returning, options.read !== null));
  if (!options.read) {
    return {
      sql: `WITH pgrst_source AS (${sql}) ${outerSelect(options.media, 'none', null, 'pgrst_source')}`,
      params: params.values,
    };
  }
  const select = nodeSelectSql(options.read, cteSource(options.read), [], params);
  return {
    sql: `WITH pgrst_source AS (${sql}), pgrst_result AS (${select}) ${outerSelect(options.media, 'rows', null, 'pgrst_source')}`,
    params: params.values,
  };
}

export interface InsertOptions extends WriteOptions {
  body: WriteBody;
  /** ON CONFLICT target and action for upserts. */
  upsert?: { columns: string[]; action: 'merge' | 'ignore' };
}

/** POST: insert (or upsert) the body's rows. */
export function insertStatement(options: InsertOptions): Statement {
  return writeStatement((params, returning) => {
    const alias = 'pgrst_target';
    const { body, upsert } = options;
    const target = `${qualified(options.table.name)} AS ${ident(alias)}`;
    const merging = upsert?.action === 'merge' && body.columns.length > 0;
    // Counts inserted rows in pgrst.inserted so that an upsert that only updated answers 200.
    const countInsert = merging
      ? ` WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'`
      : '';
    let source: string;
    if (body.columns.length === 0) {
      source = `SELECT FROM json_array_elements(${params.add(body.json)}::json)`;
    } else {
      const columns = body.columns.map((c) => `pgrst_body.${ident(c.name)}`).join(', ');
      source = `SELECT ${columns} FROM ${bodyRecordset(body, params)}${countInsert}`;
    }
    const columnList = body.columns.length ? ` (${body.columns.map((c) => ident(c.name)).join(', ')})` : '';
    let conflict = '';
    if (upsert && upsert.columns.length) {
      const on = `ON CONFLICT (${upsert.columns.map(ident).join(', ')})`;
      if (!merging) conflict = ` ${on} DO NOTHING`;
      else {
        const sets = body.columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ');
        conflict =
          ` ${on} DO UPDATE SET ${sets}` +
          ` WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'`;
      }
    }
    return `INSERT INTO ${target}${columnList} ${source}${conflict} ${returning}`;
  }, options);
}

export interface UpdateOptions extends WriteOptions {
  body: WriteBody;
  /** Columns the body leaves out that take their default (`Prefer: missing=default`). */
  defaultColumns: ColumnInfo[];
  where: (alias: string, params: SqlParams) => string[];
}

/** PATCH: update the filtered rows with the body's values. */
export function updateStatement(options: UpdateOptions): Statement {
  return writeStatement((params, returning) => {
    const alias = 'pgrst_target';
    const target = `${qualified(options.table.name)} AS ${ident(alias)}`;
    const where = options.where(alias, params);
    const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const present = options.body.columns.filter((c) => !options.defaultColumns.includes(c));
    if (present.length === 0 && options.defaultColumns.length === 0) {
      // Nothing to set: answer as if no row matched, as PostgREST does for an empty body.
      return `${returning.replace(/^RETURNING /, 'SELECT ')} FROM ${target} WHERE false`;
    }
    const sets = [
      ...present.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`),
      ...options.defaultColumns.map((c) => `${ident(c.name)} = DEFAULT`),
    ].join(', ');
    const body = present.length
      ? ` FROM (SELECT * FROM ${bodyRecordset({ ...options.body, columns: present, applyDefaults: false }, params)} LIMIT 1) AS pgrst_body`
      : '';
    return `UPDATE ${target} SET ${sets}${body}${whereSql} ${returning}`;
  }, options);
}

export interface DeleteOptions extends WriteOptions {
  where: (alias: string, params: SqlParams) => string[];
}

/** DELETE: remove the filtered rows. */
export function deleteStatement(options: DeleteOptions): Statement {
  return writeStatement((params, returning) => {
    const alias = 'pgrst_target';
    const where = options.where(alias, params);
    const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    return `DELETE FROM ${qualified(options.table.name)} AS ${ident(alias)}${whereSql} ${returning}`;
  }, options);
}

export interface CallOptions {
  routine: RoutineInfo;
  /** Arguments as a JSON object (named) or the whole body for a single json parameter. */
  args:
    | { kind: 'named'; json: string; params: RoutineParam[] }
    | { kind: 'single'; json: string; param: RoutineParam }
    | { kind: 'none' };
  /** The read over the function's rows (composite results only). */
  read: ReadNode | null;
  media: Media;
  withCount: boolean;
}

/** POST/GET /rpc/fn: call the function, then read its rows like a table. */
export function callStatement(options: CallOptions): Statement {
  const params = new SqlParams();
  const { routine, args } = options;
  const fn = qualified(routine.name);
  let from = '';
  let call: string;
  if (args.kind === 'named') {
    const definitions = args.params.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
    from = ` FROM json_to_record(${params.add(args.json)}::json) AS pgrst_body(${definitions})`;
    const list = args.params
      .map((p) => `${p.variadic ? 'VARIADIC ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`)
      .join(', ');
    call = `${fn}(${list})`;
  } else if (args.kind === 'single') {
    call = `${fn}(${params.add(args.json)}::${args.param.type})`;
  } else {
    call = `${fn}()`;
  }
  const scalar = routine.returns.kind === 'scalar' || routine.returns.kind === 'void';
  let source: string;
  if (scalar) source = `SELECT ${call} AS pgrst_scalar${from}`;
  else
    source = from
      ? `SELECT pgrst_call.*${from}, LATERAL ${call} AS pgrst_call`
      : `SELECT pgrst_call.* FROM ${call} AS pgrst_call`;

  let shape: BodyShape;
  if (routine.returns.kind === 'void') shape = 'none';
  else if (scalar) shape = routine.returnsSet ? 'setof-scalar' : 'scalar';
  else shape = routine.returnsSet ? 'rows' : 'single-row';
  let result = 'SELECT * FROM pgrst_source';
  let total: string | null = options.withCount ? 'SELECT 1 FROM pgrst_source' : null;
  if (!scalar && options.read) {
    result = nodeSelectSql(options.read, cteSource(options.read), [], params);
    if (options.withCount) total = countSql(options.read, cteSource(options.read), params);
  }
  return {
    sql: `WITH pgrst_source AS (${source}), pgrst_result AS (${result}) ${outerSelect(options.media, shape, total)}`,
    params: params.values,
  };
}
