/**
 * POST (insert, upsert), PATCH (update) and DELETE on a table or view. The filters pick the rows;
 * `Prefer: return=...` decides whether the written rows come back (shaped by `select=`, embeds
 * included), only their location, or nothing. A singular or max-affected check that fails rolls
 * the write back.
 */
import type { Context } from 'hono';
import type { RequestContext } from '../db/database.ts';
import { conditionSql, type SqlParams } from './build-sql.ts';
import { columnNotFound, maxAffectedViolation, singularityError } from './errors.ts';
import { decodeBody, parsePayload } from './payload.ts';
import { columnsNeededFromRoot, lookupTable, planRead, type PlannedItem, type ReadNode } from './plan.ts';
import { parseQuery } from './query-params.ts';
import { requireJsonBody, respond, searchParams, type RestContext, type StatementResult } from './request-context.ts';
import {
  checkProfile,
  negotiateMedia,
  parsePreferences,
  preferenceApplied,
  type Media,
  type Preferences,
} from './request-headers.ts';
import { contentRange } from './respond.ts';
import type { ColumnInfo, TableInfo } from './schema-cache.ts';
import { deleteStatement, insertStatement, updateStatement, type Statement } from './statements.ts';

/** Columns a write names: `columns=` when given, else the body's keys; each must exist (PGRST204). */
function writeColumns(table: TableInfo, names: string[]): ColumnInfo[] {
  return names.map((name) => {
    const column = table.columns.get(name);
    if (!column) throw columnNotFound(table.name, name);
    return column;
  });
}

/** A read node returning only the primary key, for `Prefer: return=headers-only` (the Location). */
function keyOnlyNode(table: TableInfo): ReadNode {
  const items: PlannedItem[] = table.primaryKey.map((name) => ({
    kind: 'field',
    column: table.columns.get(name)!,
    jsonPath: [],
    outputName: name,
  }));
  return { relation: table, alias: 't0', items, conditions: [], order: [], embeds: [] };
}

/** The read that shapes a write's response, per `Prefer: return=...`. */
function responseRead(
  table: TableInfo,
  root: ReadNode,
  prefs: Preferences,
): { read: ReadNode | null; returning: string[] | '*' } {
  if (prefs.return === 'representation') {
    return { read: { ...root, conditions: [] }, returning: columnsNeededFromRoot(root) };
  }
  if (prefs.return === 'headers-only' && table.primaryKey.length) {
    return { read: keyOnlyNode(table), returning: table.primaryKey };
  }
  return { read: null, returning: [] };
}

/** `Location: /table?id=eq.5` for a single inserted row of a table with a primary key. */
function locationHeader(table: TableInfo, result: StatementResult): string | null {
  if (result.pageTotal !== 1 || table.primaryKey.length === 0) return null;
  const parsed = JSON.parse(result.body) as Record<string, unknown>[] | Record<string, unknown>;
  const row = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!row) return null;
  const query = table.primaryKey
    .map((key) => {
      const value = row[key];
      const filter =
        value === null || value === undefined
          ? 'is.null'
          : `eq.${typeof value === 'string' ? value : JSON.stringify(value)}`;
      return `${encodeURIComponent(key)}=${encodeURIComponent(filter)}`;
    })
    .join('&');
  return `/${table.name}?${query}`;
}

function writeChecks(media: Media, maxAffected: number | null): (result: StatementResult) => void {
  return (result) => {
    if (media.kind === 'object' && result.pageTotal !== 1) throw singularityError(result.pageTotal);
    if (maxAffected !== null && result.pageTotal > maxAffected) throw maxAffectedViolation(result.pageTotal);
  };
}

export async function writeTable(
  rest: RestContext,
  c: Context,
  caller: RequestContext,
  name: string,
): Promise<Response> {
  const method = c.req.method;
  const profiled = checkProfile(c.req.header('content-profile'));
  const prefs = parsePreferences(c.req.header('prefer'));
  const media = negotiateMedia(c.req.header('accept'));
  const query = parseQuery(searchParams(c), false);
  if (method !== 'DELETE') requireJsonBody(c);
  const payload =
    method === 'DELETE' ? null : parsePayload(decodeBody(await c.req.arrayBuffer()), query.columns !== undefined);

  const { cache, table, root, columns, conflict } = await rest.withSchema((cache) => {
    const table = lookupTable(cache, name);
    const root = planRead(cache, table, query, { rootEmbedFilters: false, rootRange: false });
    const columns = payload ? writeColumns(table, query.columns ?? payload.keys) : [];
    let conflict: string[] | undefined;
    if (method === 'POST' && prefs.resolution) {
      conflict = query.onConflict ? writeColumns(table, query.onConflict).map((col) => col.name) : table.primaryKey;
    }
    return { cache, table, root, columns, conflict };
  });
  const { read, returning } = responseRead(table, root, prefs);
  const representation = prefs.return === 'representation';
  const profileHeader = profiled ? 'public' : null;

  if (method === 'POST') {
    const upsert =
      conflict && conflict.length
        ? ({ columns: conflict, action: prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore' } as const)
        : undefined;
    const statement = insertStatement({
      table,
      read,
      returning,
      media,
      body: { json: payload!.json, columns, applyDefaults: prefs.missing === 'default' },
      ...(upsert ? { upsert } : {}),
    });
    const result = await rest.execute(caller, cache, statement, {
      countInserted: upsert?.action === 'merge',
      check: writeChecks(media, null),
    });
    // An upsert that only updated rows answers 200, as PostgREST does.
    const status = upsert?.action === 'merge' && (result.inserted ?? 0) <= 0 ? 200 : 201;
    return respond(status, representation ? result.body : null, {
      'Content-Type': representation ? media.contentType : null,
      Location: prefs.return === 'headers-only' ? locationHeader(table, result) : null,
      'Content-Range': contentRange(1, 0, prefs.count ? result.pageTotal : null),
      'Content-Profile': profileHeader,
      'Preference-Applied': preferenceApplied(prefs, { resolution: Boolean(upsert), return: true, missing: true }),
    });
  }

  const where = (alias: string, params: SqlParams) => root.conditions.map((cond) => conditionSql(alias, cond, params));
  let statement: Statement;
  if (method === 'PATCH') {
    const present = new Set(payload!.rows[0] ? Object.keys(payload!.rows[0]) : []);
    const defaultColumns = prefs.missing === 'default' ? columns.filter((col) => !present.has(col.name)) : [];
    statement = updateStatement({
      table,
      read,
      returning,
      media,
      where,
      body: { json: payload!.json, columns, applyDefaults: false },
      defaultColumns,
    });
  } else {
    statement = deleteStatement({ table, read, returning, media, where });
  }
  const strictMax = prefs.handling === 'strict' && prefs.maxAffected !== undefined ? prefs.maxAffected : null;
  const result = await rest.execute(caller, cache, statement, { check: writeChecks(media, strictMax) });
  const count = prefs.count ? result.pageTotal : null;
  return respond(representation ? 200 : 204, representation ? result.body : null, {
    'Content-Type': representation ? media.contentType : null,
    'Content-Range': method === 'PATCH' ? contentRange(0, result.pageTotal - 1, count) : contentRange(1, 0, count),
    'Content-Profile': profileHeader,
    'Preference-Applied': preferenceApplied(prefs, { return: true, missing: method === 'PATCH', maxAffected: true }),
  });
}
