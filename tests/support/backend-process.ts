/**
 * The local backend in a process of its own, for tests that kill it (kill -9) and start it again on
 * the same data, and for benches that load it from another process (bench/crowd.ts). Run it with
 * `fork()` (an IPC channel) and API_PORT, DATA_DIR and, for PostgreSQL, DATABASE_URL in the
 * environment; DEMO_CONTENT=1 seeds a fresh database with the demo content and the demo admin, as
 * `npm start` does. Once it listens it sends `{ ready: { url, anonKey, serviceRoleKey } }`;
 * then it answers `{ id, sql, params }` with `{ id, rows }` or `{ id, error }` (run as the database
 * owner, so a test can read the outbox or let a lease's time pass), and `{ id, sendEveryMs }` by
 * starting the guest-message schedule, as `npm start` runs it. It starts without that schedule, so
 * that a test can set the outbox up first.
 */
import { DEMO_ADMIN, startBackend } from '../../server/backend.ts';
import { startSchedule } from '../../server/functions/schedule.ts';
import { HARNESS_AUTH_LIMITS } from './auth-limits.ts';

export type BackendProcessRequest =
  { id: number; sql: string; params?: unknown[] } | { id: number; sendEveryMs: number };

export type BackendProcessMessage =
  | { ready: { url: string; anonKey: string; serviceRoleKey: string } }
  | { id: number; rows: Record<string, unknown>[] }
  | { id: number; error: string };

const port = Number(process.env.API_PORT);
const dataDir = process.env.DATA_DIR;
if (!process.send || !Number.isInteger(port) || !dataDir) {
  throw new Error('backend-process: run it with fork(), API_PORT and DATA_DIR');
}
const send = (message: BackendProcessMessage) => process.send!(message);

const backend = await startBackend({
  port,
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  ...(process.env.DEMO_CONTENT === '1' ? { seedWhenFresh: true, admin: DEMO_ADMIN } : {}),
  config: { ...HARNESS_AUTH_LIMITS, guestMessagesIntervalMs: 0 },
});

process.on('message', (request: BackendProcessRequest) => {
  if ('sendEveryMs' in request) {
    startSchedule({
      apiUrl: backend.url,
      serviceRoleKey: backend.serviceRoleKey,
      functionName: 'send-guest-messages',
      intervalMs: request.sendEveryMs,
    });
    send({ id: request.id, rows: [] });
    return;
  }
  backend.services.db.query(request.sql, request.params ?? []).then(
    ({ rows }) => send({ id: request.id, rows: rows as Record<string, unknown>[] }),
    (error: unknown) => send({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

send({ ready: { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey } });
