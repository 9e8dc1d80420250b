/**
 * Sessions and refresh tokens, with GoTrue's rotation: every refresh revokes the presented token
 * and issues a child (parent = old token) in the same session. A revoked token presented again
 * within the reuse interval (a client that lost the answer, or two tabs refreshing at once) gets
 * the session's current token back; after the interval it counts as theft and the whole session
 * is deleted, which takes all its tokens with it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { AuthError } from './errors.ts';
import { findUserById, type UserRecord } from './users.ts';

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

/** What a token response is built from. */
export interface SessionGrant {
  user: UserRecord;
  sessionId: string;
  /** Unix seconds; the `amr` timestamp of the session's sign-in. */
  signedInAt: number;
  refreshToken: string;
}

export type LogoutScope = 'global' | 'local' | 'others';

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_LENGTH = 24; // about 124 bits; GoTrue's legacy tokens have 12 characters of this alphabet

/** An opaque, cryptographically random refresh token. */
export function newRefreshToken(): string {
  let token = '';
  while (token.length < TOKEN_LENGTH) {
    for (const byte of randomBytes(TOKEN_LENGTH)) {
      // 252 = 7 * 36: dropping larger bytes keeps every character equally likely.
      if (byte < 252 && token.length < TOKEN_LENGTH) token += TOKEN_ALPHABET[byte % 36];
    }
  }
  return token;
}

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null) {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

async function loadUser(tx: Queryable, userId: string): Promise<UserRecord> {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} not found while issuing a session`);
  return user;
}

/** Signs a user in: a new session with its first refresh token, and last_sign_in_at updated. */
export async function startSession(tx: Queryable, userId: string, client: ClientInfo): Promise<SessionGrant> {
  const sessionId = randomUUID();
  const { rows } = await tx.query<{ signed_in_at: number }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)
     returning floor(extract(epoch from created_at))::float8 as signed_in_at`,
    [sessionId, userId, client.userAgent, client.ip],
  );
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  return { user: await loadUser(tx, userId), sessionId, signedInAt: Number(rows[0]?.signed_in_at), refreshToken };
}

/** The outcome of a refresh; a refusal is a value, not a throw, so its transaction still commits. */
export type RefreshResult = { ok: true; grant: SessionGrant } | { ok: false; error: AuthError };

interface PresentedToken {
  id: string;
  revoked: boolean | null;
  user_id: string | null;
  session_id: string | null;
  has_session: boolean;
  session_expired: boolean;
  reuse_window_over: boolean;
  signed_in_at: number | null;
}

/**
 * The refresh_token grant. Resolves (never throws) with an error for refusals, so the caller
 * commits the transaction either way: a detected reuse must delete the session for good.
 */
export async function refreshSession(
  tx: Queryable,
  token: string,
  reuseIntervalSeconds: number,
  client: ClientInfo,
): Promise<RefreshResult> {
  const fail = (status: 400, code: string, message: string): RefreshResult => ({
    ok: false,
    error: new AuthError(status, code, message),
  });
  // FOR UPDATE serialises concurrent refreshes of one token on PostgreSQL (PGlite runs one
  // transaction at a time anyway): the second sees the token revoked and gets the current one.
  const { rows } = await tx.query<PresentedToken>(
    `select rt.id::text as id, rt.revoked, rt.user_id, rt.session_id::text as session_id,
            s.id is not null as has_session,
            coalesce(s.not_after < now(), false) as session_expired,
            now() > rt.updated_at + make_interval(secs => $2::float8) as reuse_window_over,
            floor(extract(epoch from s.created_at))::float8 as signed_in_at
       from auth.refresh_tokens rt
       left join auth.sessions s on s.id = rt.session_id
      where rt.token = $1
        for update of rt`,
    [token, reuseIntervalSeconds],
  );
  const presented = rows[0];
  const user = presented?.user_id ? await findUserById(tx, presented.user_id) : null;
  if (!presented || !user) {
    return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (user.banned) return fail(400, 'user_banned', 'Invalid Refresh Token: User Banned');
  if (!presented.has_session || !presented.session_id) {
    await tx.query('delete from auth.refresh_tokens where id = $1::bigint', [presented.id]);
    return fail(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  if (presented.session_expired) return fail(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
  const sessionId = presented.session_id;

  let issued: string | undefined;
  if (presented.revoked) {
    if (presented.reuse_window_over) {
      await tx.query('delete from auth.sessions where id = $1', [sessionId]);
      return fail(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    const active = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
      [sessionId],
    );
    issued = active.rows[0]?.token;
  }
  if (!issued) {
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint', [
      presented.id,
    ]);
    issued = await insertRefreshToken(tx, user.id, sessionId, token);
  }
  await tx.query(
    `update auth.sessions
        set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = $2, ip = $3::inet
      where id = $1`,
    [sessionId, client.userAgent, client.ip],
  );
  return {
    ok: true,
    grant: { user, sessionId, signedInAt: Number(presented.signed_in_at), refreshToken: issued },
  };
}

export async function sessionExists(tx: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await tx.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}

/** Ends sessions (and so their refresh tokens): this one, all of the user's, or all but this one. */
export async function endSessions(
  tx: Queryable,
  userId: string,
  sessionId: string | null,
  scope: LogoutScope,
): Promise<void> {
  if (sessionId && scope === 'local') {
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}
