/**
 * The stories of stories.ts in the engines beside Chromium (docs/decisions/017-three-browser-engines.md):
 * `npx tsx tests/engines/run.ts`, or through `npm test` with TEST_BROWSERS naming them
 * (TEST_BROWSERS=chromium,firefox,webkit). Against the built app and the local backend on PGlite,
 * as `npm start` serves them, each reached through a proxy that can be cut (going offline).
 *
 * Prints, per engine, the browser's version and each story passed or failed (with what the page
 * showed when it failed; under CI a failed story is tried once more, and one that then passes is
 * printed as flaky); an engine this machine lacks is a failure, never a silent skip (on Debian
 * as root, its package is installed first). ENGINES_JSON_OUTPUT=<file> writes the counts for
 * scripts/test.ts. ENGINES_DIST=<folder> uses an existing build (`vite build --outDir <folder>`);
 * ENGINE_STORIES=<text> runs only the stories whose name contains it; TEST_REPEAT=<n> runs each story n
 * times, each in a new browser (the README's stress mode: a story that fails once in n is a bug).
 */
import { writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { DEMO_ADMIN, startBackend } from '../../server/backend.ts';
import { generateDemoImages } from '../../scripts/generate-demo-images.ts';
import { installPackage } from '../../scripts/machine.ts';
import { ssrDirOf } from '../../scripts/page-template.ts';
import { startAppServer } from '../../scripts/serve-app.ts';
import { HARNESS_AUTH_LIMITS } from '../support/auth-limits.ts';
import { buildImage } from '../support/images.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';
import {
  findFirefox,
  findWebKit,
  openFirefox,
  openWebKit,
  type EngineName,
  type EngineSession,
  type SessionOptions,
  within,
} from './drivers.ts';
import { STORIES, type StoryWorld } from './stories.ts';
import { startSwitchableProxy } from './switchable-proxy.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENGINES: readonly EngineName[] = ['firefox', 'webkit'];
/**
 * What a page shows and holds when a story failed there, to tell why: the Web Locks held and
 * waited for, the address and text, whether the app started (it sets data-build) and a service
 * worker controls the page, the API requests answered (by path), how earlier pages of the tab left
 * (`story-page-exits`, when a story records them), the first images of the page's main content
 * (shown, and kept by the service worker), and each of the site's databases read once (its
 * first-pull flags for a replica's meta database), or that it did not answer within 2 s: a
 * connection or transaction that blocks it.
 */
const PAGE_STATE = `
  const locks = navigator.locks ? await navigator.locks.query() : null;
  const answered = {};
  for (const entry of performance.getEntriesByType('resource')) {
    if (!entry.name.includes('/v1/')) continue;
    const path = new URL(entry.name).pathname;
    answered[path] = (answered[path] ?? 0) + 1;
  }
  const read = (name) => Promise.race([
    new Promise((resolve) => {
      const open = indexedDB.open(name);
      open.onupgradeneeded = () => open.transaction.abort();
      open.onerror = () => resolve(name + ': ' + open.error);
      open.onsuccess = () => {
        const db = open.result;
        const stores = [...db.objectStoreNames];
        const done = (what) => { db.close(); resolve(name + ': ' + what); };
        if (stores.length === 0) return done('no stores');
        if (name.endsWith('-meta') && !stores.includes('state')) return done('no state');
        const transaction = db.transaction(stores, 'readonly');
        const request = name.endsWith('-meta')
          ? transaction.objectStore('state').getAllKeys()
          : transaction.objectStore(stores[0]).count();
        request.onsuccess = () => done(name.endsWith('-meta')
          ? request.result.filter((k) => String(k).startsWith('initialPull:')).length + ' tables pulled'
          : 'read');
        request.onerror = () => done(String(request.error));
      };
    }),
    new Promise((resolve) => setTimeout(() => resolve(name + ': no answer in 2 s'), 2000)),
  ]);
  const images = await Promise.all([...document.querySelectorAll('main img')].slice(0, 3).map(async (img) =>
    new URL(img.currentSrc || img.src, location.href).pathname + (img.complete && img.naturalWidth > 0 ? ' shown' : ' not shown') +
      ((await caches.match(img.currentSrc || img.src)) ? ', cached' : ', not cached')));
  const names = indexedDB.databases ? (await indexedDB.databases()).map((db) => db.name) : [];
  const databases = await Promise.all(names.map(read));
  return [
    JSON.stringify(locks),
    location.href,
    document.body.innerText.replace(/\\s+/g, ' ').slice(0, 400),
    'app started: ' + (document.documentElement.dataset.build ? 'yes' : 'no') +
      ', controlled: ' + (navigator.serviceWorker?.controller ? 'yes' : 'no'),
    'answered: ' + Object.entries(answered).map(([path, n]) => path + ' ×' + n).join(', '),
    'images: ' + (images.join('; ') || 'none'),
    'page exits: ' + (localStorage.getItem('story-page-exits') ?? 'none recorded'),
    databases.join(', '),
  ].join(' | ');
`;

/** Tries per story: under CI a failed story runs once more, as Playwright's tests do (playwright.config.ts). */
const ATTEMPTS = process.env.CI ? 2 : 1;
/**
 * The longest a story may take: the slowest (a new deploy, with a build) takes about a minute on a
 * loaded machine, and its own waits add up to under three. Beyond that a browser command hangs, and
 * the story fails rather than holding the whole run.
 */
const STORY_MS = 240_000;
/**
 * ENGINE_STORIES=<text>: only the stories whose name contains it, or one of its parts between `|`
 * (a narrower run while working on one, or on two that meet in the data).
 */
const storyFilter = process.env.ENGINE_STORIES?.split('|').filter(Boolean);
/** TEST_REPEAT=<n>: each story n times (1 by default). */
const REPEAT = Math.max(1, Number.parseInt(process.env.TEST_REPEAT ?? '1', 10) || 1);

function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** The engines to run: those of TEST_BROWSERS that are not Chromium (Playwright runs that one). */
function requestedEngines(): EngineName[] {
  const names = (process.env.TEST_BROWSERS ?? ENGINES.join(',')).split(',').map((name) => name.trim());
  const unknown = names.filter((name) => name !== 'chromium' && !ENGINES.includes(name as EngineName));
  if (unknown.length > 0) throw new Error(`TEST_BROWSERS names unknown engines: ${unknown.join(', ')}`);
  return ENGINES.filter((engine) => names.includes(engine));
}

/** Opens a session of `engine`, installing its Debian packages first when they are missing. */
async function opener(engine: EngineName): Promise<(options: SessionOptions) => Promise<EngineSession>> {
  if (engine === 'firefox') {
    const firefox = findFirefox() ?? (installPackage('firefox-esr'), findFirefox());
    if (!firefox) throw new Error('Firefox ESR is missing (Debian: apt-get install firefox-esr)');
    return (options) => openFirefox(firefox, options);
  }
  let webkit = findWebKit();
  if (!webkit) {
    installPackage('webkit2gtk-driver');
    webkit = findWebKit();
  }
  if (!webkit) throw new Error('WebKitGTK is missing (Debian: apt-get install webkit2gtk-driver)');
  if (!process.env.DISPLAY) installPackage('xvfb', '/usr/bin/xvfb-run');
  const found = webkit;
  return (options) => openWebKit(found, options);
}

interface EngineResult {
  engine: EngineName;
  version: string;
  passed: string[];
  failed: { name: string; error: string }[];
  /** Stories that failed and then passed on a later try. */
  retried: string[];
}

async function main(): Promise<void> {
  const engines = requestedEngines();
  if (engines.length === 0) return;
  const given = process.env.ENGINES_DIST;
  const distDir = given ? path.resolve(given) : path.join(root, '.test-data', `dist-engines-${process.pid}`);
  /** The new version a deploy story brings (built by the first), and then the one it replaced. */
  const otherDir = path.join(root, '.test-data', `dist-engines-${process.pid}-other`);
  if (!given) {
    // The demo content's images, as `npm start` draws them: the build copies them from public/demo,
    // where a fresh checkout has none until something has drawn them.
    await generateDemoImages(path.join(root, 'public/demo'));
    await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  }

  const backend = await startBackend({
    port: 0,
    pgliteTemplate: await pgliteTemplate(),
    seedWhenFresh: true,
    admin: DEMO_ADMIN,
    config: HARNESS_AUTH_LIMITS,
  });
  const api = await startSwitchableProxy(backend.url);
  const app = await startAppServer({
    port: 0,
    distDir,
    runtimeConfig: { supabaseUrl: api.url, supabaseAnonKey: backend.anonKey },
  });
  const site = await startSwitchableProxy(app.url);
  const imageFile = path.join(distDir, '..', `engines-${process.pid}-venue.png`);
  writeFileSync(imageFile, await buildImage('png', { width: 64, height: 48, seed: 5 }));
  const results: EngineResult[] = [];
  try {
    const { rows: upcoming } = await backend.services.db.query<{ slug: string; title: string }>(
      `select slug, title from public.events where not _deleted and slug is not null and end_date >= now()
        order by start_date desc limit 1`,
    );
    const { rows: past } = await backend.services.db.query<{ title: string }>(
      `select title from public.events where not _deleted and end_date < now() order by start_date desc limit 1`,
    );
    if (!upcoming[0] || !past[0]) throw new Error('the demo content has no upcoming or no past event');
    let added = 0;
    /** The build id of the version served, and of the other one kept aside once a deploy made it. */
    let servedVersion = 'local';
    let otherVersion: string | null = null;
    const serviceRole = { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` };
    /** Adds an event starting tomorrow through the API, with `image` as its picture. */
    const addUpcomingEvent = async (image?: string) => {
      added += 1;
      const title = `Engines Live Summit ${Date.now().toString(36)} ${added}`;
      const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
      const response = await fetch(`${backend.url}/rest/v1/events`, {
        method: 'POST',
        headers: { ...serviceRole, 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify({
          title,
          location: 'Reykjavik',
          start_date: tomorrow.toISOString(),
          end_date: new Date(tomorrow.getTime() + 8 * 3600 * 1000).toISOString(),
          ...(image ? { featured_image_url: image } : {}),
        }),
      });
      if (!response.ok) throw new Error(`adding an event failed: ${response.status} ${await response.text()}`);
      const [row] = (await response.json()) as { id: string }[];
      return { id: row!.id, title };
    };
    const world: StoryWorld = {
      appUrl: site.url,
      offline() {
        site.cut();
        api.cut();
      },
      online() {
        site.restore();
        api.restore();
      },
      upcoming: upcoming[0],
      pastTitle: past[0].title,
      addUpcomingEvent: () => addUpcomingEvent(),
      async addEventWithStalledImage() {
        const held = new Set<ServerResponse>();
        let requests = 0;
        const storage = createServer((_request, response) => {
          requests += 1;
          held.add(response);
        });
        await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
        const { port } = storage.address() as AddressInfo;
        const event = await addUpcomingEvent(
          `http://localhost:${port}/storage/v1/object/public/event-images/stalled-${Date.now().toString(36)}.png`,
        );
        return {
          requests: () => requests,
          async remove() {
            const response = await fetch(`${backend.url}/rest/v1/events?id=eq.${event.id}`, {
              method: 'DELETE',
              headers: serviceRole,
            });
            if (!response.ok) throw new Error(`removing an event failed: ${response.status}`);
            storage.closeAllConnections();
            await new Promise((resolve) => storage.close(resolve));
          },
        };
      },
      async addEventInZone(timeZone, session) {
        added += 1;
        const title = `Engines Venue Summit ${Date.now().toString(36)} ${added}`;
        const insert = async <T>(table: string, row: Record<string, unknown>): Promise<T> => {
          const response = await fetch(`${backend.url}/rest/v1/${table}`, {
            method: 'POST',
            headers: { ...serviceRole, 'content-type': 'application/json', prefer: 'return=representation' },
            body: JSON.stringify(row),
          });
          if (!response.ok) throw new Error(`adding to ${table} failed: ${response.status} ${await response.text()}`);
          return ((await response.json()) as T[])[0]!;
        };
        const event = await insert<{ id: string; slug: string }>('events', {
          title,
          slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          location: 'Marunouchi Sky Hall',
          time_zone: timeZone,
          start_date: session.start,
          end_date: session.end,
        });
        await insert('sessions', {
          event_id: event.id,
          title: 'Opening keynote',
          start_time: session.start,
          end_time: session.end,
        });
        return { slug: event.slug, title };
      },
      async serverTitle(id) {
        const response = await fetch(`${backend.url}/rest/v1/events?select=title&id=eq.${id}`, {
          headers: serviceRole,
        });
        const rows = (await response.json()) as { title: string }[];
        return rows[0]?.title ?? null;
      },
      async galleryUrls(eventId) {
        const response = await fetch(
          `${backend.url}/rest/v1/event_gallery?select=image_url&_deleted=is.false&event_id=eq.${eventId}`,
          { headers: serviceRole },
        );
        return ((await response.json()) as { image_url: string }[]).map((row) => row.image_url);
      },
      admin: DEMO_ADMIN,
      imageFile,
      // As a host deploys: the new version's files take the old ones' place at once, so a tab never
      // finds the site half-built. The first deploy builds the next version; the next engine's
      // deploy brings back the version that engine has not seen, so the run builds the app twice.
      async deploy() {
        if (!otherVersion) {
          const buildId = `engines-${Date.now().toString(36)}`;
          process.env.VITE_BUILD_ID = buildId;
          try {
            await build({ root, logLevel: 'warn', build: { outDir: otherDir, emptyOutDir: true } });
          } finally {
            delete process.env.VITE_BUILD_ID;
          }
          otherVersion = buildId;
        }
        const deployed = otherVersion;
        otherVersion = servedVersion;
        servedVersion = deployed;
        for (const [served, other] of [
          [distDir, otherDir],
          [ssrDirOf(distDir), ssrDirOf(otherDir)],
        ] as const) {
          await rename(served, `${served}-swap`);
          await rename(other, served);
          await rename(`${served}-swap`, other);
        }
        return deployed;
      },
    };

    for (const engine of engines) {
      const result: EngineResult = { engine, version: engine, passed: [], failed: [], retried: [] };
      results.push(result);
      let open: (options: SessionOptions) => Promise<EngineSession>;
      try {
        open = await opener(engine);
      } catch (error) {
        result.failed.push({ name: 'start the engine', error: error instanceof Error ? error.message : String(error) });
        continue;
      }
      const stories = STORIES.filter(
        (entry) => !storyFilter?.length || storyFilter.some((part) => entry.name.includes(part)),
      );
      for (const story of stories.flatMap((entry) => Array.from({ length: REPEAT }, () => entry))) {
        for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
          const started = Date.now();
          let session: EngineSession | null = null;
          try {
            session = await open(story.timeZone ? { timeZone: story.timeZone } : {});
            result.version = session.version;
            await within(story.run(session, world), STORY_MS, 'the story');
            result.passed.push(story.name);
            const again = attempt > 1 ? `, passed on try ${attempt} (flaky)` : '';
            if (attempt > 1) result.retried.push(story.name);
            out(`  ${engine}: ✓ ${story.name} (${((Date.now() - started) / 1000).toFixed(1)} s${again})`);
            break;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const last = attempt === ATTEMPTS;
            if (last) result.failed.push({ name: story.name, error: message });
            // What the page showed when the story failed, to tell why.
            const shown = session
              ? await within(session.run<string>(PAGE_STATE), 10_000, 'reading the page').catch(() => null)
              : null;
            const retry = last ? '' : ' (tried again)';
            out(`  ${engine}: ✗ ${story.name}${retry}\n      ${message}${shown ? `\n      page: ${shown}` : ''}`);
          } finally {
            world.online();
            await session?.close();
          }
        }
      }
    }
  } finally {
    await site.close();
    await app.stop();
    await api.close();
    await backend.stop();
    await rm(imageFile, { force: true });
    for (const dir of [...(given ? [] : [distDir]), otherDir]) {
      await rm(dir, { recursive: true, force: true });
      await rm(ssrDirOf(dir), { recursive: true, force: true });
    }
  }

  out('\nEngines beside Chromium:');
  for (const result of results) {
    out(`  ${result.version}: ${result.passed.length} passed, ${result.failed.length} failed`);
    for (const { name } of result.failed) out(`    failed: ${name}`);
  }
  const report = process.env.ENGINES_JSON_OUTPUT;
  if (report) {
    writeFileSync(
      report,
      JSON.stringify({
        passed: results.reduce((sum, result) => sum + result.passed.length, 0),
        failed: results.reduce((sum, result) => sum + result.failed.length, 0),
        engines: results.map((result) => result.version),
        retried: results.flatMap((result) => result.retried.map((name) => `[${result.version}] ${name}`)),
      }),
    );
  }
  if (results.some((result) => result.failed.length > 0)) process.exitCode = 1;
}

await main();
