/**
 * The sync engine's public face (design.md "Sync"): the local-first replica of the public content
 * and, for admins, the replicated back office. src/data is the only place the app imports it from.
 *
 * - `createSyncEngine(options)` opens the replica and replicates it (engine.ts).
 * - Table names, document and row types, RxDB and zod schemas, all derived from the migrations
 *   (schema/).
 *
 * Public pages paint before the replica is ready with `sync/first-paint.ts`, which is deliberately
 * not re-exported here: it must stay free of RxDB and supabase-js so it loads before them. The back
 * office's pages import `sync/without-engine.ts` (re-exported here) for the same reason.
 */
export {
  createSyncEngine,
  type OutboxFactory,
  type SyncCollections,
  type SyncConflict,
  type SyncDatabase,
  type SyncEngine,
  type SyncEngineOptions,
  type SyncErrorEntry,
  type SyncStatus,
} from './engine.ts';
export {
  PUBLIC_TABLE_NAMES,
  TABLE_NAMES,
  isTableName,
  tablesOf,
  type ColumnName,
  type DocPatch,
  type NewDoc,
  type Row,
  type SyncDoc,
  type TableName,
} from './schema/types.ts';
export type { ColumnDescriptor, ColumnKind, TableDescriptor } from './schema/descriptor.ts';
export { TABLES } from './schema/tables.generated.ts';
export { collectionSchema, SCHEMA_VERSIONS } from './schema/rx-schemas.ts';
export type { FileOutbox, UploadTarget } from './outbox/index.ts';
export type { OutboxItem } from './outbox/index.ts';
export * from './without-engine.ts';
