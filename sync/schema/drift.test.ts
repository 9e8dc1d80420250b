/**
 * The schema the sync engine uses must be the one the migrations create: this runs the generator
 * (bootstrap + migrations on an in-memory PGlite, read back from the catalog) and compares its output
 * with the committed tables.generated.ts. Run `npm run gen:schema` when it fails.
 */
import { describe, expect, it } from 'vitest';
import committed from './tables.generated.ts?raw';

interface Generator {
  generateSyncSchemaSource(): Promise<string>;
}

// The generator is Node code in scripts/ (another TypeScript project), so it is loaded by path.
const generatorPath = new URL('../../scripts/generate-sync-schema.ts', import.meta.url).href;

describe('sync schema', () => {
  it('matches what the migrations create (npm run gen:schema after a migration)', async () => {
    const { generateSyncSchemaSource } = (await import(/* @vite-ignore */ generatorPath)) as Generator;
    const generated = await generateSyncSchemaSource();
    expect(generated, 'sync/schema/tables.generated.ts is out of date: run npm run gen:schema').toBe(committed);
  }, 60_000);
});
