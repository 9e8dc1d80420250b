/**
 * A real local backend for one test file: in-memory PGlite by default, or a fresh database in the
 * PostgreSQL cluster named by TEST_DATABASE_URL (dropped again on stop). Tests talk to it over HTTP
 * with supabase-js, exactly as the app does. Its auth abuse limits are out of reach unless the
 * options' `config` sets them (tests/support/auth-limits.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startBackend, DEMO_ADMIN, type BackendOptions, type RunningBackend } from '../../server/backend.ts';
import { HARNESS_AUTH_LIMITS } from './auth-limits.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { postgresTemplate } from './postgres-template.ts';

export interface TestBackend extends RunningBackend {
  /** A supabase-js client with the anon key and no stored session. */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  serviceClient(): SupabaseClient;
  /** Signs in with e-mail and password and returns a client carrying that user's session. */
  signedInClient(email: string, password: string): Promise<SupabaseClient>;
  /** Signs up a fresh non-admin user and returns its client and credentials. */
  newUser(): Promise<{ client: SupabaseClient; email: string; password: string; id: string }>;
  /** A client signed in as the admin created at start. */
  adminClient(): Promise<SupabaseClient>;
  admin: { email: string; password: string };
}

/**
 * A new database in the cluster of `baseUrl` (a superuser URL), dropped again by `drop`: empty, or
 * with `fromTemplate` a copy of the schema template (./postgres-template.ts).
 */
export async function freshPostgresDatabase(
  baseUrl: string,
  { fromTemplate = false } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = fromTemplate ? ` template ${await postgresTemplate(baseUrl)}` : '';
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket, and realtime-js refuses to construct without one.
    ...(globalThis.WebSocket ? {} : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
  });
}

let userCounter = 0;

export async function startTestBackend(options: Partial<BackendOptions> = {}): Promise<TestBackend> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const database = baseUrl ? await freshPostgresDatabase(baseUrl, { fromTemplate: true }) : undefined;
  const admin = options.admin ?? DEMO_ADMIN;
  const backend = await startBackend({
    port: 0,
    databaseUrl: database?.url,
    newDatabase: database !== undefined,
    ...(database || options.dataDir ? {} : { pgliteTemplate: await pgliteTemplate() }),
    admin,
    ...options,
    config: { ...HARNESS_AUTH_LIMITS, ...options.config },
  });
  const signedInClient = async (email: string, password: string) => {
    const c = client(backend.url, backend.anonKey);
    const { error } = await c.auth.signInWithPassword({ email, password });
    if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
    return c;
  };
  return {
    ...backend,
    admin,
    anonClient: () => client(backend.url, backend.anonKey),
    serviceClient: () => client(backend.url, backend.serviceRoleKey),
    signedInClient,
    adminClient: () => signedInClient(admin.email, admin.password),
    async newUser() {
      userCounter += 1;
      const email = `user${userCounter}-${randomBytes(3).toString('hex')}@example.org`;
      const password = `pw-${randomBytes(6).toString('hex')}`;
      const c = client(backend.url, backend.anonKey);
      const { data, error } = await c.auth.signUp({ email, password });
      if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
      if (!data.session) await c.auth.signInWithPassword({ email, password });
      return { client: c, email, password, id: data.user.id };
    },
    async stop() {
      await backend.stop();
      await database?.drop();
    },
  };
}
