import { describe, expect, it } from 'vitest';
import { parseBanDuration } from './admin-routes.ts';

describe('ban durations in Go notation', () => {
  it('parses what GoTrue accepts', () => {
    expect(parseBanDuration('24h')).toBe(86_400_000);
    expect(parseBanDuration('1h30m')).toBe(5_400_000);
    expect(parseBanDuration('1.5s')).toBe(1500);
    expect(parseBanDuration('250ms')).toBe(250);
    expect(parseBanDuration('none')).toBe(0);
    expect(parseBanDuration('0')).toBe(0);
    expect(parseBanDuration('-1h')).toBe(-3_600_000);
  });

  it("refuses anything else with GoTrue's message", () => {
    for (const text of ['forever', '10', '1d', '', 'h', '1h 30m']) {
      expect(() => parseBanDuration(text), text).toThrow(/^invalid format for ban duration: time: invalid duration /);
    }
  });
});
