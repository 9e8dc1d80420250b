/**
 * Access tokens as GoTrue issues and checks them. Issued tokens carry GoTrue's claims (iss, sub,
 * aud, role, session_id, aal, amr, metadata, ...) and are signed with the backend's ES256 key.
 * Presented tokens are checked as GoTrue's `requireAuthentication` does: a bad or expired JWT is a
 * 403 `bad_jwt` with golang-jwt's wording, then the user and the session named by the claims
 * must still exist.
 */
import type { Context } from 'hono';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { JwtError } from '../http/jwt.ts';
import type { BackendServices } from '../services.ts';
import { AuthError } from './errors.ts';
import { sessionExists, type SessionGrant } from './sessions.ts';
import { findUserById, isUuid, toAuthUser, type AuthUser, type UserRecord } from './users.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUser;
}

export type AccessTokenClaims = Record<string, unknown> & {
  sub?: string;
  role?: string;
  session_id?: string;
  aud?: string | string[];
};

/** Signs an access token for a session and wraps it in GoTrue's token response. */
export async function tokenResponse(services: BackendServices, grant: SessionGrant): Promise<TokenResponse> {
  const { user } = grant;
  const accessToken = await services.keys.sign(
    {
      iss: `${services.config.apiUrl}/auth/v1`,
      sub: user.id,
      aud: user.aud,
      email: user.email,
      phone: user.phone,
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: user.role,
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: grant.signedInAt }],
      session_id: grant.sessionId,
      is_anonymous: user.is_anonymous,
    },
    services.config.jwtExpirySeconds,
  );
  const expiresAt = decodeJwt(accessToken).exp ?? 0;
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: Math.max(0, expiresAt - Math.floor(Date.now() / 1000)),
    expires_at: expiresAt,
    refresh_token: grant.refreshToken,
    user: toAuthUser(user),
  };
}

/** The token of an `Authorization: Bearer <token>` header (GoTrue's pattern), if any. */
export function bearerToken(c: Context): string | null {
  const match = /^[Bb]earer (\S+)$/.exec(c.req.header('authorization') ?? '');
  return match?.[1] ?? null;
}

export function requireBearer(c: Context): string {
  const token = bearerToken(c);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return token;
}

/** Why a JWT was refused, in the words of golang-jwt (what GoTrue's messages contain). */
function jwtFailureReason(token: string, error: unknown, kid: string): string {
  if (token.split('.').length !== 3) return 'token is malformed: token contains an invalid number of segments';
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
    decodeJwt(token);
  } catch {
    return 'token is malformed: could not JSON decode the token';
  }
  if (header.alg !== 'ES256') return `token signature is invalid: signing method ${String(header.alg)} is invalid`;
  if (error instanceof JwtError && error.reason === 'expired') return 'token has invalid claims: token is expired';
  if (header.kid !== undefined && header.kid !== kid) {
    return `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${String(header.kid)} for algorithm ES256`;
  }
  if (error instanceof JwtError && /signature/i.test(error.message)) {
    return 'token signature is invalid: crypto/ecdsa: verification error';
  }
  return `token has invalid claims: ${error instanceof Error ? error.message : 'invalid token'}`;
}

/** Verifies signature, algorithm and expiry; a failure is GoTrue's 403 `bad_jwt`. */
export async function verifyAccessToken(services: BackendServices, token: string): Promise<AccessTokenClaims> {
  try {
    return (await services.keys.verify(token)) as AccessTokenClaims;
  } catch (error) {
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${jwtFailureReason(token, error, services.keys.kid)}`,
    );
  }
}

export interface AuthenticatedCaller {
  claims: AccessTokenClaims;
  user: UserRecord;
  /** The session named by the token, null for a token without one. */
  sessionId: string | null;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

function sessionIdClaim(claims: AccessTokenClaims): string | null {
  const sessionId = claims.session_id;
  if (typeof sessionId !== 'string' || sessionId === '' || sessionId === NIL_UUID) return null;
  if (!isUuid(sessionId)) throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
  return sessionId;
}

async function checkSession(services: BackendServices, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  const exists = await services.db.transaction(null, (tx) => sessionExists(tx, sessionId));
  if (!exists) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
}

/** GoTrue's requireAuthentication: a valid token of an existing, unbanned user whose session still exists. */
export async function authenticateUser(c: Context, services: BackendServices): Promise<AuthenticatedCaller> {
  const claims = await verifyAccessToken(services, requireBearer(c));
  const subject = claims.sub;
  if (typeof subject !== 'string' || subject === '') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!isUuid(subject)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await services.db.transaction(null, (tx) => findUserById(tx, subject));
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = sessionIdClaim(claims);
  await checkSession(services, sessionId);
  if (user.banned) throw new AuthError(403, 'user_banned', 'User is banned');
  return { claims, user, sessionId };
}

/**
 * GoTrue's requireAdminCredentials for the admin API: a valid token whose session (if it names one)
 * still exists, with the service_role role. Anything else is 403 `not_admin`.
 */
export async function requireServiceRole(c: Context, services: BackendServices): Promise<AccessTokenClaims> {
  const claims = await verifyAccessToken(services, requireBearer(c));
  await checkSession(services, sessionIdClaim(claims));
  if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
  return claims;
}
