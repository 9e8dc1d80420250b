/**
 * One file that carries many precache files, so that a service worker's install is one request
 * instead of one per file (docs/decisions/016-offline-from-the-first-visit.md): on a phone, and on
 * this project's 2-core machines, a browser's cost per request, not the bytes, is what makes an
 * install slow. The build writes it gzipped (scripts/precache-bundle.ts); the worker unpacks it.
 *
 * Layout (before gzip): a 4-byte big-endian length N, N bytes of UTF-8 JSON listing the files in
 * order (`BundledFile`), then the files' bytes one after another.
 */

export interface BundledFile {
  /** The file's path from the site's root, as the precache lists it (`assets/index-abc.js`). */
  url: string;
  /** Its Content-Type, as the app server sends it. */
  type: string;
  size: number;
}

export function encodeBundle(files: readonly { url: string; type: string; body: Uint8Array }[]): Uint8Array {
  const index: BundledFile[] = files.map(({ url, type, body }) => ({ url, type, size: body.byteLength }));
  const header = new TextEncoder().encode(JSON.stringify(index));
  const out = new Uint8Array(4 + header.byteLength + index.reduce((sum, file) => sum + file.size, 0));
  new DataView(out.buffer).setUint32(0, header.byteLength);
  out.set(header, 4);
  let offset = 4 + header.byteLength;
  for (const { body } of files) {
    out.set(body, offset);
    offset += body.byteLength;
  }
  return out;
}

/** The files of an unpacked (gunzipped) bundle; throws when it is cut short or not a bundle. */
export function decodeBundle(bytes: ArrayBuffer): (BundledFile & { body: ArrayBuffer })[] {
  if (bytes.byteLength < 4) throw new Error('Not a precache bundle: too short');
  const headerLength = new DataView(bytes).getUint32(0);
  const index = JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 4, headerLength))) as BundledFile[];
  let offset = 4 + headerLength;
  const files = index.map((file) => {
    const body = bytes.slice(offset, offset + file.size);
    offset += file.size;
    return { ...file, body };
  });
  if (offset !== bytes.byteLength) throw new Error('Not a precache bundle: its length does not match its index');
  return files;
}
