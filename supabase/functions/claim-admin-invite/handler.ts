/**
 * claim-admin-invite: the invited person sets the password of the invited address and becomes an
 * admin, with the token of the invite's link as proof of the mailbox. It is for the address that
 * already has an account its owner cannot sign in to: anyone may sign up with any address, so a
 * stranger who registered it first chose that password, and the product has no password reset.
 *
 * The account that holds the address is replaced, not given a new password: a stranger's sessions
 * and unexpired access tokens belong to the old account's id, so they never carry the role. A
 * non-admin account holds nothing in this product (only admins write), so nothing is lost with it.
 * An address that has no account yet simply gets one. The invite is used up.
 *
 * `{ token, email, password }` -> `{ success: true, email }`. 422 when the link is invalid or has
 * expired, was sent to another address, the address is already an admin's, or the password is too
 * short. Anonymous callers: the token lets the caller in (verify_jwt off, like the others).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { isAdmin } from '../_shared/admin-auth.ts';
import { authServiceFailure } from '../_shared/auth-errors.ts';
import { findUserIdByEmail } from '../_shared/auth-users.ts';
import { FunctionError, jsonFunction, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { requirePasswordLength } from '../_shared/password-rule.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import { grantAdminRole } from '../_shared/user-roles.ts';

const INVALID_LINK = 'This invite link is invalid or has expired. Ask an admin to send a new one.';

const ClaimAdminInviteBody = z.object({
  token: z.string({ error: INVALID_LINK }).regex(/^[\w-]{20,200}$/, { error: INVALID_LINK }),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: 'Password is required' }).refine((password) => password.trim() !== '', {
    error: 'Password is required',
  }),
});

async function invitedAddress(service: SupabaseClient, token: string): Promise<string | null> {
  const { data, error } = await service.rpc('admin_invite_email', { invite_token: token });
  if (error) throw new Error(`reading the admin invite failed: ${error.message}`);
  return typeof data === 'string' ? data : null;
}

export const handler = jsonFunction(
  { name: 'claim-admin-invite', failureMessage: 'Failed to accept the invite' },
  async (request) => {
    const service = createServiceClient();
    const { token, email, password } = await readJsonBody(request, ClaimAdminInviteBody);
    const invited = await invitedAddress(service, token);
    if (invited === null) throw new FunctionError(422, INVALID_LINK);
    if (invited !== email) {
      throw new FunctionError(422, 'This invite was sent to another e-mail address. Enter the address it was sent to.');
    }
    requirePasswordLength(password);

    const existing = await findUserIdByEmail(service, email);
    if (existing) {
      if (await isAdmin(service, existing)) {
        throw new FunctionError(422, 'An admin with this email address already exists. Sign in instead.');
      }
      const { error } = await service.auth.admin.deleteUser(existing);
      if (error) throw authServiceFailure(error, 'removing the account that held the address');
    }
    const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
    if (error) throw authServiceFailure(error, 'creating the admin account');
    try {
      await grantAdminRole(service, data.user.id);
      await service.from('admin_invites').delete().eq('email', email).throwOnError();
    } catch (grantError) {
      // An account without its role would hold the address; the invite still stands for a retry.
      await service.auth.admin.deleteUser(data.user.id);
      throw grantError;
    }
    return jsonResponse({ success: true, email });
  },
);
