/**
 * The PostgreSQL counterpart of ./pglite-template.ts: a database of the tests' cluster brought to
 * the current schema (the bootstrap and every migration, no seed) once, by Vitest's global setup,
 * that each test backend's database is copied from (`create database ... template ...`) instead of
 * running the bootstrap and the migrations again. Its name holds the schema's hash; it is renamed
 * into place only once migrated, so a run that died half-way leaves no template to copy.
 */
import pg from 'pg';
import { migrate } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { schemaHash } from './schema-hash.ts';

let named: Promise<string> | undefined;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function makeTemplate(baseUrl: string): Promise<string> {
  const name = `test_schema_${await schemaHash()}`;
  const exists = await withClient(baseUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_catalog.pg_database where datname = $1', [name]);
    return rowCount === 1;
  });
  if (exists) return name;
  const partial = `${name}_${process.pid}`;
  await withClient(baseUrl, (client) => client.query(`create database ${partial}`));
  const url = new URL(baseUrl);
  url.pathname = `/${partial}`;
  const db = await openPostgres(url.toString(), 1);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  await withClient(baseUrl, (client) => client.query(`alter database ${partial} rename to ${name}`));
  return name;
}

/** The template database's name in the cluster of `baseUrl` (a superuser URL), made there first if need be. */
export function postgresTemplate(baseUrl: string): Promise<string> {
  named ??= makeTemplate(baseUrl);
  return named;
}
