import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { buttonClasses } from '../../ui/button.tsx';

/**
 * What a route shows when it fails to render (spec section 8): a generic heading, the message for
 * whoever reports it, and ways out. Used as the root route's errorComponent and the router's default.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  useEffect(() => {
    // eslint-disable-next-line no-console -- an unexpected render failure must reach the console and error reporting
    console.error(error);
  }, [error]);
  const message = errorMessage(error);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      {message ? <p className="max-w-full font-mono text-sm break-words text-slate-700">{message}</p> : null}
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary', 'md')} onClick={reset}>
          Try again
        </button>
        <a href="/" className={buttonClasses('outline', 'md')}>
          Return to Home
        </a>
      </div>
    </main>
  );
}
