/** Looking up accounts of the auth service by e-mail address, with the service-role client. */
import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The id of the account with this e-mail address (compared without case), or null. Asked of the
 * database (`account_id_by_email`, service role only): exact, however many other accounts' addresses
 * or names contain this one.
 */
export async function findUserIdByEmail(service: SupabaseClient, email: string): Promise<string | null> {
  const { data, error } = await service.rpc('account_id_by_email', { account_email: email });
  if (error) throw new Error(`looking up the account of an address failed: ${error.message}`);
  return typeof data === 'string' ? data : null;
}
