/**
 * A fresh database for schema tests, through the backend's own database adapters: in-memory PGlite
 * by default, or a new database in the PostgreSQL cluster named by TEST_DATABASE_URL (a superuser
 * URL), created with a random name and dropped again on close.
 *
 * `as(actor, work)` runs `work` in one transaction under the actor's role and JWT claims, exactly as
 * an API request runs, so row-level security, column privileges and triggers decide the outcome.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable } from '../../../server/db/database.ts';
import { migrate, seed } from '../../../server/db/migrate.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { pgliteTemplate } from '../../support/pglite-template.ts';

export type Actor =
  | { role: 'anon' }
  | { role: 'service_role' }
  | { role: 'authenticated'; userId: string; email: string; sessionId: string };

export interface FreshDatabase {
  db: Database;
  /** Runs `work` in one transaction as `actor`; rolls back if it throws. */
  as<T>(actor: Actor, work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Rows of one query run as the database owner. */
  rows<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /**
   * Creates an auth user the way sign-up does (an insert into auth.users), signed in (a row of
   * auth.sessions, which the admin check requires), and returns it as an actor.
   */
  createUser(email: string): Promise<Extract<Actor, { role: 'authenticated' }>>;
  close(): Promise<void>;
}

function claimsOf(actor: Actor): Record<string, unknown> {
  if (actor.role === 'authenticated') {
    return {
      sub: actor.userId,
      role: 'authenticated',
      email: actor.email,
      aud: 'authenticated',
      session_id: actor.sessionId,
    };
  }
  return { role: actor.role };
}

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `schema_test_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Opens a fresh database, brings it to the current schema and loads the seed. */
export async function openFreshDatabase(): Promise<FreshDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const postgres = baseUrl ? await createPostgresDatabase(baseUrl) : undefined;
  const db = postgres ? await openPostgres(postgres.url, 2) : await openPglite(undefined, await pgliteTemplate());

  await migrate(db);
  await seed(db);

  const fresh: FreshDatabase = {
    db,
    as(actor, work) {
      return db.transaction({ role: actor.role, claims: claimsOf(actor), readOnly: false }, work);
    },
    async rows<R>(sql: string, params?: readonly unknown[]) {
      return (await db.query<R>(sql, params)).rows;
    },
    async createUser(email) {
      const id = randomUUID();
      const sessionId = randomUUID();
      await db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
      await db.query('insert into auth.sessions (id, user_id, created_at) values ($1, $2, now())', [sessionId, id]);
      return { role: 'authenticated', userId: id, email, sessionId };
    },
    async close() {
      await db.close();
      await postgres?.drop();
    },
  };
  return fresh;
}
