/**
 * Receiving an upload: the request body, read within the bucket's size limit, and the decision
 * whether its bytes may be stored.
 *
 * The body is read as it arrives and reading stops as soon as it passes the limit (413), so memory
 * use is bounded by the bucket's `file_size_limit` (or the service-wide limit). storage-js sends
 * either the raw bytes (ArrayBuffer, Buffer, stream: with `content-type`, `cache-control` and
 * `x-metadata` headers) or, for a Blob or File, a multipart form (`cacheControl`, `metadata`
 * fields and the file). Both arrive here as the same `ReceivedFile`.
 *
 * What the file is comes from its bytes (sniff.ts). The declared type must be one the bucket
 * allows (hosted's check, 415) and must name the type the bytes are; the key's extension must be
 * one of that type's. The stored Content-Type is the sniffed one.
 */
import type { Bucket } from './catalog.ts';
import {
  entityTooLarge,
  extensionMismatch,
  invalidImage,
  invalidMimeType,
  mimeTypeMismatch,
  noContentProvided,
} from './errors.ts';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart.ts';
import { extensionOf } from './paths.ts';
import { IMAGE_EXTENSIONS, sniffImage, type ImageInfo } from './sniff.ts';

/** Room a multipart body gets on top of the file for boundaries, part headers and fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** What a file is cached for when the uploader names no cache-control (storage-js's default). */
export const DEFAULT_CACHE_CONTROL = 'max-age=3600';

export interface ReceivedFile {
  bytes: Buffer;
  /** The type the client declared (Content-Type header, or the form's `contentType` or part type). */
  declaredType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** The most bytes a file in `bucket` may have. */
export function uploadLimit(bucket: Bucket, serviceLimit: number): number {
  return bucket.fileSizeLimit === null ? serviceLimit : Math.min(bucket.fileSizeLimit, serviceLimit);
}

/** The checks hosted makes from the headers alone, before any of the body is read. */
export function checkUploadHeaders(request: Request, bucket: Bucket, limit: number): void {
  const contentType = request.headers.get('content-type') ?? undefined;
  const multipart = multipartBoundary(contentType) !== null;
  if (!multipart) checkDeclaredType(contentType || 'application/octet-stream', bucket);
  const length = declaredLength(request);
  if (length !== null && length > limit + (multipart ? MULTIPART_OVERHEAD_BYTES : 0)) throw entityTooLarge();
}

/** Reads the body (never more than the limit allows) and takes the file and its options out of it. */
export async function receiveUpload(request: Request, bucket: Bucket, limit: number): Promise<ReceivedFile> {
  const contentType = request.headers.get('content-type') ?? undefined;
  const boundary = multipartBoundary(contentType);
  const body = await readBodyWithin(request, boundary ? limit + MULTIPART_OVERHEAD_BYTES : limit);
  if (!boundary) {
    return {
      bytes: body,
      declaredType: contentType || 'application/octet-stream',
      cacheControl: cacheControlFromHeader(request.headers.get('cache-control')),
      userMetadata: metadataFromHeader(request.headers.get('x-metadata')),
    };
  }
  let parts;
  try {
    parts = parseMultipart(body, boundary);
  } catch (error) {
    if (error instanceof MultipartError) throw noContentProvided(error.message);
    throw error;
  }
  const file = parts.find((part) => part.filename !== null);
  if (!file) throw noContentProvided();
  const field = (name: string) =>
    parts.find((part) => part.filename === null && part.name === name)?.data.toString('utf8');
  const declaredType = field('contentType') || file.contentType || 'application/octet-stream';
  checkDeclaredType(declaredType, bucket);
  if (file.data.length > limit) throw entityTooLarge();
  const cacheTime = field('cacheControl');
  return {
    bytes: file.data,
    declaredType,
    cacheControl: cacheTime && /^\d{1,10}$/.test(cacheTime) ? `max-age=${cacheTime}` : DEFAULT_CACHE_CONTROL,
    userMetadata: parseMetadata(field('metadata') ?? field('userMetadata')),
  };
}

/**
 * Decides whether `file` may be stored at `key` in `bucket`: it must be a complete raster image
 * with nothing else in it, of a type the bucket allows, matching the declared type and the key's
 * extension. Returns what the image is; throws the storage error to answer otherwise.
 */
export function acceptImage(file: ReceivedFile, bucket: Bucket, key: string): ImageInfo {
  const result = sniffImage(file.bytes);
  if (result.kind === 'other') throw invalidMimeType(result.mimeType);
  if (result.kind === 'invalid') throw invalidImage(result.mimeType, result.reason);
  const actual = result.image.mimeType;
  if (!isAllowed(actual, bucket)) throw invalidMimeType(actual);
  const declared = baseType(file.declaredType);
  if (declared !== actual) throw mimeTypeMismatch(file.declaredType, actual);
  const extension = extensionOf(key);
  if (!IMAGE_EXTENSIONS[actual].includes(extension)) throw extensionMismatch(extension, actual);
  return result.image;
}

/** Hosted's allowed_mime_types check of the declared type: exact `type/subtype` or `type/*`. */
function checkDeclaredType(mimeType: string, bucket: Bucket): void {
  if (!isAllowed(mimeType, bucket)) throw invalidMimeType(mimeType);
}

function isAllowed(mimeType: string, bucket: Bucket): boolean {
  const allowed = bucket.allowedMimeTypes;
  if (!allowed || allowed.length === 0) return true;
  const [type, subtype] = mimeType.split('/');
  if (type === undefined || subtype === undefined) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

function baseType(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

function declaredLength(request: Request): number | null {
  const header = request.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

/** Thrown when the client goes away before the body is complete. */
export class BodyAborted extends Error {}

/** The request body, or `entityTooLarge` as soon as more than `limit` bytes have arrived. */
async function readBodyWithin(request: Request, limit: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw new BodyAborted(error instanceof Error ? error.message : 'request body aborted');
      }
      if (chunk.done) break;
      total += chunk.value.byteLength;
      // Stop here: the rest is never read into memory (the HTTP server discards it).
      if (total > limit) throw entityTooLarge();
      chunks.push(chunk.value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, total);
}

/** The uploader's Cache-Control if it is a plain directive list, else the default. */
function cacheControlFromHeader(value: string | null): string {
  const trimmed = value?.trim();
  return trimmed && /^[A-Za-z0-9=,\- ]{1,200}$/.test(trimmed) ? trimmed : DEFAULT_CACHE_CONTROL;
}

/** storage-js sends user metadata as base64 JSON in `x-metadata`; anything else is ignored, as hosted does. */
function metadataFromHeader(value: string | null): Record<string, unknown> | null {
  if (!value) return null;
  return parseMetadata(Buffer.from(value, 'base64').toString('utf8'));
}

function parseMetadata(json: string | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
