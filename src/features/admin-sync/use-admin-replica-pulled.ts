import { useEffect, useState } from 'react';
import { useAdminEngine, type TableName } from '../../data/admin-data.ts';

type SyncEngine = NonNullable<ReturnType<typeof useAdminEngine>>;

/**
 * True once the admin replica holds a full pull of every table (so lists show real data, not a
 * partial first sync); false while the replica is closed or still pulling.
 */
export function useAdminReplicaPulled(): boolean {
  const engine = useAdminEngine();
  const [pulled, setPulled] = useState<{ engine: SyncEngine; complete: boolean } | null>(null);
  useEffect(() => {
    if (!engine) return undefined;
    const tables = Object.keys(engine.collections) as TableName[];
    const known = new Map<TableName, boolean>();
    const subscriptions = tables.map((table) =>
      engine.initialPull$(table).subscribe((complete) => {
        known.set(table, complete);
        if (known.size === tables.length) setPulled({ engine, complete: [...known.values()].every(Boolean) });
      }),
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [engine]);
  return pulled !== null && pulled.engine === engine && pulled.complete;
}
