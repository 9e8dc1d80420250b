/**
 * How a stored file is sent back: with the Content-Type the upload was sniffed as, hosted's
 * headers (ETag, Last-Modified, Cache-Control, X-Robots-Tag: none), and two more that make sure a
 * browser can never run it as a document, whatever it contains: `X-Content-Type-Options: nosniff`
 * and `Content-Security-Policy: default-src 'none'; sandbox`. Conditional GETs (If-None-Match,
 * If-Modified-Since) answer 304. A single byte range (`Range: bytes=a-b`, `a-`, `-n`) answers 206
 * with that part, as hosted Storage does (video players and resumed downloads ask for parts), and 416
 * when it starts past the end; other Range headers (several ranges, other units, malformed) are
 * ignored and the whole file is sent, as RFC 9110 allows.
 *
 * Cache lifetime: a file whose name is content-addressed (see `isContentAddressed`) is never
 * replaced by the app with other bytes, so it is cached for a year as immutable; any other file
 * gets the Cache-Control its uploader chose (storage-js: `max-age=3600` unless told otherwise).
 */
import type { Context } from 'hono';
import type { ObjectMetadata } from './catalog.ts';
import { rangeNotSatisfiable } from './errors.ts';
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
  headers['Accept-Ranges'] = 'bytes';
  const head = c.req.method === 'HEAD';
  const range = rangeStillValid(c, metadata.eTag, lastModified) ? byteRange(c.req.header('range'), file.size) : null;
  if (range === 'unsatisfiable') {
    const error = rangeNotSatisfiable();
    return new Response(JSON.stringify(error.body), {
      status: error.httpStatus,
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Range': `bytes */${file.size}` },
    });
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
    return new Response(head ? null : file.stream(range), { status: 206, headers });
  }
  headers['Content-Length'] = String(file.size);
  return new Response(head ? null : file.stream(), { status: 200, headers });
}

/**
 * The part of a file of `size` bytes that a `Range` header asks for: null for the whole file (no
 * header, or one this server ignores), 'unsatisfiable' when it starts at or past the end.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header === undefined ? null : /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // `-n`: the last n bytes.
    const length = Number(match[2]);
    return length === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Number.POSITIVE_INFINITY : Number(match[2]);
  // An end before the start makes the header invalid, and an invalid Range is ignored.
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

/**
 * If-Range: a client resuming a download sends the ETag (or date) of the copy it has; when the
 * object has changed since, it must get the whole new file, not a part of it.
 */
function rangeStillValid(c: Context, etag: string, lastModified: Date): boolean {
  const ifRange = c.req.header('if-range')?.trim();
  if (ifRange === undefined) return true;
  // A weak ETag never matches here (RFC 9110: If-Range compares strongly).
  if (ifRange.startsWith('W/')) return false;
  if (ifRange.startsWith('"')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return (
    !Number.isNaN(date) &&
    !Number.isNaN(lastModified.getTime()) &&
    Math.floor(lastModified.getTime() / 1000) * 1000 === date
  );
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
