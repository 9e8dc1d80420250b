/**
 * The database port of the local backend. Two adapters implement it: PGlite (embedded, default) and
 * PostgreSQL (when DATABASE_URL is set). Everything above this file speaks SQL through `Queryable`
 * and never knows which one it runs on.
 *
 * Each API request runs in one transaction under the role taken from its JWT, with the claims in
 * `request.jwt.claims`, exactly as PostgREST does, so row-level security decides what it may see.
 */

export interface QueryResult<R> {
  rows: R[];
  /** Rows touched by INSERT/UPDATE/DELETE (without RETURNING too). */
  affectedRows: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** Database roles a request may run as; anything else in a JWT is refused before it gets here. */
export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface RequestContext {
  role: ApiRole;
  /** Verified JWT claims (for anon: the anon key's claims). */
  claims: Record<string, unknown>;
  readOnly: boolean;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction. With a context, the transaction runs as that role with its
   * claims set locally; without one, as the owner (for bootstrap, migrations, auth internals).
   * Commits when `work` resolves, rolls back when it throws.
   */
  transaction<T>(context: RequestContext | null, work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement SQL script as the owner (migrations, seed). */
  exec(sql: string): Promise<void>;
  /**
   * Calls `onPayload` with the payload of every NOTIFY on `channel` (a lower-case SQL identifier),
   * delivered after the sending transaction commits, in commit order. On PostgreSQL a dedicated
   * connection listens and reconnects by itself; notifications sent while it was away are lost, so
   * `onReconnect` is called once it listens again. Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Refuses anything but a plain lower-case identifier, since LISTEN takes no bind parameters. */
export function listenChannelName(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
  return channel;
}

/** Type OIDs (date, timestamp, timestamptz, time, timetz) that both adapters return as text. */
export const RAW_TYPES: readonly number[] = [1082, 1114, 1184, 1083, 1266];

/** The SQL that puts a transaction under a request's role and claims (PostgREST's way). */
export function requestSettings(context: RequestContext): { sql: string; params: unknown[] } {
  return {
    sql: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                 set_config('request.method', $3, true), set_config('request.path', $4, true),
                 set_config('request.headers', $5, true)`,
    params: [
      context.role,
      JSON.stringify(context.claims),
      context.method ?? '',
      context.path ?? '',
      JSON.stringify(context.headers ?? {}),
    ],
  };
}
