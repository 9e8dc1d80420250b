/**
 * A QR code as a PNG image, for e-mail: mail clients show a PNG (an SVG or a canvas they do not).
 * The qrcode library works out the code's modules; this writes them as a small black-and-white PNG
 * (1 bit per pixel, deflated with the platform's CompressionStream), so the functions need no image
 * library and the same code runs on Deno and Node.
 */
// @ts-types="npm:@types/qrcode@^1.5.6"
import QRCode from 'qrcode';

/** Pixels per module: a code of a personal link (about 49 modules) comes out near 300 px wide. */
const SCALE = 6;
/** The quiet zone readers need around a code, in modules (the standard's minimum). */
const MARGIN = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG chunk: length, type, data, and the CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The PNG of the QR code of `text` (error correction M: a little wear or a smudge still reads). */
export async function qrCodePng(text: string): Promise<Uint8Array> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(side / 8);
  // Each row: filter type 0, then 1 bit per pixel, 1 white and 0 black (greyscale).
  const raw = new Uint8Array((rowBytes + 1) * side);
  for (let y = 0; y < side; y += 1) {
    const row = y * (rowBytes + 1);
    raw.fill(0xff, row + 1, row + 1 + rowBytes);
    const moduleRow = Math.floor(y / SCALE) - MARGIN;
    if (moduleRow < 0 || moduleRow >= modules.size) continue;
    for (let x = 0; x < side; x += 1) {
      const moduleColumn = Math.floor(x / SCALE) - MARGIN;
      if (moduleColumn < 0 || moduleColumn >= modules.size || !modules.get(moduleRow, moduleColumn)) continue;
      raw[row + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const parts = [signature, chunk('IHDR', header), chunk('IDAT', await deflate(raw)), chunk('IEND', new Uint8Array())];
  const png = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
