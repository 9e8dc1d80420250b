/**
 * Where an uploaded image goes in Storage (spec section 7, "File storage"):
 *
 * - `event-images`: `{eventId or temp}/{name}`; gallery images under `{eventId}/gallery/{name}`;
 * - `attendee-photos`: `{name}` (attendee photos);
 * - `sponsor-logos`: `{name}` (company logos of attendees and sponsor logos).
 *
 * `{name}` is "a random number plus the original extension". The number is drawn from
 * `crypto.getRandomValues` (20 decimal digits), so a name is never reused: the storage service
 * serves such names as immutable for a year, and a reused name would show stale bytes. When the
 * bytes are no longer of the original's type (an image re-encoded to WebP before upload), the
 * extension is the one of the actual type, because Storage refuses a key whose extension does not
 * match the bytes.
 */

export const BUCKETS = ['event-images', 'attendee-photos', 'sponsor-logos'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** What an image is for in the product; each kind lives in one bucket. */
export type ImageKind = 'event-image' | 'gallery-image' | 'attendee-photo' | 'company-logo' | 'sponsor-logo';

export const BUCKET_OF_KIND: Readonly<Record<ImageKind, Bucket>> = {
  'event-image': 'event-images',
  'gallery-image': 'event-images',
  'attendee-photo': 'attendee-photos',
  'company-logo': 'sponsor-logos',
  'sponsor-logo': 'sponsor-logos',
};

const MIB = 1024 * 1024;

/**
 * The most bytes each bucket takes (its file_size_limit in supabase/migrations/20261122000400_storage.sql):
 * a larger file is refused for good, so it is refused when picked, with the limit said.
 */
export const BUCKET_SIZE_LIMITS: Readonly<Record<Bucket, number>> = {
  'event-images': 10 * MIB,
  'attendee-photos': 5 * MIB,
  'sponsor-logos': 2 * MIB,
};

/** The extensions Storage accepts for each image type it stores; the first is the one we write. */
export const IMAGE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif'],
};

/** Whether Storage stores images of this content type (any case) as they are. */
export function isStoredImageType(type: string): boolean {
  return Object.hasOwn(IMAGE_EXTENSIONS, type.toLowerCase());
}

/** The image type an extension names (any case, with or without the dot), or null. */
export function contentTypeOfExtension(extension: string): string | null {
  const bare = extension.replace(/^\./, '').toLowerCase();
  for (const [type, extensions] of Object.entries(IMAGE_EXTENSIONS)) {
    if (extensions.includes(bare)) return type;
  }
  return null;
}

/** The lower-case extension of a file name or path, without the dot, or null when it has none. */
export function extensionOf(fileName: string): string | null {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  const extension = base.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : null;
}

/** A uniformly random 20-digit decimal string (64 random bits). */
function randomNumber(): string {
  const words = crypto.getRandomValues(new Uint32Array(2));
  const value = (BigInt(words[0] ?? 0) << 32n) | BigInt(words[1] ?? 0);
  return value.toString().padStart(20, '0');
}

/**
 * A fresh object name: a random number plus the original file's extension
 * (`photo.JPG` -> `09385716253849021734.jpg`). `contentType`, when given, is the type of the bytes
 * that will be uploaded; if the original extension does not name that type (or there is none),
 * the type's own extension is used instead. Throws when no image extension can be found.
 */
export function randomObjectName(originalName: string, contentType?: string): string {
  const original = extensionOf(originalName);
  const typeExtensions = contentType ? IMAGE_EXTENSIONS[contentType.toLowerCase()] : undefined;
  let extension: string | undefined;
  if (typeExtensions) {
    extension = original && typeExtensions.includes(original) ? original : typeExtensions[0];
  } else if (original && contentTypeOfExtension(original)) {
    extension = original;
  }
  if (!extension) {
    throw new Error(
      `Cannot name the upload of "${originalName}"${contentType ? ` (${contentType})` : ''}: ` +
        `not a PNG, JPEG, WebP, GIF or AVIF image`,
    );
  }
  return `${randomNumber()}.${extension}`;
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

function mustBeSafeSegment(value: string, what: string): string {
  if (!SAFE_SEGMENT.test(value)) throw new Error(`Cannot build an object path: ${what} "${value}" is not a plain id`);
  return value;
}

export interface ObjectPathInput {
  kind: ImageKind;
  /** The event the image belongs to; event images of an event with no id yet go under `temp/`. */
  eventId?: string | null;
  /** The object's file name, usually from `randomObjectName`. */
  fileName: string;
}

/**
 * The object key (path inside the bucket) for an image, laid out as listed above. Pair it with
 * `BUCKET_OF_KIND[kind]`. Throws for a gallery image without an event and for ids or names that
 * would not make a single plain path segment.
 */
export function objectPath({ kind, eventId, fileName }: ObjectPathInput): string {
  if (!/^[A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,10}$/.test(fileName)) {
    throw new Error(`Cannot build an object path: file name "${fileName}" is not a plain name with an extension`);
  }
  switch (kind) {
    case 'event-image':
      return `${eventId ? mustBeSafeSegment(eventId, 'event id') : 'temp'}/${fileName}`;
    case 'gallery-image':
      if (!eventId) throw new Error('Cannot build an object path: a gallery image needs its event id');
      return `${mustBeSafeSegment(eventId, 'event id')}/gallery/${fileName}`;
    case 'attendee-photo':
    case 'company-logo':
    case 'sponsor-logo':
      return fileName;
  }
}
