/**
 * `npm run bench -- lighthouse`: Lighthouse's mobile performance run (its default: a mid-range phone
 * on simulated slow 4G, cold cache, a fresh Chromium per page) on the home page, the next upcoming
 * event's page (today's edition in the seed, 35 guests), the edition after it with 200 guests (added
 * by the bench) and /past-highlights, against `npm start`'s servers. Prints LCP, TBT, CLS and the score per
 * page, and the JavaScript the page requested before its first contentful paint (gzipped, as a
 * static host serves it), to hold against the budget of design.md "Performance" and
 * docs/decisions/007-prerender-and-pwa.md. Figures only, no assertions.
 * It starts scripts/start.ts on free ports with a throwaway DATA_DIR under .test-data/ and the run's
 * build (bench/built-app.ts; LIGHTHOUSE_BENCH_DIST=<folder> names another), or uses a running app when
 * LIGHTHOUSE_APP_URL is set (e.g. http://localhost:4173). LIGHTHOUSE_RUNS (5; 1 in the quick mode)
 * runs each page that many times and prints the median and the range (issue 30's budget: the median,
 * and the worst run). BENCH_QUICK=1 runs the home page only, without letting the
 * machine settle first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_ADMIN } from '../server/backend.ts';
import { findChromium, freePort } from '../scripts/machine.ts';
import { builtApp } from './built-app.ts';
import { figure, median, out, quick } from './figures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface PageFigures {
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  score: number;
  /** Scripts requested before the observed first contentful paint: URL and gzipped bytes. */
  scriptsBeforePaint: { url: string; gzip: number }[];
}

/** Starts `npm start`'s script on free ports and resolves once it prints the app's URL. */
async function startApp(): Promise<{ url: string; stop(): Promise<void> }> {
  const distDir = await builtApp('lighthouse');
  await mkdir(path.join(root, '.test-data'), { recursive: true });
  const dataDir = await mkdtemp(path.join(root, '.test-data', 'bench-lighthouse-'));
  const [port, apiPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SKIP_BUILD: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Not left serving should this process end first (a quick run's part that timed out: bench/run.ts).
  const endChild = () => child.kill();
  process.once('exit', endChild);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('App URL:')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`scripts/start.ts exited (${code}):\n${output}`)));
  });
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      process.off('exit', endChild);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The backend the app at `appUrl` talks to, from its own settings. */
async function backendOf(appUrl: string): Promise<{ url: string; anonKey: string }> {
  const config = (await (await fetch(`${appUrl}/runtime-config.json`)).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  return { url: config.supabaseUrl, anonKey: config.supabaseAnonKey };
}

/** The upcoming events, soonest first, as anon reads them. */
async function upcomingEvents(backend: {
  url: string;
  anonKey: string;
}): Promise<{ slug: string | null; id: string }[]> {
  const query = `select=slug,id&_deleted=is.false&end_date=gte.${encodeURIComponent(new Date().toISOString())}&order=start_date.asc&limit=2`;
  const response = await fetch(`${backend.url}/rest/v1/events?${query}`, {
    headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
  });
  return (await response.json()) as { slug: string | null; id: string }[];
}

/** The next upcoming event's page (today's edition in the seed). */
async function upcomingEventPath(appUrl: string): Promise<string> {
  const [event] = await upcomingEvents(await backendOf(appUrl));
  if (!event) throw new Error('no upcoming event in the backend');
  return `/events/${event.slug ?? event.id}`;
}

/** Guests on the crowded event page that the issue names beside today's (35 guests in the seed). */
const CROWDED_GUESTS = 200;

/**
 * The second upcoming edition's page with CROWDED_GUESTS guests: the demo admin adds made-up guests
 * through the table API, as the back office's sync would, with the seed's photos and logos.
 */
async function crowdedEventPath(appUrl: string): Promise<string> {
  const backend = await backendOf(appUrl);
  const [, event] = await upcomingEvents(backend);
  if (!event) throw new Error('fewer than two upcoming events in the backend');
  const signIn = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!signIn.ok) throw new Error(`sign-in as the demo admin answered ${signIn.status}`);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const headers = { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = async <T>(query: string): Promise<T> => {
    const response = await fetch(`${backend.url}/rest/v1/${query}`, { headers });
    if (!response.ok) throw new Error(`GET ${query} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const write = async (table: string, rows: object[]) => {
    const response = await fetch(`${backend.url}/rest/v1/${table}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(rows),
    });
    if (!response.ok) throw new Error(`POST ${table} answered ${response.status}: ${await response.text()}`);
  };
  const guests = await read<unknown[]>(`event_attendees?select=id&_deleted=is.false&event_id=eq.${event.id}`);
  const looks = await read<{ photo_url: string | null; company_logo_url: string | null; company: string | null }[]>(
    'attendees?select=photo_url,company_logo_url,company&_deleted=is.false&limit=60',
  );
  const added = Array.from({ length: Math.max(0, CROWDED_GUESTS - guests.length) }, (_, n) => ({
    id: randomUUID(),
    name: `Crowded Guest ${n + 1}`,
    email: `crowded-guest-${n + 1}@guests.example`,
    job_title: 'Chief Data Officer',
    ...looks[n % looks.length],
  }));
  await write('attendees', added);
  await write(
    'event_attendees',
    added.map((guest) => ({ event_id: event.id, attendee_id: guest.id, attendee_type: 'current' })),
  );
  return `/events/${event.slug ?? event.id}`;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  networkRequestTime?: number;
}

async function gzippedSize(url: string): Promise<number> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

async function runLighthouse(url: string): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { audits, categories } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    const observed = (audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)
      ?.items?.[0]?.observedFirstContentfulPaint;
    const requests = (
      (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
    ).filter(
      (item) =>
        item.resourceType === 'Script' && observed !== undefined && (item.networkRequestTime ?? Infinity) < observed,
    );
    const scriptsBeforePaint = await Promise.all(
      requests.map(async (item) => ({ url: new URL(item.url).pathname, gzip: await gzippedSize(item.url) })),
    );
    return {
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      score: Math.round((categories.performance?.score ?? 0) * 100),
      scriptsBeforePaint,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes gives up on a busy machine (a DevTools call timing out): try again, twice. */
async function withRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= 3) throw error;
      out(`    (retrying: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

export async function runLighthouseBench(): Promise<void> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? (quick ? 1 : 5)));
  const given = process.env.LIGHTHOUSE_APP_URL;
  const app = given ? { url: given.replace(/\/$/, ''), stop: async () => undefined } : await startApp();
  try {
    const pages = [{ name: 'home', path: '/' }];
    if (!quick) {
      pages.push(
        { name: 'event page', path: await upcomingEventPath(app.url) },
        { name: `${CROWDED_GUESTS} guests`, path: await crowdedEventPath(app.url) },
        { name: 'past highlights', path: '/past-highlights' },
      );
    }
    // A server that has just started compiles its rendering code on the first requests and competes
    // with the browser for the CPU: warm it as production traffic would, then let the machine settle.
    for (const page of pages) {
      for (let i = 0; i < 3; i += 1) await (await fetch(`${app.url}${page.path}`)).text();
    }
    if (!quick) await new Promise((resolve) => setTimeout(resolve, 5000));
    out(`\nLighthouse ${'12'} mobile (simulated slow 4G, cold cache), ${runs} run(s) per page, median; app ${app.url}`);
    for (const page of pages) {
      const results: PageFigures[] = [];
      for (let i = 0; i < runs; i += 1) results.push(await withRetry(() => runLighthouse(`${app.url}${page.path}`)));
      const pick = (metric: (r: PageFigures) => number) => median(results.map(metric));
      const tbts = results.map((r) => r.tbt);
      const tbtRange = runs > 1 ? ` (runs ${Math.min(...tbts).toFixed(0)}-${Math.max(...tbts).toFixed(0)})` : '';
      const lcps = results.map((r) => r.lcp / 1000);
      const lcpRange = runs > 1 ? ` (runs ${Math.min(...lcps).toFixed(2)}-${Math.max(...lcps).toFixed(2)})` : '';
      // The worst run: the budget is none in any run.
      const totalOf = (r: PageFigures) => r.scriptsBeforePaint.reduce((sum, script) => sum + script.gzip, 0);
      const worst = results.reduce((a, b) => (totalOf(b) > totalOf(a) ? b : a));
      const scripts = worst.scriptsBeforePaint;
      const gzip = totalOf(worst);
      figure(
        `  ${page.name.padEnd(16)} ${page.path}\n` +
          `    LCP ${(pick((r) => r.lcp) / 1000).toFixed(2)} s${lcpRange}   TBT ${pick((r) => r.tbt).toFixed(0)} ms${tbtRange}   ` +
          `CLS ${pick((r) => r.cls).toFixed(3)}   FCP ${(pick((r) => r.fcp) / 1000).toFixed(2)} s   score ${pick((r) => r.score)}\n` +
          `    JavaScript requested before the first paint (worst run): ${(gzip / 1024).toFixed(1)} KB gzip in ${scripts.length} files` +
          (scripts.length
            ? ` (${scripts.map((s) => `${path.basename(s.url)} ${(s.gzip / 1024).toFixed(1)}`).join(', ')})`
            : ''),
      );
    }
  } finally {
    await app.stop();
  }
}
