/**
 * Which failures of the table API are worth retrying and which are the server's final word.
 *
 * Retried (thrown, so RxDB retries with its back-off and again when the browser comes online): no
 * answer at all (offline, connection dropped), 408/425/429, every 5xx, PostgREST's own connection
 * errors (PGRST000-003), and an expired or missing session (the admin's edits must not be thrown away
 * because a token ran out while offline; supabase-js refreshes it).
 *
 * Refused for good: every other 4xx and Postgres error, such as 42501 (row security: an admin demoted
 * while offline), 23514 (a check), 23503 (a deleted parent, a sponsor still in use), 23505 (a taken
 * slug), 22P02 (bad input). Those are recorded with the local data and the local document goes back
 * to the server's version. The one exception is a parent that is not there yet (see missingParent):
 * push.ts waits for it.
 */

/** What supabase-js reports for a failed table request. */
export interface ApiFailure {
  status: number;
  code?: string | null;
  message: string;
  details?: string | null;
  hint?: string | null;
}

export type FailureKind = 'network' | 'server' | 'auth' | 'refused';

/** A failed request the engine will retry; its name tells the status which kind it was. */
export class SyncRequestError extends Error {
  readonly kind: FailureKind;
  readonly status: number;
  readonly code: string | null;

  constructor(kind: FailureKind, failure: ApiFailure, context: string) {
    super(`${context}: ${failure.message}${failure.details ? ` (${failure.details})` : ''}`);
    this.name = `Sync${kind[0]!.toUpperCase()}${kind.slice(1)}Error`;
    this.kind = kind;
    this.status = failure.status;
    this.code = failure.code ?? null;
  }
}

const RETRIED_STATUSES = new Set([0, 408, 425, 429]);
const CONNECTION_CODES = new Set(['PGRST000', 'PGRST001', 'PGRST002', 'PGRST003']);
const SESSION_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303']);

/** Sorts a failed request into the kinds above. */
export function classifyFailure(failure: ApiFailure): FailureKind {
  const code = failure.code ?? '';
  if (RETRIED_STATUSES.has(failure.status) || failure.status >= 500 || CONNECTION_CODES.has(code)) {
    return failure.status === 0 || CONNECTION_CODES.has(code) ? 'network' : 'server';
  }
  if (failure.status === 401 || SESSION_CODES.has(code) || /jwt/i.test(failure.message)) return 'auth';
  return 'refused';
}

/**
 * A write of `row` to `table` refused because a row it points at is not on the server (23503): that
 * row's table and id. Postgres names the constraint (`<table>_<column>_fkey`, as the migrations leave
 * it) in the message and the other table in the details, without the key's value when the table has
 * row security (`Key is not present in table "events".`): the value is the row's own. Null for any
 * other failure, a delete refused because something still uses the row among them.
 */
export function missingParent(
  failure: ApiFailure,
  table: string,
  row: Record<string, unknown>,
): { table: string; id: string } | null {
  if (failure.code !== '23503') return null;
  const parentTable = /is not present in table "([^"]+)"/.exec(failure.details ?? '')?.[1];
  const constraint = /foreign key constraint "([^"]+)"/.exec(failure.message)?.[1];
  const column = constraint?.startsWith(`${table}_`) ? constraint.slice(table.length + 1, -'_fkey'.length) : null;
  const id = column && constraint?.endsWith('_fkey') ? row[column] : null;
  return parentTable && typeof id === 'string' ? { table: parentTable, id } : null;
}

/**
 * A write held back because the row it points at is still on its way to the server (a session of an
 * event made offline, whose own table pushed first). Thrown, so RxDB sends it again after its retry
 * time; not a problem to show, as the write is still counted as pending.
 */
export class ParentNotYetPushed extends Error {
  constructor(table: string, parent: { table: string; id: string }) {
    super(`A ${table} row waits for its ${parent.table} row ${parent.id} to reach the server`);
    this.name = 'ParentNotYetPushed';
  }
}

/** supabase-js's `{ error, status }` as an ApiFailure. */
export function failureOf(
  error: { message: string; code?: string | null; details?: string | null; hint?: string | null },
  status: number,
): ApiFailure {
  return { status, code: error.code ?? null, message: error.message, details: error.details, hint: error.hint };
}

/** True when an error (or one it wraps, as RxDB's errors do) is IndexedDB's QuotaExceededError. */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { name, message, inner, cause, parameters } = error as Record<string, unknown>;
  if (name === 'QuotaExceededError' || (typeof message === 'string' && /quota ?exceeded/i.test(message))) return true;
  const nested = [
    inner,
    cause,
    ...(Array.isArray((parameters as { errors?: unknown })?.errors)
      ? (parameters as { errors: unknown[] }).errors
      : []),
    (parameters as { writeError?: unknown })?.writeError,
  ];
  return nested.some((candidate) => isQuotaError(candidate, depth + 1));
}
