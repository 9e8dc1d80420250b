/**
 * Vitest's global setup: the schema templates (./pglite-template.ts, and ./postgres-template.ts when
 * TEST_DATABASE_URL names a cluster) made once, before the workers start, rather than by each worker
 * at once.
 */
import { pgliteTemplate } from './pglite-template.ts';
import { postgresTemplate } from './postgres-template.ts';

export async function setup(): Promise<void> {
  await pgliteTemplate();
  if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL);
}
