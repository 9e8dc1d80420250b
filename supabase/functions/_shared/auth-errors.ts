/**
 * Passing the auth service's refusals on to the caller. Its 4xx answers about the request (invalid
 * e-mail, weak password, already registered, rate limit) carry messages written for people, so the
 * function answers with the same status and text; anything else (a refused service key, a 5xx) is
 * the server's fault and ends as the function's generic failure.
 */
import type { AuthError } from '@supabase/supabase-js';
import { FunctionError } from './http.ts';

const CALLER_STATUSES = new Set([400, 404, 409, 422, 429]);

export function authServiceFailure(error: AuthError, action: string): Error {
  const status = error.status ?? 0;
  if (CALLER_STATUSES.has(status)) return new FunctionError(status, error.message);
  return new Error(`${action}: the auth service answered ${status}: ${error.message}`);
}
