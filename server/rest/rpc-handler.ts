/**
 * POST/GET/HEAD /rpc/{fn}: finds the function by name and argument names, calls it with the JSON
 * body (or the query's arguments), and reads its result like a table: scalars as JSON values,
 * composites as objects, sets as arrays that take select, filters, order and limits. GET calls and
 * functions declared stable or immutable run in a read-only transaction.
 */
import type { Context } from 'hono';
import type { RequestContext } from '../db/database.ts';
import { singularityError } from './errors.ts';
import { decodeBody, parseJsonBody } from './payload.ts';
import { lookupTable, planRead } from './plan.ts';
import { parseQuery } from './query-params.ts';
import { applyRange, requireJsonBody, respond, rootRange, searchParams, type RestContext } from './request-context.ts';
import {
  checkProfile,
  negotiateMedia,
  parsePreferences,
  parseRangeHeader,
  preferenceApplied,
} from './request-headers.ts';
import { rangeStatus } from './respond.ts';
import { findRoutine } from './routines.ts';
import type { ReturnShape, SchemaCache, TableInfo } from './schema-cache.ts';
import { callStatement } from './statements.ts';

/** The arguments of a GET call: every parameter that is not a filter; a repeated name is an array. */
function queryArguments(args: [string, string][]): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of args) {
    const existing = result[key];
    result[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}

/** What a function's rows look like to select and filters: its table, its OUT columns, or nothing. */
function resultRelation(cache: SchemaCache, name: string, returns: ReturnShape): TableInfo {
  if (returns.kind === 'relation') return lookupTable(cache, returns.table);
  if (returns.kind === 'composite') return returns.columns;
  return { oid: 0, name, kind: 'composite', columns: new Map(), columnList: [], primaryKey: [], uniqueKeys: [] };
}

export async function callRoutine(
  rest: RestContext,
  c: Context,
  caller: RequestContext,
  name: string,
): Promise<Response> {
  const method = c.req.method;
  const isRead = method === 'GET' || method === 'HEAD';
  const profiled = checkProfile(c.req.header(isRead ? 'accept-profile' : 'content-profile'));
  const prefs = parsePreferences(c.req.header('prefer'));
  const media = negotiateMedia(c.req.header('accept'));
  const query = parseQuery(searchParams(c), isRead);

  let bodyText = '{}';
  let keys: Set<string>;
  if (isRead) {
    const args = queryArguments(query.rpcArgs);
    bodyText = JSON.stringify(args);
    keys = new Set(Object.keys(args));
  } else {
    requireJsonBody(c);
    const text = decodeBody(await c.req.arrayBuffer());
    if (text.trim() !== '') bodyText = text;
    const body = parseJsonBody(bodyText);
    keys = new Set(typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : []);
  }

  const { cache, routine, wholeBody, read, scalar } = await rest.withSchema((cache) => {
    const { routine, wholeBody } = findRoutine(cache, name, keys, {
      isPost: !isRead,
      singleObject: prefs.params === 'single-object',
    });
    const scalar = routine.returns.kind === 'scalar' || routine.returns.kind === 'void';
    const relation = resultRelation(cache, name, routine.returns);
    const read = planRead(cache, relation, scalar ? { ...query, select: [] } : query, {
      rootEmbedFilters: true,
      rootRange: true,
    });
    return { cache, routine, wholeBody, read, scalar };
  });
  // As PostgREST: a function that promises not to write runs read-only even when POSTed.
  const context: RequestContext = routine.volatility === 'volatile' ? caller : { ...caller, readOnly: true };

  const header = method === 'GET' ? parseRangeHeader(c.req.header('range')) : null;
  const range = rootRange(query, header, rest.maxRows);
  if (!scalar) applyRange(read, range);

  const used = routine.params.filter((p) => keys.has(p.name));
  const args = wholeBody
    ? ({ kind: 'single', json: bodyText, param: routine.params[0]! } as const)
    : used.length
      ? ({ kind: 'named', json: bodyText, params: used } as const)
      : ({ kind: 'none' } as const);
  const statement = callStatement({
    routine,
    args,
    read: scalar ? null : read,
    media,
    withCount: prefs.count !== undefined,
  });
  const result = await rest.execute(context, cache, statement, {
    check: (r) => {
      if (media.kind === 'object' && r.pageTotal !== 1) throw singularityError(r.pageTotal);
    },
  });
  const applied = preferenceApplied(prefs, { params: wholeBody && prefs.params === 'single-object' });
  if (routine.returns.kind === 'void') {
    return respond(204, null, { 'Content-Profile': profiled ? 'public' : null, 'Preference-Applied': applied });
  }
  const { status, range: contentRange } = rangeStatus(scalar ? 0 : range.offset, result.pageTotal, result.total);
  return respond(status, method === 'HEAD' ? null : result.body, {
    'Content-Type': media.contentType,
    'Content-Range': contentRange,
    'Content-Profile': profiled ? 'public' : null,
    'Preference-Applied': applied,
  });
}
