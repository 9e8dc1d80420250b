import { CloudOff, RefreshCw } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';
import { pendingLine } from './door-list.ts';
import { useDoorSync } from './use-door-sync.ts';

/** The screen's own sync line: offline or online, and the check-ins still waiting for the server. */
export function DoorStatus() {
  const { online, syncing, pending } = useDoorSync();
  const Icon = online ? RefreshCw : CloudOff;
  return (
    <p
      role="status"
      className={cx(
        'flex items-center gap-2 rounded-md px-3 py-2 text-sm',
        online ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900',
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      {[
        online ? (syncing ? 'Syncing...' : 'Online') : 'Offline',
        pending > 0 ? pendingLine(pending) : 'All check-ins synced',
      ].join(' · ')}
    </p>
  );
}
