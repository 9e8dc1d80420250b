/**
 * The auth service's abuse limits against the real backend over HTTP: per-address rate limits on
 * sign-up, sign-in and refresh (429 `over_request_rate_limit` with Retry-After), the back-off after
 * failed sign-ins that never locks the owner out, caps on metadata, limits that survive a restart,
 * and X-Forwarded-For believed only from a trusted proxy. Most backends here trust loopback as a
 * proxy, so that each test can speak from addresses of its own through X-Forwarded-For.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startBackend, type RunningBackend } from '../../server/backend.ts';
import { DEFAULT_CONFIG } from '../../server/services.ts';
import { freshPostgresDatabase, startTestBackend, type TestBackend } from '../support/backend.ts';
import { rawRequest } from './auth-helpers.ts';

const LOOPBACK = ['127.0.0.1', '::1'];
/** The sign-in back-off as `npm start` has it; the test harness raises it out of reach. */
const DEFAULT_BACKOFF = {
  signInFreeFailures: DEFAULT_CONFIG.signInFreeFailures,
  signInFreeFailuresPerAddress: DEFAULT_CONFIG.signInFreeFailuresPerAddress,
};
let counter = 0;
let addresses = 0;

function uniqueEmail(prefix = 'exec'): string {
  counter += 1;
  return `${prefix}${counter}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** A fresh client address for each call, so that tests never share a budget. */
function uniqueAddress(): string {
  addresses += 1;
  return `100.64.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** A supabase-js client of `target` with no session, whose requests claim to come from `address`. */
function clientFrom(target: Pick<RunningBackend, 'url' | 'anonKey'>, address?: string): SupabaseClient {
  return createClient(target.url, target.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: address ? { 'X-Forwarded-For': address } : {} },
    ...(globalThis.WebSocket ? {} : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
  });
}

async function signUpFrom(target: Pick<RunningBackend, 'url' | 'anonKey'>, address: string, email = uniqueEmail()) {
  const password = 'correct-horse';
  const { data, error } = await clientFrom(target, address).auth.signUp({ email, password });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { email, password, session: data.session, user: data.user };
}

function signInFrom(target: Pick<RunningBackend, 'url' | 'anonKey'>, address: string, email: string, password: string) {
  return clientFrom(target, address).auth.signInWithPassword({ email, password });
}

async function usersWithEmail(target: RunningBackend, email: string): Promise<number> {
  const { rows } = await target.services.db.query<{ n: number }>(
    'select count(*)::int as n from auth.users where email = $1',
    [email],
  );
  return rows[0]?.n ?? 0;
}

describe('rate limits per client address', () => {
  let tight: TestBackend;

  beforeAll(async () => {
    tight = await startTestBackend({
      config: { authSignInSignUpsPerWindow: 3, authTokenRefreshesPerWindow: 3, trustedProxies: LOOPBACK },
    });
  });

  afterAll(async () => {
    await tight?.stop();
  });

  it('a sign-up flood from one address gets 429 with Retry-After once its budget is spent', async () => {
    const flooder = uniqueAddress();
    for (let n = 0; n < 3; n += 1) await signUpFrom(tight, flooder);
    const email = uniqueEmail('flood');
    const refused = await rawRequest(tight, '/auth/v1/signup', {
      method: 'POST',
      body: { email, password: 'correct-horse', data: { filler: 'x'.repeat(10_000) } },
      headers: { 'X-Forwarded-For': flooder },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // A burst of three, then one per 300 s / 3, counted from the first of the three (which a busy
    // machine may have taken seconds to sign up).
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(90);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(100);
    expect(await usersWithEmail(tight, email)).toBe(0);
    // In the legacy shape for clients that send no API version.
    const legacy = await rawRequest(tight, '/auth/v1/signup', {
      method: 'POST',
      body: { email, password: 'correct-horse' },
      headers: { 'X-Forwarded-For': flooder },
      apiVersion: false,
    });
    expect(legacy.body).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    });
    // Another address still signs up.
    await signUpFrom(tight, uniqueAddress());
  });

  it('password sign-ins share the sign-up budget of their address', async () => {
    const address = uniqueAddress();
    const { email, password } = await signUpFrom(tight, address);
    expect((await signInFrom(tight, address, email, password)).error).toBeNull();
    expect((await signInFrom(tight, address, email, password)).error).toBeNull();
    const refused = await signInFrom(tight, address, email, password);
    expect(refused.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect((await signInFrom(tight, uniqueAddress(), email, password)).error).toBeNull();
  });

  it('token refreshes have a budget of their own per address', async () => {
    const address = uniqueAddress();
    let { session } = await signUpFrom(tight, address);
    for (let n = 0; n < 3; n += 1) {
      const { data, error } = await clientFrom(tight, address).auth.refreshSession({
        refresh_token: session.refresh_token,
      });
      expect(error).toBeNull();
      session = data.session!;
    }
    const refused = await rawRequest(tight, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: { refresh_token: session.refresh_token },
      headers: { 'X-Forwarded-For': address },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('over_request_rate_limit');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sessions record the client address a trusted proxy forwarded', async () => {
    const address = uniqueAddress();
    const { user } = await signUpFrom(tight, address);
    const { rows } = await tight.services.db.query<{ ip: string }>(
      'select host(ip) as ip from auth.sessions where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ ip: address }]);
  });
});

describe('the limits table', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend();
  });

  afterAll(async () => {
    await backend?.stop();
  });

  it('is private: no API role can read the counters or clear its own', async () => {
    await signUpFrom(backend, uniqueAddress());
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      for (const sql of ['select * from auth.rate_limits', 'delete from auth.rate_limits']) {
        const attempt = backend.services.db.transaction({ role, claims: { role }, readOnly: false }, (tx) =>
          tx.query(sql),
        );
        await expect(attempt, `${role}: ${sql}`).rejects.toMatchObject({ code: '42501' });
      }
    }
    const { rows } = await backend.services.db.query<{ n: number }>('select count(*)::int as n from auth.rate_limits');
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});

describe('X-Forwarded-For without a trusted proxy', () => {
  let direct: TestBackend;

  beforeAll(async () => {
    direct = await startTestBackend({ config: { authSignInSignUpsPerWindow: 3, trustedProxies: [] } });
  });

  afterAll(async () => {
    await direct?.stop();
  });

  it('is ignored: a client cannot claim a fresh address for each request', async () => {
    const first = await signUpFrom(direct, '198.51.100.1');
    await signUpFrom(direct, '198.51.100.2');
    await signUpFrom(direct, '198.51.100.3');
    const { error } = await clientFrom(direct, '198.51.100.4').auth.signUp({
      email: uniqueEmail(),
      password: 'correct-horse',
    });
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const { rows } = await direct.services.db.query<{ ip: string }>(
      'select host(ip) as ip from auth.sessions where user_id = $1',
      [first.user.id],
    );
    expect(rows).toEqual([{ ip: '127.0.0.1' }]);
  });
});

describe('failed sign-ins', () => {
  let guarded: TestBackend;

  beforeAll(async () => {
    // The default back-off; request limits out of reach, so that only the back-off speaks.
    guarded = await startTestBackend({ config: { ...DEFAULT_BACKOFF, trustedProxies: LOOPBACK } });
  });

  afterAll(async () => {
    await guarded?.stop();
  });

  it('back off one account from one address: after five failures 1 s, then 2 s', async () => {
    const { email } = await signUpFrom(guarded, uniqueAddress());
    const attacker = uniqueAddress();
    for (let n = 0; n < 5; n += 1) {
      expect((await signInFrom(guarded, attacker, email, 'guess-guess')).error?.code).toBe('invalid_credentials');
    }
    const guess = () =>
      rawRequest(guarded, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: { email, password: 'guess-guess' },
        headers: { 'X-Forwarded-For': attacker },
      });
    const first = await guess();
    expect(first.status).toBe(429);
    expect(first.body.code).toBe('over_request_rate_limit');
    expect(first.headers.get('retry-after')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = Date.now();
    expect((await guess()).body.code).toBe('invalid_credentials');
    const second = await guess();
    const after = Date.now();
    expect(second.status).toBe(429);
    // The sixth failure waits 2 s from the moment it was let through, between `before` and `after`:
    // '2' when the two guesses took under a second, as on a quiet machine; a busy one may say '1'.
    const retryAfter = Number(second.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, Math.ceil((before + 2000 - after) / 1000)));
  });

  it('parallel guesses cannot slip through before the first failure is written', async () => {
    const { email } = await signUpFrom(guarded, uniqueAddress());
    const attacker = uniqueAddress();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        signInFrom(guarded, attacker, email, 'guess-guess').then(({ error }) => error?.code),
      ),
    );
    // Five free failures; then only what the back-off (1 s, 2 s, 4 s, ...) lets through while the
    // burst lasted, which on a busy machine can exceed a second.
    const seconds = (Date.now() - started) / 1000;
    const allowedLater = Math.floor(Math.log2(seconds + 1));
    const failed = answers.filter((code) => code === 'invalid_credentials').length;
    expect(failed).toBeGreaterThanOrEqual(5);
    expect(failed).toBeLessThanOrEqual(5 + allowedLater);
    expect(answers.filter((code) => code === 'over_request_rate_limit')).toHaveLength(30 - failed);
  });

  it("the admin signs in from a new address after an attacker's 100 tries from one address", async () => {
    const { email, password } = guarded.admin;
    const attacker = uniqueAddress();
    const answers: Array<string | undefined> = [];
    const started = Date.now();
    for (let n = 0; n < 100; n += 1)
      answers.push((await signInFrom(guarded, attacker, email, 'guess-guess')).error?.code);
    // Five free failures, then waits of 1 s, 2 s, 4 s, ... that refuse nearly all of the rest at once:
    // only as many more as those waits allow in the time the hundred tries took.
    const seconds = (Date.now() - started) / 1000;
    const failures = answers.filter((code) => code === 'invalid_credentials').length;
    expect(failures).toBeGreaterThanOrEqual(5);
    expect(failures).toBeLessThanOrEqual(5 + Math.floor(Math.log2(seconds + 1)));
    expect(answers.filter((code) => code === 'over_request_rate_limit')).toHaveLength(100 - failures);
    expect((await signInFrom(guarded, uniqueAddress(), email, password)).error).toBeNull();
  });

  it('an account guessed at from 100 addresses still lets its owner in from another', async () => {
    const { email, password } = await signUpFrom(guarded, uniqueAddress());
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        signInFrom(guarded, `10.20.${n}.1`, email, 'guess-guess').then(({ error }) => error?.code),
      ),
    );
    expect(answers.every((code) => code === 'invalid_credentials')).toBe(true);
    expect((await signInFrom(guarded, uniqueAddress(), email, password)).error).toBeNull();
    // A hundred password checks, each on the account's row in turn.
  }, 120_000);

  it('an address guessing across accounts is slowed, not the other users behind the same proxy', async () => {
    const colleague = await signUpFrom(guarded, uniqueAddress());
    const attacker = uniqueAddress();
    for (let n = 0; n < 20; n += 1) {
      expect((await signInFrom(guarded, attacker, uniqueEmail('guess'), 'guess-guess')).error?.code).toBe(
        'invalid_credentials',
      );
    }
    const slowed = await signInFrom(guarded, attacker, colleague.email, colleague.password);
    expect(slowed.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect((await signInFrom(guarded, uniqueAddress(), colleague.email, colleague.password)).error).toBeNull();
  });

  it('signing in many times with the right password is never slowed or refused', async () => {
    const address = uniqueAddress();
    const { email, password } = await signUpFrom(guarded, address);
    // More than the free failures of an address, had the right ones been counted.
    for (let n = 0; n < 25; n += 1) expect((await signInFrom(guarded, address, email, password)).error).toBeNull();
  });
});

describe('metadata', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend();
  });

  afterAll(async () => {
    await backend?.stop();
  });

  /** `{ a: { a: ... } }` with `levels` objects, the outermost included. */
  function nested(levels: number): Record<string, unknown> {
    let value: Record<string, unknown> = { leaf: true };
    for (let level = 1; level < levels; level += 1) value = { a: value };
    return value;
  }

  it('sign-up refuses metadata over 16 KB or 8 levels deep and stores nothing', async () => {
    for (const data of [{ filler: 'x'.repeat(650_000) }, { filler: 'x'.repeat(16_400) }, nested(9)]) {
      const email = uniqueEmail('big');
      const { error } = await clientFrom(backend).auth.signUp({ email, password: 'correct-horse', options: { data } });
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(error?.message).toMatch(/^data is (too large|nested too deeply)/);
      expect(await usersWithEmail(backend, email)).toBe(0);
    }
    const { error } = await clientFrom(backend).auth.signUp({
      email: uniqueEmail('fits'),
      password: 'correct-horse',
      options: { data: { ...nested(8), filler: 'x'.repeat(15_000) } },
    });
    expect(error).toBeNull();
  });

  it('a user cannot grow their metadata past the cap, at once or a piece at a time', async () => {
    const client = clientFrom(backend);
    const { data: signedUp } = await client.auth.signUp({ email: uniqueEmail(), password: 'correct-horse' });
    expect((await client.auth.updateUser({ data: { deep: nested(9) } })).error).toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    expect((await client.auth.updateUser({ data: { first: 'x'.repeat(10_000) } })).error).toBeNull();
    const second = await client.auth.updateUser({ data: { second: 'x'.repeat(10_000) } });
    expect(second.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(second.error?.message).toMatch(/^user_metadata is too large/);
    const { data } = await backend.serviceClient().auth.admin.getUserById(signedUp.user!.id);
    expect(Object.keys(data.user!.user_metadata).sort()).toEqual(['email_verified', 'first']);
  });

  it('the admin API refuses oversized user and app metadata too', async () => {
    const admin = backend.serviceClient().auth.admin;
    const email = uniqueEmail('admin-made');
    const created = await admin.createUser({ email, user_metadata: { filler: 'x'.repeat(20_000) } });
    expect(created.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(await usersWithEmail(backend, email)).toBe(0);
    const { data } = await admin.createUser({ email, email_confirm: true });
    const updated = await admin.updateUserById(data.user!.id, { app_metadata: { deep: nested(9) } });
    expect(updated.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await admin.getUserById(data.user!.id)).data.user?.app_metadata).not.toHaveProperty('deep');
  });
});

describe('limits across a restart', () => {
  let dataDir = '';
  let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'auth-limits-'));
    const base = process.env.TEST_DATABASE_URL;
    if (base) postgres = await freshPostgresDatabase(base);
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  });

  /** A backend on the same data folder (PGlite) or database (PostgreSQL) every time. */
  const start = () =>
    startBackend({
      port: 0,
      dataDir,
      databaseUrl: postgres?.url,
      config: { authSignInSignUpsPerWindow: 10, trustedProxies: LOOPBACK },
    });

  it('a spent budget and past failures are still there after the backend restarts', async () => {
    let backend = await start();
    const { email } = await signUpFrom(backend, '192.0.2.1');
    for (let n = 0; n < 10; n += 1) await signInFrom(backend, '192.0.2.2', uniqueEmail(), 'guess-guess');
    for (let n = 0; n < 5; n += 1) await signInFrom(backend, '192.0.2.3', email, 'guess-guess');
    await backend.stop();
    // Past the 1 s wait that the fifth failure earned.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    backend = await start();
    try {
      const spent = await signInFrom(backend, '192.0.2.2', email, 'guess-guess');
      expect(spent.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
      // The five failures are remembered: the sixth earns a 2 s wait, where a fresh count would
      // have allowed four more tries.
      expect((await signInFrom(backend, '192.0.2.3', email, 'guess-guess')).error?.code).toBe('invalid_credentials');
      const backedOff = await signInFrom(backend, '192.0.2.3', email, 'guess-guess');
      expect(backedOff.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    } finally {
      await backend.stop();
    }
  }, 120_000);
});
