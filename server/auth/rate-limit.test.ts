import { describe, expect, it } from 'vitest';
import { SignInLimiter } from './rate-limit.ts';

function limiterWithClock() {
  const clock = { now: 0 };
  const limiter = new SignInLimiter(
    { maxFailuresPerEmail: 3, maxFailuresPerIp: 5, windowSeconds: 60 },
    () => clock.now,
  );
  return { clock, limiter };
}

describe('sign-in limiter', () => {
  it('locks an e-mail after its failures reach the limit, until the window ends', () => {
    const { clock, limiter } = limiterWithClock();
    for (let n = 0; n < 3; n += 1) limiter.recordFailure('ada@example.com', `10.0.0.${n}`);
    expect(limiter.isBlocked('ada@example.com', '10.0.0.9')).toBe(true);
    expect(limiter.isBlocked('grace@example.com', '10.0.0.9')).toBe(false);
    clock.now = 60_000;
    expect(limiter.isBlocked('ada@example.com', '10.0.0.9')).toBe(false);
  });

  it('locks an address that fails across many e-mails', () => {
    const { limiter } = limiterWithClock();
    for (let n = 0; n < 5; n += 1) limiter.recordFailure(`guess${n}@example.com`, '10.0.0.1');
    expect(limiter.isBlocked('someone@example.com', '10.0.0.1')).toBe(true);
    expect(limiter.isBlocked('someone@example.com', '10.0.0.2')).toBe(false);
  });

  it('a correct password clears the count of its e-mail but not of the address', () => {
    const { limiter } = limiterWithClock();
    for (let n = 0; n < 2; n += 1) limiter.recordFailure('ada@example.com', '10.0.0.1');
    limiter.recordSuccess('ada@example.com');
    limiter.recordFailure('ada@example.com', '10.0.0.1');
    expect(limiter.isBlocked('ada@example.com', '10.0.0.2')).toBe(false);
    for (let n = 0; n < 2; n += 1) limiter.recordFailure('other@example.com', '10.0.0.1');
    expect(limiter.isBlocked('new@example.com', '10.0.0.1')).toBe(true);
  });
});
