/**
 * A bench that drives the built app in Chromium: builds it once into a throwaway folder (or uses the
 * build named by `<NAME>_BENCH_DIST`), runs the bench on it, and removes what it built.
 */
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { generateDemoImages } from '../scripts/generate-demo-images.ts';
import { findChromium } from '../scripts/machine.ts';
import { ssrDirOf } from '../scripts/page-template.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function onBuiltApp(
  name: string,
  title: string,
  bench: (distDir: string) => Promise<void>,
): Promise<void> {
  const given = process.env[`${name.toUpperCase()}_BENCH_DIST`];
  const distDir = given ? path.resolve(given) : path.join(root, '.test-data', `dist-bench-${name}-${process.pid}`);
  if (!given) {
    await generateDemoImages(path.join(root, 'public/demo'));
    await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  }
  try {
    process.stdout.write(`\n${title} · PGlite · Chromium (${findChromium()})\n`);
    await bench(distDir);
  } finally {
    if (!given) {
      await rm(distDir, { recursive: true, force: true });
      await rm(ssrDirOf(distDir), { recursive: true, force: true });
    }
  }
}
