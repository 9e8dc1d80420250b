import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { buttonClasses } from '../../ui/button.tsx';

/** The 404 page (spec section 2): any path no route matches. */
export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    // eslint-disable-next-line no-console -- spec section 2: the missing path is logged
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
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
