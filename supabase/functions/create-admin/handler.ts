/**
 * create-admin (spec 2 "Admin: User Management", 6, 7): an admin creates another admin account from
 * an e-mail address and a password. The account is created with its e-mail confirmed through the
 * auth admin API, so the new admin can sign in at once, and gets a `user_roles` admin row.
 *
 * When the e-mail already has an account: an admin's is refused (422); a non-admin's account is
 * made an admin and keeps its own password (`existingUser: true` in the answer). Overwriting that
 * password would let an admin take over someone's account; admins may already grant the role.
 * Decisions: supabase/functions/README.md.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { isAdmin, requireAdmin } from '../_shared/admin-auth.ts';
import { authServiceFailure } from '../_shared/auth-errors.ts';
import { requireEnv } from '../_shared/env.ts';
import { FunctionError, jsonFunction, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { createServiceClient } from '../_shared/supabase.ts';
import { grantAdminRole } from '../_shared/user-roles.ts';

/** The auth service's minimum (spec 9); its admin API does not apply it, so this function does. */
export const MIN_PASSWORD_LENGTH = 6;

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

const LOOKUP_PAGE_SIZE = 100;
const MAX_LOOKUP_PAGES = 50;

const AdminUserList = z.object({ users: z.array(z.object({ id: z.string(), email: z.string().nullish() })) });

/** Lengths count bytes, as the auth service counts them. */
function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * The id of the account with this e-mail address. supabase-js's `listUsers` cannot filter, so this
 * asks the auth admin API directly with its `filter` parameter (a substring match, so longer
 * addresses may match too) and compares exactly, page by page.
 */
async function findUserIdByEmail(email: string): Promise<string | null> {
  const serviceKey = requireEnv('SUPABASE_SERVICE_ROLE_KEY');
  const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` };
  for (let page = 1; page <= MAX_LOOKUP_PAGES; page += 1) {
    const url = new URL(`${requireEnv('SUPABASE_URL')}/auth/v1/admin/users`);
    url.searchParams.set('filter', email);
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(LOOKUP_PAGE_SIZE));
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`listing users failed: ${response.status} ${await response.text()}`);
    const { users } = AdminUserList.parse(await response.json());
    const match = users.find((user) => user.email?.toLowerCase() === email);
    if (match) return match.id;
    if (users.length < LOOKUP_PAGE_SIZE) return null;
  }
  return null;
}

async function createConfirmedAdmin(service: SupabaseClient, email: string, password: string): Promise<Response> {
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) {
    if (error.code === 'email_exists' || error.code === 'user_already_exists')
      return promoteExistingUser(service, email);
    throw authServiceFailure(error, 'creating the admin account');
  }
  try {
    await grantAdminRole(service, data.user.id);
  } catch (grantError) {
    // An account without its role would block the address for a retry; take it back.
    await service.auth.admin.deleteUser(data.user.id);
    throw grantError;
  }
  return jsonResponse({ success: true, userId: data.user.id, email: data.user.email ?? email, existingUser: false });
}

async function promoteExistingUser(service: SupabaseClient, email: string): Promise<Response> {
  const userId = await findUserIdByEmail(email);
  if (!userId) throw new Error(`the auth service reports ${email} as registered but does not list it`);
  if (await isAdmin(service, userId)) throw new FunctionError(422, 'An admin with this email address already exists');
  await grantAdminRole(service, userId);
  return jsonResponse({ success: true, userId, email, existingUser: true });
}

export const handler = jsonFunction(
  { name: 'create-admin', failureMessage: 'Failed to create admin' },
  async (request) => {
    const service = createServiceClient();
    await requireAdmin(request, service, 'Only admins can create admin accounts');
    const { email, password } = await readJsonBody(request, CreateAdminBody);
    if (byteLength(password) < MIN_PASSWORD_LENGTH) {
      throw new FunctionError(422, `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
    return createConfirmedAdmin(service, email, password);
  },
);
