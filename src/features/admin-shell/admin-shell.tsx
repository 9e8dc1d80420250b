/**
 * The frame of every back-office page (spec section 2, "Admin shell"): the 'Admin Panel' side menu,
 * the 'Admin Dashboard' header with the sync status and 'Sign Out', the warning for a signed-in
 * user without admin rights, and the page itself.
 */
import { LogOut } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { SidebarProvider, SidebarTrigger } from '../../ui/sidebar.tsx';
import { preloadToasts } from '../../ui/toaster.tsx';
import { AdminMenu } from './admin-menu.tsx';

export const NOT_ADMIN_WARNING = "You don't have admin privileges. Contact an administrator to grant access.";

export interface AdminShellProps {
  isAdmin: boolean;
  /** The signed-in user's e-mail address, shown beside 'Sign Out'. */
  email: string | null;
  onSignOut: () => void;
  /** The sync status (online, waiting changes, conflicts), shown in the header. */
  syncStatus?: ReactNode;
  children: ReactNode;
}

export function AdminShell({ isAdmin, email, onSignOut, syncStatus, children }: AdminShellProps) {
  // Saves answer with a toast, online or off.
  useEffect(preloadToasts, []);
  return (
    <SidebarProvider>
      <div className="flex min-h-screen w-full bg-white">
        {/* Past the side menu and the header, as on the public site. */}
        <a
          href="#admin-content"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-ink shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <AdminMenu />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-3">
            <SidebarTrigger label="Toggle admin menu" />
            <h1 className="text-lg font-semibold text-ink sm:text-xl">Admin Dashboard</h1>
            <div className="ml-auto flex flex-wrap items-center gap-3">
              {syncStatus}
              {email ? <span className="hidden text-sm text-slate-600 md:inline">{email}</span> : null}
              <Button variant="outline" size="sm" className="min-h-11" onClick={onSignOut}>
                <LogOut aria-hidden="true" className="h-4 w-4" />
                Sign Out
              </Button>
            </div>
          </header>
          {isAdmin ? null : (
            <div
              role="alert"
              className="mx-4 mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
            >
              {NOT_ADMIN_WARNING}
            </div>
          )}
          <main id="admin-content" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
            {children}
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}

/** What the back office shows while the session and the role check load. */
export function AdminLoading() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-slate-600">
      Loading...
    </div>
  );
}

/**
 * Above a back-office page when the admin's local replica could not open: the back office
 * keeps its lists and the admin's changes on the device, and some browsers refuse that (a private
 * window, site data turned off).
 */
export function LocalDataFailed() {
  return (
    <div
      role="alert"
      className="mb-4 max-w-2xl space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900"
    >
      <p className="font-semibold">The back office could not open its local data.</p>
      <p className="text-sm">
        It keeps its lists and your changes on this device, and this browser did not let the site store data (a private
        window, or site data turned off in its settings). Open the back office in a normal window or another browser,
        then try again.
      </p>
      <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </div>
  );
}
