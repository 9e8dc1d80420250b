/**
 * The build of the app that the benches drive in Chromium. One run of `npm run bench` builds it once,
 * into a throwaway folder under .test-data/, for every part that needs it (the demo images drawn
 * first: a fresh checkout has none), and removes it when the process ends, however it ends; a part
 * that times out is not waited for (bench/run.ts). `<NAME>_BENCH_DIST` names an existing build
 * (`vite build --outDir <folder>`) for one part instead, and BENCH_DIST one for every part (npm
 * test's own: scripts/test.ts).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { generateDemoImages } from '../scripts/generate-demo-images.ts';
import { findChromium } from '../scripts/machine.ts';
import { ssrDirOf } from '../scripts/page-template.ts';
import { out } from './figures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let shared: Promise<string> | undefined;

async function buildOnce(): Promise<string> {
  const distDir = path.join(root, '.test-data', `dist-bench-${process.pid}`);
  process.once('exit', () => {
    rmSync(distDir, { recursive: true, force: true });
    rmSync(ssrDirOf(distDir), { recursive: true, force: true });
  });
  await generateDemoImages(path.join(root, 'public/demo'));
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  return distDir;
}

/** The folder of the build that the bench `name` runs on: `<NAME>_BENCH_DIST`, or the run's own build. */
export function builtApp(name: string): Promise<string> {
  const given = process.env[`${name.toUpperCase()}_BENCH_DIST`] ?? process.env.BENCH_DIST;
  if (given) return Promise.resolve(path.resolve(given));
  shared ??= buildOnce();
  return shared;
}

/** Runs `bench` on the build for `name`, under the heading `title`. */
export async function onBuiltApp(
  name: string,
  title: string,
  bench: (distDir: string) => Promise<void>,
): Promise<void> {
  const distDir = await builtApp(name);
  out(`\n${title} · PGlite · Chromium (${findChromium()})`);
  await bench(distDir);
}
