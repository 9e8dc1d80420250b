/**
 * One upload of a queued file to Storage, and what its answer means: uploaded, or a failure to
 * retry or to keep (upload-errors.ts). A name already taken counts as uploaded when the stored
 * object has the file's size: usually our own earlier attempt, whose answer was lost.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { blobOfFile, type OutboxFile, type OutboxRecord } from './outbox-database.ts';
import { classifyUploadError, type UploadFailure } from './upload-errors.ts';

/** Storage's own cache lifetime for our random names: a year (the server adds `immutable`). */
const CACHE_CONTROL = '31536000';

export type UploadOutcome = { kind: 'uploaded' } | { kind: 'failed'; failure: UploadFailure };

type Storage = SupabaseClient['storage'];

/** Uploads the stored `file` of `item` (undefined: its local copy is missing). */
export async function uploadToStorage(
  storage: Storage,
  item: OutboxRecord,
  file: OutboxFile | undefined,
): Promise<UploadOutcome> {
  if (!file) {
    return {
      kind: 'failed',
      failure: { kind: 'permanent', message: 'The local copy of this file is missing', statusCode: null },
    };
  }
  // Storage reads the type from the multipart part, which is the Blob's own type.
  const blob = blobOfFile(file);
  const body = blob.type === item.contentType ? blob : new Blob([blob], { type: item.contentType });
  try {
    const { error } = await storage.from(item.bucket).upload(item.path, body, {
      contentType: item.contentType,
      upsert: false,
      cacheControl: CACHE_CONTROL,
    });
    if (!error) return { kind: 'uploaded' };
    const failure = classifyUploadError(error);
    return failure.kind === 'duplicate' ? await checkDuplicate(storage, item, failure) : { kind: 'failed', failure };
  } catch (error) {
    return { kind: 'failed', failure: classifyUploadError(error) };
  }
}

/** The name is taken: ours from an attempt whose answer was lost, if the sizes agree. */
async function checkDuplicate(storage: Storage, item: OutboxRecord, duplicate: UploadFailure): Promise<UploadOutcome> {
  const { data, error } = await storage.from(item.bucket).info(item.path);
  if (error) {
    const failure = classifyUploadError(error);
    return { kind: 'failed', failure: failure.kind === 'transient' ? failure : { ...duplicate, kind: 'permanent' } };
  }
  if (data.size === item.size) return { kind: 'uploaded' };
  return {
    kind: 'failed',
    failure: {
      kind: 'permanent',
      message: `Another file already exists at ${item.bucket}/${item.path}`,
      statusCode: duplicate.statusCode,
    },
  };
}
