import { Link, useLocation, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { buttonClasses } from '../../ui/button.tsx';

export const NOT_FOUND_TITLE = 'Page not found | CDO Vision';

/** The 404 page (spec section 2): any path no route matches, and an event that does not exist. */
export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  // While the visitor leaves for another page, the location is already the next one's: not missing.
  const settled = useRouterState({ select: (state) => state.status === 'idle' });
  useEffect(() => {
    // eslint-disable-next-line no-console -- spec section 2: the missing path is logged
    if (settled) console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname, settled]);
  useEffect(() => {
    const before = document.title;
    document.title = NOT_FOUND_TITLE;
    return () => {
      if (document.title === NOT_FOUND_TITLE) document.title = before;
    };
  }, []);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-strong">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className={buttonClasses('primary', 'md')}>
        Return to Home
      </Link>
    </main>
  );
}
