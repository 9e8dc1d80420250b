/**
 * Vitest's global setup: the PGlite template (./pglite-template.ts) made once, before the workers
 * start, rather than by each worker at once on a fresh checkout.
 */
import { pgliteTemplate } from './pglite-template.ts';

export async function setup(): Promise<void> {
  await pgliteTemplate();
}
