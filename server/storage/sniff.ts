/**
 * Decides what an uploaded file is from its bytes alone, never from its name or declared type:
 * one of the raster images the buckets accept (PNG, JPEG, WebP, GIF, AVIF), a damaged or doctored
 * one, or something else (SVG, HTML, text, ...).
 *
 * Magic numbers are not enough: a file can start like a PNG and go on as an HTML page (a polyglot).
 * So each format's container is walked to its end marker (PNG chunks with their CRCs up to IEND,
 * JPEG marker segments and entropy-coded data up to EOI, GIF blocks up to the trailer, the WebP RIFF
 * chunk list, the AVIF top-level boxes), the dimensions are checked for sanity, and then:
 * - nothing may follow the end of the image (trailing data is how most polyglots are made);
 * - markup (`<script`, `<svg`, `<html`, `<?php`, `<!doctype`, ...) may not appear in the first KiB
 *   or in any metadata the format carries (text chunks, comments, EXIF/XMP, extensions).
 * Compressed image data (IDAT, JPEG scans, GIF image blocks, VP8/VP8L/ALPH/ANMF, mdat) is not
 * searched: it is effectively random bytes and would refuse real photos now and then.
 */
import { crc32 } from 'node:zlib';

export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/avif';

/** The file extensions (lower case, no dot) that name each image type. */
export const IMAGE_EXTENSIONS: Record<ImageMimeType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif'],
};

/**
 * Largest image accepted: 16384 px a side (WebP's own limit is 16383) and 100 megapixels. Browsers
 * decode whole images into memory (100 MP is 400 MB), and a tiny file can declare a huge canvas.
 */
export const MAX_IMAGE_SIDE = 16384;
export const MAX_IMAGE_PIXELS = 100_000_000;

export interface ImageInfo {
  mimeType: ImageMimeType;
  width: number;
  height: number;
}

export type SniffResult =
  /** A complete, well-formed image with no markup and nothing after its end. */
  | { kind: 'image'; image: ImageInfo }
  /** Starts like `mimeType` but is damaged, truncated, oversized or carries markup. */
  | { kind: 'invalid'; mimeType: ImageMimeType; reason: string }
  /** Not a supported image; `mimeType` is our best guess of what it is instead. */
  | { kind: 'other'; mimeType: string };

class Invalid extends Error {}

interface Parsed {
  width: number;
  height: number;
  /** Offset just past the format's end marker. */
  end: number;
  /** Byte ranges of metadata (not compressed image data) to search for markup. */
  metadata: Array<[number, number]>;
}

/** Classifies `bytes`; see the module header for what "image" means here. */
export function sniffImage(bytes: Uint8Array): SniffResult {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = formatFromMagic(b);
  if (!format) return { kind: 'other', mimeType: guessOtherType(b) };
  try {
    const parsed = PARSERS[format](b);
    checkDimensions(parsed.width, parsed.height);
    if (parsed.end < b.length) {
      const tag = findMarkup(b, parsed.end, b.length);
      throw new Invalid(
        tag
          ? `markup (${tag}) after the end of the image`
          : `${b.length - parsed.end} bytes of data after the end of the image`,
      );
    }
    for (const [start, end] of [[0, Math.min(b.length, 1024)] as [number, number], ...parsed.metadata]) {
      const tag = findMarkup(b, start, end);
      if (tag) throw new Invalid(`markup (${tag}) inside the image`);
    }
    return { kind: 'image', image: { mimeType: format, width: parsed.width, height: parsed.height } };
  } catch (error) {
    if (error instanceof Invalid) return { kind: 'invalid', mimeType: format, reason: error.message };
    if (error instanceof RangeError) return { kind: 'invalid', mimeType: format, reason: 'truncated' };
    throw error;
  }
}

// Markup ---------------------------------------------------------------------------------------

/**
 * Tags that make a browser, a server or an old sniffer treat bytes as a document. Each needs its
 * delimiter after it, so a match in binary metadata by chance is vanishingly rare; XMP's own tags
 * (`<x:xmpmeta`, `<rdf:RDF`, `<?xpacket`) are not in the list.
 */
const MARKUP =
  /<(?:script|svg|html|head|body|iframe|frame|frameset|object|embed|applet|style|link|meta|base|form|img|math)[\s/>]|<\?php[\s]|<!doctype[\s]|<!entity[\s]/i;

function findMarkup(b: Buffer, start: number, end: number): string | null {
  if (end <= start) return null;
  const match = MARKUP.exec(b.toString('latin1', start, end));
  return match ? match[0].replace(/[\s/>]$/, '').toLowerCase() : null;
}

// Format detection ------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

function ascii(b: Buffer, start: number, end: number): string {
  return b.toString('latin1', start, Math.min(end, b.length));
}

function formatFromMagic(b: Buffer): ImageMimeType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const head6 = ascii(b, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'image/gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(b, 4, 8) === 'ftyp' && ftypBrands(b).some((brand) => AVIF_BRANDS.has(brand))) return 'image/avif';
  return null;
}

/** Major and compatible brands of a leading ISO-BMFF `ftyp` box (bounded to the first 256 bytes). */
function ftypBrands(b: Buffer): string[] {
  if (b.length < 16) return [];
  const size = Math.min(b.readUInt32BE(0), 256, b.length);
  const brands = [ascii(b, 8, 12)];
  for (let pos = 16; pos + 4 <= size; pos += 4) brands.push(ascii(b, pos, pos + 4));
  return brands;
}

/** What a file that is not a supported image most likely is, for the error message. */
function guessOtherType(b: Buffer): string {
  if (b.length === 0) return 'application/x-empty';
  const head = b.toString('utf8', 0, Math.min(b.length, 4096));
  const trimmed = head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (trimmed.startsWith('<')) {
    if (/<svg[\s>/]/.test(trimmed)) return 'image/svg+xml';
    if (/<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>/]|<iframe[\s>/]/.test(trimmed)) return 'text/html';
    if (trimmed.startsWith('<?php')) return 'application/x-httpd-php';
    if (trimmed.startsWith('<?xml')) return 'application/xml';
    return 'text/html';
  }
  if (ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(b, 0, 4) === 'PK\u0003\u0004') return 'application/zip';
  if (ascii(b, 0, 2) === 'BM') return 'image/bmp';
  if (ascii(b, 0, 4) === 'II*\u0000' || ascii(b, 0, 4) === 'MM\u0000*') return 'image/tiff';
  if (ascii(b, 4, 8) === 'ftyp') {
    const brands = ftypBrands(b);
    if (brands.some((brand) => ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(brand))) return 'image/heic';
    return 'video/mp4';
  }
  if (isMostlyText(head)) return 'text/plain';
  return 'application/octet-stream';
}

function isMostlyText(sample: string): boolean {
  if (sample.includes('\u0000')) return false;
  let printable = 0;
  for (const ch of sample) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 0xfffd) continue;
    if (code >= 0x20 || ch === '\n' || ch === '\r' || ch === '\t') printable += 1;
  }
  return printable >= sample.length * 0.95;
}

function checkDimensions(width: number, height: number): void {
  if (!(width >= 1 && height >= 1)) throw new Invalid(`image size ${width}x${height} is empty`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new Invalid(`image size ${width}x${height} is larger than allowed`);
  }
}

const PARSERS: Record<ImageMimeType, (b: Buffer) => Parsed> = {
  'image/png': parsePng,
  'image/jpeg': parseJpeg,
  'image/gif': parseGif,
  'image/webp': parseWebp,
  'image/avif': parseAvif,
};

// PNG -------------------------------------------------------------------------------------------

const PNG_BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function parsePng(b: Buffer): Parsed {
  const metadata: Array<[number, number]> = [];
  let pos = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  let sawPalette = false;
  let sawData = false;
  for (let index = 0; ; index += 1) {
    if (pos + 12 > b.length) throw new Invalid('no IEND chunk (truncated)');
    const length = b.readUInt32BE(pos);
    const type = ascii(b, pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new Invalid(`malformed chunk at offset ${pos}`);
    const dataStart = pos + 8;
    const dataEnd = dataStart + length;
    if (length > 0x7fffffff || dataEnd + 4 > b.length)
      throw new Invalid(`chunk ${type} runs past the end of the file (truncated)`);
    if (crc32(b.subarray(pos + 4, dataEnd)) !== b.readUInt32BE(dataEnd))
      throw new Invalid(`chunk ${type} has a bad CRC`);
    if (index === 0) {
      if (type !== 'IHDR' || length !== 13) throw new Invalid('the first chunk is not IHDR');
      width = b.readUInt32BE(dataStart);
      height = b.readUInt32BE(dataStart + 4);
      const bitDepth = b[dataStart + 8]!;
      colorType = b[dataStart + 9]!;
      if (!PNG_BIT_DEPTHS[colorType]?.includes(bitDepth))
        throw new Invalid('IHDR has an invalid colour type or bit depth');
      if (b[dataStart + 10] !== 0 || b[dataStart + 11] !== 0 || b[dataStart + 12]! > 1) {
        throw new Invalid('IHDR has an invalid compression, filter or interlace method');
      }
    } else if (type === 'IHDR') {
      throw new Invalid('more than one IHDR chunk');
    } else if (type === 'IDAT' || type === 'fdAT') {
      if (colorType === 3 && !sawPalette) throw new Invalid('palette image without a PLTE chunk');
      sawData = true;
    } else if (type === 'IEND') {
      if (length !== 0) throw new Invalid('IEND chunk is not empty');
      if (!sawData) throw new Invalid('no image data (IDAT)');
      return { width, height, end: dataEnd + 4, metadata };
    } else {
      if (type === 'PLTE') sawPalette = true;
      metadata.push([dataStart, dataEnd]);
    }
    pos = dataEnd + 4;
  }
}

// JPEG ------------------------------------------------------------------------------------------

function isFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function parseJpeg(b: Buffer): Parsed {
  const metadata: Array<[number, number]> = [];
  let pos = 2;
  let width = 0;
  let height = 0;
  let sawFrame = false;
  let sawScan = false;
  for (;;) {
    if (pos >= b.length) throw new Invalid('no EOI marker (truncated)');
    if (b[pos] !== 0xff) throw new Invalid(`expected a marker at offset ${pos}`);
    while (pos < b.length && b[pos] === 0xff) pos += 1; // fill bytes
    if (pos >= b.length) throw new Invalid('no EOI marker (truncated)');
    const marker = b[pos]!;
    pos += 1;
    if (marker === 0xd9) {
      if (!sawScan) throw new Invalid('no image data (SOS)');
      return { width, height, end: pos, metadata };
    }
    if (marker === 0xd8 || marker === 0x00) throw new Invalid(`unexpected marker 0x${marker.toString(16)}`);
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // markers without a segment
    if (pos + 2 > b.length) throw new Invalid('no EOI marker (truncated)');
    const segmentLength = b.readUInt16BE(pos);
    const segmentStart = pos + 2;
    const segmentEnd = pos + segmentLength;
    if (segmentLength < 2 || segmentEnd > b.length)
      throw new Invalid('a segment runs past the end of the file (truncated)');
    metadata.push([segmentStart, segmentEnd]);
    if (isFrameMarker(marker)) {
      if (segmentLength < 8) throw new Invalid('frame header is too short');
      const components = b[segmentStart + 5]!;
      if (components < 1 || components > 4 || segmentLength < 8 + 3 * components)
        throw new Invalid('frame header is malformed');
      if (!sawFrame) {
        height = b.readUInt16BE(segmentStart + 1);
        width = b.readUInt16BE(segmentStart + 3);
      }
      sawFrame = true;
    }
    pos = segmentEnd;
    if (marker === 0xda) {
      if (!sawFrame) throw new Invalid('scan before the frame header');
      sawScan = true;
      pos = skipEntropyCodedData(b, pos);
    }
  }
}

/** Returns the offset of the marker that ends the entropy-coded data starting at `pos`. */
function skipEntropyCodedData(b: Buffer, pos: number): number {
  for (;;) {
    const ff = b.indexOf(0xff, pos);
    if (ff === -1 || ff + 1 >= b.length) throw new Invalid('no EOI marker (truncated)');
    const next = b[ff + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      pos = ff + 2; // stuffed byte or restart marker: still in the scan
    } else if (next === 0xff) {
      pos = ff + 1; // fill byte before a marker
    } else {
      return ff;
    }
  }
}

// GIF -------------------------------------------------------------------------------------------

function parseGif(b: Buffer): Parsed {
  const metadata: Array<[number, number]> = [];
  if (b.length < 13) throw new Invalid('header is truncated');
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  const flags = b[10]!;
  let pos = 13;
  if (flags & 0x80) pos += 3 * 2 ** ((flags & 0x07) + 1);
  metadata.push([0, Math.min(pos, b.length)]);
  let sawImage = false;
  for (;;) {
    if (pos >= b.length) throw new Invalid('no trailer (truncated)');
    const introducer = b[pos]!;
    if (introducer === 0x3b) {
      if (!sawImage) throw new Invalid('no image data');
      return { width, height, end: pos + 1, metadata };
    }
    if (introducer === 0x21) {
      const start = pos + 2;
      pos = skipSubBlocks(b, start);
      metadata.push([start, pos]);
    } else if (introducer === 0x2c) {
      if (pos + 10 > b.length) throw new Invalid('image descriptor is truncated');
      const localFlags = b[pos + 9]!;
      pos += 10;
      if (localFlags & 0x80) pos += 3 * 2 ** ((localFlags & 0x07) + 1);
      if (pos >= b.length) throw new Invalid('image data is truncated');
      const codeSize = b[pos]!;
      if (codeSize < 1 || codeSize > 11) throw new Invalid('image data has an invalid code size');
      pos = skipSubBlocks(b, pos + 1);
      sawImage = true;
    } else {
      throw new Invalid(`unknown block 0x${introducer.toString(16)} at offset ${pos}`);
    }
  }
}

/** Skips a chain of GIF data sub-blocks; returns the offset after its terminator. */
function skipSubBlocks(b: Buffer, pos: number): number {
  for (;;) {
    if (pos >= b.length) throw new Invalid('data block is truncated');
    const size = b[pos]!;
    pos += 1;
    if (size === 0) return pos;
    pos += size;
  }
}

// WebP ------------------------------------------------------------------------------------------

const WEBP_IMAGE_DATA = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANMF']);

function parseWebp(b: Buffer): Parsed {
  const metadata: Array<[number, number]> = [];
  if (b.length < 20) throw new Invalid('header is truncated');
  const end = 8 + b.readUInt32LE(4);
  if (end > b.length) throw new Invalid('RIFF size is larger than the file (truncated)');
  let pos = 12;
  let width = 0;
  let height = 0;
  let canvas: { width: number; height: number } | null = null;
  let sawImage = false;
  for (let index = 0; pos < end; index += 1) {
    if (pos + 8 > end) throw new Invalid('malformed chunk list');
    const fourcc = ascii(b, pos, pos + 4);
    const size = b.readUInt32LE(pos + 4);
    const dataStart = pos + 8;
    const dataEnd = dataStart + size;
    if (dataEnd > end) throw new Invalid(`chunk ${fourcc.trim()} runs past the end of the RIFF container`);
    if (index === 0 && fourcc !== 'VP8 ' && fourcc !== 'VP8L' && fourcc !== 'VP8X') {
      throw new Invalid('the first chunk is not VP8, VP8L or VP8X');
    }
    if (fourcc === 'VP8X') {
      if (index !== 0 || size < 10) throw new Invalid('malformed VP8X chunk');
      canvas = { width: 1 + b.readUIntLE(dataStart + 4, 3), height: 1 + b.readUIntLE(dataStart + 7, 3) };
    } else if (fourcc === 'VP8 ') {
      if (size < 10 || b[dataStart + 3] !== 0x9d || b[dataStart + 4] !== 0x01 || b[dataStart + 5] !== 0x2a) {
        throw new Invalid('malformed VP8 frame header');
      }
      width = b.readUInt16LE(dataStart + 6) & 0x3fff;
      height = b.readUInt16LE(dataStart + 8) & 0x3fff;
      sawImage = true;
    } else if (fourcc === 'VP8L') {
      if (size < 5 || b[dataStart] !== 0x2f) throw new Invalid('malformed VP8L header');
      const bits = b.readUInt32LE(dataStart + 1);
      if (bits >>> 29 !== 0) throw new Invalid('unknown VP8L version');
      width = (bits & 0x3fff) + 1;
      height = ((bits >>> 14) & 0x3fff) + 1;
      sawImage = true;
    } else if (fourcc === 'ANMF') {
      sawImage = true;
    }
    if (!WEBP_IMAGE_DATA.has(fourcc)) metadata.push([dataStart, dataEnd]);
    pos = dataEnd + (size & 1);
  }
  if (!sawImage) throw new Invalid('no image data');
  if (canvas) ({ width, height } = canvas);
  // A writer that leaves the last chunk's pad byte out of the RIFF size still writes the byte.
  const imageEnd = pos === end + 1 && b[end] === 0 ? end + 1 : end;
  return { width, height, end: imageEnd, metadata };
}

// AVIF ------------------------------------------------------------------------------------------

interface Box {
  type: string;
  start: number;
  /** Where the box's payload starts (after its header). */
  body: number;
  end: number;
}

/** Reads the box at `pos` within `[pos, limit)`; null when there is no well-formed, sized box there. */
function readBox(b: Buffer, pos: number, limit: number): Box | null {
  if (pos + 8 > limit) return null;
  let size = b.readUInt32BE(pos);
  const type = ascii(b, pos + 4, pos + 8);
  if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
  let body = pos + 8;
  if (size === 1) {
    if (pos + 16 > limit) return null;
    const large = b.readBigUInt64BE(pos + 8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    size = Number(large);
    body = pos + 16;
  } else if (size === 0) {
    // "Extends to the end of the file" would hide anything appended after the image; encoders
    // (libavif, libheif, ffmpeg) always write the size, so such a box is not accepted.
    return null;
  }
  if (size < body - pos || pos + size > limit) return null;
  return { type, start: pos, body, end: pos + size };
}

function childBoxes(b: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let pos = start; pos < end;) {
    const box = readBox(b, pos, end);
    if (!box) throw new Invalid('malformed box structure');
    boxes.push(box);
    pos = box.end;
  }
  return boxes;
}

function parseAvif(b: Buffer): Parsed {
  const metadata: Array<[number, number]> = [];
  let pos = 0;
  let sizes: Array<{ width: number; height: number }> = [];
  let sawMeta = false;
  while (pos < b.length) {
    const box = readBox(b, pos, b.length);
    if (!box) {
      const declared = pos + 8 <= b.length ? b.readUInt32BE(pos) : 0;
      if (declared > b.length - pos && !findMarkup(b, pos, b.length)) {
        throw new Invalid(`box ${ascii(b, pos + 4, pos + 8)} runs past the end of the file (truncated)`);
      }
      break; // whatever follows is not a box: trailing data
    }
    if (pos === 0 && box.type !== 'ftyp') throw new Invalid('the first box is not ftyp');
    if (box.type === 'meta') {
      sawMeta = true;
      sizes = imageSizes(b, box);
    }
    if (box.type !== 'mdat') metadata.push([box.body, box.end]);
    pos = box.end;
  }
  if (!sawMeta) throw new Invalid(pos < b.length ? 'malformed box structure' : 'no meta box');
  if (sizes.length === 0) throw new Invalid('no image size (ispe) property');
  for (const size of sizes.slice(1)) checkDimensions(size.width, size.height);
  return { width: sizes[0]!.width, height: sizes[0]!.height, end: pos, metadata };
}

/** The `ispe` (image spatial extent) properties in meta/iprp/ipco, first one first. */
function imageSizes(b: Buffer, meta: Box): Array<{ width: number; height: number }> {
  // meta is a full box: 4 bytes of version and flags before its children.
  const iprp = childBoxes(b, meta.body + 4, meta.end).find((box) => box.type === 'iprp');
  const ipco = iprp && childBoxes(b, iprp.body, iprp.end).find((box) => box.type === 'ipco');
  if (!ipco) return [];
  return childBoxes(b, ipco.body, ipco.end)
    .filter((box) => box.type === 'ispe' && box.end - box.body >= 12)
    .map((box) => ({ width: b.readUInt32BE(box.body + 4), height: b.readUInt32BE(box.body + 8) }));
}
