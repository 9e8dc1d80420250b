import path from 'node:path';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFile } from 'node:fs/promises';
import { BUILD_MANIFEST, serverManifestOf } from './scripts/page-template.ts';
import { writePrecacheBundle } from './scripts/precache-bundle.ts';
import { backOfficeOnlyFiles, laterPages, markLaterEntries, type ChunkManifest } from './scripts/precache-phases.ts';
import { prerender } from './scripts/prerender.ts';

/** The module that starts the visitor's replica worker, and the worker's own module. */
const WORKER_STARTER = 'src/data/replica-in-worker.ts';
const WORKER_MODULE = '/src/data/replica-worker.ts';

/**
 * The visitor's replica worker as a chunk of the app's own build (Rollup's emitted chunk and
 * `import.meta.ROLLUP_FILE_URL_`), not a bundle apart as Vite makes for `new Worker(new URL(...))`:
 * it then shares RxDB, Dexie and supabase-js with the back office's replica, and the precache holds
 * them once. The starter names the module by its path, which the development server serves as is.
 */
function replicaWorkerChunk(): PluginOption {
  let building = false;
  return {
    name: 'cdo-vision:replica-worker-chunk',
    // Before TypeScript is compiled away: the literal is then as written.
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    transform(code, id) {
      if (!building || !id.endsWith(WORKER_STARTER)) return null;
      const literal = `'${WORKER_MODULE}'`;
      if (!code.includes(literal)) throw new Error(`${WORKER_STARTER} no longer names ${WORKER_MODULE}`);
      const reference = this.emitFile({ type: 'chunk', id: path.join(root, WORKER_MODULE), name: 'replica-worker' });
      return { code: code.replace(literal, `import.meta.ROLLUP_FILE_URL_${reference}`), map: null };
    },
  };
}

const appPlugins = (): PluginOption[] => [
  tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
  react(),
  replicaWorkerChunk(),
];

/** Where this build writes (start.ts and the tests pass their own outDir). */
let outDir = path.resolve('dist');
let root = process.cwd();

export default defineConfig({
  plugins: [
    ...appPlugins(),
    tailwindcss(),
    {
      name: 'cdo-vision:out-dir',
      configResolved(config) {
        root = config.root;
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    VitePWA({
      // The worker (src/features/pwa/service-worker.ts) is ours: it routes navigations to the
      // prerendered pages and caches images; the plugin builds it and injects the precache list.
      strategies: 'injectManifest',
      srcDir: 'src/features/pwa',
      filename: 'service-worker.ts',
      // A new version waits until the visitor chooses to reload (src/features/pwa/pwa-status.tsx).
      registerType: 'prompt',
      // Registered by src/features/pwa/register-service-worker.ts once the app has started.
      injectRegister: false,
      // The precache's glob takes every icon once already; listed again, each would be fetched twice.
      includeManifestIcons: false,
      manifest: {
        name: 'CDO Vision',
        short_name: 'CDO Vision',
        description:
          'Invite-only gatherings of chief data officers and enterprise AI leaders in 20+ cities: events, agendas, attendees and highlights, also offline.',
        theme_color: '#0b1026',
        background_color: '#ffffff',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        lang: 'en',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell: pages, every chunk (the replica's too, for offline use), styles, icons, the hero
        // poster; the plugin adds the web app manifest. Demo images and videos are cached when first
        // shown instead (runtime caching).
        globPatterns: ['**/*.{html,js,css,png,svg,webp,ico,woff2}'],
        globIgnores: ['demo/**', '**/*.map'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // The back office's own chunks and the pages but the two shells follow once the worker is
        // active: the install holds what the public site needs to run (scripts/precache-phases.ts),
        // as one bundle beside the shells (scripts/precache-bundle.ts). The prerender has moved
        // Vite's manifest.
        manifestTransforms: [
          async (entries) => {
            const manifest = JSON.parse(await readFile(serverManifestOf(outDir), 'utf8')) as ChunkManifest;
            const later = new Set([...backOfficeOnlyFiles(manifest), ...laterPages(entries)]);
            const phased = markLaterEntries(entries, later);
            return { manifest: await writePrecacheBundle(outDir, phased) };
          },
        ],
      },
      integration: {
        // Runs after the client bundle is written and before the worker's precache list is made.
        beforeBuildServiceWorker: () => prerender({ root, outDir, plugins: appPlugins() }),
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Which chunks each route needs: the prerender preloads them with the page (scripts/prerender.ts).
    manifest: BUILD_MANIFEST,
    // Plugin timing reports are noise in `npm start`'s output.
    rolldownOptions: {
      checks: { pluginTimings: false },
      // react-dom in a chunk of its own: the page's loader evaluates the chunks one per task
      // (scripts/prerender.ts startAfterLoad), and inside the entry it was most of one long task.
      output: {
        codeSplitting: { groups: [{ name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
