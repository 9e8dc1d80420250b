/**
 * GET and HEAD on a table or view: select with embeds, filters, order, ranges, counts, and the
 * response PostgREST gives (200/206/416, Content-Range, a single object or CSV when asked).
 */
import type { Context } from 'hono';
import type { RequestContext } from '../db/database.ts';
import { singularityError } from './errors.ts';
import { lookupTable, planRead } from './plan.ts';
import { parseQuery } from './query-params.ts';
import { applyRange, respond, rootRange, searchParams, type RestContext } from './request-context.ts';
import {
  checkProfile,
  negotiateMedia,
  parsePreferences,
  parseRangeHeader,
  preferenceApplied,
} from './request-headers.ts';
import { rangeStatus } from './respond.ts';
import { readStatement } from './statements.ts';

export async function readTable(
  rest: RestContext,
  c: Context,
  caller: RequestContext,
  name: string,
): Promise<Response> {
  const head = c.req.method === 'HEAD';
  const profiled = checkProfile(c.req.header('accept-profile'));
  const prefs = parsePreferences(c.req.header('prefer'));
  const media = negotiateMedia(c.req.header('accept'));
  const query = parseQuery(searchParams(c), false);
  // As PostgREST (after RFC 9110), the Range header counts for GET only.
  const header = c.req.method === 'GET' ? parseRangeHeader(c.req.header('range')) : null;
  const { cache, root } = await rest.withSchema((cache) => ({
    cache,
    root: planRead(cache, lookupTable(cache, name), query, { rootEmbedFilters: true, rootRange: true }),
  }));
  const range = rootRange(query, header, rest.maxRows);
  applyRange(root, range);
  const result = await rest.execute(caller, cache, readStatement(root, media, prefs.count !== undefined, head));
  if (media.kind === 'object' && result.pageTotal !== 1) throw singularityError(result.pageTotal);
  const { status, range: contentRange } = rangeStatus(range.offset, result.pageTotal, result.total);
  const location = `/${name}${query.canonical ? `?${query.canonical}` : ''}`;
  return respond(status, head ? null : result.body, {
    'Content-Type': media.contentType,
    'Content-Range': contentRange,
    // Optional in PostgREST's answer; left out when long, so a long query cannot overflow headers.
    'Content-Location': location.length <= 2048 ? location : null,
    'Content-Profile': profiled ? 'public' : null,
    'Preference-Applied': preferenceApplied(prefs, {}),
  });
}
