/** The back office's one-line sync status, from the replica's status. */

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export interface SyncFacts {
  online: boolean;
  /** The admin replica is open. */
  open: boolean;
  /** The admin replica failed to open. */
  failed: boolean;
  syncing: boolean;
  /** Every table has had a full pull. */
  pulled: boolean;
  pendingChanges: number;
  pendingUploads: number;
}

/**
 * What the admin most needs to know, first: 'Offline' or 'Syncing...' with what waits, what waits,
 * or 'All changes synced' (only once everything is pulled and nothing waits).
 */
export function describeSync(input: SyncFacts): string {
  const waiting = [
    input.pendingChanges > 0 ? count(input.pendingChanges, 'change waiting', 'changes waiting') : null,
    input.pendingUploads > 0 ? count(input.pendingUploads, 'upload waiting', 'uploads waiting') : null,
  ].filter(Boolean);
  if (input.failed) return 'Local data could not open';
  if (!input.online) return ['Offline', ...waiting].join(' · ');
  if (!input.open || input.syncing || !input.pulled) return ['Syncing...', ...waiting].join(' · ');
  if (waiting.length > 0) return waiting.join(' · ');
  return 'All changes synced';
}
