/**
 * `npm run bench -- sync`: figures for the sync engine in real Chromium (playwright-core and the
 * system's Chromium) against the local backend on PGlite, with the demo content scaled tenfold.
 * - first full sync of a visitor's replica: time and documents per second (three fresh browsers);
 * - an admin's write reaching a visitor's replica through realtime: p50 / p95 / max;
 * - reading everything an event page shows from the local replica: cold and warm;
 * - the first-paint reads (sync/first-paint.ts, no replica) against waiting for the replica, and what
 *   each costs in JavaScript (docs/decisions/004-first-paint.md).
 * BENCH_SYNC_WRITES (40) sets how many writes the latency figure is taken from. BENCH_QUICK=1 runs on
 * the demo content as it is, with one fresh browser for each first visit, 5 writes and 5 reads.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { DEMO_ADMIN, type RunningBackend } from '../server/backend.ts';
import { startBenchBackend } from './backend.ts';
import { findChromium, freePort } from '../scripts/machine.ts';
import { serveHarnessPage } from '../tests/sync/support/harness-page.ts';
import type { SyncDriverApi, TableName } from '../tests/sync/support/driver.ts';
import { PUBLIC_TABLES, TABLES } from '../tests/sync/support/driver.ts';
import { CHROMIUM_ARGS, figure, median, out, quick } from './figures.ts';
import { percentile } from './load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const writes = Number(process.env.BENCH_SYNC_WRITES ?? (quick ? 5 : 40));
const WARM_UP_WRITES = 2;
/** Fresh browsers for the first-visit figures, and reads of the event page from the replica. */
const freshBrowsers = quick ? 1 : 3;
const pageReads = quick ? 5 : 21;
/** Parents before children, so copies of a row always find their copied parents. */
const COPY_ORDER: TableName[] = [
  'events',
  'attendees',
  'sponsors_library',
  'sponsor_tiers',
  'event_sponsors',
  'sessions',
  'session_speakers',
  'event_attendees',
  'event_gallery',
  'testimonials',
  'videos',
];

/** Adds nine copies of every replicated row (new ids, references to the copied parents, unique slugs). */
export async function scaleTenfold(backend: RunningBackend): Promise<number> {
  const db = backend.services.db;
  for (const table of COPY_ORDER) {
    const { rows } = await db.query<{ name: string; type: string }>(
      `select column_name::text as name, udt_name::text as type from information_schema.columns
        where table_schema = 'public' and table_name = $1 and column_name <> '_modified' order by ordinal_position`,
      [table],
    );
    const names = rows.map((c) => `"${c.name}"`).join(', ');
    const values = rows
      .map(({ name, type }) => {
        if (type === 'uuid')
          return `case when t."${name}" is null then null else md5(t."${name}"::text || k::text)::uuid end`;
        if (name === 'slug') return `t.slug || '-' || k`;
        if (name === 'email') return `k::text || '.' || t.email`;
        return `t."${name}"`;
      })
      .join(', ');
    await db.exec(
      `insert into public.${table} (${names}) select ${values} from public.${table} t cross join generate_series(1, 9) as k`,
    );
  }
  return liveDocuments(backend);
}

/** The rows a visitor's replica holds once full: live ones, and of attendees those a live link lists. */
async function liveDocuments(backend: RunningBackend): Promise<number> {
  const db = backend.services.db;
  const listed = `exists (select 1 from public.event_attendees l where l.attendee_id = t.id and not l._deleted)
    or exists (select 1 from public.session_speakers l where l.attendee_id = t.id and not l._deleted)`;
  const counts = await Promise.all(
    PUBLIC_TABLES.map((table) =>
      db.query<{ n: number }>(
        `select count(*)::int as n from public.${table} t where not t._deleted${table === 'attendees' ? ` and (${listed})` : ''}`,
      ),
    ),
  );
  return counts.reduce((sum, result) => sum + result.rows[0]!.n, 0);
}

type Driver = SyncDriverApi;

function call<K extends keyof Driver>(page: Page, method: K, ...args: Parameters<Driver[K]>) {
  return page.evaluate(({ method, args }) => (window.syncDriver[method] as (...a: unknown[]) => unknown)(...args), {
    method,
    args: args as unknown[],
  }) as Promise<Awaited<ReturnType<Driver[K]>>>;
}

async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
  return page;
}

interface Config {
  supabaseUrl: string;
  anonKey: string;
}

async function firstFullSync(browser: Browser, harnessUrl: string, config: Config, documents: number) {
  out(`\nfirst full sync of a visitor's replica (${documents} live documents in ${PUBLIC_TABLES.length} tables)`);
  for (let run = 1; run <= freshBrowsers; run += 1) {
    const page = await openPage(browser, harnessUrl);
    const ms = await page.evaluate(
      async ({ config, tables, name }) => {
        const started = performance.now();
        await window.syncDriver.open({ name, ...config, mode: 'public' });
        await window.syncDriver.awaitInitialPull(tables);
        return performance.now() - started;
      },
      { config, tables: PUBLIC_TABLES, name: `bench-full-${run}` },
    );
    let stored = 0;
    for (const table of PUBLIC_TABLES) stored += await call(page, 'count', table);
    figure(
      `  run ${run}: ${(ms / 1000).toFixed(2)} s, ${(stored / (ms / 1000)).toFixed(0)} documents/s (${stored} stored)`,
    );
    await page.context().close();
  }
}

async function writeToArrival(browser: Browser, harnessUrl: string, config: Config, backend: RunningBackend) {
  const { rows } = await backend.services.db.query<{ id: string }>(
    `select id from public.events where not _deleted order by start_date desc limit 1`,
  );
  const eventId = rows[0]!.id;
  const admin = await openPage(browser, harnessUrl);
  const visitor = await openPage(browser, harnessUrl);
  await call(admin, 'open', { name: 'bench-admin', ...config, mode: 'admin', credentials: DEMO_ADMIN });
  await call(visitor, 'open', { name: 'bench-visitor', ...config, mode: 'public' });
  await call(admin, 'awaitInitialPull', TABLES);
  await call(visitor, 'awaitInitialPull', PUBLIC_TABLES);
  await call(visitor, 'watch', 'events', eventId, 'subheading');
  const latencies: number[] = [];
  // Two writes first, not counted: the replicas join realtime after their first pulls, and each
  // join pulls every table again; those pulls are a start-up cost, not a write's way to the visitor.
  for (let i = -WARM_UP_WRITES; i < writes; i += 1) {
    const value = `bench write ${i} ${Date.now()}`;
    const sentAt = await admin.evaluate(
      async ({ eventId, value }) => {
        const at = Date.now();
        await window.syncDriver.patch('events', eventId, { subheading: value });
        return at;
      },
      { eventId, value },
    );
    const arrival = await visitor.waitForFunction(
      (value) => window.syncDriver.arrivals().find((a) => a.value === value)?.at,
      value,
      { polling: 5, timeout: 20_000 },
    );
    if (i >= 0) latencies.push(((await arrival.jsonValue()) as number) - sentAt);
  }
  latencies.sort((a, b) => a - b);
  out(
    `\nadmin write -> visitor replica through realtime (${writes} writes, one at a time, after ${WARM_UP_WRITES} not counted)`,
  );
  figure(`  p50 ${percentile(latencies, 50)} ms   p95 ${percentile(latencies, 95)} ms   max ${latencies.at(-1)} ms`);
  await admin.context().close();
  return visitor;
}

async function eventPageFromReplica(visitor: Page, backend: RunningBackend) {
  const { rows } = await backend.services.db.query<{ slug: string }>(
    `select e.slug from public.events e where not e._deleted and e.slug is not null
      order by (select count(*) from public.event_attendees a where a.event_id = e.id) desc limit 1`,
  );
  const slug = rows[0]!.slug;
  const timings: number[] = [];
  let found = 0;
  for (let i = 0; i < pageReads; i += 1) {
    const { ms, rows: count } = await call(visitor, 'readEventPage', slug);
    timings.push(ms);
    found = count;
  }
  const [cold, ...warm] = timings;
  out(`\nreading an event page from the local replica (${slug}: ${found} rows)`);
  figure(`  first read ${cold!.toFixed(1)} ms   then median ${median(warm).toFixed(1)} ms (${warm.length} reads)`);
  await visitor.context().close();
  return slug;
}

async function firstPaint(browser: Browser, harnessUrl: string, config: Config, slug: string) {
  const direct: { upcomingMs: number; eventPageMs: number }[] = [];
  const replica: { eventsMs: number; allMs: number }[] = [];
  for (let run = 1; run <= freshBrowsers; run += 1) {
    const page = await openPage(browser, harnessUrl);
    direct.push(await call(page, 'firstPaint', config, slug));
    await page.context().close();
    const fresh = await openPage(browser, harnessUrl);
    replica.push(
      await fresh.evaluate(
        async ({ config, tables, name }) => {
          const started = performance.now();
          await window.syncDriver.open({ name, ...config, mode: 'public' });
          await window.syncDriver.awaitInitialPull(['events']);
          const eventsMs = performance.now() - started;
          await window.syncDriver.awaitInitialPull(tables);
          return { eventsMs, allMs: performance.now() - started };
        },
        { config, tables: PUBLIC_TABLES, name: `bench-paint-${run}` },
      ),
    );
    await fresh.context().close();
  }
  out(`\nfirst visit: data for the first paint (median of ${freshBrowsers} fresh browsers)`);
  figure(`  first-paint read, upcoming events:       ${median(direct.map((d) => d.upcomingMs)).toFixed(0)} ms`);
  figure(`  first-paint read, event page with embeds: ${median(direct.map((d) => d.eventPageMs)).toFixed(0)} ms`);
  figure(`  replica: open + first pull of events:     ${median(replica.map((r) => r.eventsMs)).toFixed(0)} ms`);
  figure(`  replica: open + first pull of all tables: ${median(replica.map((r) => r.allMs)).toFixed(0)} ms`);
}

/**
 * Minified and gzipped size, in KB, of what importing `names` from `module` loads up front: the
 * entry chunk and its static imports (lazy chunks, such as the admin-only outbox, are left out).
 */
async function bundleSize(module: string, names: string[]): Promise<{ minified: number; gzipped: number }> {
  const folder = await mkdtemp(path.join(root, '.test-data/bundle-'));
  try {
    const entry = path.join(folder, 'entry.ts');
    await writeFile(entry, `export { ${names.join(', ')} } from '${path.join(root, module)}';\n`);
    const result = await build({
      configFile: false,
      logLevel: 'error',
      build: {
        write: false,
        target: 'es2022',
        lib: { entry, formats: ['es'], fileName: 'entry' },
        rolldownOptions: { checks: { pluginTimings: false } },
      },
    });
    const chunks = (Array.isArray(result) ? result : [result])
      .flatMap((r) => ('output' in r ? r.output : []))
      .filter((c) => c.type === 'chunk');
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const loaded = new Set<string>();
    const visit = (fileName: string) => {
      if (loaded.has(fileName)) return;
      loaded.add(fileName);
      for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
    };
    for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
    let minified = 0;
    let gzipped = 0;
    for (const fileName of loaded) {
      const code = byName.get(fileName)!.code;
      minified += Buffer.byteLength(code);
      gzipped += gzipSync(code).length;
    }
    return { minified: minified / 1024, gzipped: gzipped / 1024 };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function bundleSizes() {
  out(`\nJavaScript loaded up front (minified, dependencies included; gzip)`);
  const paths: [string, string, string[]][] = [
    ['first-paint reads', 'sync/first-paint.ts', ['fetchUpcomingEvents', 'fetchPastEvents', 'fetchEventBySlug']],
    ['sync engine', 'sync/index.ts', ['createSyncEngine']],
  ];
  for (const [label, module, names] of paths) {
    const size = await bundleSize(module, names);
    figure(`  ${label.padEnd(18)} ${size.minified.toFixed(0).padStart(5)} KB   gzip ${size.gzipped.toFixed(1)} KB`);
  }
}

export async function runSyncBench(): Promise<void> {
  const backend = await startBenchBackend();
  // A port of its own: the harness is built into a folder named by its port (.test-data/sync-harness-<port>).
  const harness = await serveHarnessPage(await freePort());
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const documents = quick ? await liveDocuments(backend) : await scaleTenfold(backend);
    const config = { supabaseUrl: backend.url, anonKey: backend.anonKey };
    out(`\nsync engine · PGlite · demo content${quick ? '' : ' x10'} · Chromium ${browser.version()}`);
    await firstFullSync(browser, harness.url, config, documents);
    const visitor = await writeToArrival(browser, harness.url, config, backend);
    const slug = await eventPageFromReplica(visitor, backend);
    await firstPaint(browser, harness.url, config, slug);
    await bundleSizes();
  } finally {
    await browser.close();
    await harness.close();
    await backend.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSyncBench();
