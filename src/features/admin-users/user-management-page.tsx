/**
 * User Management (spec sections 2, 4, 6, 8): the admin accounts and the pending admin invites,
 * searchable by e-mail, with Add Admin, Invite Admin, Change Password, Remove, Resend Invite and
 * Cancel Invite. The current user's own row shows 'You' and no actions. These lists are online only
 * (not in the replica). An invite grants the role only to whoever opens its e-mailed link and signs
 * in with the invited address (supabase/functions/invite-admin).
 */
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Mail, Search, UserPlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useAuth } from '../../data/auth.ts';
import {
  cancelAdminInvite,
  changeAdminPassword,
  createAdmin,
  inviteAdmin,
  removeAdminRole,
  useAdminUsers,
  type AdminUser,
} from '../../data/admin-users.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Input } from '../../ui/field.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { AddAdminDialog, ChangePasswordDialog, InviteAdminDialog } from './admin-account-dialogs.tsx';

function matches(email: string, search: string): boolean {
  return email.toLowerCase().includes(search.trim().toLowerCase());
}

function failed(error: unknown): never {
  toastError(error);
  throw error;
}

function Badge({ children, tone }: { children: string; tone: 'green' | 'amber' }) {
  return (
    <span
      className={
        tone === 'green'
          ? 'inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-900'
          : 'inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900'
      }
    >
      {children}
    </span>
  );
}

/** A titled table of accounts (admins or invites): e-mail, status and actions, or `empty` when none. */
function AccountTable({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      <Table aria-labelledby={headingId}>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {children.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3} className="text-center text-slate-600">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            children
          )}
        </TableBody>
      </Table>
    </section>
  );
}

/** A row of AccountTable. */
function AccountRow({ email, status, children }: { email: string; status: ReactNode; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell className="font-medium break-all">{email}</TableCell>
      <TableCell>{status}</TableCell>
      <TableCell className="text-right">{children}</TableCell>
    </TableRow>
  );
}

export function UserManagementPage() {
  const { user } = useAuth();
  const { state, reload } = useAdminUsers();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [resending, setResending] = useState<string | null>(null);
  const [changingFor, setChangingFor] = useState<AdminUser | null>(null);
  const searchId = useId();

  const admins = state.status === 'ready' ? state.admins.filter((admin) => matches(admin.email, search)) : [];
  const invites = state.status === 'ready' ? state.invites.filter((invite) => matches(invite.email, search)) : [];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" asChild>
          <Link to="/admin">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back
          </Link>
        </Button>
        <h2 className="text-2xl font-bold text-ink">User Management</h2>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <div className="relative min-w-60 flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search by email
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by email..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Add Admin
        </Button>
        <Button variant="outline" onClick={() => setInviting(true)}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          Invite Admin
        </Button>
      </div>

      {state.status === 'loading' ? (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      ) : state.status === 'offline' ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          You are offline. The admin list needs a connection; it loads again when you are back online.
        </p>
      ) : state.status === 'error' ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p>The admin list could not be loaded: {state.message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <AccountTable title="Admin Users" empty="No admin users found">
            {admins.map((admin) => (
              <AccountRow key={admin.user_id} email={admin.email} status={<Badge tone="green">Active Admin</Badge>}>
                {admin.user_id === user?.id ? (
                  <span className="text-sm text-slate-600">You</span>
                ) : (
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setChangingFor(admin)}
                      aria-label={`Change Password for ${admin.email}`}
                    >
                      Change Password
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button variant="destructive" size="sm" aria-label={`Remove ${admin.email}`}>
                          Remove
                        </Button>
                      }
                      title="Remove admin role?"
                      description={`${admin.email} will no longer be able to manage the site. Their account stays.`}
                      confirmLabel="Remove"
                      onConfirm={async () => {
                        await removeAdminRole(admin.user_id).catch(failed);
                        toast.success('Admin role removed');
                        reload();
                      }}
                    />
                  </div>
                )}
              </AccountRow>
            ))}
          </AccountTable>

          <AccountTable title="Pending Admin Invites" empty="No pending invites">
            {invites.map((invite) => (
              <AccountRow key={invite.email} email={invite.email} status={<Badge tone="amber">Pending signup</Badge>}>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Resend Invite to ${invite.email}`}
                    disabled={resending === invite.email}
                    onClick={() => {
                      setResending(invite.email);
                      inviteAdmin(invite.email)
                        .then(
                          () => toast.success(`Invite sent to ${invite.email}`),
                          (error: unknown) => toastError(error),
                        )
                        .finally(() => setResending(null));
                    }}
                  >
                    {resending === invite.email ? 'Sending...' : 'Resend Invite'}
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm" aria-label={`Cancel Invite for ${invite.email}`}>
                        Cancel Invite
                      </Button>
                    }
                    title="Cancel this invite?"
                    description={`${invite.email} will not become an admin: the link they were sent stops working.`}
                    confirmLabel="Cancel Invite"
                    cancelLabel="Keep"
                    onConfirm={async () => {
                      await cancelAdminInvite(invite.email).catch(failed);
                      toast.success('Admin invite removed');
                      reload();
                    }}
                  />
                </div>
              </AccountRow>
            ))}
          </AccountTable>
        </>
      )}

      <AddAdminDialog open={adding} onOpenChange={setAdding} createAdmin={createAdmin} onCreated={reload} />
      <InviteAdminDialog open={inviting} onOpenChange={setInviting} inviteAdmin={inviteAdmin} onInvited={reload} />
      <ChangePasswordDialog
        admin={changingFor}
        onClose={() => setChangingFor(null)}
        changePassword={changeAdminPassword}
      />
    </div>
  );
}
