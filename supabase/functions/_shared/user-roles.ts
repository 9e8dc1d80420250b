/** Writing the admin role (public.user_roles) with the service-role client. */
import type { SupabaseClient } from '@supabase/supabase-js';

const UNIQUE_VIOLATION = '23505';

/**
 * Gives the user the admin role. Already having it is fine: two admins may act at once.
 */
export async function grantAdminRole(service: SupabaseClient, userId: string): Promise<void> {
  const { error } = await service.from('user_roles').insert({ user_id: userId, role: 'admin' });
  if (error && error.code !== UNIQUE_VIOLATION) throw new Error(`granting the admin role failed: ${error.message}`);
}
