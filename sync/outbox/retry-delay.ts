/**
 * How long the outbox waits before trying an upload again after a failure it may outlive (offline,
 * a timeout, a 5xx): exponential back-off with jitter, so a venue full of laptops coming back online
 * does not retry in step. The delay doubles from `baseMs` per failed attempt up to `maxMs`, and a
 * random half of it is added on top of the other half ("equal jitter"): it still grows every time
 * but never lines up.
 */

export interface RetryPolicy {
  /** Delay after the first failure, before jitter. Default 2 s. */
  baseMs: number;
  /** Longest delay, before jitter. Default 5 minutes. */
  maxMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 2_000, maxMs: 5 * 60_000 };

/**
 * The wait before the next attempt after `failedAttempts` failures in a row (1 or more).
 * `random` returns a number in [0, 1) and is there for tests.
 */
export function retryDelay(failedAttempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponent = Math.max(0, failedAttempts - 1);
  // 2 ** 30 already exceeds any sensible maximum; capping the exponent keeps the number finite.
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}
