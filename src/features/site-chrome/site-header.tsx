/**
 * The site header: the wordmark, the navigation from 768 px up, and below that a menu button that
 * opens the navigation in a side drawer (focus trapped, Escape closes, focus returns to the button).
 */
import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { retryableImport } from '../../lib/retryable-import.ts';
import { useOnDemand } from '../../ui/on-demand.ts';
import { BrandMark } from './brand-mark.tsx';
import { MAIN_NAV } from './nav-links.ts';
import { SiteLink } from './site-link.tsx';

/**
 * The drawer (Radix Dialog, focus trap, scroll lock) is a chunk of its own, fetched when a finger
 * touches the menu button or at the latest on its click: pages paint and hydrate without it.
 */
const sheetModule = retryableImport(() => import('../../ui/sheet.tsx'), 'Sheet');
const loadSheet = async () => (await sheetModule()).Sheet;

const DESKTOP_LINK =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink ' +
  'aria-[current=page]:text-brand-strong aria-[current=page]:font-semibold';
const DRAWER_LINK =
  'block rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-slate-100 aria-[current=page]:text-brand-strong';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [Sheet, requestSheet] = useOnDemand(loadSheet);
  const menuButton = useRef<HTMLButtonElement>(null);
  const changeMenu = (open: boolean) => {
    setMenuOpen(open);
    // The drawer opens without a Radix trigger, so Radix has nothing to return focus to: do it here,
    // after the drawer has unmounted.
    if (!open) setTimeout(() => menuButton.current?.focus(), 0);
  };
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-[1300px] items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-md text-ink" aria-label="CDO Vision home">
          <BrandMark />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((link) => (
              <li key={link.label}>
                <SiteLink link={link} className={DESKTOP_LINK} />
              </li>
            ))}
          </ul>
        </nav>
        <button
          ref={menuButton}
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-ink hover:bg-slate-100 md:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          onPointerDown={() => void requestSheet()}
          onClick={() => void requestSheet().then((loaded) => loaded && setMenuOpen(true))}
        >
          <Menu aria-hidden="true" className="h-6 w-6" />
        </button>
      </div>
      {menuOpen && Sheet ? (
        <Sheet open onOpenChange={changeMenu} title="Menu">
          <nav aria-label="Main">
            <ul className="space-y-1">
              {MAIN_NAV.map((link) => (
                <li key={link.label}>
                  <SiteLink link={link} className={DRAWER_LINK} onNavigate={() => changeMenu(false)} />
                </li>
              ))}
            </ul>
          </nav>
        </Sheet>
      ) : null}
    </header>
  );
}
