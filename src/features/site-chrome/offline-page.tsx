import { Link } from '@tanstack/react-router';
import { WifiOff } from 'lucide-react';
import { buttonClasses } from '../../ui/button.tsx';
import { offlineText } from '../../ui/offline-notice.tsx';

/**
 * A page this device has never held, opened offline (an event page never visited before the
 * connection dropped): says so, instead of the 404 page or the browser's own error.
 */
export function OfflinePage() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <WifiOff aria-hidden="true" className="size-12 text-brand-strong" />
      <h1 className="text-2xl font-semibold">You're offline</h1>
      <p role="status" className="text-slate-700">
        {offlineText('This page')}
      </p>
      <Link to="/" className={buttonClasses('primary', 'md')}>
        Return to Home
      </Link>
    </main>
  );
}
