/**
 * For functions that only the project itself may run (a schedule, another function): the caller
 * must present the service-role key as `Authorization: Bearer <key>`. The key is compared in
 * constant time (as SHA-256 digests, so not even its length shows in the timing).
 */
import { NOT_AUTHENTICATED } from './admin-auth.ts';
import { requireEnv } from './env.ts';
import { FunctionError, bearerToken } from './http.ts';

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/** 401 'Not authenticated' unless the request carries the service-role key. */
export async function requireServiceRole(request: Request): Promise<void> {
  const token = bearerToken(request);
  if (!token || !(await sameSecret(token, requireEnv('SUPABASE_SERVICE_ROLE_KEY')))) {
    throw new FunctionError(401, NOT_AUTHENTICATED);
  }
}
