import { HeadContent, Outlet, createRootRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FeedbackResume } from '../features/guest-feedback/feedback-resume.tsx';
import { PwaStatus } from '../features/pwa/pwa-status.tsx';
import { InviteRequestNotices } from '../features/request-invite/invite-request-notices.tsx';
import { NotFoundPage } from '../features/site-chrome/not-found-page.tsx';
import { RouteError } from '../features/site-chrome/route-error.tsx';
import { SiteLayout } from '../features/site-chrome/site-layout.tsx';
import { Toaster } from '../ui/toaster.tsx';

export const Route = createRootRoute({
  head: () => ({
    meta: [
      { title: 'CDO Vision' },
      {
        name: 'description',
        content: 'CDO Vision: invite-only gatherings of chief data officers and enterprise AI leaders in 20+ cities.',
      },
    ],
  }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
});

function RootLayout() {
  // Prerendered pages show controls before React owns them; this marks the moment it does (browser
  // tests wait for it before pressing buttons whose handlers hydration attaches).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <>
      {/* React 19 hoists the <title> and <meta> tags HeadContent renders into document.head. */}
      <HeadContent />
      <div className="min-h-screen bg-white font-sans text-ink">
        <SiteLayout>
          <Outlet />
        </SiteLayout>
      </div>
      <Toaster />
      {/* Invite requests sent from this device's outbox while their form was closed */}
      <InviteRequestNotices />
      {/* A guest's feedback given offline goes out on whatever page comes next */}
      <FeedbackResume />
      {/* PWA status */}
      <PwaStatus />
    </>
  );
}

/** A render failure that reaches the root: the root's own frame may be what failed, so the page stands alone. */
function RootError(props: Parameters<typeof RouteError>[0]) {
  return (
    <div className="min-h-screen bg-white font-sans text-ink">
      <HeadContent />
      <RouteError {...props} />
    </div>
  );
}
