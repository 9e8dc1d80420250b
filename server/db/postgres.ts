/**
 * PostgreSQL adapter over a `pg` pool. Each transaction takes its own connection, so requests run
 * truly concurrently; the role and claims are set with `set_config(..., true)` and end with the
 * transaction, so a pooled connection never carries one request's identity into the next.
 */
import pg from 'pg';
import type { Database, Queryable, QueryResult, RequestContext } from './database.ts';
import { RAW_TYPES, listenChannelName, requestSettings } from './database.ts';

// Keep timestamps and dates as Postgres prints them; callers convert what they need.
const rawTypes = {
  getTypeParser: (oid: number, format?: string) =>
    RAW_TYPES.includes(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * LISTEN on a dedicated connection outside the pool (a pooled one would be handed to requests).
 * When that connection drops it comes back with growing pauses, up to 5 s, until stopped.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
): Promise<() => Promise<void>> {
  const name = listenChannelName(channel);
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let attempts = 0;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString });
    const lost = () => {
      if (current !== client) return;
      current = null;
      void client.end().catch(() => undefined);
      scheduleReconnect();
    };
    client.on('notification', (message) => {
      if (message.channel === name && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen ${name}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
  }

  function scheduleReconnect(): void {
    if (stopped) return;
    attempts += 1;
    retry = setTimeout(
      () => {
        connect().then(
          () => {
            attempts = 0;
            if (!stopped) onReconnect?.();
          },
          () => scheduleReconnect(),
        );
      },
      Math.min(5000, 100 * 2 ** (attempts - 1)),
    );
    retry.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: rawTypes });
  pool.on('error', () => undefined); // an idle client's error surfaces on its next use instead
  await pool.query('select 1');
  const listeners = new Set<() => Promise<void>>();

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
    async listen(channel, onPayload, onReconnect) {
      const stop = await listenOn(connectionString, channel, onPayload, onReconnect);
      const stopOnce = async () => {
        listeners.delete(stopOnce);
        await stop();
      };
      listeners.add(stopOnce);
      return stopOnce;
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
