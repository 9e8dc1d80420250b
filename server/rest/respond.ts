/**
 * The HTTP side of PostgREST's answers: `Content-Range` and the 200/206/416 decision for reads, and
 * error responses in PostgREST's JSON shape. A fault of ours becomes a bare 500 (logged, no stack).
 */
import { logError } from '../log.ts';
import { RestError, fromDatabaseError, invalidRange, isDatabaseError } from './errors.ts';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** PostgREST's `contentRangeH`: `lower-upper/total`, `*` where unknown or empty. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

/**
 * Status and Content-Range of a read: 200, or 206 when the rows are a strict part of a known total,
 * or 416 when the offset lies past the total.
 */
export function rangeStatus(offset: number, rows: number, total: number | null): { status: number; range: string } {
  const upper = offset + rows - 1;
  const range = contentRange(offset, upper, total);
  if (total === null) return { status: 200, range };
  if (offset > total) {
    throw invalidRange(`An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  return { status: 1 + upper - offset < total ? 206 : 200, range };
}

export function errorResponse(error: unknown, authenticated: boolean): Response {
  let rest: RestError;
  if (error instanceof RestError) rest = error;
  else if (isDatabaseError(error)) rest = fromDatabaseError(error, authenticated);
  else {
    logError(`rest: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    rest = new RestError(500, { code: 'PGRSTX00', details: null, hint: null, message: 'Internal server error' });
  }
  return new Response(JSON.stringify(rest.body), {
    status: rest.status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, ...rest.headers },
  });
}
