/**
 * PostgreSQL adapter over a `pg` pool. Each transaction takes its own connection, so requests run
 * truly concurrently; the role and claims are set with `set_config(..., true)` and end with the
 * transaction, so a pooled connection never carries one request's identity into the next.
 */
import pg from 'pg';
import type { Database, Queryable, QueryResult, RequestContext } from './database.ts';
import { RAW_TYPES, requestSettings } from './database.ts';

// Keep timestamps and dates as Postgres prints them; callers convert what they need.
const rawTypes = {
  getTypeParser: (oid: number, format?: string) =>
    RAW_TYPES.includes(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text'),
};

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: rawTypes });
  pool.on('error', () => undefined); // an idle client's error surfaces on its next use instead
  await pool.query('select 1');

  function wrap(client: pg.PoolClient | pg.Pool): Queryable {
    return {
      async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
        const result = await client.query(sql, params as unknown[]);
        return { rows: result.rows as R[], affectedRows: result.rowCount ?? 0 };
      },
    };
  }

  return {
    kind: 'postgres',
    query: (sql, params) => wrap(pool).query(sql, params),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction<T>(context: RequestContext | null, work: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query(context?.readOnly ? 'begin read only' : 'begin');
        if (context) {
          const settings = requestSettings(context);
          await client.query(settings.sql, settings.params);
        }
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
