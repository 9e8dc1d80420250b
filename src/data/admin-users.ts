/**
 * Admin accounts and pending admin invites (spec section 2, "Admin: User Management"; section 7).
 * These are not in the local replica (user_roles and admin_invites are online-only tables), so the
 * page reads and writes them straight on the backend, and says so when there is no connection.
 */
import { useCallback, useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { errorMessage } from '../lib/error-message.ts';
import { getSupabase, invokeFunction } from './supabase-client.ts';

const adminUserSchema = z.object({ user_id: z.string(), email: z.string() });
const adminInviteSchema = z.object({ email: z.string(), created_at: z.string() });

export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminInvite = z.infer<typeof adminInviteSchema>;

export type AdminUsersState =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'error'; message: string }
  | { status: 'ready'; admins: AdminUser[]; invites: AdminInvite[] };

/** A request that never reached the server (postgrest-js answers status 0). */
class OfflineError extends Error {}

async function fetchAdminUsers(): Promise<{ admins: AdminUser[]; invites: AdminInvite[] }> {
  const client = await getSupabase();
  const [admins, invites] = await Promise.all([
    client.rpc('get_admin_users'),
    client.from('admin_invites').select('email, created_at').order('created_at', { ascending: false }),
  ]);
  for (const answer of [admins, invites]) {
    if (answer.error) {
      if (answer.status === 0) throw new OfflineError(answer.error.message);
      throw new Error(answer.error.message);
    }
  }
  return {
    admins: z.array(adminUserSchema).parse(admins.data ?? []),
    invites: z.array(adminInviteSchema).parse(invites.data ?? []),
  };
}

/**
 * The admin accounts (from RPC get_admin_users, by e-mail) and pending invites (newest first), read
 * online. `reload()` reads again (after a change); coming back online reads again too.
 */
export function useAdminUsers(): { state: AdminUsersState; reload: () => void } {
  const [state, setState] = useState<AdminUsersState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let cancelled = false;
    if (!navigator.onLine) {
      queueMicrotask(() => !cancelled && setState({ status: 'offline' }));
    } else {
      fetchAdminUsers().then(
        (lists) => !cancelled && setState({ status: 'ready', ...lists }),
        (error: unknown) => {
          if (cancelled) return;
          if (error instanceof OfflineError || !navigator.onLine) setState({ status: 'offline' });
          else setState({ status: 'error', message: errorMessage(error) });
        },
      );
    }
    return () => {
      cancelled = true;
    };
  }, [version]);

  useEffect(() => {
    window.addEventListener('online', reload);
    window.addEventListener('offline', reload);
    return () => {
      window.removeEventListener('online', reload);
      window.removeEventListener('offline', reload);
    };
  }, [reload]);

  return { state, reload };
}

async function signedInClient() {
  const client = await getSupabase();
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('Not authenticated');
  return client;
}

/** Takes the admin role from another user (spec: delete user_roles where user_id and role admin). */
export async function removeAdminRole(userId: string): Promise<void> {
  const client = await signedInClient();
  const { data, error } = await client
    .from('user_roles')
    .delete()
    .eq('user_id', userId)
    .eq('role', 'admin')
    .select('user_id');
  if (error) throw new Error(error.message);
  // Row security hides what may not be deleted (one's own role) instead of failing.
  if (!data || data.length === 0) throw new Error('The admin role could not be removed');
}

/** Cancels a pending invite (delete admin_invites by e-mail). */
export async function cancelAdminInvite(email: string): Promise<void> {
  const client = await signedInClient();
  const { error } = await client.from('admin_invites').delete().eq('email', email);
  if (error) throw new Error(error.message);
}

/**
 * Creates an admin account that can sign in at once (server function create-admin). When the address
 * already has an account, that account is not made an admin on the spot: its owner is sent an admin
 * invite instead, and `invited` is true.
 */
export async function createAdmin(email: string, password: string): Promise<{ invited: boolean }> {
  const answer = await invokeFunction<{ invited?: boolean } | null>(
    'create-admin',
    { email, password },
    'Failed to create admin',
  );
  return { invited: answer?.invited === true };
}

/**
 * E-mails an admin invite (server function invite-admin); sending again renews it. The person becomes
 * an admin when they open the link and sign in with that address.
 */
export async function inviteAdmin(email: string): Promise<void> {
  await invokeFunction('invite-admin', { email }, 'Failed to send the invite');
}

/** Sets another admin's password (server function change-admin-password). */
export async function changeAdminPassword(userId: string, newPassword: string): Promise<void> {
  await invokeFunction('change-admin-password', { userId, newPassword }, 'Failed to change password');
}
