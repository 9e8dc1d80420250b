/**
 * Who is calling: the gateway part of a Supabase project (Kong's API-key check plus PostgREST's JWT
 * check) in one place. A request must carry a valid API key (`apikey` header or query parameter);
 * its bearer token, when present, decides the role, and otherwise the API key does. Only the three
 * API roles are accepted, whatever a token claims.
 */
import type { Context } from 'hono';
import type { ApiRole, RequestContext } from '../db/database.ts';
import { JwtError, type JwtKeys } from './jwt.ts';

const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];

export interface AuthFailure {
  status: 401;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export type CallerResult = { ok: true; caller: RequestContext; token: string } | { ok: false; failure: AuthFailure };

function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

function postgrestFailure(code: string, message: string): AuthFailure {
  return {
    status: 401,
    body: { code, details: null, hint: null, message },
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"` },
  };
}

/** The API key check that hosted Supabase's gateway performs before any service sees the request. */
export async function checkApiKey(c: Context, keys: JwtKeys): Promise<AuthFailure | null> {
  const apikey = c.req.header('apikey') ?? c.req.query('apikey');
  if (!apikey) {
    return {
      status: 401,
      body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
    };
  }
  if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) {
    return {
      status: 401,
      body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
    };
  }
  return null;
}

/**
 * Resolves the caller of a data request: the verified claims of the bearer token, or of the API key
 * when there is no bearer token. Failures carry PostgREST's codes (PGRST301 invalid, PGRST303 expired).
 */
export async function resolveCaller(c: Context, keys: JwtKeys, readOnly: boolean): Promise<CallerResult> {
  const keyFailure = await checkApiKey(c, keys);
  if (keyFailure) return { ok: false, failure: keyFailure };
  const token = bearerToken(c.req.header('authorization')) ?? c.req.header('apikey') ?? c.req.query('apikey') ?? '';
  let claims: Record<string, unknown>;
  try {
    claims = (await keys.verify(token)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') {
      return { ok: false, failure: postgrestFailure('PGRST303', 'JWT expired') };
    }
    return { ok: false, failure: postgrestFailure('PGRST301', 'No suitable key or wrong key type') };
  }
  const role = claims.role;
  if (typeof role !== 'string' || !API_ROLES.includes(role as ApiRole)) {
    return { ok: false, failure: postgrestFailure('PGRST301', 'JWT role is not permitted') };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.req.header())) {
    if (name !== 'authorization' && name !== 'apikey' && name !== 'cookie') headers[name] = value;
  }
  return {
    ok: true,
    token,
    caller: { role: role as ApiRole, claims, readOnly, method: c.req.method, path: c.req.path, headers },
  };
}
