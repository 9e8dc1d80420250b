/**
 * The check-in screen's own sync line: how many check-ins (and undos) this device holds that the
 * server has not accepted yet, from the engine's pending changes of `check_ins`, and the engine's
 * status (online, syncing).
 */
import { usePendingCount } from '../../data/admin-data.ts';
import { useOnline, useSyncStatus } from '../../data/use-sync-status.ts';

export function useDoorSync(): { online: boolean; syncing: boolean; pending: number } {
  const status = useSyncStatus();
  const browserOnline = useOnline();
  const pending = usePendingCount('check_ins');
  return {
    // Offline when the browser says so or the backend could not be reached (as the header's status).
    online: browserOnline && (status?.online ?? true),
    syncing: status?.syncing ?? false,
    pending,
  };
}
