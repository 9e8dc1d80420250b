/**
 * The auth service's abuse limits as environment variables, shared by `npm start`
 * (scripts/start.ts) and `npm run backend` (server/main.ts). An unset variable keeps the default
 * of DEFAULT_CONFIG, so the defaults live in one place.
 */
import { z } from 'zod';
import type { BackendConfig } from '../services.ts';
import { isAddressOrRange } from './request.ts';

const count = z.coerce.number().int().min(1);
const seconds = z.coerce.number().int().min(1);

const AuthEnv = z.object({
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: count.optional(),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: count.optional(),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: seconds.optional(),
  AUTH_SIGN_IN_FREE_FAILURES: count.optional(),
  AUTH_SIGN_IN_FREE_FAILURES_PER_ADDRESS: count.optional(),
  AUTH_SIGN_IN_MAX_BACKOFF_SECONDS: seconds.optional(),
  AUTH_SIGN_IN_MAX_ACCOUNT_DELAY_MS: z.coerce.number().int().min(0).optional(),
  AUTH_SIGN_IN_FAILURE_MEMORY_SECONDS: seconds.optional(),
  AUTH_MAX_METADATA_BYTES: count.optional(),
  AUTH_MAX_METADATA_DEPTH: count.optional(),
  /** Comma- or space-separated addresses and CIDR ranges. */
  TRUSTED_PROXIES: z
    .string()
    .transform((text) => text.split(/[\s,]+/).filter((entry) => entry !== ''))
    .pipe(z.array(z.string().refine(isAddressOrRange, 'must be an IP address or a CIDR range')))
    .optional(),
});

/** Parses the auth settings from `env`; throws a ZodError naming the variable when one is malformed. */
export function authConfigFromEnv(env: NodeJS.ProcessEnv): Partial<BackendConfig> {
  const parsed = AuthEnv.parse(env);
  const config: Partial<BackendConfig> = {
    authSignInSignUpsPerWindow: parsed.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS,
    authTokenRefreshesPerWindow: parsed.AUTH_RATE_LIMIT_TOKEN_REFRESH,
    authRateLimitWindowSeconds: parsed.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    signInFreeFailures: parsed.AUTH_SIGN_IN_FREE_FAILURES,
    signInFreeFailuresPerAddress: parsed.AUTH_SIGN_IN_FREE_FAILURES_PER_ADDRESS,
    signInMaxBackoffSeconds: parsed.AUTH_SIGN_IN_MAX_BACKOFF_SECONDS,
    signInMaxAccountDelayMs: parsed.AUTH_SIGN_IN_MAX_ACCOUNT_DELAY_MS,
    signInFailureMemorySeconds: parsed.AUTH_SIGN_IN_FAILURE_MEMORY_SECONDS,
    maxMetadataBytes: parsed.AUTH_MAX_METADATA_BYTES,
    maxMetadataDepth: parsed.AUTH_MAX_METADATA_DEPTH,
    trustedProxies: parsed.TRUSTED_PROXIES,
  };
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
}
