import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, retryDelay } from './retry-delay.ts';

describe('retryDelay', () => {
  it('doubles from 2 s up to 5 minutes, between half and all of the step', () => {
    const low = (n: number) => retryDelay(n, DEFAULT_RETRY_POLICY, () => 0);
    const high = (n: number) => retryDelay(n, DEFAULT_RETRY_POLICY, () => 0.999999);
    expect([1, 2, 3, 4].map(low)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([1, 2, 3, 4].map(high)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(low(9)).toBe(150_000);
    expect(high(9)).toBe(300_000);
    expect(high(500)).toBe(300_000);
  });

  it('spreads clients that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelay(3, DEFAULT_RETRY_POLICY)));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(4_000);
      expect(delay).toBeLessThanOrEqual(8_000);
    }
  });
});
