/**
 * create-admin (spec 2 "Admin: User Management", 6, 7): an admin creates another admin account from
 * an e-mail address and a password. The account is created with its e-mail confirmed through the
 * auth admin API, so the new admin can sign in at once, and gets a `user_roles` admin row.
 *
 * When the e-mail already has an account: an admin's is refused (422). A non-admin's account is not
 * made an admin on the spot: anyone may sign up with any address, so that account may be a
 * stranger's who registered the address first. Its address gets an admin invite instead
 * (`invited: true` in the answer), and the role follows only when its owner proves the mailbox by
 * following the link. Its password is never overwritten. Decisions: supabase/functions/README.md.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { isAdmin, requireAdmin } from '../_shared/admin-auth.ts';
import { sendAdminInvite } from '../_shared/admin-invites.ts';
import { authServiceFailure } from '../_shared/auth-errors.ts';
import { findUserIdByEmail } from '../_shared/auth-users.ts';
import { FunctionError, jsonFunction, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { logFunctionError } from '../_shared/log.ts';
import { MailNotSent } from '../_shared/mail.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import { requirePasswordLength } from '../_shared/password-rule.ts';
import { grantAdminRole } from '../_shared/user-roles.ts';

const CreateAdminBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: 'Password is required' }).refine((password) => password.trim() !== '', {
    error: 'Password is required',
  }),
});

async function createConfirmedAdmin(service: SupabaseClient, email: string, password: string): Promise<Response> {
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) {
    if (error.code === 'email_exists' || error.code === 'user_already_exists')
      return inviteExistingUser(service, email);
    throw authServiceFailure(error, 'creating the admin account');
  }
  try {
    await grantAdminRole(service, data.user.id);
    // The new account holds the address now; an invite for it has nothing left to do.
    await service.from('admin_invites').delete().eq('email', email).throwOnError();
  } catch (grantError) {
    // An account without its role would block the address for a retry; take it back.
    await service.auth.admin.deleteUser(data.user.id);
    throw grantError;
  }
  return jsonResponse({ success: true, userId: data.user.id, email: data.user.email ?? email, existingUser: false });
}

async function inviteExistingUser(service: SupabaseClient, email: string): Promise<Response> {
  const userId = await findUserIdByEmail(service, email);
  if (!userId) throw new Error(`the auth service reports ${email} as registered but does not list it`);
  if (await isAdmin(service, userId)) throw new FunctionError(422, 'An admin with this email address already exists');
  try {
    const { expiresAt } = await sendAdminInvite(service, email);
    return jsonResponse({ success: true, userId, email, existingUser: true, invited: true, expiresAt });
  } catch (error) {
    if (!(error instanceof MailNotSent)) throw error;
    logFunctionError('create-admin', error);
    throw new FunctionError(
      502,
      'This address already has an account. The admin invite could not be e-mailed. Try again.',
    );
  }
}

export const handler = jsonFunction(
  { name: 'create-admin', failureMessage: 'Failed to create admin' },
  async (request) => {
    const service = createServiceClient();
    await requireAdmin(request, service, 'Only admins can create admin accounts');
    const { email, password } = await readJsonBody(request, CreateAdminBody);
    // The auth service's admin API does not apply its minimum, so this function does.
    requirePasswordLength(password);
    return createConfirmedAdmin(service, email, password);
  },
);
