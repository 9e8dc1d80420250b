/**
 * Abuse limits of the auth service, kept in auth.rate_limits so that they survive a restart and
 * hold across processes sharing one PostgreSQL database. A request limit is one SQL statement; the
 * sign-in gate is two, see BEGIN_SIGN_IN.
 *
 * - Request limits per client address, as GoTrue has them: sign-ups and password sign-ins share one
 *   budget, refresh-token grants have another. A bucket allows a burst of `limit` requests, then
 *   one every window/limit (the generic cell rate algorithm: one timestamp per bucket).
 * - Failed sign-ins slow down, never lock out. Failures of one account from one address, and of one
 *   address over all accounts, each earn a doubling wait (1 s, 2 s, 4 s, ... up to a cap) once past
 *   a free allowance. Failures of an account from many addresses only add a short, bounded delay:
 *   counting them towards a refusal would let anyone lock the owner out by guessing on purpose, so
 *   the owner signing in from an address that has not failed always gets through.
 *
 * An attempt is counted as a failure before its password is checked and the count is taken back
 * when the password is right; otherwise a burst of parallel guesses would all pass the check
 * before the first failure was written.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { addressKey } from '../../supabase/functions/_shared/portable/address-key.ts';

export interface AuthLimits {
  /** Sign-ups and password sign-ins per client address per window. */
  signInSignUpsPerWindow: number;
  /** Refresh-token grants per client address per window. */
  tokenRefreshesPerWindow: number;
  windowSeconds: number;
  /** Failures of one account from one address before its attempts must wait. */
  freeFailures: number;
  /** Failures from one address over all accounts before its attempts must wait. */
  freeFailuresPerAddress: number;
  maxBackoffSeconds: number;
  /** Cap of the delay that failures of an account from any address add to its sign-ins. */
  maxAccountDelayMs: number;
  /** Failures are forgotten this long after the last one. */
  failureMemorySeconds: number;
}

export type RequestKind = 'sign-in-sign-up' | 'token-refresh';

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A sign-in may go ahead after `delayMs`, or must wait. */
export type SignInVerdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

/** The first wait of the back-off; each further failure doubles it. */
const BACKOFF_BASE_MS = 1000;
/** The first delay that failures of an account from many addresses add; doubles up to the cap. */
const ACCOUNT_DELAY_BASE_MS = 100;
/** Expired rows are swept at most this often; the index on expires_at keeps it cheap. */
const SWEEP_INTERVAL_MS = 60_000;

/** E-mail addresses go into keys hashed: bounded length, and no second copy of them at rest. */
function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

const TAKE_REQUEST = `
  with previous as (select stamp from auth.rate_limits where key = $1),
  taken as (
    insert into auth.rate_limits as r (key, hits, stamp, expires_at)
    values ($1, 0, $2::float8 + $3::float8, $2::float8 + $3::float8)
    on conflict (key) do update
       set stamp = greatest(r.stamp, $2::float8) + $3::float8, expires_at = greatest(r.stamp, $2::float8) + $3::float8
     where greatest(r.stamp, $2::float8) + $3::float8 <= $2::float8 + $4::float8
    returning 1
  )
  select exists (select 1 from taken) as allowed, (select stamp from previous) as previous`;

// The sign-in gate decides on two rows at once (the address's and the pair's), so it locks them
// first; rows that a parallel request is inserting cannot be locked yet, so a first statement
// makes sure they all exist (an empty, expired row) and waits for any such insert to finish.
const ENSURE_SIGN_IN_ROWS = `
  insert into auth.rate_limits (key, hits, stamp, expires_at)
  select k, 0, $2::float8, $2::float8 from unnest($1::text[]) as k
  on conflict (key) do nothing`;

// $1 address key, $2 account-and-address key, $3 account key, $4 now, $5 free failures per address,
// $6 free failures per account and address, $7 back-off base, $8 back-off cap, $9 memory (ms).
// An expired row counts as no failures.
const BEGIN_SIGN_IN = `
  with current as (
    select key, case when expires_at > $4::float8 then hits else 0 end as hits, stamp
      from auth.rate_limits
     where key in ($1, $2, $3)
       for update
  ),
  gate as (
    select coalesce(max(case
             when key = $1 and hits >= $5::int
               then stamp + least($8::float8, $7::float8 * power(2::float8, least(hits - $5::int, 40)))
             when key = $2 and hits >= $6::int
               then stamp + least($8::float8, $7::float8 * power(2::float8, least(hits - $6::int, 40)))
           end), 0) as release_at,
           coalesce(max(hits) filter (where key = $3), 0) as account_failures
      from current
  ),
  reserved as (
    insert into auth.rate_limits as r (key, hits, stamp, expires_at)
    select k, 1, $4::float8, $4::float8 + $9::float8
      from unnest(array[$1, $2, $3]::text[]) as k, gate
     where gate.release_at <= $4::float8
    on conflict (key) do update
       set hits = case when r.expires_at > excluded.stamp then r.hits + 1 else 1 end,
           stamp = excluded.stamp, expires_at = excluded.expires_at
    returning 1
  )
  select release_at, account_failures, exists (select 1 from reserved) as reserved from gate`;

// The right password: the account's counts start again; the address gets back the one attempt
// it was charged, but keeps its other failures (an attacker may own an account to sign in with).
const SIGN_IN_SUCCEEDED = `
  with cleared as (delete from auth.rate_limits where key in ($2, $3))
  update auth.rate_limits set hits = greatest(hits - 1, 0) where key = $1`;

export class AuthLimiter {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Queryable,
    private readonly limits: AuthLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Charges one request of `kind` to the client address's bucket, unless the bucket is empty. */
  async takeRequest(kind: RequestKind, address: string | null): Promise<Verdict> {
    const now = await this.sweepWhenDue();
    const limit = kind === 'sign-in-sign-up' ? this.limits.signInSignUpsPerWindow : this.limits.tokenRefreshesPerWindow;
    const windowMs = this.limits.windowSeconds * 1000;
    const intervalMs = windowMs / limit;
    const { rows } = await this.db.query<{ allowed: boolean; previous: number | null }>(TAKE_REQUEST, [
      `requests:${kind}:${addressKey(address)}`,
      now,
      intervalMs,
      windowMs,
    ]);
    const row = rows[0];
    if (row?.allowed) return { allowed: true };
    const freeAt = (row?.previous ?? now + windowMs) + intervalMs - windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
  }

  /**
   * Decides whether a password sign-in of `email` from `address` may be checked now, and if so
   * counts it as a failure until `signInSucceeded` says otherwise.
   */
  async beginSignIn(email: string, address: string | null): Promise<SignInVerdict> {
    const now = await this.sweepWhenDue();
    const keys = this.signInKeys(email, address);
    await this.db.query(ENSURE_SIGN_IN_ROWS, [[keys.address, keys.pair, keys.account], now]);
    const { rows } = await this.db.query<{ release_at: number; account_failures: number; reserved: boolean }>(
      BEGIN_SIGN_IN,
      [
        keys.address,
        keys.pair,
        keys.account,
        now,
        this.limits.freeFailuresPerAddress,
        this.limits.freeFailures,
        BACKOFF_BASE_MS,
        this.limits.maxBackoffSeconds * 1000,
        this.limits.failureMemorySeconds * 1000,
      ],
    );
    const row = rows[0];
    if (!row?.reserved) {
      const waitMs = (row?.release_at ?? now) - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    return { allowed: true, delayMs: this.accountDelayMs(Number(row.account_failures)) };
  }

  /** The password was right: see SIGN_IN_SUCCEEDED. */
  async signInSucceeded(email: string, address: string | null): Promise<void> {
    const keys = this.signInKeys(email, address);
    await this.db.query(SIGN_IN_SUCCEEDED, [keys.address, keys.pair, keys.account]);
  }

  private signInKeys(email: string, address: string | null) {
    const account = accountKey(email);
    const client = addressKey(address);
    return {
      address: `sign-in:address:${client}`,
      pair: `sign-in:pair:${account}:${client}`,
      account: `sign-in:account:${account}`,
    };
  }

  private accountDelayMs(failures: number): number {
    if (failures < this.limits.freeFailures) return 0;
    const doublings = Math.min(failures - this.limits.freeFailures, 30);
    return Math.min(this.limits.maxAccountDelayMs, ACCOUNT_DELAY_BASE_MS * 2 ** doublings);
  }

  /**
   * Deletes expired rows now and then, so the table holds only live limits; returns the time. Only
   * rows expired for a while go: a sign-in's first statement makes its rows exist already expired,
   * and deleting them between its two statements would let a parallel guess go uncounted.
   */
  private async sweepWhenDue(): Promise<number> {
    const now = this.now();
    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      await this.db.query('delete from auth.rate_limits where expires_at <= $1::float8', [now - SWEEP_INTERVAL_MS]);
    }
    return now;
  }
}
