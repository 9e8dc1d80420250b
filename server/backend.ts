/**
 * Starts and stops the local backend: opens the database (PGlite in a folder or in memory, or
 * PostgreSQL), brings it to the current schema, seeds a fresh one when asked, ensures the demo admin,
 * and serves the HTTP API. `npm start`, the tests and the benchmarks all start it through here.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { Database } from './db/database.ts';
import { openPglite } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import { migrate, seed } from './db/migrate.ts';
import { loadKeys } from './http/jwt.ts';
import { ensureAdmin } from './auth/users.ts';
import { startSchedule } from './functions/schedule.ts';
import { startRealtime, type RealtimeLimits, type RealtimeServer } from './realtime/server.ts';
import { LocalMailbox } from './mail/mailbox.ts';
import { ObjectStore } from './storage/object-store.ts';
import { DEFAULT_CONFIG, type BackendConfig, type BackendServices } from './services.ts';

export interface BackendOptions {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  hostname?: string;
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /**
   * PGlite data folder (and where keys, storage objects and the mailbox's messages are kept); absent
   * means in memory with fresh keys and objects in a temporary folder removed on stop.
   */
  dataDir?: string;
  /**
   * A PGlite cluster's files to start an in-memory database from, instead of running initdb (and
   * the migrations it already has): a new database all the same, seeded under `seedWhenFresh`.
   */
  pgliteTemplate?: Blob;
  /**
   * The database at `databaseUrl` is new, though copied from a template that has the schema (its
   * migrations recorded): fresh all the same, for `seedWhenFresh`.
   */
  newDatabase?: boolean;
  /** Load supabase/seed.sql when the database is fresh. */
  seedWhenFresh?: boolean;
  /** Create (or keep) this admin account; the demo admin on a laptop, never in migrations. */
  admin?: { email: string; password: string };
  siteUrl?: string;
  config?: Partial<BackendConfig>;
  /** Realtime limits (channels per socket, message size, idle timeout); Supabase-like defaults. */
  realtimeLimits?: Partial<RealtimeLimits>;
}

export interface RunningBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  services: BackendServices;
  /** The WebSocket side (/realtime/v1/websocket); tests use it to cut connections. */
  realtime: RealtimeServer;
  /** True when this start created the schema (first start). */
  fresh: boolean;
  stop(): Promise<void>;
}

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-password' } as const;

async function openDatabase(options: BackendOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (!options.dataDir) return openPglite(undefined, options.pgliteTemplate);
  const folder = path.join(options.dataDir, 'pglite');
  await mkdir(folder, { recursive: true });
  return openPglite(folder);
}

export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const db = await openDatabase(options);
  let objectStore: ObjectStore | undefined;
  try {
    objectStore = await ObjectStore.open(options.dataDir ? path.join(options.dataDir, 'storage') : undefined);
    const { fresh } = await migrate(db);
    // An in-memory PGlite is always new, whatever its template holds.
    const inMemory = !options.databaseUrl && !options.dataDir;
    if ((fresh || inMemory || options.newDatabase) && options.seedWhenFresh) await seed(db);
    const keys = await loadKeys(options.dataDir);
    const hostname = options.hostname ?? '127.0.0.1';
    // The routes need the real URL (redirects, links), known only once the port is bound: until
    // then the server answers 503.
    const routes: { app?: Hono } = {};
    const server = await new Promise<Server>((resolve, reject) => {
      // `env` carries the Node request through (the client address, for the sign-in limiter).
      const fetch = (request: Request, env?: unknown) =>
        routes.app
          ? routes.app.fetch(request, env)
          : new Response('starting', { status: 503, headers: { 'Retry-After': '1' } });
      const started = serve({ fetch, port: options.port, hostname }, () => resolve(started as Server)) as Server;
      started.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${hostname === '127.0.0.1' || hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`;
    const config: BackendConfig = {
      ...DEFAULT_CONFIG,
      apiUrl: url,
      siteUrl: options.siteUrl ?? 'http://localhost:4173',
      ...options.config,
    };
    // With a data folder the mailbox keeps its messages and idempotency keys there, so that after a
    // crash the guest-message sender's repeat of a message it had not yet marked sent is not delivered again.
    const mailbox = new LocalMailbox(
      undefined,
      options.dataDir ? path.join(options.dataDir, 'mailbox.ndjson') : undefined,
    );
    const services: BackendServices = { db, keys, config, objectStore, mailbox };
    routes.app = createApp(services);
    const realtime = await startRealtime(server, services, options.realtimeLimits);
    if (options.admin) await ensureAdmin(db, options.admin.email, options.admin.password);
    // The messages guests are owed go out while the backend runs, as a hosted project's schedule sends them.
    const guestMessages =
      config.guestMessagesIntervalMs > 0
        ? startSchedule({
            apiUrl: url,
            serviceRoleKey: keys.serviceRoleKey,
            functionName: 'send-guest-messages',
            intervalMs: config.guestMessagesIntervalMs,
          })
        : null;
    return {
      url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      services,
      realtime,
      fresh,
      async stop() {
        await guestMessages?.stop();
        await realtime.close();
        server.closeAllConnections?.();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await db.close();
        await services.objectStore.close();
      },
    };
  } catch (error) {
    await objectStore?.close().catch(() => undefined);
    await db.close();
    throw error;
  }
}
