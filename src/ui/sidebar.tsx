/**
 * A side menu that collapses to icons (spec section 2, "Admin shell"; section 9 for the figures):
 * Ctrl or Cmd + B toggles it, its open state is kept in the `sidebar_state` cookie for 7 days, and
 * below 768 px it is a drawer (sheet.tsx) opened by the same trigger.
 *
 * <SidebarProvider>
 *   <Sidebar title="Panel"><SidebarMenu><SidebarMenuItem><SidebarMenuButton asChild icon={..} label="..">
 *     <Link to=".." /></SidebarMenuButton></SidebarMenuItem></SidebarMenu></Sidebar>
 *   <SidebarTrigger /> ... page
 * </SidebarProvider>
 */
import { PanelLeft } from 'lucide-react';
import { Slot } from 'radix-ui';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { cx } from '../lib/class-names.ts';
import { Sheet } from './sheet.tsx';

export const SIDEBAR_COOKIE = 'sidebar_state';
const COOKIE_MAX_AGE = 604_800;
const MOBILE_QUERY = '(max-width: 767px)';
const SHORTCUT_KEY = 'b';

interface SidebarContextValue {
  /** Desktop: expanded (true) or collapsed to icons. */
  open: boolean;
  setOpen(open: boolean): void;
  /** Below 768 px. */
  isMobile: boolean;
  /** Mobile: the drawer is open. */
  openMobile: boolean;
  setOpenMobile(open: boolean): void;
  /** Collapses/expands on desktop, opens/closes the drawer on mobile. */
  toggle(): void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = use(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}

function subscribeMobile(listener: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the viewport is below the mobile breakpoint (false when rendered on a server). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

/** The open state kept in the cookie, as an external store (read after hydration, never on a server). */
const cookieListeners = new Set<() => void>();

function subscribeCookie(listener: () => void): () => void {
  cookieListeners.add(listener);
  return () => cookieListeners.delete(listener);
}

function readOpenCookie(): boolean | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  if (!match) return null;
  return match.slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

function writeOpenCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
  for (const listener of cookieListeners) listener();
}

export function SidebarProvider({ children, defaultOpen = true }: { children: ReactNode; defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const stored = useSyncExternalStore(subscribeCookie, readOpenCookie, () => null);
  const open = stored ?? defaultOpen;
  const [openMobile, setOpenMobile] = useState(false);
  const setOpen = useCallback((next: boolean) => writeOpenCookie(next), []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SHORTCUT_KEY && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ open, setOpen, isMobile, openMobile, setOpenMobile, toggle }),
    [open, setOpen, isMobile, openMobile, toggle],
  );
  return <SidebarContext value={value}>{children}</SidebarContext>;
}

/** The menu: a fixed column on desktop (icons only when collapsed), a drawer on mobile. */
export function Sidebar({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile} title={title} side="left">
        <nav aria-label={title}>{children}</nav>
      </Sheet>
    );
  }
  return (
    <aside
      data-state={open ? 'expanded' : 'collapsed'}
      className={cx(
        'sticky top-0 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-slate-50 transition-[width] duration-200',
        open ? 'w-64' : 'w-16',
        className,
      )}
    >
      <nav aria-label={title} className="flex flex-1 flex-col overflow-y-auto p-2">
        <p className={cx('px-3 pt-2 pb-3 text-sm font-semibold text-slate-700', !open && 'sr-only')}>{title}</p>
        {children}
      </nav>
    </aside>
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cx('flex flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem(props: ComponentProps<'li'>) {
  return <li {...props} />;
}

export interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  icon: ReactNode;
  label: string;
  /** Render on the child element (a router link), whose own children are replaced by icon and label. */
  asChild?: boolean;
}

/**
 * One entry: icon and label, only the icon when collapsed (the label stays for screen readers and
 * shows as a tooltip). The current page is styled from `aria-current="page"` on the element.
 */
export function SidebarMenuButton({
  icon,
  label,
  asChild = false,
  className,
  children,
  onClick,
  ...props
}: SidebarMenuButtonProps) {
  const { open, isMobile, setOpenMobile } = useSidebar();
  const collapsed = !open && !isMobile;
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cx(
        'flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-700',
        'hover:bg-slate-200 hover:text-ink aria-[current=page]:bg-white aria-[current=page]:text-ink',
        'aria-[current=page]:shadow-sm',
        collapsed && 'justify-center px-0',
        className,
      )}
      {...(collapsed ? { title: label } : {})}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        // A choice in the drawer closes it.
        if (isMobile) setOpenMobile(false);
      }}
      {...props}
    >
      <span aria-hidden="true" className="flex h-5 w-5 shrink-0 items-center justify-center">
        {icon}
      </span>
      {asChild ? <Slot.Slottable>{children}</Slot.Slottable> : null}
      <span className={cx('truncate', collapsed && 'sr-only')}>{label}</span>
    </Component>
  );
}

/** The button that collapses the menu (desktop) or opens the drawer (mobile). */
export function SidebarTrigger({ className, label = 'Toggle menu' }: { className?: string; label?: string }) {
  const { open, isMobile, openMobile, toggle } = useSidebar();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      aria-expanded={isMobile ? openMobile : open}
      title={`${label} (Ctrl+B)`}
      className={cx(
        'inline-flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-slate-100',
        className,
      )}
    >
      <PanelLeft aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
