/**
 * After a navigation to another page, the keyboard and a screen reader start at the new page's
 * content. Without this the focus stays on the link that was pressed (a header link that stays) or
 * falls to the body with the link that left, and the next Tab starts again from the top of the
 * page while a screen reader says nothing of the new one.
 *
 * Only the path counts: a change of the query (a filter, a tab kept in the address) moves nothing.
 * A page that placed the focus in its content itself (a form's first field) keeps it. The move waits
 * a task, after a drawer's own return of the focus to its button, which it overrides. A page whose
 * content is not there yet (the back office says 'Loading...' while it checks the role of whoever
 * just signed in) gets the focus once it is, unless the focus has been placed somewhere by then.
 */
import { useEffect, useRef } from 'react';

/** How long a page's content is waited for, at most. */
const WAIT_MS = 10_000;

export function useFocusOnNavigation(pathname: string, contentId: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    let observer: MutationObserver | null = null;
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    /** Where the focus was as the wait began: on the page that left, or nowhere. */
    let leftOn: Element | null = null;
    /**
     * Whether the focus is settled: on the content or within it, or (while waiting) placed by
     * someone on anything but what held it as the wait began.
     */
    const place = (waiting: boolean): boolean => {
      const content = document.getElementById(contentId);
      const active = document.activeElement;
      const placed = active !== null && active !== document.body;
      if (waiting && placed && active !== leftOn && !content?.contains(active)) return true;
      if (!content) return false;
      if (!(placed && content.contains(active))) content.focus({ preventScroll: true });
      return true;
    };
    const stop = () => {
      observer?.disconnect();
      clearTimeout(giveUp);
    };
    const timer = setTimeout(() => {
      if (place(false)) return;
      leftOn = document.activeElement;
      observer = new MutationObserver(() => {
        if (place(true)) stop();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      giveUp = setTimeout(stop, WAIT_MS);
    }, 0);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [pathname, contentId]);
}
