/**
 * The storage service at /storage/v1: the part of hosted Supabase Storage's HTTP API that
 * storage-js uses, with hosted's paths, status codes and error bodies.
 *
 *   POST   /object/{bucket}/{key}         upload (x-upsert: true replaces)     PUT: replace
 *   GET    /object/{bucket}/{key}         download (a bad or no token counts as anonymous)
 *   GET    /object/authenticated/{b}/{k}  download with a valid token
 *   GET    /object/public/{bucket}/{key}  public URL (public buckets; no API key needed)
 *   GET    /object/info/{bucket}/{key}    description (storage-js info() and exists())
 *   POST   /object/sign/{bucket}/{key}    signed URL; GET /object/sign/... serves it
 *   POST   /object/list/{bucket}          one folder level (hosted's storage.search)
 *   DELETE /object/{bucket}               remove { prefixes: [...] }; DELETE /object/{b}/{k}: one
 *   GET    /bucket, /bucket/{id}          buckets the caller may see
 *
 * Access is decided by Postgres, as on hosted: every write, list and delete runs in a transaction
 * under the caller's role and claims, so the storage.objects policies in supabase/migrations
 * apply. Bucket settings are read with the service's own privileges. An upload is checked before
 * its body is read (declared type, Content-Length, and a trial insert that is rolled back, for
 * row security and duplicates), then its bytes are sniffed (upload.ts), staged in full and moved
 * into place inside the transaction that writes the row (object-store.ts), so a failure at any
 * step leaves neither a row nor a file.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { RequestContext } from '../db/database.ts';
import { JwtError } from '../http/jwt.ts';
import { logError } from '../log.ts';
import type { BackendServices } from '../services.ts';
import {
  deleteObjectRows,
  findBucket,
  findObjectInfo,
  findObjectRow,
  findVisibleBucket,
  listBuckets,
  listFolder,
  writeObjectRow,
  type Bucket,
  type ObjectMetadata,
  type ObjectWrite,
} from './catalog.ts';
import { GatewayRefusal, storageCaller, type StorageCaller } from './caller.ts';
import {
  StorageError,
  accessDenied,
  bucketNotFound,
  fromDatabaseError,
  internalError,
  invalidKey,
  invalidRequest,
  noContentProvided,
  objectNotFound,
  storageErrorResponse,
} from './errors.ts';
import { KeyConflictError, type Placement } from './object-store.ts';
import { splitBucketAndKey } from './paths.ts';
import { fileResponse } from './serve.ts';
import { BodyAborted, acceptImage, checkUploadHeaders, receiveUpload, uploadLimit } from './upload.ts';

/** First path segments under /object/ that are operations, not bucket names. */
const OBJECT_OPERATIONS = new Set([
  'list',
  'list-v2',
  'sign',
  'upload',
  'move',
  'copy',
  'info',
  'public',
  'authenticated',
]);

/**
 * True for the requests that carry a file (upload, replace). app.ts exempts them from the
 * service-wide body limit: each bucket has its own, enforced while the body is read.
 */
export function isStorageUpload(method: string, path: string): boolean {
  if (method !== 'POST' && method !== 'PUT') return false;
  const match = /^\/storage\/v1\/object\/([^/]+)\/./.exec(path);
  return match !== null && !OBJECT_OPERATIONS.has(match[1]!);
}

const MAX_DELETE_PREFIXES = 1000;

const listBody = z.object({
  prefix: z.string(),
  limit: z.number().int().min(1).optional(),
  offset: z.number().int().min(0).optional(),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']),
      order: z.enum(['asc', 'desc']).optional(),
    })
    .optional(),
  search: z.string().optional(),
});

const removeBody = z.object({
  prefixes: z
    .array(z.union([z.string(), z.object({ path: z.string() }).passthrough()]))
    .min(1)
    .max(MAX_DELETE_PREFIXES),
});

const signBody = z.object({ expiresIn: z.number().int().min(1) });

const bucketQuery = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

/** Thrown inside a trial transaction to roll it back once the statement has passed. */
class TrialRollback extends Error {}

export function createStorageRoutes(services: BackendServices): Hono {
  const { db, keys, objectStore, config } = services;
  const app = new Hono();

  /** Wraps a handler so every failure becomes hosted's error answer. */
  const handle =
    (work: (c: Context) => Promise<Response>, options: { noStore?: boolean } = {}) =>
    async (c: Context): Promise<Response> => {
      try {
        return await work(c);
      } catch (error) {
        const response = errorResponse(c, error);
        if (options.noStore) response.headers.set('Cache-Control', 'no-store');
        return response;
      }
    };

  // Buckets ---------------------------------------------------------------------------------

  app.get(
    '/bucket',
    handle(async (c) => {
      const caller = await storageCaller(c, keys, { readOnly: true });
      const query = parseOrThrow(bucketQuery, c.req.query(), 'querystring');
      return c.json(await db.transaction(caller.context, (tx) => listBuckets(tx, query)));
    }),
  );

  app.get(
    '/bucket/:id',
    handle(async (c) => {
      const caller = await storageCaller(c, keys, { readOnly: true });
      const bucket = await db.transaction(caller.context, (tx) => findVisibleBucket(tx, c.req.param('id') ?? ''));
      if (!bucket) throw bucketNotFound();
      return c.json(bucket);
    }),
  );

  // Listing, signing ----------------------------------------------------------------------------

  app.post(
    '/object/list/:bucket',
    handle(async (c) => {
      const caller = await storageCaller(c, keys, { readOnly: true });
      const body = parseOrThrow(listBody, await jsonBody(c), 'body');
      const rows = await db.transaction(caller.context, (tx) =>
        listFolder(tx, c.req.param('bucket') ?? '', {
          prefix: body.prefix,
          limit: Math.min(body.limit ?? 100, 1500),
          offset: body.offset ?? 0,
          search: body.search ?? '',
          sortColumn: body.sortBy?.column ?? 'name',
          sortOrder: body.sortBy?.order ?? 'asc',
        }),
      );
      return c.json(rows);
    }),
  );

  app.post(
    '/object/sign/*',
    handle(async (c) => {
      const { bucket, key } = splitBucketAndKey(rawPathAfter(c, '/object/sign/'));
      const caller = await storageCaller(c, keys, { readOnly: true });
      const { expiresIn } = parseOrThrow(signBody, await jsonBody(c), 'body');
      const row = await db.transaction(caller.context, (tx) => findObjectRow(tx, bucket, key));
      if (!row) throw objectNotFound();
      const token = await keys.sign({ url: `${bucket}/${key}`, scope: 'download' }, expiresIn);
      // storage-js prefixes the API URL and percent-encodes the whole URL itself.
      return c.json({ signedURL: `/object/sign/${bucket}/${key}?token=${token}` });
    }),
  );

  app.get(
    '/object/sign/*',
    handle(
      async (c) => {
        const { bucket, key } = splitBucketAndKey(rawPathAfter(c, '/object/sign/'));
        const token = c.req.query('token');
        if (!token) throw invalidRequest("querystring must have required property 'token'");
        let claims: Record<string, unknown>;
        try {
          claims = (await keys.verify(token)) as Record<string, unknown>;
        } catch (error) {
          const expired = error instanceof JwtError && error.reason === 'expired';
          throw new StorageError(400, 'InvalidJWT', 'InvalidJWT', expired ? 'jwt expired' : 'invalid signature');
        }
        if (claims.scope !== 'download' || claims.url !== `${bucket}/${key}`) {
          throw new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature');
        }
        return serveObject(c, bucket, key, null);
      },
      { noStore: true },
    ),
  );

  // Downloads ---------------------------------------------------------------------------------

  app.get(
    '/object/public/*',
    handle(
      async (c) => {
        const { bucket: bucketId, key } = splitBucketAndKey(rawPathAfter(c, '/object/public/'));
        const bucket = await findBucket(db, bucketId);
        if (!bucket?.public) throw bucketNotFound();
        return serveObject(c, bucketId, key, null);
      },
      { noStore: true },
    ),
  );

  const download = (marker: string, anonymousOnBadToken: boolean) =>
    handle(
      async (c) => {
        const { bucket: bucketId, key } = splitBucketAndKey(rawPathAfter(c, marker));
        const caller = await storageCaller(c, keys, { readOnly: true, anonymousOnBadToken });
        const bucket = await findBucket(db, bucketId);
        if (!bucket) throw bucketNotFound();
        // Public buckets serve anyone (as hosted); private ones whoever row security lets see the row.
        return serveObject(c, bucketId, key, bucket.public ? null : caller.context);
      },
      { noStore: true },
    );

  /** `GET /object/info/...`: the object's description, looked up as a download is. */
  const info = (marker: string, access: 'public' | 'authenticated' | 'lenient') =>
    handle(async (c) => {
      const { bucket: bucketId, key } = splitBucketAndKey(rawPathAfter(c, marker));
      const caller =
        access === 'public'
          ? null
          : await storageCaller(c, keys, { readOnly: true, anonymousOnBadToken: access === 'lenient' });
      const bucket = await findBucket(db, bucketId);
      if (!bucket || (access === 'public' && !bucket.public)) throw bucketNotFound();
      const object =
        bucket.public || !caller
          ? await findObjectInfo(db, bucketId, key)
          : await db.transaction(caller.context, (tx) => findObjectInfo(tx, bucketId, key));
      if (!object) throw objectNotFound();
      return c.json(object);
    });

  app.get('/object/info/public/*', info('/object/info/public/', 'public'));
  app.get('/object/info/authenticated/*', info('/object/info/authenticated/', 'authenticated'));
  app.get('/object/info/*', info('/object/info/', 'lenient'));
  app.get('/object/authenticated/*', download('/object/authenticated/', false));
  app.get('/object/*', download('/object/', true));

  /** Sends an object's bytes; `reader` null looks the row up with the service's privileges. */
  async function serveObject(c: Context, bucketId: string, key: string, reader: RequestContext | null) {
    const row = reader
      ? await db.transaction(reader, (tx) => findObjectRow(tx, bucketId, key))
      : await findObjectRow(db, bucketId, key);
    if (!row?.metadata) throw objectNotFound();
    const file = await objectStore.read(bucketId, key);
    if (!file) {
      logError(`storage: ${bucketId}/${key} has a row but no file in ${objectStore.root}`);
      throw objectNotFound();
    }
    return fileResponse(c, key, row.metadata, file, { download: c.req.query('download') });
  }

  // Uploads -----------------------------------------------------------------------------------

  app.post(
    '/object/*',
    handle((c) => upload(c, c.req.header('x-upsert') === 'true')),
  );
  app.put(
    '/object/*',
    handle((c) => upload(c, true)),
  );

  async function upload(c: Context, upsert: boolean): Promise<Response> {
    const { bucket: bucketId, key } = splitBucketAndKey(rawPathAfter(c, '/object/'));
    const caller = await storageCaller(c, keys, { readOnly: false });
    const bucket = await findBucket(db, bucketId);
    if (!bucket) throw bucketNotFound();
    const limit = uploadLimit(bucket, config.storageMaxFileBytes);
    checkUploadHeaders(c.req.raw, bucket, limit);
    const write: ObjectWrite = {
      bucketId,
      name: key,
      owner: caller.userId,
      metadata: {},
      userMetadata: null,
      version: randomUUID(),
      upsert,
    };
    await tryWrite(caller, write);

    const file = await receiveUpload(c.req.raw, bucket, limit);
    const image = acceptImage(file, bucket, key);
    const metadata: ObjectMetadata = {
      eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
      size: file.bytes.length,
      mimetype: image.mimeType,
      cacheControl: file.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: file.bytes.length,
      httpStatusCode: 200,
    };
    const id = await storeObject(caller, bucket, { ...write, metadata, userMetadata: file.userMetadata }, file.bytes);
    return c.json({ Id: id, Key: `${bucketId}/${key}` });
  }

  /** Runs the row write as the caller and rolls it back: refuses early what Postgres would refuse. */
  async function tryWrite(caller: StorageCaller, write: ObjectWrite): Promise<void> {
    try {
      await db.transaction(caller.context, async (tx) => {
        await writeObjectRow(tx, write);
        throw new TrialRollback();
      });
    } catch (error) {
      if (!(error instanceof TrialRollback)) throw error;
    }
  }

  /** Stages the bytes, then writes the row and moves the file into place in one transaction. */
  async function storeObject(
    caller: StorageCaller,
    bucket: Bucket,
    write: ObjectWrite,
    bytes: Buffer,
  ): Promise<string> {
    const staged = await objectStore.stage(bytes);
    const placed: { placement?: Placement } = {};
    let id: string;
    try {
      id = await db.transaction(caller.context, async (tx) => {
        const rowId = await writeObjectRow(tx, write);
        placed.placement = await objectStore.place(staged, bucket.id, write.name);
        return rowId;
      });
    } catch (error) {
      // The file may already be in place if the commit itself failed: put the old one back.
      await placed.placement?.rollback().catch((undo: unknown) => {
        logError(`storage: could not restore ${bucket.id}/${write.name} after a failed write: ${String(undo)}`);
      });
      if (error instanceof KeyConflictError) throw invalidKey(write.name);
      throw error;
    } finally {
      await staged.discard();
    }
    await placed.placement?.commit();
    return id;
  }

  // Removal -----------------------------------------------------------------------------------

  app.delete(
    '/object/:bucket',
    handle(async (c) => {
      const bucketId = c.req.param('bucket') ?? '';
      const caller = await storageCaller(c, keys, { readOnly: false });
      const { prefixes } = parseOrThrow(removeBody, await jsonBody(c), 'body');
      const names = prefixes.map((entry) => (typeof entry === 'string' ? entry : entry.path));
      // Row security decides which rows go; the ones the caller may not delete are left as they are.
      const deleted = await db.transaction(caller.context, (tx) => deleteObjectRows(tx, bucketId, names));
      await removeFiles(
        bucketId,
        deleted.map((row) => row.name),
      );
      return c.json(deleted);
    }),
  );

  app.delete(
    '/object/*',
    handle(async (c) => {
      const { bucket, key } = splitBucketAndKey(rawPathAfter(c, '/object/'));
      const caller = await storageCaller(c, keys, { readOnly: false });
      if (!(await findObjectRow(db, bucket, key))) throw objectNotFound();
      const deleted = await db.transaction(caller.context, (tx) => deleteObjectRows(tx, bucket, [key]));
      if (deleted.length === 0) throw accessDenied('Access denied');
      await removeFiles(bucket, [key]);
      return c.json({ message: 'Successfully deleted' });
    }),
  );

  /** Removes the files of deleted rows; a file that cannot be removed is logged, not fatal. */
  async function removeFiles(bucketId: string, names: string[]): Promise<void> {
    for (const name of names) {
      await objectStore.remove(bucketId, name).catch((error: unknown) => {
        logError(`storage: could not remove the file of ${bucketId}/${name}: ${String(error)}`);
      });
    }
  }

  app.notFound((c) => storageErrorResponse(c, new StorageError(404, 'NotFound', 'Not Found', 'Route not found')));
  return app;
}

function errorResponse(c: Context, error: unknown): Response {
  if (error instanceof GatewayRefusal) {
    return c.json(error.failure.body, error.failure.status, error.failure.headers);
  }
  if (error instanceof StorageError) return storageErrorResponse(c, error);
  if (error instanceof BodyAborted) {
    return storageErrorResponse(c, noContentProvided('Request stream closed before upload could complete'));
  }
  const mapped = fromDatabaseError(error);
  if (mapped) return storageErrorResponse(c, mapped);
  logError(
    `storage: ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return storageErrorResponse(c, internalError());
}

/** The still percent-encoded path after `marker` (e.g. '/object/public/'), for `splitBucketAndKey`. */
function rawPathAfter(c: Context, marker: string): string {
  const pathname = new URL(c.req.url).pathname;
  const index = pathname.indexOf(marker);
  return index === -1 ? '' : pathname.slice(index + marker.length);
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw invalidRequest('Body is not valid JSON');
  }
}

/** Validates like hosted's schema check: the first problem, as `body/<field> <problem>`. */
function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'querystring'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? `${where}/${issue.path.join('/')}` : where;
  throw invalidRequest(`${field} ${issue.message}`);
}
