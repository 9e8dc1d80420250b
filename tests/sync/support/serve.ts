/**
 * Web server of the `sync` Playwright project (and of bench/sync.ts):
 * - the primary backend: in-memory PGlite seeded with the demo content, or a fresh database in the
 *   PostgreSQL cluster named by TEST_DATABASE_URL;
 * - on first request, a second backend on PostgreSQL (a throwaway cluster unless TEST_DATABASE_URL
 *   is set) for specs that need transactions running side by side, which PGlite's one connection
 *   serialises;
 * - the harness page (tests/sync/harness), built with Vite and served as static files;
 * - a control server for what specs cannot do over the public API: read the backends' keys, and hold
 *   a transaction open on the database.
 *
 * Settings: SYNC_HARNESS_PORT, SYNC_API_PORT, SYNC_CONTROL_PORT (defaults in tests/support/ports.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DEMO_ADMIN, startBackend, type RunningBackend } from '../../../server/backend.ts';
import { log, logError } from '../../../server/log.ts';
import { startThrowawayPostgres } from '../../../scripts/machine.ts';
import { HARNESS_AUTH_LIMITS } from '../../support/auth-limits.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { serveHarnessPage } from './harness-page.ts';
import { testPort } from '../../support/ports.ts';

const harnessPort = testPort('SYNC_HARNESS_PORT');
const apiPort = testPort('SYNC_API_PORT');
const controlPort = testPort('SYNC_CONTROL_PORT');

export interface BackendInfo {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  admin: { email: string; password: string };
  database: 'pglite' | 'postgres';
}

function describe(backend: RunningBackend, database: BackendInfo['database']): BackendInfo {
  return {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    admin: DEMO_ADMIN,
    database,
  };
}

const primary: TestBackend = await startTestBackend({ port: apiPort, seedWhenFresh: true, admin: DEMO_ADMIN });
const primaryInfo = describe(primary, process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/** A backend on PostgreSQL with its connection string, started when first asked for. */
let postgres: Promise<{ backend: RunningBackend; databaseUrl: string; stop(): Promise<void> }> | undefined;
function postgresBackend() {
  postgres ??= (async () => {
    const cluster = process.env.TEST_DATABASE_URL ? null : await startThrowawayPostgres();
    const databaseUrl = process.env.TEST_DATABASE_URL ?? cluster!.url;
    if (process.env.TEST_DATABASE_URL) {
      // The primary backend already runs on PostgreSQL: reuse its database.
      const { rows } = await primary.services.db.query<{ name: string }>('select current_database() as name');
      const url = new URL(databaseUrl);
      url.pathname = `/${rows[0]!.name}`;
      return { backend: primary, databaseUrl: url.toString(), stop: async () => undefined };
    }
    const backend = await startBackend({
      port: 0,
      databaseUrl,
      seedWhenFresh: true,
      admin: DEMO_ADMIN,
      config: HARNESS_AUTH_LIMITS,
    });
    return {
      backend,
      databaseUrl,
      async stop() {
        await backend.stop();
        cluster?.stop();
      },
    };
  })();
  return postgres;
}

// Transactions held open for specs, by handle.
const openTransactions = new Map<string, pg.Client>();

const harness = await serveHarnessPage(harnessPort);

async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

const routes: Record<string, (input: Record<string, unknown>) => Promise<unknown>> = {
  'GET /config': async () => ({ primary: primaryInfo, harnessUrl: `http://localhost:${harnessPort}` }),
  'POST /postgres': async () => describe((await postgresBackend()).backend, 'postgres'),
  /**
   * Begins a transaction on the PostgreSQL backend's database, runs `sql` in it and keeps it open.
   * One left open by an attempt that timed out (its `finally` never ran) is rolled back first: it
   * holds the change clock's lock, and the retry's writes would wait on it.
   */
  'POST /transactions': async (input) => {
    for (const [handle, leftover] of openTransactions) {
      openTransactions.delete(handle);
      await leftover.query('rollback').catch(() => undefined);
      await leftover.end().catch(() => undefined);
    }
    const { databaseUrl } = await postgresBackend();
    const connection = new pg.Client({ connectionString: databaseUrl });
    await connection.connect();
    await connection.query('begin');
    // As an API client would: the role that admins write with, bypassing nothing but the JWT.
    await connection.query(String(input.sql), (input.params as unknown[]) ?? []);
    const handle = randomUUID();
    openTransactions.set(handle, connection);
    return { handle };
  },
  'POST /transactions/commit': async (input) => {
    const connection = openTransactions.get(String(input.handle));
    if (!connection) throw new Error('no such transaction');
    openTransactions.delete(String(input.handle));
    await connection.query('commit');
    await connection.end();
    return { committed: true };
  },
  /** How many sessions of the PostgreSQL backend wait for a lock right now. */
  'GET /postgres/lock-waits': async () => {
    const { databaseUrl } = await postgresBackend();
    const connection = new pg.Client({ connectionString: databaseUrl });
    await connection.connect();
    try {
      const { rows } = await connection.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      return { waiting: rows[0]!.n };
    } finally {
      await connection.end();
    }
  },
  /** Cuts every realtime socket of the primary backend (clients reconnect and resync). */
  'POST /realtime/drop': async () => {
    primary.realtime.dropAllConnections();
    return { dropped: true };
  },
};

const control = createServer((request, response) => {
  const route = routes[`${request.method} ${request.url?.split('?')[0]}`];
  if (!route) return send(response, 404, { error: 'not found' });
  body(request)
    .then(route)
    .then(
      (value) => send(response, 200, value),
      (error: unknown) => send(response, 500, { error: error instanceof Error ? error.message : String(error) }),
    );
});
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

log(`sync harness: ${harness.url}`);
log(`sync backend: ${primary.url} (${primaryInfo.database}); control: http://127.0.0.1:${controlPort}`);

async function stop(): Promise<void> {
  for (const connection of openTransactions.values()) await connection.end().catch(() => undefined);
  control.close();
  await harness.close();
  await primary.stop();
  if (postgres) await (await postgres).stop();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logError(String(error));
        process.exit(1);
      },
    );
  });
}
