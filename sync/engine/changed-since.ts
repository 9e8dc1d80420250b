/**
 * Reads by write time from the (`_meta.lwt`, id) index (a wrapper of RxDB's Dexie storage;
 * docs/decisions/032-rows-from-realtime.md, 036-fewer-index-entries-per-row.md).
 *
 * Pages of "documents written since". An admin replica's push side asks its storage for the
 * documents written since its checkpoint, a page of the push batch size at a time, whenever it
 * resyncs (each realtime join does). RxDB's Dexie storage answers with a query whose plan starts at
 * the checkpoint's write time but not at its id, and every document of one bulk write shares its
 * write time (`_meta.lwt`): each page reads the bulk again from its first document up to the page it
 * returns. After a first full pull, written in bulks of up to 1,000 rows, the push side walks every
 * pulled row that way before an edit of this admin goes out: with pages of 25, some 20,000 rows read
 * per bulk. Here each page starts on the index of (`_meta.lwt`, id) just after the checkpoint and
 * reads its own rows only.
 *
 * One index fewer. RxDB's Dexie storage also indexes the write time alone, for its `cleanup()` of
 * old deletions and nothing else; every index costs each row written an index entry, in the
 * browser's storage process, and a first full pull writes thousands. Stores are declared without it
 * (`withoutWriteTimeOnlyIndex`), and `cleanup()` reads the (`_meta.lwt`, id) index instead.
 */
import {
  getPrimaryFieldOfPrimaryKey,
  type DexieStorageInternals,
  type RxStorage,
  type RxStorageInstanceCreationParams,
} from 'rxdb';
import { fromDexieToStorage } from 'rxdb/plugins/storage-dexie';
import { Dexie } from 'dexie';

/** The index RxDB's Dexie storage keeps of the write time alone (its dexie-helper's last part). */
const WRITE_TIME_ONLY = '_meta.lwt';

/**
 * For `getRxStorageDexie({ onCreate })`: the documents' store of each database RxDB opens is
 * declared without the index of the write time alone. A database made before this keeps the index
 * (Dexie removes no index of a version already installed), which costs that device its upkeep only.
 */
export function withoutWriteTimeOnlyIndex(db: Dexie): void {
  const declare = db.version.bind(db);
  db.version = (versionNumber: number) => {
    const version = declare(versionNumber);
    const stores = version.stores.bind(version);
    version.stores = (schema) =>
      stores(
        Object.fromEntries(
          Object.entries(schema).map(([table, spec]) => [
            table,
            spec === null
              ? null
              : spec
                  .split(',')
                  .map((part) => part.trim())
                  .filter((part) => part !== WRITE_TIME_ONLY)
                  .join(', '),
          ]),
        ),
      );
    return version;
  };
}

/** RxDB's checkpoint of a storage's changes: the last document's write time and id. */
interface ChangesCheckpoint {
  lwt: number;
  id: string;
}

/**
 * Gives each storage instance a `getChangedDocumentsSince` that reads only the page it answers, and
 * a `cleanup` that finds old deletions on the (`_meta.lwt`, id) index.
 */
export function withPagedChanges<Settings>(
  storage: RxStorage<DexieStorageInternals, Settings>,
): RxStorage<DexieStorageInternals, Settings> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, Settings>) {
      const instance = await storage.createStorageInstance(params);
      const primaryKey = String(getPrimaryFieldOfPrimaryKey(params.schema.primaryKey));
      // The index RxDB's Dexie storage keeps for this read (its dexie-helper: `_meta.lwt`, primary key).
      const index = `[_meta.lwt+${primaryKey}]`;
      async function getChangedDocumentsSince(limit: number, checkpoint?: ChangesCheckpoint) {
        const { dexieTable, booleanIndexes } = await instance.internals;
        const inOrder = checkpoint
          ? dexieTable.where(index).above([checkpoint.lwt, checkpoint.id])
          : dexieTable.orderBy(index);
        const rows = await inOrder.limit(limit).toArray();
        const documents = rows.map((row: unknown) => fromDexieToStorage<RxDocType>(booleanIndexes, row));
        const last = documents.at(-1) as (Record<string, unknown> & { _meta: { lwt: number } }) | undefined;
        return {
          documents,
          checkpoint: last ? { lwt: last._meta.lwt, id: String(last[primaryKey]) } : (checkpoint ?? { lwt: 0, id: '' }),
        };
      }
      /** Removes for good the deleted documents last written more than `minimumDeletedTime` ms ago. */
      async function cleanup(minimumDeletedTime: number): Promise<boolean> {
        const { dexieDb, dexieTable, booleanIndexes } = await instance.internals;
        const before = Date.now() - minimumDeletedTime;
        await dexieDb.transaction('rw', dexieTable, async () => {
          const old = await dexieTable.where(index).below([before, Dexie.minKey]).toArray();
          const deleted = old
            .map((row: unknown) => fromDexieToStorage<RxDocType>(booleanIndexes, row))
            .filter((doc) => doc._deleted)
            .map((doc) => (doc as Record<string, unknown>)[primaryKey]);
          await dexieTable.bulkDelete(deleted);
        });
        return true;
      }
      return Object.assign(instance, { getChangedDocumentsSince, cleanup });
    },
  };
}
