/**
 * What the back office's pages use from the sync layer before the engine has opened: the tables'
 * write schemas (forms refuse what the server would), which columns hold moments, and the file
 * outbox's naming and resizing.
 * Nothing here reaches RxDB, Dexie or supabase-js, so an admin page that imports it loads and paints
 * without them (they arrive with the replica, src/data/engine-store.ts); `index.ts` re-exports it.
 */
export { rowSchemaOf, writeSchemaOf } from './schema/zod.ts';
export { isTimestampColumn } from './schema/types.ts';
export {
  BUCKET_OF_KIND,
  BUCKET_SIZE_LIMITS,
  objectPath,
  randomObjectName,
  type ImageKind,
} from './outbox/object-names.ts';
export { resizeImage, type ResizeOptions } from './outbox/resize-image.ts';
export { isLocalUrl } from './outbox/local-url.ts';
