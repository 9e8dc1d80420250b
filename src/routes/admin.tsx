import { Navigate, Outlet, createFileRoute } from '@tanstack/react-router';
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

function AdminLayout() {
  const auth = useAuth();
  const replica = useReplicaState();
  useKeepAdminPage(!auth.loading && auth.isAdmin && auth.user ? auth.user.id : null);
  if (auth.loading) return <AdminLoading />;
  // Signed out here with 'Sign Out': home (spec). Never signed in: the sign-in page. Decided from
  // the auth store, not from state of this component, which a change of location may remount.
  if (!auth.user) return <Navigate to={auth.signedOut ? '/' : '/auth'} replace />;

  const signOut = () => {
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
