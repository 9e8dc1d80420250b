/**
 * The site footer: quick links, the Events Calendar button, the two offices, the legal line, and
 * 'Available offline' once this device can show the site without a connection.
 */
import { Link } from '@tanstack/react-router';
import { CalendarDays, CloudCheck } from 'lucide-react';
import { useAvailableOffline } from '../../data/use-sync-status.ts';
import { OFFICES } from '../../data/use-site-settings.ts';
import { buttonClasses } from '../../ui/button.tsx';
import { BrandMark } from './brand-mark.tsx';
import { FOOTER_LINKS } from './nav-links.ts';
import { SiteLink } from './site-link.tsx';

export function SiteFooter() {
  return (
    <footer className="bg-ink text-slate-200">
      <div className="mx-auto grid max-w-[1300px] gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <BrandMark inverted />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-300">
            Invite-only gatherings where chief data officers and enterprise AI leaders compare notes, in 20+ cities
            around the world.
          </p>
          <Link to="/calendar" className={`${buttonClasses('light', 'md')} mt-6`}>
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            Events Calendar
          </Link>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Quick links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <SiteLink link={link} className="text-slate-300 hover:text-white hover:underline" />
              </li>
            ))}
          </ul>
        </nav>
        {OFFICES.map((office) => (
          <div key={office.city}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{office.city} office</h2>
            <address className="mt-4 text-sm leading-relaxed text-slate-300 not-italic">
              {office.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-[1300px] flex-col gap-2 px-4 pt-6 pb-24 text-xs text-slate-300 sm:flex-row sm:justify-between sm:px-6">
          <div className="flex flex-col gap-2">
            {/* The year is the build's on prerendered pages: a mismatch on New Year's Day is harmless. */}
            <p suppressHydrationWarning>© {new Date().getFullYear()} CDO Vision. All rights reserved.</p>
            <AvailableOffline />
          </div>
          <p>CDO Vision events are invite-only and held under the Chatham House Rule.</p>
        </div>
      </div>
    </footer>
  );
}

/**
 * Said quietly, once true: every public page's rows are on this device and the service worker is
 * active (src/data/use-sync-status.ts). Its line is always there, so nothing moves when it appears.
 */
function AvailableOffline() {
  const available = useAvailableOffline();
  return (
    <p className="flex min-h-4 items-center gap-1.5">
      {available ? (
        <>
          <CloudCheck aria-hidden="true" className="size-3.5" />
          Available offline
        </>
      ) : null}
    </p>
  );
}
