/**
 * Packs the files a service worker's install fetches into one gzipped bundle
 * (src/lib/precache-bundle.ts has the layout and why): every install-time precache file except
 * pages, which the app server sends with headers of their own (the Content-Security-Policy among
 * them) and the worker fetches as they are. The bundle's name carries a hash of its bytes, so it is
 * cached for good like the other assets, and a new build names a new one.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ManifestEntry } from 'workbox-build';
import { encodeBundle } from '../src/lib/precache-bundle.ts';
import { CONTENT_TYPES } from './content-types.ts';

type PhasedEntry = ManifestEntry & { size: number; later?: true };
/** A precache entry as the service worker reads it (src/features/pwa/service-worker.ts). */
export type BundledEntry = PhasedEntry & { bundled?: true; bundle?: true };

/** Whether a file goes in the bundle: fetched at install, and not a page. */
function bundles(entry: PhasedEntry): boolean {
  return !entry.later && !entry.url.endsWith('.html');
}

/**
 * Writes the bundle of `entries` (paths relative to `outDir`) into `outDir/assets/` and returns the
 * entries with those it holds marked `bundled`, and one more entry, marked `bundle`, naming it.
 */
export async function writePrecacheBundle(outDir: string, entries: PhasedEntry[]): Promise<BundledEntry[]> {
  const packed = entries.filter(bundles);
  const files = await Promise.all(
    packed.map(async (entry) => ({
      url: entry.url,
      type: CONTENT_TYPES[path.extname(entry.url)] ?? 'application/octet-stream',
      body: new Uint8Array(await readFile(path.join(outDir, entry.url))),
    })),
  );
  const gzipped = gzipSync(encodeBundle(files), { level: 9 });
  const hash = createHash('sha256').update(gzipped).digest('hex').slice(0, 12);
  const url = `assets/precache-${hash}.bin`;
  await writeFile(path.join(outDir, url), gzipped);
  const marked: BundledEntry[] = entries.map((entry) => (bundles(entry) ? { ...entry, bundled: true } : entry));
  return [...marked, { url, revision: null, size: gzipped.byteLength, bundle: true }];
}
