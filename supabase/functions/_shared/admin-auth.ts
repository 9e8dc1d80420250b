/**
 * Who may call an admin function. The caller is the user of the bearer token, as the auth service
 * confirms it (`auth.getUser(token)`: signature, expiry, and that the session still exists), so a
 * signed-out or forged token gets nowhere. Admin = a `public.user_roles` row with role 'admin',
 * the same rule as the database's `private.is_admin()`.
 */
import { isAuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import { FunctionError, bearerToken } from './http.ts';

export const NOT_AUTHENTICATED = 'Not authenticated';

export interface Caller {
  id: string;
  email: string | undefined;
}

/** The signed-in user behind the request's bearer token; 401 'Not authenticated' otherwise. */
export async function requireUser(request: Request, service: SupabaseClient): Promise<Caller> {
  const token = bearerToken(request);
  if (!token) throw new FunctionError(401, NOT_AUTHENTICATED);
  const { data, error } = await service.auth.getUser(token);
  if (error) {
    // A refused token is the caller's problem; an auth service that cannot answer is ours.
    if (isAuthRetryableFetchError(error) || (error.status ?? 0) >= 500) {
      throw new Error(`the auth service could not check the caller: ${error.message}`);
    }
    throw new FunctionError(401, NOT_AUTHENTICATED);
  }
  return { id: data.user.id, email: data.user.email };
}

/** True when the user has the admin role. */
export async function isAdmin(service: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await service
    .from('user_roles')
    .select('user_id')
    .eq('user_id', userId)
    .eq('role', 'admin')
    .maybeSingle();
  if (error) throw new Error(`reading user_roles failed: ${error.message}`);
  return data !== null;
}

/**
 * The calling admin. 401 'Not authenticated' without a valid session, 403 with `forbiddenMessage`
 * for a signed-in user who is not an admin.
 */
export async function requireAdmin(
  request: Request,
  service: SupabaseClient,
  forbiddenMessage: string,
): Promise<Caller> {
  const caller = await requireUser(request, service);
  if (!(await isAdmin(service, caller.id))) throw new FunctionError(403, forbiddenMessage);
  return caller;
}
