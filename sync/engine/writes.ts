/**
 * Local writes of an admin engine: insert, patch and delete on the replica (pushed by the
 * replications), the outbox's swap of an uploaded file's URL into its record (or, for a file the
 * admin gives up on, of its placeholder out of it), and re-applying a lost version from the
 * conflict list. Each write is counted as pending before it is made, so a
 * page closed right after cannot lose the count.
 */
import type { RxCollection } from 'rxdb';
import { documentKey, type MetaStore } from '../meta-store.ts';
import type { FileOutboxOptions, UploadedUrlOutcome, UploadTarget } from '../outbox/index.ts';
import { isLocalUrl } from '../outbox/local-url.ts';
import { localField } from '../replication/documents.ts';
import { localColumns } from '../schema/rx-schemas.ts';
import { columnsOf, isTableName, type DocPatch, type NewDoc, type SyncDoc, type TableName } from '../schema/types.ts';
import { documentState, type AnyDoc } from './database.ts';
import type { PendingChanges } from './pending.ts';
import type { ProblemLog } from './problems.ts';
import type { SyncCollections, SyncEngine } from './types.ts';

export interface WritesInput {
  collections: SyncCollections;
  anyCollection(table: TableName): RxCollection<AnyDoc>;
  meta: MetaStore;
  pending: PendingChanges;
  problems: ProblemLog;
}

export type LocalWrites = Pick<SyncEngine, 'insert' | 'patch' | 'patchMany' | 'remove'> &
  Pick<FileOutboxOptions, 'applyUploadedUrl'> & {
    /** Writes a lost version's changed fields on top of the current version, then forgets the conflict. */
    reapplyConflict(key: string): Promise<void>;
    /**
     * Takes a discarded file's placeholder out of its record, when the record still holds it: the
     * column becomes empty, or, for a record that is nothing without its file (a gallery image),
     * the record is deleted.
     */
    dropPlaceholder(target: UploadTarget, placeholder: string): Promise<void>;
  };

export function localWrites({ collections, anyCollection, meta, pending, problems }: WritesInput): LocalWrites {
  const { guarded } = problems;
  const collectionOf = <T extends TableName>(table: T) => collections[table] as RxCollection<SyncDoc<T>>;

  return {
    async insert<T extends TableName>(table: T, doc: NewDoc<T>): Promise<SyncDoc<T>> {
      const data: AnyDoc = { ...doc, id: (doc as { id?: string }).id ?? crypto.randomUUID() };
      // A column left out is NULL on the server: say so locally too (defaults RxDB fills itself).
      for (const [name, column] of localColumns(table)) {
        if (data[name] === undefined && column.nullable && column.default === null) data[name] = null;
      }
      await pending.mark(table, data.id as string);
      const inserted = await guarded(() => collectionOf(table).insert(data as SyncDoc<T>));
      return inserted.toMutableJSON() as SyncDoc<T>;
    },

    async patch<T extends TableName>(table: T, id: string, changes: DocPatch<T>): Promise<SyncDoc<T>> {
      const doc = await collectionOf(table).findOne(id).exec();
      if (!doc) throw new Error(`${table} ${id} does not exist (or was deleted)`);
      await pending.mark(table, id);
      const patched = await guarded(() => doc.incrementalPatch(changes as never));
      return patched.toMutableJSON() as SyncDoc<T>;
    },

    async patchMany<T extends TableName>(
      table: T,
      patches: readonly { id: string; patch: DocPatch<T> }[],
    ): Promise<{ missing: string[] }> {
      const docs = await collectionOf(table)
        .findByIds(patches.map(({ id }) => id))
        .exec();
      const found = patches.filter(({ id }) => docs.has(id));
      await pending.mark(
        table,
        found.map(({ id }) => id),
      );
      // Started in one go, the patches meet in RxDB's incremental write queue and are written together.
      await guarded(() => Promise.all(found.map(({ id, patch }) => docs.get(id)!.incrementalPatch(patch as never))));
      return { missing: patches.filter(({ id }) => !docs.has(id)).map(({ id }) => id) };
    },

    async remove(table: TableName, id: string): Promise<void> {
      const doc = await anyCollection(table).findOne(id).exec();
      if (!doc) return;
      await pending.mark(table, id);
      await guarded(() => doc.incrementalRemove());
    },

    async applyUploadedUrl(target: UploadTarget, url: string, placeholder: string): Promise<UploadedUrlOutcome> {
      if (!isTableName(target.table)) throw new Error(`applyUploadedUrl: ${target.table} is not a replicated table`);
      const column = columnsOf(target.table)[target.column];
      if (!column || column.kind !== 'text') {
        throw new Error(`applyUploadedUrl: ${target.table}.${target.column} is not a text column`);
      }
      const doc = await anyCollection(target.table).findOne(target.id).exec();
      const current = doc?.get(target.column) as unknown;
      if (current === url) return 'applied';
      if (!doc || current !== placeholder) {
        // The record's push may have lost or been refused while the file was on its way: then the
        // version that holds the placeholder is a kept one, shown to the admin to re-apply.
        const kept = await meta.replaceKeptUrl(documentKey(target.table, target.id), target.column, placeholder, url);
        if (isLocalUrl(typeof current === 'string' ? current : null)) return 'replaced';
        return kept ? 'applied' : 'absent';
      }
      await pending.mark(target.table, target.id);
      await guarded(() => doc.incrementalPatch({ [target.column]: url }));
      return 'applied';
    },

    async dropPlaceholder(target: UploadTarget, placeholder: string): Promise<void> {
      if (!isTableName(target.table)) return;
      const doc = await anyCollection(target.table).findOne(target.id).exec();
      if (!doc || doc.get(target.column) !== placeholder) return;
      await pending.mark(target.table, target.id);
      if (columnsOf(target.table)[target.column]?.nullable) {
        await guarded(() => doc.incrementalPatch({ [target.column]: null }));
      } else {
        await guarded(() => doc.incrementalRemove());
      }
    },

    async reapplyConflict(key: string): Promise<void> {
      const record = await meta.getConflict(key);
      if (!record) return;
      const collection = anyCollection(record.table);
      const changes: AnyDoc = {};
      for (const field of record.fields) {
        if (field !== '_deleted') changes[localField(field)] = record.local[localField(field)];
      }
      const deleteIt = record.fields.includes('_deleted') && record.local._deleted === true;
      await pending.mark(record.table, record.docId);
      const current = await collection.findOne(record.docId).exec();
      if (deleteIt) {
        if (current) await guarded(() => current.incrementalRemove());
      } else if (current) {
        if (Object.keys(changes).length > 0) await guarded(() => current.incrementalPatch(changes));
      } else {
        // Deleted meanwhile: bring it back with the lost changes on top of its last version.
        const [stored] = await collection.storageInstance.findDocumentsById([record.docId], true);
        const { _deleted: _d, ...last } = documentState((stored as AnyDoc | undefined) ?? record.server);
        await guarded(() => collection.upsert({ ...last, ...changes, id: record.docId }));
      }
      await meta.deleteConflict(key);
    },
  };
}
