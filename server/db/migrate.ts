/**
 * Brings a database to the current schema: first the bootstrap that stands in for what hosted
 * Supabase provides (roles, auth, storage), then every file of supabase/migrations not yet applied,
 * recorded in supabase_migrations.schema_migrations as the Supabase CLI records them. The seed runs
 * only on a database that had no migrations before, so a restart never duplicates demo content.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BOOTSTRAP_DIR = path.join(root, 'server/db/bootstrap');
export const MIGRATIONS_DIR = path.join(root, 'supabase/migrations');
export const SEED_FILE = path.join(root, 'supabase/seed.sql');

async function sqlFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.sql')).sort();
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export interface MigrateResult {
  /** True when the database had never been migrated (a fresh start). */
  fresh: boolean;
  applied: string[];
}

export async function migrate(db: Pick<Database, 'exec' | 'query'>): Promise<MigrateResult> {
  for (const name of await sqlFiles(BOOTSTRAP_DIR)) {
    await db.exec(await readFile(path.join(BOOTSTRAP_DIR, name), 'utf8'));
  }
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, name text, statements text[]
    );`);
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (row) => row.version,
    ),
  );
  const applied: string[] = [];
  for (const file of await sqlFiles(MIGRATIONS_DIR)) {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must be <version>_<name>.sql: ${file}`);
    const [, version = '', name = ''] = match;
    if (done.has(version)) continue;
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    // One simple-protocol script runs as one implicit transaction on both adapters: the migration
    // and its record land together or not at all.
    await db.exec(`${sql}
;insert into supabase_migrations.schema_migrations (version, name) values (${quote(version)}, ${quote(name)});`);
    applied.push(file);
  }
  return { fresh: done.size === 0, applied };
}

/** Loads supabase/seed.sql, the same file `supabase db reset` loads on a hosted project. */
export async function seed(db: Database): Promise<void> {
  await db.exec(await readFile(SEED_FILE, 'utf8'));
}
