/**
 * Ports of the browser tests' servers (playwright.config.ts), each settable in the environment.
 *
 * The defaults lie below Linux's ephemeral range (32768–60999). A port inside it can be held, at
 * the moment a server starts, by the client end of any connection on the machine, such as a database
 * connection of an earlier test. `npm test` moves a default that is taken anyway to the next free
 * port (scripts/test.ts), and hands the choice on in the environment.
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

/** The port named: the environment's, or its default. */
export function testPort(name: TestPortName): number {
  const value = process.env[name];
  return value ? Number(value) : TEST_PORT_DEFAULTS[name];
}
