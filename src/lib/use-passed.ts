/**
 * Whether an instant (an event's end) has passed, for markup that changes with it. The server renders
 * with its own clock, and writes when it rendered on the page's root (`data-rendered-at`, which a copy
 * the service worker kept still carries days later). The browser hydrates as of that time, so the
 * markup matches, then renders again with its own clock if that differs, and once more when the
 * instant passes while the page is open.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** The longest delay setTimeout keeps (about 24.8 days); a later instant is waited for in steps. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/** When the markup in the page was rendered: now on the server, and in a page without the stamp. */
function renderedAt(): number {
  if (typeof document === 'undefined') return Date.now();
  const stamp = Date.parse(document.getElementById('root')?.dataset.renderedAt ?? '');
  return Number.isNaN(stamp) ? Date.now() : stamp;
}

export function usePassed(instant: string): boolean {
  const at = Date.parse(instant);
  const subscribe = useCallback(
    (changed: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const wait = () => {
        const left = at - Date.now();
        if (left < 0) changed();
        else timer = setTimeout(wait, Math.min(left + 1, LONGEST_DELAY_MS));
      };
      if (at >= Date.now()) wait();
      return () => clearTimeout(timer);
    },
    [at],
  );
  return useSyncExternalStore(
    subscribe,
    () => Date.now() >= at,
    () => renderedAt() >= at,
  );
}
