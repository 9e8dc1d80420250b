/**
 * Shrinks a photo in the browser before it goes into the outbox: every byte crosses venue Wi-Fi
 * and waits in IndexedDB, and Storage caps each bucket (10 MiB event images, 5 MiB photos, 2 MiB
 * logos). Decodes with `createImageBitmap` (which applies the EXIF orientation), draws scaled on an
 * OffscreenCanvas (a DOM canvas where there is none) and encodes WebP, or JPEG where the browser
 * cannot encode WebP. Browser-only.
 *
 * Left as they are: images already within the bounds (re-encoding would only lose quality) and
 * GIFs (drawing one keeps only its first frame). An image of a type Storage does not take (a BMP, an
 * icon: IMAGE_EXTENSIONS) is encoded anew even when it fits. The result's type may differ from the
 * input's: name the upload after `result.type` (`randomObjectName(file.name, result.type)`).
 */
import { isStoredImageType } from './object-names.ts';

export interface ResizeOptions {
  maxWidth: number;
  maxHeight: number;
  /** Encoder quality from 0 to 1; default 0.85. */
  quality?: number;
  /** Preferred output type; default WebP. JPEG is used when the browser cannot encode it. */
  type?: 'image/webp' | 'image/jpeg';
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** The size that fits within the bounds with the same aspect ratio (never larger than the original). */
export function fittedSize(
  width: number,
  height: number,
  { maxWidth, maxHeight }: Pick<ResizeOptions, 'maxWidth' | 'maxHeight'>,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function resizeImage(blob: Blob, options: ResizeOptions): Promise<Blob> {
  if (!(options.maxWidth >= 1 && options.maxHeight >= 1)) {
    throw new Error(`resizeImage needs bounds of at least 1 px, got ${options.maxWidth} x ${options.maxHeight}`);
  }
  if (blob.type === 'image/gif') return blob;
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  try {
    const fits = bitmap.width <= options.maxWidth && bitmap.height <= options.maxHeight;
    if (fits && isStoredImageType(blob.type)) return blob;
    const size = fittedSize(bitmap.width, bitmap.height, options);
    const quality = options.quality ?? 0.85;
    const preferred = options.type ?? 'image/webp';
    const encoded = await drawAndEncode(bitmap, size, preferred, quality);
    // A browser that cannot encode the type hands back PNG instead: fall back to JPEG.
    if (encoded.type === preferred) return encoded;
    return await drawAndEncode(bitmap, size, 'image/jpeg', quality);
  } finally {
    bitmap.close();
  }
}

async function drawAndEncode(
  bitmap: ImageBitmap,
  { width, height }: { width: number; height: number },
  type: string,
  quality: number,
): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext('2d'), bitmap, width, height, type);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  draw(canvas.getContext('2d'), bitmap, width, height, type);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (result) => (result ? resolve(result) : reject(new Error(`The browser could not encode the image as ${type}`))),
      type,
      quality,
    );
  });
}

function draw(context: Canvas2D | null, bitmap: ImageBitmap, width: number, height: number, type: string): void {
  if (!context) throw new Error('The browser has no 2D canvas to resize the image');
  if (type === 'image/jpeg') {
    // JPEG has no transparency: put transparent parts on white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}
