/**
 * Errors of the auth service in GoTrue's wire format. GoTrue picks the shape from the request's
 * `X-Supabase-Api-Version` header: from 2024-01-01 on (auth-js always sends it) the body is
 * `{ code: "<error_code>", message }` and the header is echoed back; without it, the legacy
 * `{ code: <status>, error_code, msg }`. Both carry `x-sb-error-code`. auth-js reads either shape,
 * so supabase-js surfaces `error.status`, `error.code` and `error.message` the same way as hosted.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = Date.UTC(2024, 0, 1);

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Extra body fields, e.g. `weak_password: { reasons }`. */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers, e.g. `Retry-After`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** The API version a request asked for, as GoTrue determines it (null: the initial version). */
function requestedApiVersion(c: Context): string | null {
  const value = c.req.header(API_VERSION_HEADER);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && time >= API_VERSION_2024 ? '2024-01-01' : null;
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  const version = requestedApiVersion(c);
  const headers: Record<string, string> = { ...error.headers, 'x-sb-error-code': error.code };
  if (version) {
    headers[API_VERSION_HEADER] = version;
    return c.json({ code: error.code, message: error.message, ...error.extra }, error.status, headers);
  }
  return c.json(
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    error.status,
    headers,
  );
}

// The errors several endpoints share, with GoTrue's codes and texts.

export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);

export const badJson = (detail: string) =>
  new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`);

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');

/** GoTrue's 429; `Retry-After` tells the client how long to wait (whole seconds, at least 1). */
export const rateLimited = (retryAfterSeconds: number) =>
  new AuthError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

export const unexpectedFailure = () =>
  new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
