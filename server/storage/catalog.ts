/**
 * The SQL of the storage service over `storage.buckets` and `storage.objects`, written as hosted
 * Storage issues it: bucket settings are looked up with the service's own privileges (the table
 * owner, so row security does not hide them), while everything a caller does to objects (write,
 * list, delete) runs on a `Queryable` that the caller passes in, inside a transaction under the
 * caller's role, so the storage.objects policies in supabase/migrations decide.
 */
import type { Queryable } from '../db/database.ts';

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  /** Bytes; null means only the service-wide limit applies. */
  fileSizeLimit: number | null;
  /** Declared types an upload may carry (`image/png`, `image/*`); null or empty allows any. */
  allowedMimeTypes: string[] | null;
}

/** What hosted keeps in storage.objects.metadata. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  name: string;
  version: string | null;
  metadata: ObjectMetadata | null;
}

/** Timestamps as hosted's JSON gives them: ISO 8601 in UTC with milliseconds. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of an object as hosted's list and delete answers carry them. */
const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at, ${iso('last_accessed_at')} as last_accessed_at`;

const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at`;

/** A bucket's settings, read with the service's privileges; null when there is no such bucket. */
export async function findBucket(db: Queryable, id: string): Promise<Bucket | null> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    public: boolean | null;
    file_size_limit: string | number | null;
    allowed_mime_types: string[] | null;
  }>(`select id, name, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [id]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

export interface ObjectWrite {
  bucketId: string;
  name: string;
  /** The caller's user id (JWT `sub`), as hosted records the owner. */
  owner: string | null;
  metadata: Partial<ObjectMetadata>;
  userMetadata: Record<string, unknown> | null;
  version: string;
  /** Replace an existing object of that name instead of failing with a unique violation. */
  upsert: boolean;
}

/** Inserts (or upserts) an object's row; returns its id. Run under the caller's role. */
export async function writeObjectRow(tx: Queryable, write: ObjectWrite): Promise<string> {
  const onConflict = write.upsert
    ? `on conflict (bucket_id, name) do update set
         owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
         user_metadata = excluded.user_metadata, version = excluded.version, last_accessed_at = now()`
    : '';
  const { rows } = await tx.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)
     ${onConflict}
     returning id`,
    [
      write.bucketId,
      write.name,
      write.owner,
      write.owner,
      JSON.stringify(write.metadata),
      write.userMetadata ? JSON.stringify(write.userMetadata) : null,
      write.version,
    ],
  );
  return rows[0]!.id;
}

/** One object's row, or null; visible to whoever `db` runs as. */
export async function findObjectRow(db: Queryable, bucketId: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await db.query<ObjectRow>(
    `select id, name, version, metadata from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  return rows[0] ?? null;
}

/** An object as hosted's `GET /object/info/...` describes it (storage-js `info()` and `exists()`). */
export async function findObjectInfo(
  db: Queryable,
  bucketId: string,
  name: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select id, name, version, bucket_id, (metadata ->> 'size')::bigint::float8 as size,
            metadata ->> 'mimetype' as content_type, metadata ->> 'cacheControl' as cache_control,
            metadata ->> 'eTag' as etag, user_metadata as metadata,
            ${iso('updated_at')} as last_modified, ${iso('created_at')} as created_at
     from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  return rows[0] ?? null;
}

/** Deletes the named objects the caller may delete; returns the rows deleted. */
export async function deleteObjectRows(
  tx: Queryable,
  bucketId: string,
  names: string[],
): Promise<Array<Record<string, unknown> & { name: string }>> {
  const { rows } = await tx.query<Record<string, unknown> & { name: string }>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucketId, names],
  );
  return rows;
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortColumn: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  sortOrder: 'asc' | 'desc';
}

/**
 * One folder level of a bucket, as hosted's `storage.search` returns it: the sub-folders under
 * `prefix` (name only, every other column null) and the objects directly in it (name relative to
 * the prefix). The prefix and search match case-insensitively, as hosted's do. Run under the
 * caller's role: whoever may not select the rows sees an empty list.
 */
export async function listFolder(tx: Queryable, bucketId: string, options: ListOptions): Promise<unknown[]> {
  const prefix = options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
  const pattern = `${escapeLike((prefix + options.search).toLowerCase())}%`;
  const direction = options.sortOrder === 'desc' ? 'desc' : 'asc';
  // Folders and files sort together by name (hosted's skip-scan); by another column, folders first.
  const order =
    options.sortColumn === 'name'
      ? `name collate "C" ${direction}`
      : `(id is null) desc, ${options.sortColumn} ${direction}, name collate "C" asc`;
  const { rows } = await tx.query(
    `with matched as (
       select o.*, substr(o.name, $3::int + 1) as rest
       from storage.objects o
       where o.bucket_id = $1 and lower(o.name) like $2 escape '\\'
     ), entries as (
       select distinct split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from matched where position('/' in rest) > 0
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata
       from matched where position('/' in rest) = 0
     )
     select name, id, ${iso('updated_at')} as updated_at, ${iso('created_at')} as created_at,
            ${iso('last_accessed_at')} as last_accessed_at, metadata
     from entries
     order by ${order}
     limit $4 offset $5`,
    [bucketId, pattern, prefix.length, options.limit, options.offset],
  );
  return rows;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The buckets the caller may see (row security on storage.buckets decides). */
export async function listBuckets(
  tx: Queryable,
  options: { limit?: number; offset?: number; search?: string; sortColumn: string; sortOrder: 'asc' | 'desc' },
): Promise<unknown[]> {
  const { rows } = await tx.query(
    `select ${BUCKET_COLUMNS}, 'STANDARD' as type from storage.buckets
     where ($1::text is null or name ilike '%' || $1 || '%')
     order by ${options.sortColumn} ${options.sortOrder}
     limit $2 offset $3`,
    [options.search ?? null, options.limit ?? null, options.offset ?? 0],
  );
  return rows;
}

/** One bucket as the caller may see it, or null. */
export async function findVisibleBucket(tx: Queryable, id: string): Promise<unknown | null> {
  const { rows } = await tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0] ?? null;
}
