import { Navigate, Outlet, createFileRoute, useRouterState } from '@tanstack/react-router';
import { useAuth } from '../data/auth.ts';
import { useReplicaState } from '../data/engine-store.ts';
import { useKeepAdminPage } from '../data/kept-admin-pages.ts';
import { AdminLoading, AdminShell, LocalDataFailed } from '../features/admin-shell/admin-shell.tsx';
import { SyncStatusBar } from '../features/admin-sync/sync-status.tsx';
import { toastError } from '../ui/toaster.tsx';

export const Route = createFileRoute('/admin')({
  head: () => ({
    meta: [
      { title: 'Admin Dashboard | CDO Vision' },
      { name: 'description', content: 'The CDO Vision back office.' },
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: AdminLayout,
});

/**
 * The history entry on which 'Sign Out' was chosen in this tab. Only there does the back office go
 * home; any later visit (a link, the Back button) asks to sign in. Kept beside the route, not in the
 * component's state, which the change of location that follows may remount.
 */
let signedOutOn: string | null = null;

function AdminLayout() {
  const auth = useAuth();
  // The history entry of the back office's page; null while on the way out of it (home, after
  // 'Sign Out'), a navigation during which this layout renders again.
  const entry = useRouterState({
    select: (s) => (/^\/admin(\/|$)/.test(s.location.pathname) ? (s.location.state.__TSR_key ?? '') : null),
  });
  const replica = useReplicaState();
  useKeepAdminPage(!auth.loading && auth.isAdmin && auth.user ? auth.user.id : null);
  if (auth.loading) return <AdminLoading />;
  // Signed out here with 'Sign Out': home (spec). Otherwise: the sign-in page.
  if (!auth.user) {
    if (entry === null) return null;
    return <Navigate to={auth.signedOut && entry === signedOutOn ? '/' : '/auth'} replace />;
  }

  const signOut = () => {
    signedOutOn = entry;
    auth.signOut().catch((error: unknown) => toastError(error));
  };
  return (
    <AdminShell
      isAdmin={auth.isAdmin}
      email={auth.user.email ?? null}
      onSignOut={signOut}
      syncStatus={auth.isAdmin ? <SyncStatusBar /> : null}
    >
      {/* The back office works on its local replica: a browser that refuses to store data is told why
          (above what the page can still show, such as the lists kept from an earlier visit). */}
      {auth.isAdmin && replica.status === 'failed' && replica.mode === 'admin' ? <LocalDataFailed /> : null}
      <Outlet />
    </AdminShell>
  );
}
