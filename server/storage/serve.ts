/**
 * How a stored file is sent back: with the Content-Type the upload was sniffed as, hosted's
 * headers (ETag, Last-Modified, Cache-Control, X-Robots-Tag: none), and two more that make sure a
 * browser can never run it as a document, whatever it contains: `X-Content-Type-Options: nosniff`
 * and `Content-Security-Policy: default-src 'none'; sandbox`. Conditional GETs (If-None-Match,
 * If-Modified-Since) answer 304.
 *
 * Cache lifetime: a file whose name is content-addressed (see `isContentAddressed`) is never
 * replaced by the app with other bytes, so it is cached for a year as immutable; any other file
 * gets the Cache-Control its uploader chose (storage-js: `max-age=3600` unless told otherwise).
 */
import type { Context } from 'hono';
import type { ObjectMetadata } from './catalog.ts';
import type { StoredFile } from './object-store.ts';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * True when a key's file name (without its extension) is a random token, as the app names uploads
 * ("a random number plus the original extension", spec section 7): at least 16 characters of
 * hexadecimal digits, dots and hyphens, at least 10 of them decimal digits. That covers
 * `Math.random()` digits (`0.8412209376530061.png`), `crypto.randomUUID()`, `Date.now()` plus a
 * random part, and content hashes; it does not cover names people choose (`keynote-2026.jpg`).
 */
export function isContentAddressed(key: string): boolean {
  const fileName = key.slice(key.lastIndexOf('/') + 1);
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return /^[0-9a-f.-]{16,}$/i.test(stem) && (stem.match(/[0-9]/g)?.length ?? 0) >= 10;
}

export function cacheControlFor(key: string, metadata: ObjectMetadata): string {
  return isContentAddressed(key) ? IMMUTABLE_CACHE_CONTROL : metadata.cacheControl || 'max-age=3600';
}

/** Does an If-None-Match header match `etag` (weak comparison, lists and `*` allowed)? */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const target = bare(etag);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === target);
}

/** The response for a GET (or HEAD) of an object. */
export function fileResponse(
  c: Context,
  key: string,
  metadata: ObjectMetadata,
  file: StoredFile,
  options: { download?: string },
): Response {
  const lastModified = new Date(metadata.lastModified);
  const headers: Record<string, string> = {
    'Content-Type': metadata.mimetype,
    ETag: metadata.eTag,
    'Cache-Control': cacheControlFor(key, metadata),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Robots-Tag': 'none',
  };
  if (!Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString();
  if (options.download !== undefined) headers['Content-Disposition'] = contentDisposition(options.download);

  if (notModified(c, metadata.eTag, lastModified)) return new Response(null, { status: 304, headers });
  headers['Content-Length'] = String(file.size);
  return new Response(c.req.method === 'HEAD' ? null : file.stream(), { status: 200, headers });
}

function notModified(c: Context, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = c.req.header('if-modified-since');
  if (ifModifiedSince === undefined || Number.isNaN(lastModified.getTime())) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/** Hosted's Content-Disposition for `?download` (`?download` alone, or `?download=<file name>`). */
function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name}`;
}
