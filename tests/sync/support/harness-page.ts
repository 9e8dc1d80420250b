/**
 * Builds the sync harness page (tests/sync/harness) with Vite, as production code is built, and
 * serves the files on a port. Used by the `sync` Playwright project's server and by bench/sync.ts.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface HarnessPage {
  url: string;
  close(): Promise<void>;
}

export async function serveHarnessPage(port: number): Promise<HarnessPage> {
  const harnessRoot = path.join(root, 'tests/sync/harness');
  // One build folder per port, so that two runs side by side do not overwrite each other's files.
  const outDir = path.join(root, `.test-data/sync-harness-${port}`);
  await build({
    root: harnessRoot,
    configFile: false,
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // One bundle on purpose: the harness is not an app shell.
      chunkSizeWarningLimit: 4096,
      rolldownOptions: { checks: { pluginTimings: false } },
    },
  });
  const server = await preview({
    root: harnessRoot,
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: port !== 0, host: 'localhost' },
  });
  const address = server.httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://localhost:${actualPort}`,
    close: async () => {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
