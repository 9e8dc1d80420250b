/**
 * `npm run bench -- offline`: how soon a first-time visitor can go offline, and how fast pages open
 * offline afterwards (docs/decisions/016-offline-from-the-first-visit.md).
 * Against the built app (scripts/serve-app.ts) and the local backend on PGlite, on the demo content
 * and on the demo content scaled tenfold (bench/sync.ts; left out with BENCH_QUICK=1), in Chromium:
 * - cold first visits of `/` (fresh browser profile each: no service worker, empty IndexedDB):
 *   navigation start -> first contentful paint, -> the service worker active, -> its install holding
 *   every public row (one request), -> every table of the visitor's replica pulled in full (the
 *   engine's flags), -> offline-ready (the worker active with the rows, its own or the replica's),
 *   -> the footer's 'Available offline';
 *   median and max of OFFLINE_RUNS (5; 1 with BENCH_QUICK=1) runs;
 * - what the device then holds: rows in the replica, IndexedDB and Cache Storage bytes, cached images;
 * - main-thread tasks from the first paint until the replica is full, in one more traced cold visit:
 *   CPU time, and the tasks over 12.5 ms, which count as long in Lighthouse's simulation (4x CPU
 *   slowdown), with the blocking time they would add and, for each, the code it ran by its share of
 *   the profiler's samples (the app's source files and npm packages, through the source maps);
 * - when the service worker held an upcoming event's page that was never opened, as the server
 *   renders it (every upcoming event's page is kept after the replica is full);
 * - repeat visits offline (navigation start -> content painted), once that page is kept: the home
 *   page, that event's page, and the back office's /admin/events for an admin signed in before
 *   (admin@example.com) whose replica is full and whose device kept the page as it last showed.
 * Figures only, no assertions. OFFLINE_BENCH_DIST=<folder> uses an existing build instead of the
 * run's own (bench/built-app.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_ADMIN, type RunningBackend } from '../server/backend.ts';
import { startBenchBackend } from './backend.ts';
import { findChromium } from '../scripts/machine.ts';
import { startAppServer } from '../scripts/serve-app.ts';
import { firstPullFlags } from '../tests/support/engine-state.ts';
import { PUBLIC_TABLES } from '../tests/sync/support/driver.ts';
import { builtApp } from './built-app.ts';
import { scaleTenfold } from './sync.ts';
import { CHROMIUM_ARGS, figure, loadAverage, median, out, quick } from './figures.ts';
import {
  MAIN_THREAD_TRACE_CATEGORIES,
  browserWorkNamer,
  mainThreadAfterPaint,
  profileSamples,
  simulatedBlocking,
  sourceNamer,
  taskShares,
  type TraceEvent,
} from './main-thread.ts';

const runs = Math.max(1, Number(process.env.OFFLINE_RUNS ?? (quick ? 1 : 5)));

/** What the page under test records about itself (the init script below). */
interface PageMarks {
  timeOrigin: number;
  fcp: number | null;
  workerActive: number | null;
  footerOffline: number | null;
  content: number | null;
}

interface ColdFigures {
  fcp: number;
  workerActive: number;
  /** When the service worker's install had every public row (src/lib/public-rows.ts); null: never. */
  rowsKept: number | null;
  replicaFull: number;
  offlineReady: number;
  footer: number | null;
  /** When the service worker held the never-opened event's page as the server renders it. */
  pageKept?: number | null;
}

const seconds = (ms: number | null) => (ms === null || Number.isNaN(ms) ? '   -  ' : `${(ms / 1000).toFixed(2)} s`);

/**
 * Recorded by the page itself, so that nothing polls its main thread: when the first contentful
 * paint happened, when a service worker became active for it, when the footer first said 'Available
 * offline', and when the element named by `benchContent` (a CSS selector) first painted. A string,
 * not a function: the bench runs through tsx, whose helpers would not exist in the page.
 */
const INSTALL_MARKS = `(() => {
  const marks = { workerActive: null, footerOffline: null, content: null };
  window.benchMarks = marks;
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.ready.then((registration) => {
      const worker = registration.active;
      if (!worker) return;
      const mark = () => {
        if (worker.state === 'activated' && marks.workerActive === null) marks.workerActive = performance.now();
      };
      mark();
      worker.addEventListener('statechange', mark);
    });
  }
  const observer = new MutationObserver(() => {
    if (marks.footerOffline === null && document.querySelector('footer')?.textContent?.includes('Available offline')) {
      marks.footerOffline = performance.now();
    }
    const selector = window.benchContent;
    if (selector && marks.content === null && document.querySelector(selector)) {
      marks.content = -1;
      // Painted in the next frame.
      requestAnimationFrame(() => setTimeout(() => (marks.content = performance.now()), 0));
    }
  });
  const observe = () => observer.observe(document, { subtree: true, childList: true, characterData: true });
  observe();
})();`;

async function readMarks(page: Page): Promise<PageMarks> {
  return page.evaluate(() => {
    const marks = (window as unknown as { benchMarks?: Omit<PageMarks, 'timeOrigin' | 'fcp'> }).benchMarks;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return {
      timeOrigin: performance.timeOrigin,
      fcp,
      workerActive: marks?.workerActive ?? null,
      footerOffline: marks?.footerOffline ?? null,
      content: marks?.content !== undefined && marks.content !== null && marks.content >= 0 ? marks.content : null,
    };
  });
}

/** The engine's first-full-pull flags of a replica (`<name>-meta`): table -> when it was set (epoch ms). */
async function pullFlags(page: Page, database: string, mode: 'public' | 'admin'): Promise<Record<string, number>> {
  const flags = await firstPullFlags(page, mode, database);
  return Object.fromEntries(Object.entries(flags).map(([table, at]) => [table, Date.parse(at)]));
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function freshProfile(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cdo-offline-bench-'));
  const context = await chromium.launchPersistentContext(folder, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript({ content: INSTALL_MARKS });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Opens `url` in `page`, naming the element whose paint counts as its content. */
async function navigate(page: Page, url: string, content?: string): Promise<void> {
  if (content) {
    await page.addInitScript({ content: `window.benchContent = ${JSON.stringify(content)};` });
  }
  await page.goto(url, { waitUntil: 'commit' });
}

/** Opens `url` in a new page of `context` (see `navigate`). */
async function visit(context: BrowserContext, url: string, content?: string): Promise<Page> {
  const page = await context.newPage();
  await navigate(page, url, content);
  return page;
}

/**
 * A cold first visit of `/`, until the visitor could go offline: the worker is active and every
 * table is pulled. Polls from a second page of the same profile (a plain file of the same origin),
 * so that the page measured runs nothing of the bench's.
 */
async function coldVisit(context: BrowserContext, appUrl: string): Promise<{ page: Page; figures: ColdFigures }> {
  const probe = await context.newPage();
  await probe.goto(`${appUrl}/robots.txt`);
  const page = await visit(context, `${appUrl}/`);
  const flags = await until('the replica to fill', async () => {
    const found = await pullFlags(probe, 'cdo-public-meta', 'public');
    return Object.keys(found).length >= PUBLIC_TABLES.length ? found : null;
  });
  const marks = await until('the worker', async () => {
    const found = await readMarks(page);
    return found.workerActive !== null && found.fcp !== null ? found : null;
  });
  // The footer follows the flags within a moment.
  const footer = await until(
    'the footer',
    async () => {
      const found = await readMarks(page);
      return found.footerOffline !== null ? found.footerOffline : null;
    },
    5000,
  ).catch(() => null);
  const keptAt = await probe.evaluate(async () => {
    const kept = await caches.match('/public-rows.json', { cacheName: 'public-rows' });
    return kept?.headers.get('x-fetched-at') ?? null;
  });
  await probe.close();
  const replicaFull = Math.max(...Object.values(flags)) - marks.timeOrigin;
  const rowsKept = keptAt === null ? null : Date.parse(keptAt) - marks.timeOrigin;
  return {
    page,
    figures: {
      fcp: marks.fcp!,
      workerActive: marks.workerActive!,
      rowsKept,
      replicaFull,
      // The worker activates once its install, the rows included, is done: its rows or the replica's.
      offlineReady: Math.max(marks.workerActive!, Math.min(replicaFull, rowsKept ?? Infinity)),
      footer,
    },
  };
}

interface HeldFigures {
  rows: number;
  indexedDb: number;
  caches: number;
  images: number;
}

async function held(page: Page, backend: RunningBackend): Promise<HeldFigures> {
  let rows = 0;
  for (const table of PUBLIC_TABLES) {
    const response = await fetch(`${backend.url}/rest/v1/${table}?select=id&_deleted=is.false&limit=1`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}`, prefer: 'count=exact' },
    });
    rows += Number(response.headers.get('content-range')?.split('/')[1] ?? 0);
  }
  const storage = await page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number; caches?: number };
    };
    let images = 0;
    for (const name of ['images', 'event-images']) {
      if (await caches.has(name)) images += (await (await caches.open(name)).keys()).length;
    }
    return {
      indexedDb: estimate.usageDetails?.indexedDB ?? 0,
      caches: estimate.usageDetails?.caches ?? 0,
      images,
    };
  });
  return { rows, ...storage };
}

/**
 * One more cold visit with a Chromium trace: the page's main-thread tasks after its first paint, and
 * for each long one the code it ran (bench/main-thread.ts).
 */
async function tracedColdVisit(appUrl: string): Promise<void> {
  const profile = await freshProfile();
  try {
    const page = await profile.context.newPage();
    const cdp = await profile.context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: MAIN_THREAD_TRACE_CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(`${appUrl}/`, { waitUntil: 'commit' });
    await until('the replica to fill', async () => {
      const found = await pullFlags(page, 'cdo-public-meta', 'public');
      return Object.keys(found).length >= PUBLIC_TABLES.length ? true : null;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await cdp.send('Tracing.end');
    await complete;
    const figures = mainThreadAfterPaint(events);
    const longMs = figures.longByCpu.map((task) => task.cpuMs);
    const list = (values: number[]) => (values.length ? ` (${values.map((ms) => ms.toFixed(0)).join(', ')} ms)` : '');
    figure(
      `  main thread from first paint to a full replica (one traced visit): ${figures.tasks} tasks, ${figures.cpu.toFixed(0)} ms CPU;\n` +
        `    over 12.5 ms by CPU time: ${longMs.length}${list(longMs)}, x4 would add ${simulatedBlocking(longMs).toFixed(0)} ms of blocking time;\n` +
        `    by wall time (this machine's load included): ${figures.longByWall.length}, x4 ${simulatedBlocking(figures.longByWall).toFixed(0)} ms`,
    );
    const samples = profileSamples(events, figures.pid, figures.tid);
    const nameOf = await sourceNamer(samples);
    const browserWorkAt = browserWorkNamer(events, figures.pid, figures.tid);
    for (const task of figures.longByCpu) {
      const shares = taskShares(task, samples, nameOf, browserWorkAt);
      out(
        `    a ${task.cpuMs.toFixed(0)} ms task ran: ` +
          (shares.length
            ? shares.map(({ label, share }) => `${label} ${(share * 100).toFixed(0)}%`).join(', ')
            : 'no sample of the profiler'),
      );
    }
  } finally {
    await profile.close();
  }
}

/** An upcoming event with a slug, for the never-opened event page. */
async function upcomingEventSlug(backend: RunningBackend): Promise<{ slug: string; title: string }> {
  const { rows } = await backend.services.db.query<{ slug: string; title: string }>(
    `select slug, title from public.events where not _deleted and slug is not null and end_date >= now()
      order by start_date desc limit 1`,
  );
  if (!rows[0]) throw new Error('no upcoming event with a slug');
  return rows[0];
}

/**
 * When (ms after the page's navigation start) the service worker held `pathname` as the server
 * renders it (src/features/pwa/worker/kept-pages.ts); null when not within 30 s.
 */
async function pageKeptAt(page: Page, pathname: string): Promise<number | null> {
  return until(
    `the kept page ${pathname}`,
    () =>
      page.evaluate(async (key) => {
        const kept = await caches.match(key, { cacheName: 'pages' });
        return kept ? Date.now() - performance.timeOrigin : null;
      }, pathname),
    30_000,
  ).catch(() => null);
}

/**
 * One repeat visit offline: when its content painted, or null when it did not within 30 s (a
 * navigation that never commits included), which the figures count as a visit not painted.
 */
async function offlineRepeat(context: BrowserContext, url: string, content: string): Promise<number | null> {
  const page = await context.newPage();
  try {
    await navigate(page, url, content);
    return await until(
      `content of ${url}`,
      async () => {
        const marks = await readMarks(page);
        return marks.content;
      },
      30_000,
    );
  } catch {
    return null;
  } finally {
    await page.close();
  }
}

async function signInAsAdmin(context: BrowserContext, appUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${appUrl}/auth`);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/admin(\/|$)/);
  await page.goto(`${appUrl}/admin/events`);
  await until('the admin replica to fill', async () => {
    const found = await pullFlags(page, 'cdo-admin-meta', 'admin');
    return Object.keys(found).length >= PUBLIC_TABLES.length ? true : null;
  });
  // An admin who signed in before has had the list on screen for a moment: its kept copies (the
  // list's rows, the page's markup) are written.
  await until('the events page kept on the device', () =>
    page.evaluate(async () => ((await caches.match('/admin/events', { cacheName: 'admin-pages' })) ? true : null)),
  );
  await until('the events list kept on the device', () =>
    page.evaluate(
      () =>
        new Promise<true | null>((resolve) => {
          const open = indexedDB.open('cdo-admin-lists');
          // Not made yet: do not make it here (the app creates it with its store).
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => resolve(null);
          open.onsuccess = () => {
            const db = open.result;
            const get = db.transaction('rows').objectStore('rows').get('events');
            get.onsuccess = () => (db.close(), resolve(get.result ? true : null));
          };
        }),
    ),
  );
  return page;
}

async function benchScale(label: string, scale: 1 | 10, distDir: string): Promise<void> {
  const backend = await startBenchBackend();
  const app = await startAppServer({
    port: 0,
    distDir,
    runtimeConfig: { supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey },
  });
  try {
    if (scale === 10) await scaleTenfold(backend);
    // The server compiles its rendering code on the first requests: warm it as traffic would.
    for (let i = 0; i < 3; i += 1) await (await fetch(`${app.url}/`)).text();
    const event = await upcomingEventSlug(backend);

    const cold: ColdFigures[] = [];
    let holding: HeldFigures | null = null;
    const repeats: { home: number | null; event: number | null }[] = [];
    const adminRepeats: (number | null)[] = [];
    for (let run = 0; run < runs; run += 1) {
      const profile = await freshProfile();
      try {
        const { page, figures } = await coldVisit(profile.context, app.url);
        holding ??= await held(page, backend);
        cold.push({ ...figures, pageKept: await pageKeptAt(page, `/events/${event.slug}`) });
        await page.close();
        // Repeat visits offline: the home page, and an event page this profile never opened.
        await profile.context.setOffline(true);
        const home = await offlineRepeat(profile.context, `${app.url}/`, '#events ul:not([aria-hidden="true"]) > li');
        const eventPage = await offlineRepeat(profile.context, `${app.url}/events/${event.slug}`, 'main h1');
        await profile.context.setOffline(false);
        // The back office for an admin who signed in before, with a full replica (signed in in the
        // first run only, which is slow; opened offline as many times as there are runs).
        if (run === 0) {
          const adminPage = await signInAsAdmin(profile.context, app.url);
          await adminPage.close();
          await profile.context.setOffline(true);
          for (let again = 0; again < runs; again += 1) {
            adminRepeats.push(
              await offlineRepeat(profile.context, `${app.url}/admin/events`, 'ul[aria-label="Events"] > li'),
            );
          }
          await profile.context.setOffline(false);
        }
        repeats.push({ home, event: eventPage });
      } finally {
        await profile.close();
      }
    }

    const row = (name: string, pick: (figures: ColdFigures) => number | null) => {
      const values = cold.map(pick).filter((value): value is number => value !== null);
      (values.length ? figure : out)(
        `  ${name.padEnd(34)} median ${seconds(values.length ? median(values) : null)}   max ${seconds(values.length ? Math.max(...values) : null)}` +
          (values.length < cold.length ? `   (${cold.length - values.length} runs without)` : ''),
      );
    };
    out(
      `\n${label}: cold first visit of / (${runs} runs, fresh profile each), from navigation start · ${loadAverage()}`,
    );
    row('first contentful paint', (f) => f.fcp);
    row('service worker active', (f) => f.workerActive);
    row('public rows kept by the worker', (f) => f.rowsKept);
    row('replica full (all tables pulled)', (f) => f.replicaFull);
    row('offline-ready (worker and rows)', (f) => f.offlineReady);
    row('offline-ready after first paint', (f) => f.offlineReady - f.fcp);
    row("footer: 'Available offline'", (f) => f.footer);
    row('event page never opened, kept', (f) => f.pageKept ?? null);
    if (holding) {
      figure(
        `  held after the first visit: ${holding.rows} rows; IndexedDB ${(holding.indexedDb / 1024).toFixed(0)} KB, ` +
          `Cache Storage ${(holding.caches / 1024).toFixed(0)} KB (app shell and ${holding.images} images so far)`,
      );
    }
    await tracedColdVisit(app.url);
    const repeatRow = (name: string, values: (number | null)[]) => {
      const found = values.filter((value): value is number => value !== null);
      (found.length ? figure : out)(
        `  ${name.padEnd(46)} median ${seconds(found.length ? median(found) : null)}   max ${seconds(found.length ? Math.max(...found) : null)}` +
          `   (${found.length} of ${values.length} painted)`,
      );
    };
    out(`  repeat visit offline, navigation start -> content painted:`);
    repeatRow(
      '/ (upcoming events)',
      repeats.map((r) => r.home),
    );
    repeatRow(
      `/events/${event.slug} (never opened)`,
      repeats.map((r) => r.event),
    );
    repeatRow('/admin/events (admin signed in before)', adminRepeats);
  } finally {
    await app.stop();
    await backend.stop();
  }
}

export async function runOfflineBench(): Promise<void> {
  const distDir = await builtApp('offline');
  out(`\noffline from the first visit · PGlite · Chromium (${findChromium()}) · ${loadAverage()}`);
  await benchScale('demo content', 1, distDir);
  // The quick mode's small data: the demo content as it is.
  if (!quick) await benchScale('demo content x10', 10, distDir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runOfflineBench();
