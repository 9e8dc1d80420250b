/**
 * The app's quiet status corner: an 'Offline' pill while the browser is offline, and the prompt
 * that offers a new version ('A new version is available.' + 'Reload'). Both are polite live
 * regions that exist from the first render, so that screen readers announce what appears in them;
 * neither takes focus. Rendered once, by the root route.
 */
import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useOnline } from '../../data/use-sync-status.ts';
import { Button } from '../../ui/button.tsx';
import { useUpdateState } from './update-state.ts';

export function PwaStatus() {
  const online = useOnline();
  const update = useUpdateState();
  const [reloading, setReloading] = useState(false);

  return (
    <div className="pointer-events-none fixed top-20 right-3 z-50 flex max-w-[calc(100vw-1.5rem)] flex-col items-end gap-2 sm:top-auto sm:right-4 sm:bottom-4 print:hidden">
      <div role="status" aria-live="polite">
        {online ? null : (
          <span className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-ink px-3 py-1 text-sm font-medium text-white shadow-md">
            <WifiOff aria-hidden="true" className="size-4" />
            Offline
          </span>
        )}
      </div>
      <div role="status" aria-live="polite">
        {update.waiting ? (
          <div className="pointer-events-auto flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-ink shadow-lg">
            <p>A new version is available.</p>
            <Button
              size="sm"
              disabled={reloading}
              onClick={() => {
                setReloading(true);
                update.activate();
              }}
            >
              Reload
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
