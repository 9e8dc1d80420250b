/**
 * After a navigation to another page, the keyboard and a screen reader start at the new page's
 * content. Without this the focus stays on the link that was pressed (a header link that stays) or
 * falls to the body with the link that left, and the next Tab starts again from the top of the
 * page while a screen reader says nothing of the new one.
 *
 * Only the path counts: a change of the query (a filter, a tab kept in the address) moves nothing.
 * A page that placed the focus in its content itself (a form's first field) keeps it. The move waits
 * a task, after a drawer's own return of the focus to its button, which it overrides.
 */
import { useEffect, useRef } from 'react';

export function useFocusOnNavigation(pathname: string, contentId: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const timer = setTimeout(() => {
      const content = document.getElementById(contentId);
      const active = document.activeElement;
      if (!content || (active && active !== document.body && content.contains(active))) return;
      content.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname, contentId]);
}
