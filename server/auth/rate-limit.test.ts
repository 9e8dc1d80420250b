import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { BOOTSTRAP_DIR } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { pgliteTemplate } from '../../tests/support/pglite-template.ts';
import { AuthLimiter, type AuthLimits } from './rate-limit.ts';

// The limiter's logic is its SQL, so these tests run it on an in-memory PGlite with the auth
// bootstrap, and drive time with a fake clock.
let db: Database;

beforeAll(async () => {
  db = await openPglite(undefined, await pgliteTemplate());
  for (const file of ['00-supabase-base.sql', '10-auth.sql']) {
    await db.exec(await readFile(path.join(BOOTSTRAP_DIR, file), 'utf8'));
  }
}, 60_000);

afterAll(async () => {
  await db?.close();
});

beforeEach(async () => {
  await db.query('delete from auth.rate_limits');
});

const LIMITS: AuthLimits = {
  signInSignUpsPerWindow: 3,
  tokenRefreshesPerWindow: 5,
  windowSeconds: 300,
  freeFailures: 5,
  freeFailuresPerAddress: 20,
  maxBackoffSeconds: 8,
  maxAccountDelayMs: 1000,
  failureMemorySeconds: 3600,
};

function limiterWithClock(limits: Partial<AuthLimits> = {}) {
  const clock = { now: 1_700_000_000_000 };
  const limiter = new AuthLimiter(db, { ...LIMITS, ...limits }, () => clock.now);
  return { clock, limiter };
}

/** One failed sign-in, or the wait it was refused with. */
async function fail(limiter: AuthLimiter, email: string, address: string) {
  return limiter.beginSignIn(email, address);
}

describe('request limits per client address', () => {
  it('a burst up to the limit passes, then one request per window/limit', async () => {
    const { clock, limiter } = limiterWithClock();
    for (let n = 0; n < 3; n += 1) {
      expect(await limiter.takeRequest('sign-in-sign-up', '203.0.113.1')).toEqual({ allowed: true });
    }
    expect(await limiter.takeRequest('sign-in-sign-up', '203.0.113.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 100,
    });
    expect(await limiter.takeRequest('sign-in-sign-up', '203.0.113.2')).toEqual({ allowed: true });
    clock.now += 99_000;
    expect(await limiter.takeRequest('sign-in-sign-up', '203.0.113.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    clock.now += 1_000;
    expect(await limiter.takeRequest('sign-in-sign-up', '203.0.113.1')).toEqual({ allowed: true });
    expect((await limiter.takeRequest('sign-in-sign-up', '203.0.113.1')).allowed).toBe(false);
  });

  it('token refreshes have a budget of their own', async () => {
    const { limiter } = limiterWithClock();
    for (let n = 0; n < 4; n += 1) await limiter.takeRequest('sign-in-sign-up', '203.0.113.3');
    for (let n = 0; n < 5; n += 1) {
      expect((await limiter.takeRequest('token-refresh', '203.0.113.3')).allowed).toBe(true);
    }
    expect(await limiter.takeRequest('token-refresh', '203.0.113.3')).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
  });

  it('addresses of one IPv6 /64 share a budget', async () => {
    const { limiter } = limiterWithClock();
    for (let n = 1; n <= 3; n += 1) await limiter.takeRequest('sign-in-sign-up', `2001:db8:1:2::${n}`);
    expect((await limiter.takeRequest('sign-in-sign-up', '2001:db8:1:2:ffff::9')).allowed).toBe(false);
    expect((await limiter.takeRequest('sign-in-sign-up', '2001:db8:1:3::1')).allowed).toBe(true);
  });
});

describe('failed sign-ins', () => {
  it('of one account from one address back off 1 s, 2 s, 4 s, ... up to the cap after the free ones', async () => {
    const { clock, limiter } = limiterWithClock();
    for (let n = 0; n < 5; n += 1) expect((await fail(limiter, 'ada@example.com', '198.51.100.1')).allowed).toBe(true);
    const waits: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const refused = await fail(limiter, 'ada@example.com', '198.51.100.1');
      if (refused.allowed) throw new Error('an attempt inside the back-off went through');
      waits.push(refused.retryAfterSeconds);
      clock.now += refused.retryAfterSeconds * 1000 - 1;
      expect((await fail(limiter, 'ada@example.com', '198.51.100.1')).allowed).toBe(false);
      clock.now += 1;
      expect((await fail(limiter, 'ada@example.com', '198.51.100.1')).allowed).toBe(true);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
  });

  it('the owner signing in from an address that has not failed is never refused, whatever others did', async () => {
    const { clock, limiter } = limiterWithClock({ maxBackoffSeconds: 300 });
    // An attacker keeps at it from one address: 100 attempts, each as soon as it may.
    let attackerFailures = 0;
    while (attackerFailures < 100) {
      const verdict = await fail(limiter, 'admin@example.com', '192.0.2.66');
      if (verdict.allowed) attackerFailures += 1;
      else clock.now += verdict.retryAfterSeconds * 1000;
    }
    // And from 100 more addresses, once each.
    for (let n = 0; n < 100; n += 1) {
      expect((await fail(limiter, 'admin@example.com', `10.0.${n}.1`)).allowed).toBe(true);
    }
    expect((await fail(limiter, 'admin@example.com', '192.0.2.66')).allowed).toBe(false);

    const owner = await limiter.beginSignIn('admin@example.com', '198.51.100.7');
    expect(owner).toEqual({ allowed: true, delayMs: 1000 });
    await limiter.signInSucceeded('admin@example.com', '198.51.100.7');
    expect(await limiter.beginSignIn('admin@example.com', '198.51.100.7')).toEqual({ allowed: true, delayMs: 0 });
  });

  it('of one account from many addresses add a delay that doubles up to its cap', async () => {
    const { limiter } = limiterWithClock();
    const delays: number[] = [];
    for (let n = 0; n < 10; n += 1) {
      const verdict = await fail(limiter, 'grace@example.com', `192.0.2.${n}`);
      if (!verdict.allowed) throw new Error('an attempt from a new address was refused');
      delays.push(verdict.delayMs);
    }
    expect(delays).toEqual([0, 0, 0, 0, 0, 100, 200, 400, 800, 1000]);
  });

  it('from one address over many accounts back off that address only', async () => {
    const { limiter } = limiterWithClock();
    for (let n = 0; n < 20; n += 1) {
      expect((await fail(limiter, `guess${n}@example.com`, '192.0.2.200')).allowed).toBe(true);
    }
    expect(await fail(limiter, 'someone@example.com', '192.0.2.200')).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect((await limiter.beginSignIn('someone@example.com', '192.0.2.201')).allowed).toBe(true);
  });

  it('a right password clears the account, and gives the address back only its own attempt', async () => {
    const { limiter } = limiterWithClock();
    for (let n = 0; n < 4; n += 1) await fail(limiter, 'ada@example.com', '198.51.100.2');
    await limiter.beginSignIn('ada@example.com', '198.51.100.2');
    await limiter.signInSucceeded('ada@example.com', '198.51.100.2');
    // The pair starts again: five more failures before any wait.
    for (let n = 0; n < 5; n += 1) expect((await fail(limiter, 'ada@example.com', '198.51.100.2')).allowed).toBe(true);
    // The address keeps its nine failures; eleven more on other accounts make twenty.
    for (let n = 0; n < 11; n += 1) {
      expect((await fail(limiter, `other${n}@example.com`, '198.51.100.2')).allowed).toBe(true);
    }
    expect((await fail(limiter, 'new@example.com', '198.51.100.2')).allowed).toBe(false);
  });

  it('signing in many times with the right password is never slowed or refused', async () => {
    const { limiter } = limiterWithClock();
    for (let n = 0; n < 50; n += 1) {
      expect(await limiter.beginSignIn('ada@example.com', '198.51.100.3')).toEqual({ allowed: true, delayMs: 0 });
      await limiter.signInSucceeded('ada@example.com', '198.51.100.3');
    }
  });

  it('parallel guesses cannot slip through before the first failure is written', async () => {
    const { limiter } = limiterWithClock();
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, () => limiter.beginSignIn('ada@example.com', '198.51.100.4')),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });

  it('are forgotten once the memory time has passed since the last one', async () => {
    const { clock, limiter } = limiterWithClock();
    for (let n = 0; n < 5; n += 1) await fail(limiter, 'ada@example.com', '198.51.100.5');
    expect((await fail(limiter, 'ada@example.com', '198.51.100.5')).allowed).toBe(false);
    clock.now += 3_600_000;
    for (let n = 0; n < 5; n += 1) expect((await fail(limiter, 'ada@example.com', '198.51.100.5')).allowed).toBe(true);
    expect((await fail(limiter, 'ada@example.com', '198.51.100.5')).allowed).toBe(false);
  });
});

describe('limiter state', () => {
  it('is in the database: a new limiter (a restarted backend) carries on where the last one stopped', async () => {
    const { clock, limiter } = limiterWithClock();
    for (let n = 0; n < 6; n += 1) await fail(limiter, 'ada@example.com', '198.51.100.6');
    for (let n = 0; n < 3; n += 1) await limiter.takeRequest('sign-in-sign-up', '198.51.100.6');
    const restarted = new AuthLimiter(db, LIMITS, () => clock.now);
    expect((await restarted.beginSignIn('ada@example.com', '198.51.100.6')).allowed).toBe(false);
    expect((await restarted.takeRequest('sign-in-sign-up', '198.51.100.6')).allowed).toBe(false);
  });

  it('expired rows are swept, so the table holds only live limits', async () => {
    const { clock, limiter } = limiterWithClock();
    for (let n = 0; n < 10; n += 1) {
      await limiter.takeRequest('sign-in-sign-up', `203.0.113.${n}`);
      await fail(limiter, `user${n}@example.com`, `203.0.113.${n}`);
    }
    const count = async () =>
      Number((await db.query<{ n: number }>('select count(*)::int as n from auth.rate_limits')).rows[0]?.n);
    expect(await count()).toBe(40);
    // Swept a minute after they expired (rows a sign-in is just creating are never swept).
    clock.now += 3_600_000 + 60_000;
    await limiter.takeRequest('sign-in-sign-up', '203.0.113.99');
    expect(await count()).toBe(1);
  });
});
