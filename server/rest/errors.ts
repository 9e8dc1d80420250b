/**
 * Errors of the table API in PostgREST's shape (`{ code, details, hint, message }`) with PostgREST's
 * HTTP status for each. supabase-js hands these bodies to the app unchanged, so codes and texts must
 * match what a hosted project answers (PostgREST 12, with 13's PGRST205 for unknown tables).
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface ErrorBody {
  code: string;
  details: JsonValue;
  hint: JsonValue;
  message: string;
}

export class RestError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;
  /** Set when the error may be cured by reloading the schema cache (an unknown table, column, ...). */
  readonly cacheMiss: boolean;

  constructor(
    status: number,
    body: ErrorBody,
    options: { headers?: Record<string, string>; cacheMiss?: boolean } = {},
  ) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = options.headers ?? {};
    this.cacheMiss = options.cacheMiss ?? false;
  }
}

function pgrst(
  status: number,
  code: string,
  message: string,
  details: JsonValue = null,
  hint: JsonValue = null,
  cacheMiss = false,
): RestError {
  return new RestError(status, { code, details, hint, message }, { cacheMiss });
}

/** PGRST100: a query parameter that does not parse. */
export function parseError(message: string, details: string): RestError {
  return pgrst(400, 'PGRST100', message, details);
}

/** PGRST100 for limits that protect the server (no PostgREST equivalent; same family of error). */
export function tooComplex(message: string, details: string): RestError {
  return pgrst(400, 'PGRST100', message, details, 'Simplify the request or split it into several requests.');
}

export function invalidRpcMethod(method: string): RestError {
  return pgrst(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
}

export function invalidBody(message: string): RestError {
  return pgrst(400, 'PGRST102', message);
}

export function invalidRange(details: string): RestError {
  return pgrst(416, 'PGRST103', 'Requested range not satisfiable', details);
}

export function unacceptableSchema(schemas: string[]): RestError {
  return pgrst(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`);
}

export function mediaTypeError(types: string[]): RestError {
  return pgrst(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}

export function notEmbedded(resource: string): RestError {
  return pgrst(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );
}

export function singularityError(rows: number): RestError {
  return pgrst(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );
}

export function unsupportedMethod(method: string): RestError {
  return pgrst(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

export function relatedOrderNotToOne(origin: string, target: string): RestError {
  return pgrst(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );
}

export function spreadNotToOne(origin: string, target: string): RestError {
  return pgrst(
    400,
    'PGRST119',
    `A spread operation on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );
}

export function unacceptableFilter(target: string): RestError {
  return pgrst(
    400,
    'PGRST120',
    `Bad operator on the '${target}' embedded resource`,
    'Only is null or not is null filters are allowed on embedded resources',
  );
}

export function invalidPreferences(prefs: string[]): RestError {
  return pgrst(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${prefs.join(', ')}`,
  );
}

export function aggregatesNotAllowed(): RestError {
  return pgrst(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}

export function maxAffectedViolation(rows: number): RestError {
  return pgrst(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  );
}

export function invalidResourcePath(): RestError {
  return pgrst(404, 'PGRST125', 'Invalid path specified in request URL');
}

export function openApiDisabled(): RestError {
  return pgrst(404, 'PGRST126', 'Root endpoint metadata is disabled');
}

export function notImplemented(details: string): RestError {
  return pgrst(400, 'PGRST127', 'Feature not implemented', details);
}

export function noRelationship(
  parent: string,
  child: string,
  hint: string | undefined,
  suggestion: string | null,
): RestError {
  return pgrst(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${child}'${hint ? `' using the hint '${hint}` : ''}' in the schema 'public', but no matches were found.`,
    suggestion,
    true,
  );
}

export function ambiguousRelationship(
  parent: string,
  child: string,
  details: JsonValue[],
  options: string[],
): RestError {
  return pgrst(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
    details,
    `Try changing '${child}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

export function noFunction(
  name: string,
  keys: string[],
  isPost: boolean,
  singleObject: boolean,
  suggestion: string | null,
): RestError {
  const sorted = [...keys].sort();
  const func = `public.${name}`;
  const withParams = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
  const paramsDetail =
    sorted.length === 0 ? ' without parameters' : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  const details = singleObject
    ? `Searched for the function ${func} with a single json/jsonb parameter, but no matches were found in the schema cache.`
    : `Searched for the function ${func}${paramsDetail}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;
  return pgrst(
    404,
    'PGRST202',
    `Could not find the function ${func}${singleObject ? '' : withParams} in the schema cache`,
    details,
    singleObject ? null : suggestion,
    true,
  );
}

export function ambiguousFunction(signatures: string[]): RestError {
  return pgrst(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${signatures.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

export function columnNotFound(relation: string, column: string): RestError {
  return pgrst(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
    null,
    null,
    true,
  );
}

export function tableNotFound(name: string, suggestion: string | null): RestError {
  return pgrst(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table 'public.${suggestion}'` : null,
    true,
  );
}

/**
 * An unknown column in select, filters or order. PostgREST lets Postgres reject it; we never send an
 * identifier that is not in the schema cache, so we answer with the error Postgres would have given.
 */
export function undefinedColumn(relation: string, column: string): RestError {
  return new RestError(
    400,
    { code: '42703', details: null, hint: null, message: `column ${relation}.${column} does not exist` },
    { cacheMiss: true },
  );
}

/** The HTTP status PostgREST gives a Postgres error (PostgREST 12's `pgErrorStatus`). */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === 'P0001') return 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const prefixes: [string, number][] = [
    ['08', 503],
    ['09', 500],
    ['0L', 403],
    ['0P', 403],
    ['25', 500],
    ['28', 403],
    ['2D', 500],
    ['38', 500],
    ['39', 500],
    ['3B', 500],
    ['40', 500],
    ['53', 503],
    ['54', 500],
    ['55', 500],
    ['57', 500],
    ['58', 500],
    ['F0', 500],
    ['HV', 500],
    ['P0', 500],
    ['XX', 500],
  ];
  for (const [prefix, status] of prefixes) if (code.startsWith(prefix)) return status;
  return 400;
}

interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string | null;
  hint?: string | null;
}

/** True for errors raised by Postgres itself (both adapters attach the SQLSTATE as `code`). */
export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** Turns a Postgres error into PostgREST's answer: SQLSTATE as code, message/detail/hint passed on. */
export function fromDatabaseError(error: DatabaseErrorLike, authenticated: boolean): RestError {
  const status = statusForSqlState(error.code, error.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(
    status,
    { code: error.code, details: error.detail || null, hint: error.hint || null, message: error.message },
    { headers },
  );
}
