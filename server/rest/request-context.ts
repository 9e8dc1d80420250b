/**
 * What the table API's handlers share: planning against the schema cache (with one reload when a
 * request names something unknown), running a statement in one transaction as the caller, the root
 * range (limit/offset, Range header, max rows) and building responses.
 */
import type { Context } from 'hono';
import type { Queryable, RequestContext } from '../db/database.ts';
import { logError } from '../log.ts';
import type { BackendServices } from '../services.ts';
import { RestError, invalidBody, invalidRange } from './errors.ts';
import { LIMITS } from './limits.ts';
import type { ReadNode } from './plan.ts';
import type { ParsedQuery } from './query-params.ts';
import { schemaCacheFor, type SchemaCache } from './schema-cache.ts';
import type { Statement } from './statements.ts';

export interface StatementResult {
  total: number | null;
  pageTotal: number;
  body: string;
  /** Rows an upsert inserted (not updated), when it counted them. */
  inserted: number | null;
}

interface ResultRow {
  total: string | null;
  page_total: string;
  body: string | null;
}

export interface RootRange {
  offset: number;
  limit?: number;
}

export interface ExecuteOptions {
  /** Read how many rows an upsert inserted (PostgREST's pgrst.inserted). */
  countInserted?: boolean;
  /** Runs inside the transaction; throwing rolls the statement back. */
  check?: (result: StatementResult) => void;
}

export interface RestContext {
  /** Plans against the schema cache, reloading it once if the plan names something unknown. */
  withSchema<T>(build: (cache: SchemaCache) => T): Promise<T>;
  /** Runs one statement in one transaction under the caller's role and claims. */
  execute(
    caller: RequestContext,
    cache: SchemaCache,
    statement: Statement,
    options?: ExecuteOptions,
  ): Promise<StatementResult>;
  maxRows: number;
}

export function createRestContext(services: BackendServices): RestContext {
  const schema = schemaCacheFor(services.db);
  // Read the schema now rather than on the first request; a failure here is retried on first use.
  schema.get().catch((error: unknown) => logError(`rest: schema cache load failed: ${String(error)}`));

  return {
    maxRows: services.config.restMaxRows ?? LIMITS.defaultMaxRows,

    async withSchema(build) {
      const cache = await schema.get();
      try {
        return build(cache);
      } catch (error) {
        const reloaded = error instanceof RestError && error.cacheMiss ? await schema.reloadOnMiss() : null;
        if (!reloaded) throw error;
        return build(reloaded);
      }
    },

    execute(caller, cache, statement, options = {}) {
      return services.db.transaction(caller, async (tx: Queryable) => {
        const timeout = cache.roleTimeouts.get(caller.role);
        if (timeout) await tx.query(`select set_config('statement_timeout', $1, true)`, [timeout]);
        const { rows } = await tx.query<ResultRow>(statement.sql, statement.params);
        const row = rows[0];
        const result: StatementResult = {
          total: row?.total === null || row?.total === undefined ? null : Number(row.total),
          pageTotal: Number(row?.page_total ?? 0),
          body: row?.body ?? '',
          inserted: null,
        };
        if (options.countInserted) {
          const inserted = await tx.query<{ inserted: string | null }>(
            `select nullif(current_setting('pgrst.inserted', true), '') as inserted`,
          );
          result.inserted = Number(inserted.rows[0]?.inserted ?? 0);
        }
        options.check?.(result);
        return result;
      });
    },
  };
}

export function searchParams(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/** Refuses a request body that is not JSON (PostgREST's PGRST102 "Content-Type not acceptable"). */
export function requireJsonBody(c: Context): void {
  const contentType = (c.req.header('content-type') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') throw invalidBody(`Content-Type not acceptable: ${contentType}`);
}

/**
 * The rows the root may return: `limit`/`offset` intersected with a GET `Range` header, then capped
 * at the configured maximum (PostgREST's db-max-rows).
 */
export function rootRange(query: ParsedQuery, header: RootRange | null, maxRows: number): RootRange {
  const asked = query.ranges.get('') ?? {};
  if (asked.limit !== undefined && asked.limit < 0) {
    throw invalidRange('Limit should be greater than or equal to zero.');
  }
  if (asked.limit === 0) return { offset: 0, limit: 0 };
  let lower = asked.offset ?? 0;
  let upper = asked.limit !== undefined ? lower + asked.limit - 1 : Number.POSITIVE_INFINITY;
  if (header) {
    lower = Math.max(lower, header.offset);
    if (header.limit !== undefined) upper = Math.min(upper, header.offset + header.limit - 1);
  }
  if (upper < lower) throw invalidRange('Limit should be greater than or equal to zero.');
  upper = Math.min(upper, lower + maxRows - 1);
  return { offset: lower, limit: upper - lower + 1 };
}

export function applyRange(root: ReadNode, range: RootRange): void {
  if (range.limit !== undefined) root.limit = range.limit;
  if (range.offset > 0) root.offset = range.offset;
}

/** A response with the headers that have a value. */
export function respond(
  status: number,
  body: string | null,
  headers: Record<string, string | null | undefined>,
): Response {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== null && value !== undefined) clean[name] = value;
  return new Response(body, { status, headers: clean });
}
