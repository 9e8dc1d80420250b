/**
 * Who is calling the storage service. The gateway's API-key check and the JWT check are the
 * shared ones (`resolveCaller`); what differs is the answer to a bad token. Hosted Storage refuses
 * it with its own body (`AccessDenied`, the token error as message), except on the plain download
 * route `GET /object/{bucket}/{key}`, which treats a caller with a bad or no token as anonymous.
 */
import type { Context } from 'hono';
import type { RequestContext } from '../db/database.ts';
import { resolveCaller, type AuthFailure } from '../http/request-auth.ts';
import type { JwtKeys } from '../http/jwt.ts';
import { invalidJwt } from './errors.ts';

export interface StorageCaller {
  /** The role and claims a database transaction for this caller runs with. */
  context: RequestContext;
  /** The user's id (`sub`), recorded as an object's owner; null for the API keys. */
  userId: string | null;
}

/** The gateway refused the request (no or unknown API key): its answer is sent as it is. */
export class GatewayRefusal extends Error {
  constructor(readonly failure: AuthFailure) {
    super(String(failure.body.message ?? 'refused'));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function storageCaller(
  c: Context,
  keys: JwtKeys,
  options: { readOnly: boolean; anonymousOnBadToken?: boolean },
): Promise<StorageCaller> {
  const result = await resolveCaller(c, keys, options.readOnly);
  if (result.ok) {
    const sub = result.caller.claims.sub;
    return { context: result.caller, userId: typeof sub === 'string' && UUID.test(sub) ? sub : null };
  }
  const { failure } = result;
  const tokenProblem = typeof failure.body.code === 'string' && failure.body.code.startsWith('PGRST');
  if (!tokenProblem) throw new GatewayRefusal(failure);
  if (options.anonymousOnBadToken) {
    const claims = (await keys.verify(keys.anonKey)) as Record<string, unknown>;
    return {
      context: { role: 'anon', claims, readOnly: options.readOnly, method: c.req.method, path: c.req.path },
      userId: null,
    };
  }
  throw invalidJwt(failure.body.code === 'PGRST303' ? 'jwt expired' : String(failure.body.message));
}
