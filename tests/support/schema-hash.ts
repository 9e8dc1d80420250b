/** What names a template of the schema (./pglite-template.ts, ./postgres-template.ts). */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BOOTSTRAP_DIR, MIGRATIONS_DIR } from '../../server/db/migrate.ts';

/** A hash of every file that makes the schema: a template made from other files is not this one. */
export async function schemaHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of [BOOTSTRAP_DIR, MIGRATIONS_DIR]) {
    for (const name of (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()) {
      hash
        .update(`${path.basename(dir)}/${name}\0`)
        .update(await readFile(path.join(dir, name)))
        .update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}
