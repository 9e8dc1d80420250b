/**
 * Fills the tables a visitor's replica has never pulled in full from rows kept elsewhere: a first
 * visit's service worker holds every public row from its install (src/lib/public-rows.ts), often
 * before the replica's own pulls are done, and a visit of a few seconds must still read offline
 * (docs/decisions/016-offline-from-the-first-visit.md).
 *
 * It never replaces what a pull wrote: only rows the table holds in no form (not even deleted) are
 * inserted, so a row pulled or deleted since the rows were kept stays as the pull left it. A table
 * filled so counts as pulled as of when the rows were kept (its flag holds that time, which is what
 * 'Updated 3 minutes ago' shows), never as fresh for the page that is open: online, pages still wait
 * for the table's own pull, which starts from scratch (the replication's checkpoint is untouched)
 * and overwrites these rows; this replica is pull-only, so RxDB takes the server's rows over local
 * ones.
 */
import type { RxCollection } from 'rxdb';
import type { MetaStore } from '../meta-store.ts';
import { rowToDoc } from '../replication/documents.ts';
import { PUBLIC_TABLE_NAMES, type SyncDoc, type TableName } from '../schema/types.ts';
import { initialPullKey } from './status.ts';
import type { KeptRows, SyncCollections } from './types.ts';

export interface FillInput {
  meta: MetaStore;
  collections: SyncCollections;
  /** Inserts documents into a table (database.ts's insertKeptRows). */
  insert(table: TableName, docs: Record<string, unknown>[]): Promise<void>;
  /** Reads the kept rows, or null when none are kept. */
  keptRows: () => Promise<KeptRows | null>;
  /** Only rows kept before this time (ISO) fill anything. */
  keptBefore?: string;
}

/** Fills every table not yet pulled in full for which rows are kept; resolves to those it filled. */
export async function fillFromKeptRows({
  meta,
  collections,
  insert,
  keptRows,
  keptBefore,
}: FillInput): Promise<TableName[]> {
  const flags = await Promise.all(PUBLIC_TABLE_NAMES.map((table) => meta.getState(initialPullKey('public', table))));
  const tables = PUBLIC_TABLE_NAMES.filter((_, index) => !flags[index]);
  if (tables.length === 0) return [];
  const kept = await keptRows();
  if (!kept || (keptBefore !== undefined && kept.at >= keptBefore)) return [];
  const filled: TableName[] = [];
  for (const table of tables) {
    const rows = kept.rows[table];
    if (!Array.isArray(rows)) continue;
    const collection = collections[table] as unknown as RxCollection<SyncDoc<TableName>>;
    // Live rows only (the function leaves tombstones out), as documents without RxDB's `_deleted`.
    const docs = rows.flatMap((row) => {
      if (typeof row !== 'object' || row === null) return [];
      const { _deleted: deleted, ...doc } = rowToDoc(table, row as Record<string, unknown>);
      return deleted !== true && typeof doc.id === 'string' ? [doc as SyncDoc<TableName>] : [];
    });
    const held = await collection.storageInstance.findDocumentsById(
      docs.map((doc) => doc.id),
      true,
    );
    const heldIds = new Set(held.map((doc) => doc.id));
    const missing = docs.filter((doc) => !heldIds.has(doc.id));
    // A row a pull writes meanwhile makes its insert fail as a conflict, which leaves the pulled row.
    if (missing.length > 0) await insert(table, missing);
    // A pull that ended meanwhile stamped the table itself, with a newer time.
    if (!(await meta.getState(initialPullKey('public', table)))) {
      await meta.setState(initialPullKey('public', table), kept.at);
      filled.push(table);
    }
  }
  return filled;
}
