/**
 * The local backend that a bench runs in its own process: on a port the system picks, in memory on
 * PGlite (started from the tests' schema template, tests/support/pglite-template.ts: seconds less per
 * part) or on the PostgreSQL database at `databaseUrl`, with the demo content and the demo admin,
 * and the test harnesses' auth limits (a bench signs in many times from one address).
 */
import { DEMO_ADMIN, startBackend, type RunningBackend } from '../server/backend.ts';
import { HARNESS_AUTH_LIMITS } from '../tests/support/auth-limits.ts';
import { pgliteTemplate } from '../tests/support/pglite-template.ts';

export async function startBenchBackend(databaseUrl?: string): Promise<RunningBackend> {
  return startBackend({
    port: 0,
    ...(databaseUrl ? { databaseUrl } : { pgliteTemplate: await pgliteTemplate() }),
    seedWhenFresh: true,
    admin: DEMO_ADMIN,
    config: HARNESS_AUTH_LIMITS,
  });
}
