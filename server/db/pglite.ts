/**
 * PGlite adapter: Postgres compiled to WebAssembly, persisted in a folder (or in memory for tests).
 * PGlite has one connection, so transactions are serialised through a queue; a request never sees
 * another request's role or claims because `set_config(..., true)` is local to its transaction.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult, RequestContext } from './database.ts';
import { RAW_TYPES, listenChannelName, requestSettings } from './database.ts';

/**
 * Opens PGlite in `dataDir`, or in memory. `template` is a new cluster's files (`dumpDataDir` of a
 * PGlite just created): an empty database starts from them instead of running initdb, which takes a
 * few seconds of WebAssembly each time (the tests start dozens of in-memory backends).
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  // Keep timestamps and dates as Postgres prints them, as the PostgreSQL adapter does.
  const parsers = Object.fromEntries(RAW_TYPES.map((oid) => [oid, (value: string) => value]));
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    parsers,
  });
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task queued before it, whether those succeeded or not. */
  function serialise<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  const direct: Queryable = {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await pg.query<R>(sql, params as unknown[]);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
  };

  return {
    kind: 'pglite',
    query: (sql, params) => serialise(() => direct.query(sql, params)),
    exec: (sql) => serialise(async () => void (await pg.exec(sql))),
    transaction<T>(context: RequestContext | null, work: (tx: Queryable) => Promise<T>): Promise<T> {
      return serialise(async () => {
        await pg.exec(context?.readOnly ? 'begin read only' : 'begin');
        try {
          if (context) {
            const settings = requestSettings(context);
            await pg.query(settings.sql, settings.params);
          }
          const result = await work(direct);
          await pg.exec('commit');
          return result;
        } catch (error) {
          await pg.exec('rollback');
          throw error;
        }
      });
    },
    // LISTEN goes through the queue too, so it never lands inside (and dies with) another
    // transaction. Notifications arrive when the sender commits; PGlite never reconnects.
    async listen(channel, onPayload) {
      const name = listenChannelName(channel);
      const stop = await serialise(() => pg.listen(name, onPayload));
      return () => serialise(() => stop());
    },
    close: () => serialise(() => pg.close()),
  };
}
