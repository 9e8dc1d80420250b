/**
 * The app's quiet status corner: an 'Offline' pill while the browser is offline, with how long ago
 * the content on screen was fetched ('Updated 3 minutes ago': the replica's last complete sync, or
 * when what the device kept of an earlier visit was fetched), a note when the device ran out of room
 * for the upcoming events' images it keeps for offline use (src/data/offline-images.ts, which this
 * component starts once the visitor's replica is open), and the prompt
 * that offers a new version ('A new version is available.' + 'Reload'; in a tab that another tab's
 * choice left holding a typed-into form, 'A new version is ready...' + 'Reload now'). Both are polite live
 * regions that exist from the first render, so that screen readers announce what appears in them;
 * neither takes focus. Rendered once, by the root route.
 */
import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOfflineImagesDropped } from '../../data/offline-images.ts';
import { useKeptShownAt } from '../../data/public-content.ts';
import { useOnline, useSyncStatus } from '../../data/use-sync-status.ts';
import { updatedAgo } from '../../lib/relative-time.ts';
import { Button } from '../../ui/button.tsx';
import { useUpdateState } from './update-state.ts';

/** 'Updated … ago' for the content on screen, refreshed each minute while offline; null when unknown. */
function useOfflineFreshness(online: boolean): string | null {
  const lastSyncedAt = useSyncStatus()?.lastSyncedAt ?? null;
  const keptAt = useKeptShownAt();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (online) return undefined;
    const tick = () => setNow(Date.now());
    const timer = window.setInterval(tick, 30_000);
    const first = window.setTimeout(tick, 0);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(first);
    };
  }, [online]);
  const updatedAt = lastSyncedAt ?? keptAt;
  return online || !updatedAt ? null : updatedAgo(updatedAt, now);
}

export function PwaStatus() {
  const online = useOnline();
  const freshness = useOfflineFreshness(online);
  const imagesDropped = useOfflineImagesDropped();
  const update = useUpdateState();
  const [reloading, setReloading] = useState(false);

  return (
    <div className="pointer-events-none fixed top-20 right-3 z-50 flex max-w-[calc(100vw-1.5rem)] flex-col items-end gap-2 sm:top-auto sm:right-4 sm:bottom-4 print:hidden">
      <div role="status" aria-live="polite">
        {online ? null : (
          <span className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-ink px-3 py-1 text-sm font-medium text-white shadow-md">
            <WifiOff aria-hidden="true" className="size-4" />
            Offline
            {freshness ? <span className="font-normal text-slate-200">· {freshness}</span> : null}
          </span>
        )}
      </div>
      <div role="status" aria-live="polite">
        {imagesDropped ? (
          <p className="pointer-events-auto rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 shadow-md">
            This device is out of storage space: event images are not kept for offline use.
          </p>
        ) : null}
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
        ) : update.held ? (
          <div className="pointer-events-auto flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-ink shadow-lg">
            <p>A new version is ready. This page reloads once you have saved or left your form.</p>
            <Button size="sm" variant="outline" onClick={update.activate}>
              Reload now
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
