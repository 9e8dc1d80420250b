/**
 * Ports of the browser tests' servers (playwright.config.ts), each settable in the environment.
 *
 * The defaults lie below Linux's ephemeral range (32768–60999). A port inside it can be held, at
 * the moment a server starts, by the client end of any connection on the machine, such as a database
 * connection of an earlier test. `npm test` moves a default that is taken anyway to the next free
 * port (scripts/test.ts), and hands the choice on in the environment.
 *
 * The e2e project can run in several workers (E2E_WORKERS, 1 unless set), each against servers of
 * its own, so that no test sees another's data or deploys under it: worker k (Playwright's parallel
 * index) uses the E2E ports plus k.
 */
export const TEST_PORT_DEFAULTS = {
  E2E_PORT: 4183,
  E2E_API_PORT: 24331,
  E2E_FAKE_SERVICES_PORT: 24631,
  SYNC_HARNESS_PORT: 4195,
  SYNC_API_PORT: 24351,
  SYNC_CONTROL_PORT: 24352,
} as const;

export type TestPortName = keyof typeof TEST_PORT_DEFAULTS;

/** The ports that each e2e worker has one of. */
export const E2E_PORT_NAMES: readonly TestPortName[] = ['E2E_PORT', 'E2E_API_PORT', 'E2E_FAKE_SERVICES_PORT'];

/** How many workers run the e2e project, each with its own servers (E2E_WORKERS, `fallback` unless set). */
export function e2eWorkers(fallback = 1): number {
  return Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? String(fallback), 10) || 1);
}

/**
 * The port named: the environment's, or its default. An e2e port is `worker`'s, which is by default
 * the worker this process is (Playwright sets TEST_PARALLEL_INDEX in its workers; 0 elsewhere).
 */
export function testPort(name: TestPortName, worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): number {
  const value = process.env[name];
  const base = value ? Number(value) : TEST_PORT_DEFAULTS[name];
  return E2E_PORT_NAMES.includes(name) ? base + worker : base;
}
