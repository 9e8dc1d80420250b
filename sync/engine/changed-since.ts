/**
 * Pages of "documents written since" read from their index (a wrapper of RxDB's Dexie storage;
 * docs/decisions/032-rows-from-realtime.md).
 *
 * An admin replica's push side asks its storage for the documents written since its checkpoint, a
 * page of the push batch size at a time, whenever it resyncs (each realtime join does). RxDB's Dexie
 * storage answers with a query whose plan starts at the checkpoint's write time but not at its id,
 * and every document of one bulk write shares its write time (`_meta.lwt`): each page reads the bulk
 * again from its first document up to the page it returns. After a first full pull, written in bulks
 * of up to 1,000 rows, the push side walks every pulled row that way before an edit of this admin
 * goes out: with pages of 25, some 20,000 rows read per bulk. Here each page starts on the index of
 * (`_meta.lwt`, id) just after the checkpoint and reads its own rows only.
 */
import {
  getPrimaryFieldOfPrimaryKey,
  type DexieStorageInternals,
  type RxStorage,
  type RxStorageInstanceCreationParams,
} from 'rxdb';
import { fromDexieToStorage } from 'rxdb/plugins/storage-dexie';

/** RxDB's checkpoint of a storage's changes: the last document's write time and id. */
interface ChangesCheckpoint {
  lwt: number;
  id: string;
}

/** Gives each storage instance a `getChangedDocumentsSince` that reads only the page it answers. */
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
      return Object.assign(instance, { getChangedDocumentsSince });
    },
  };
}
