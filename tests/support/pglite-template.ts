/**
 * A new PGlite cluster's files, made once per PGlite version on this machine and kept in
 * .test-data/: every in-memory backend of the tests starts from them instead of running initdb,
 * a few seconds of WebAssembly each time, over thirty times a run. Only initdb is skipped: each
 * backend still runs the bootstrap and the migrations on it.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { version } = JSON.parse(
  readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
) as { version: string };
const FILE = path.join(root, '.test-data', `pglite-${version}-initdb.tar`);

let template: Promise<Blob> | undefined;

async function makeTemplate(): Promise<Blob> {
  const kept = await readFile(FILE).catch(() => null);
  if (kept) return new Blob([kept]);
  const pg = await PGlite.create();
  const files = await pg.dumpDataDir('none');
  await pg.close();
  await mkdir(path.dirname(FILE), { recursive: true });
  // Written aside and renamed, so a test process beside this one never reads half a file.
  const partial = `${FILE}.${process.pid}`;
  await writeFile(partial, Buffer.from(await files.arrayBuffer()));
  await rename(partial, FILE);
  return files;
}

/** The cluster's files, from .test-data/ (made there first if need be). */
export function pgliteTemplate(): Promise<Blob> {
  template ??= makeTemplate();
  return template;
}
