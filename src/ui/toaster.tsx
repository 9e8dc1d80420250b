/**
 * Notifications (spec section 9): bottom-right, about 4 seconds, at most 3 visible, drawn by sonner;
 * `toast.error(title, { description })` is the destructive look.
 * sonner (its module and the styles it injects) loads with the first toast, not with the page: most
 * public pages never show one, and its start-up was a measurable part of their blocking time.
 */
import { useEffect, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { errorMessage } from '../lib/error-message.ts';
import { retryableImport } from '../lib/retryable-import.ts';
import { useOnDemand } from './on-demand.ts';

interface ToastOptions {
  description?: ReactNode;
}

/**
 * sonner's coloured texts in its light theme, darkened to reach 4.5:1 on their light backgrounds
 * (WCAG AA); its dark theme's already do.
 */
const CONTRAST = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 33%)',
  '--warning-text': 'hsl(31, 92%, 27%)',
  '--error-text': 'hsl(360, 100%, 36%)',
} as CSSProperties;

const loadSonner = retryableImport(() => import('sonner'), 'Toaster');

/** Whether a toast has been asked for, so the Toaster mounts sonner's. */
let wanted = false;
const listeners = new Set<() => void>();
/** Resolves once sonner's Toaster listens: a toast raised before that would be lost. */
let markListening: () => void = () => undefined;
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

function setWanted(value: boolean): void {
  if (wanted === value) return;
  wanted = value;
  listeners.forEach((listener) => listener());
}

async function show(kind: 'success' | 'error' | 'warning', message: string, options?: ToastOptions): Promise<void> {
  setWanted(true);
  try {
    const [{ toast: sonnerToast }] = await Promise.all([loadSonner(), listening]);
    sonnerToast[kind](message, options);
  } catch {
    // sonner could not load (offline, before the service worker had cached it): this toast is not
    // shown, and the next one tries again (the Toaster below); the page goes on.
  }
}

export const toast = {
  success: (message: string, options?: ToastOptions) => void show('success', message, options),
  error: (message: string, options?: ToastOptions) => void show('error', message, options),
  /** Work that ended short of what was asked, without failing. */
  warning: (message: string, options?: ToastOptions) => void show('warning', message, options),
};

/**
 * Fetches sonner ahead of the first toast, where toasts answer the user's work (the back office):
 * loaded once, they show offline too, also where no service worker keeps their chunk yet (a first
 * visit whose connection drops before the worker has installed). Public pages keep loading it with
 * their first toast.
 */
export function preloadToasts(): void {
  loadSonner().catch(() => {
    // Offline already: the first toast tries again.
  });
}

/**
 * The destructive 'Error' toast for a failed action, with the thrown value in words as its
 * description (`errorMessage`: with `fallback`, that text when the error has none).
 */
export function toastError(error: unknown, fallback?: string): void {
  toast.error('Error', { description: errorMessage(error, fallback) });
}

const DARK_SCHEME = '(prefers-color-scheme: dark)';
const prefersDark = () => window.matchMedia(DARK_SCHEME).matches;
function subscribeToScheme(listener: () => void): () => void {
  const query = window.matchMedia(DARK_SCHEME);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

async function loadSonnerToaster() {
  const { Toaster } = await loadSonner();
  function Ready() {
    // sonner's Toaster, a child, subscribes in its own effect, which runs before this one.
    useEffect(() => markListening(), []);
    return null;
  }
  return function SonnerToaster() {
    const dark = useSyncExternalStore(subscribeToScheme, prefersDark, () => false);
    return (
      <>
        {/* The colour theme follows the device's by default (spec section 9: 'system'). */}
        <Toaster
          position="bottom-right"
          duration={4000}
          visibleToasts={3}
          richColors
          closeButton
          theme="system"
          {...(dark ? {} : { style: CONTRAST })}
        />
        <Ready />
      </>
    );
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const asked = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const [SonnerToaster, requestToaster] = useOnDemand(loadSonnerToaster);
  useEffect(() => {
    if (!asked || SonnerToaster) return;
    void requestToaster().then((loaded) => {
      if (!loaded) setWanted(false);
    });
  }, [asked, SonnerToaster, requestToaster]);
  return SonnerToaster ? <SonnerToaster /> : null;
}
