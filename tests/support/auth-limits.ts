/**
 * Abuse limits for backends that tests and benchmarks start. Every client of theirs signs in from
 * loopback, one address, far more often than GoTrue's per-address defaults allow (30 sign-ins and
 * sign-ups per 5 minutes), so the harnesses raise the limits out of reach. Tests of the limits
 * themselves set their own (tests/integration/auth-limits.test.ts).
 */
import type { BackendConfig } from '../../server/services.ts';

const OUT_OF_REACH = 1_000_000;

/** For backends started in-process (startBackend's `config`). */
export const HARNESS_AUTH_LIMITS = {
  authSignInSignUpsPerWindow: OUT_OF_REACH,
  authTokenRefreshesPerWindow: OUT_OF_REACH,
  signInFreeFailures: OUT_OF_REACH,
  signInFreeFailuresPerAddress: OUT_OF_REACH,
} satisfies Partial<BackendConfig>;

/** The same for `npm start` run as a child process (its environment). */
export const HARNESS_AUTH_ENV = {
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: String(OUT_OF_REACH),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: String(OUT_OF_REACH),
  AUTH_SIGN_IN_FREE_FAILURES: String(OUT_OF_REACH),
  AUTH_SIGN_IN_FREE_FAILURES_PER_ADDRESS: String(OUT_OF_REACH),
} as const;
