/**
 * The public site's frame around every page: skip link, header, footer and the partner banner. Sign-in
 * and the back office bring their own shell, so there it adds no more than the banner where it shows.
 */
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useFocusOnNavigation } from '../../ui/focus-on-navigation.ts';
import { hasOwnShell, showsPartnerBanner } from './nav-links.ts';
import { PartnerBanner } from './partner-banner.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function SiteLayout({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  // The back office's frame holds its content in #admin-content (admin-shell.tsx).
  useFocusOnNavigation(pathname, /^\/admin(\/|$)/.test(pathname) ? 'admin-content' : 'main-content');
  const banner = showsPartnerBanner(pathname) ? <PartnerBanner /> : null;
  if (hasOwnShell(pathname)) {
    return (
      <>
        {children}
        {banner}
      </>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-ink shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* The skip link's target; pages bring their own <main> landmark. */}
      <div id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </div>
      <SiteFooter />
      {banner}
    </div>
  );
}
