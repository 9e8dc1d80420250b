/**
 * The check-in screen's own sync line: how many check-ins (and undos) this device holds that the
 * server has not accepted yet, from the engine's pending changes of `check_ins`, and the engine's
 * status (online, syncing).
 */
import { useEffect, useState } from 'react';
import { useAdminEngine } from '../../data/admin-data.ts';
import { useOnline, useSyncStatus } from '../../data/use-sync-status.ts';

export function useDoorSync(): { online: boolean; syncing: boolean; pending: number } {
  const engine = useAdminEngine();
  const status = useSyncStatus();
  const browserOnline = useOnline();
  const [pending, setPending] = useState<{ engine: unknown; count: number } | null>(null);
  useEffect(() => {
    if (!engine) return undefined;
    const subscription = engine.pendingCount$('check_ins').subscribe((count) => setPending({ engine, count }));
    return () => subscription.unsubscribe();
  }, [engine]);
  return {
    // Offline when the browser says so or the backend could not be reached (as the header's status).
    online: browserOnline && (status?.online ?? true),
    syncing: status?.syncing ?? false,
    pending: pending && pending.engine === engine ? pending.count : 0,
  };
}
