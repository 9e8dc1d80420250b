/**
 * Bucket names and object keys: which are accepted, and how they come out of a request URL.
 *
 * Keys follow hosted Storage's rule (S3-safe characters only: letters, digits and `_/!.*'() &$=@;:+,?-`)
 * and, because this backend keeps each object as a file at `<bucket>/<key>` on a laptop's disk,
 * a stricter one on top: a key is a relative path of non-empty segments, none of them `.` or `..`,
 * none ending in a dot or a space, no `*`, `?` or `:` and no Windows device names, at most 255
 * bytes per segment and 1024 in all. So no key can leave its bucket's folder or mean something
 * special to Linux, macOS or Windows. Keys are stored in `storage.objects.name` exactly as hosted
 * stores them: no leading slash.
 */
import { invalidBucketName, invalidKey } from './errors.ts';

const HOSTED_KEY_CHARACTERS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const HOSTED_BUCKET_CHARACTERS = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;
const UNSAFE_ON_DISK = /[*?:]/;
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
export const MAX_KEY_BYTES = 1024;
export const MAX_SEGMENT_BYTES = 255;

/** Why `key` is refused, or null when it is a good object key. */
export function keyProblem(key: string): string | null {
  if (!HOSTED_KEY_CHARACTERS.test(key)) return 'characters outside the allowed set';
  if (key.length > MAX_KEY_BYTES) return `longer than ${MAX_KEY_BYTES} bytes`;
  if (UNSAFE_ON_DISK.test(key)) return 'characters that are not safe in file names';
  for (const segment of key.split('/')) {
    if (segment === '') return 'an empty path segment (leading, trailing or double slash)';
    if (segment === '.' || segment === '..') return 'a relative path segment';
    if (segment.length > MAX_SEGMENT_BYTES) return `a path segment longer than ${MAX_SEGMENT_BYTES} bytes`;
    if (segment.endsWith('.') || segment.endsWith(' ')) return 'a path segment ending in a dot or a space';
    if (WINDOWS_DEVICE_NAME.test(segment)) return 'a reserved device name';
  }
  return null;
}

/** Throws hosted's "Invalid key" error unless `key` is a good object key. */
export function mustBeValidKey(key: string): void {
  if (keyProblem(key) !== null) throw invalidKey(key);
}

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && HOSTED_BUCKET_CHARACTERS.test(name) && name !== '.' && name !== '..';
}

/**
 * Splits the still percent-encoded rest of a request path (`event-images/e1/0.123.png`) into the
 * bucket and the decoded key, as hosted's router does for `/:bucketName/*`. The raw path is used,
 * not a router's decoded one, so an encoded slash or dot segment cannot slip past the key check.
 */
export function splitBucketAndKey(rawRest: string): { bucket: string; key: string } {
  const slash = rawRest.indexOf('/');
  const rawBucket = slash === -1 ? rawRest : rawRest.slice(0, slash);
  const rawKey = slash === -1 ? '' : rawRest.slice(slash + 1);
  const bucket = decodeOrNull(rawBucket);
  if (bucket === null || !isValidBucketName(bucket)) throw invalidBucketName();
  const key = decodeOrNull(rawKey);
  if (key === null) throw invalidKey(rawKey);
  mustBeValidKey(key);
  return { bucket, key };
}

function decodeOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The lower-cased extension of a key's file name ('' when it has none). */
export function extensionOf(key: string): string {
  const fileName = key.slice(key.lastIndexOf('/') + 1);
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}
