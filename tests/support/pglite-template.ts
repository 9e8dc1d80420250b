/**
 * A new PGlite cluster brought to the current schema (the bootstrap of server/db/bootstrap and every
 * migration applied, no seed), made once per PGlite version and schema on this machine and kept in
 * .test-data/: every in-memory backend of the tests starts from its files instead of running initdb
 * and the migrations, seconds of WebAssembly each time, dozens of times a run. The file's name holds
 * a hash of the bootstrap and migration files, so a changed schema makes a new one. The migrations
 * still run from nothing: when the template is made, and on every PostgreSQL database of the tests.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../../server/db/migrate.ts';
import { schemaHash } from './schema-hash.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDER = path.join(root, '.test-data');
const { version } = JSON.parse(
  readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
) as { version: string };

let template: Promise<Blob> | undefined;

async function makeTemplate(): Promise<Blob> {
  const prefix = `pglite-${version}-schema-`;
  const file = path.join(FOLDER, `${prefix}${await schemaHash()}.tar`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return new Blob([kept]);
  const pg = await PGlite.create();
  await migrate({
    exec: async (sql) => void (await pg.exec(sql)),
    query: async (sql, params = []) => {
      const result = await pg.query(sql, params as unknown[]);
      return { rows: result.rows as never[], affectedRows: result.affectedRows ?? 0 };
    },
  });
  const files = await pg.dumpDataDir('none');
  await pg.close();
  await mkdir(FOLDER, { recursive: true });
  // Written aside and renamed, so a test process beside this one never reads half a file.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await files.arrayBuffer()));
  await rename(partial, file);
  // Templates of an earlier schema or PGlite go (the initdb-only ones of an older layout too).
  for (const name of await readdir(FOLDER)) {
    if (/^pglite-.*\.tar$/.test(name) && path.join(FOLDER, name) !== file) {
      await rm(path.join(FOLDER, name), { force: true });
    }
  }
  return files;
}

/** The cluster's files, from .test-data/ (made there first if need be). */
export function pgliteTemplate(): Promise<Blob> {
  template ??= makeTemplate();
  return template;
}
