/**
 * Test images: real PNG, JPEG, WebP, GIF and AVIF files encoded by sharp from seeded pixels (the
 * same options give the same bytes), and the doctored files the storage service must refuse
 * (SVG, HTML, polyglots, truncated files, metadata carrying markup). sharp only makes them; the
 * server never uses it.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif';

export const IMAGE_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'webp', 'gif', 'avif'];

export const MIME_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

export const EXTENSIONS: Record<ImageFormat, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
};

export interface ImageOptions {
  width?: number;
  height?: number;
  /** Seed of the pixel pattern; the same seed gives the same picture. */
  seed?: number;
  /** Pixels of random noise instead of a smooth pattern (noise does not compress). */
  noise?: boolean;
}

/** A small deterministic generator (mulberry32), so test images are the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pixels({ width = 64, height = 48, seed = 1, noise = false }: ImageOptions): Buffer {
  const next = random(seed);
  const base = [next() * 255, next() * 255, next() * 255];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        raw[offset + channel] = noise
          ? Math.floor(next() * 256)
          : Math.floor((base[channel]! + (x * 255) / width + (y * 128) / height) % 256);
      }
    }
  }
  return raw;
}

/** A real image of `format`, encoded by sharp. */
export async function buildImage(format: ImageFormat, options: ImageOptions = {}): Promise<Buffer> {
  const { width = 64, height = 48 } = options;
  const image = sharp(pixels(options), { raw: { width, height, channels: 3 } });
  return image.toFormat(format).toBuffer();
}

/** A PNG of random noise at least `minBytes` long (for size limits). */
export async function buildLargePng(minBytes: number, seed = 7): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(minBytes / 3)) + 8;
  return buildImage('png', { width: side, height: side, seed, noise: true });
}

export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.domain)</script><rect width="10" height="10" fill="red"/></svg>\n',
);

export const HTML_PAGE = Buffer.from(
  '<!doctype html>\n<html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>\n',
);

export const TEXT_FILE = Buffer.from('Agenda for the Lisbon edition\n- 09:00 Welcome coffee\n- 09:30 Keynote\n');

/** `image` with `suffix` appended after its end marker: the classic polyglot. */
export function appendAfterEnd(image: Buffer, suffix = '<html><script>alert(document.domain)</script></html>'): Buffer {
  return Buffer.concat([image, Buffer.from(suffix)]);
}

/** A PNG cut short: the last chunk (IEND) and a few bytes of image data are missing. */
export function truncatedPng(png: Buffer): Buffer {
  return png.subarray(0, png.length - 12 - 4);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `png` with a well-formed tEXt chunk (correct CRC) right after IHDR. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const afterIhdr = 8 + 8 + 13 + 4;
  const chunk = pngChunk('tEXt', Buffer.from(`${keyword}\u0000${text}`, 'latin1'));
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

/** `jpeg` with a comment (COM) segment right after SOI. */
export function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

/** A PNG whose IHDR claims `width` x `height` (CRC fixed up, so only the size is wrong). */
export function pngClaimingSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}
