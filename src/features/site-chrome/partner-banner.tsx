/**
 * The floating 'Partner with CDO Vision' banner (spec section 2, "Global elements"): open until the
 * visitor dismisses it, and the dismissal is remembered in this browser. Prerendered HTML has it closed
 * and the browser opens it after hydration (localStorage is read only in the browser), in a
 * transition: a store whose browser answer differs from the server's would make React re-render
 * synchronously right after hydrating. It is fixed to the viewport, so that shifts no layout.
 */
import { Link } from '@tanstack/react-router';
import { Handshake, X } from 'lucide-react';
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { buttonClasses } from '../../ui/button.tsx';

const DISMISSED_KEY = 'cdo-vision:partner-banner-dismissed';

/** Dismissals in this page when storage is blocked (private mode, policy), so dismissing still works. */
let dismissedHere = false;
const listeners = new Set<() => void>();

function readDismissed(): boolean {
  if (dismissedHere) return true;
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function dismiss(): void {
  dismissedHere = true;
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage blocked: remembered for this page only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab dismissed it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * While the banner floats over the bottom of the window, the page's scroll padding keeps that strip
 * clear: a control reached with the keyboard (or any focus) is scrolled above the banner, not behind it.
 */
function useKeepFocusAbove(banner: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const element = banner.current;
    if (!open || !element) return undefined;
    const root = document.documentElement;
    const reserve = () => {
      const { top } = element.getBoundingClientRect();
      root.style.scrollPaddingBottom = `${Math.max(0, window.innerHeight - top) + FOCUS_GAP_PX}px`;
    };
    reserve();
    const watcher = new ResizeObserver(reserve);
    watcher.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      watcher.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [banner, open]);
}

/** Room between a focused control and the banner above which it is kept. */
const FOCUS_GAP_PX = 12;

export function PartnerBanner() {
  // The prerendered page (and hydration) has it closed; the browser's answer follows.
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => {
    const update = () => startTransition(() => setDismissed(readDismissed()));
    update();
    return subscribe(update);
  }, []);
  const banner = useRef<HTMLElement>(null);
  useKeepFocusAbove(banner, !dismissed);
  if (dismissed) return null;
  return (
    <aside
      ref={banner}
      aria-label="Partner with CDO Vision"
      className="fixed inset-x-3 bottom-3 z-30 flex items-center gap-3 rounded-xl bg-ink p-3 pr-2 text-white shadow-2xl ring-1 ring-white/10 sm:inset-x-auto sm:left-4 sm:max-w-md"
    >
      <span
        aria-hidden="true"
        className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand sm:flex"
      >
        <Handshake className="h-5 w-5" />
      </span>
      <p className="flex-1 text-sm font-semibold">Partner with CDO Vision</p>
      <Link to="/contact" className={buttonClasses('light', 'sm')}>
        Contact Us
      </Link>
      <button
        type="button"
        onClick={() => {
          // The button leaves with the banner: the keyboard goes on from the page's content, not
          // from nowhere at the end of the page.
          document.getElementById('main-content')?.focus({ preventScroll: true });
          dismiss();
        }}
        aria-label="Dismiss partner banner"
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </aside>
  );
}
