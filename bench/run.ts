/**
 * `npm run bench`: figures for the local backend, on PGlite and on PostgreSQL (a throwaway cluster,
 * or BENCH_DATABASE_URL).
 * - reads: requests per second and p50/p95/p99 latency for the two reads a visitor causes most (the
 *   home page's upcoming events, an event page with all its embeds) at 1 and 50 connections;
 *   BENCH_SECONDS (10) per run.
 * - load: 200 readers and 20 writers at once for BENCH_LOAD_SECONDS (60): server errors, borrowed
 *   identities, and acknowledged writes against stored rows.
 * - crowd: the same crowd against the app server (bench/crowd.ts): 200 readers of public pages, most
 *   on today's event page, and 20 writers checking guests in and approving requests through the API;
 *   pages/s, page and write latencies, pages served without their data.
 * - sync: the sync engine in Chromium (bench/sync.ts): first full sync, write-to-arrival latency,
 *   event page from the replica, first paint; PGlite only.
 * - lighthouse: Lighthouse mobile (cold) on the home page, an event page and past highlights: LCP,
 *   TBT, CLS, score, and the JavaScript loaded before the first paint (bench/lighthouse.ts).
 * - offline: a first visit until it works offline (first paint, service worker, full replica), what
 *   the device then holds, and offline repeat visits (bench/offline.ts).
 * - invitations: bulk-approving 200 requests for an invite in the back office, from the click to
 *   the server holding every approval (bench/invitations.ts).
 * - door: the check-in screen with 1,000 guests: search keystroke to list (p95), tap to checked in
 *   (p95), and three phones' offline check-ins converging after reconnecting (bench/door.ts).
 * - people: a guest's story across the series at 10,000 people and 500 editions: the index built
 *   from the replica's rows, a person's page and the filtered Attendees list (bench/people.ts).
 * `npm run bench -- reads`, `-- load`, `-- crowd`, `-- sync`, `-- lighthouse`, `-- offline`,
 * `-- invitations`, `-- door` or `-- people` runs one part (several names: those parts, in that order). The parts
 * that drive the built app share one build (bench/built-app.ts).
 *
 * A part that throws, or prints no figure, does not stop the others: the run ends with how long
 * each part took, names the parts that failed and then exits 1. Figures are never asserted.
 *
 * BENCH_QUICK=1, the quick mode, is for showing that every part still runs, and `npm test` runs it
 * (scripts/test.ts) so that a benchmark that stops working fails the suite instead of rotting
 * unseen: each part once, with small data and short runs (1 s per reads run, 5 s of load, 3 s of
 * a quarter of the crowd, the demo content unscaled, one browser or run where the full run takes
 * several, Lighthouse on the home page only; each part's module says what it does then), on PGlite
 * only, and a part that has not finished after QUICK_PART_LIMIT_MS fails too. Its figures are
 * printed as in the full run, under a note that they come from the quick mode; they say nothing
 * about the app's speed.
 */
import { DEMO_ADMIN, type RunningBackend } from '../server/backend.ts';
import { logError } from '../server/log.ts';
import { machineSpeed, startThrowawayPostgres } from '../scripts/machine.ts';
import { installIdentityProbe, runMixedLoad } from '../tests/support/mixed-load.ts';
import { startBenchBackend } from './backend.ts';
import { runLoad } from './load.ts';
import { runSyncBench } from './sync.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runOfflineBench } from './offline.ts';
import { runInvitationsBench } from './invitations.ts';
import { runDoorBench } from './door.ts';
import { runPeopleBench } from './people.ts';
import { runCrowdBench } from './crowd.ts';
import { figure, figuresPrinted, out, quick } from './figures.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 1 : 10));
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? (quick ? 5 : 60));
/**
 * How long a part of the quick run may take: each takes under a minute on a quiet 2-core machine,
 * and a few times that beside `npm test`'s browser tests; one that has not finished by then hangs.
 */
const QUICK_PART_LIMIT_MS = 5 * 60_000;

const ATTENDEE_PUBLIC =
  'id,name,company,job_title,photo_url,company_logo_url,bio,linkedin_url,priorities,current_focus,future_focus';

interface Scenario {
  name: string;
  path: (backend: RunningBackend) => Promise<string>;
}

const scenarios: Scenario[] = [
  {
    name: 'home: upcoming events',
    path: async () =>
      `/rest/v1/events?select=id,slug,title,start_date,end_date,featured_image_url&_deleted=is.false&end_date=gte.${encodeURIComponent(new Date().toISOString())}&order=start_date.asc`,
  },
  {
    name: 'event page with embeds',
    path: async (backend) => {
      const { rows } = await backend.services.db.query<{ slug: string }>(
        `select slug from public.events where not _deleted and slug is not null order by start_date desc limit 1`,
      );
      const slug = rows[0]?.slug;
      if (!slug) throw new Error('the seed has no event with a slug');
      const select = [
        '*',
        'event_gallery(id,image_url,caption,display_order)',
        'event_sponsors(id,display_order,sponsors_library(id,name,logo_url,website),sponsor_tiers(id,name,color))',
        `sessions(id,title,description,start_time,end_time,room,session_speakers(id,display_order,attendees(${ATTENDEE_PUBLIC})))`,
        `event_attendees(id,attendee_type,attendees(${ATTENDEE_PUBLIC}))`,
        'testimonials(*)',
        'videos(*)',
      ].join(',');
      return `/rest/v1/events?select=${encodeURIComponent(select)}&slug=eq.${slug}`;
    },
  },
];

async function measure(backend: RunningBackend, path: string, connections: number) {
  const result = await runLoad({
    url: `${backend.url}${path}`,
    connections,
    seconds,
    headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
  });
  if (result.failures > 0) throw new Error(`${result.failures} failed requests for ${path}`);
  return result;
}

async function benchReads(label: string, backend: RunningBackend): Promise<void> {
  for (const scenario of scenarios) {
    const path = await scenario.path(backend);
    const check = await fetch(`${backend.url}${path}`, { headers: { apikey: backend.anonKey } });
    const body = await check.text();
    out(`\n${label} · ${scenario.name} (${body.length} bytes per response)`);
    for (const connections of [1, 50]) {
      const r = await measure(backend, path, connections);
      figure(
        `  ${String(connections).padStart(2)} conn: ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s   ` +
          `p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   (${r.requests} requests)`,
      );
    }
  }
}

async function signIn(
  backend: RunningBackend,
  email: string,
  password: string,
): Promise<{ token: string; sub: string }> {
  const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: session.access_token, sub: session.user.id };
}

async function benchLoad(label: string, backend: RunningBackend): Promise<void> {
  await installIdentityProbe(backend);
  const identities = [{ token: backend.anonKey, sub: 'anon' }];
  for (let i = 0; i < 10; i += 1) {
    const email = `bench-reader-${i}-${Date.now()}@example.org`;
    await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password' }),
    });
    identities.push(await signIn(backend, email, 'bench-password'));
  }
  const admin = await signIn(backend, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const tag = `bench-load-${Date.now()}`;
  const result = await runMixedLoad({
    backend,
    identities,
    adminToken: admin.token,
    readers: 200,
    writers: 20,
    seconds: loadSeconds,
    tag,
  });
  const { rows } = await backend.services.db.query<{ n: string }>(
    `select count(*)::text as n from public.testimonials where quote = $1`,
    [tag],
  );
  out(`\n${label} · 200 readers + 20 writers for ${loadSeconds} s`);
  figure(
    `  reads ${result.reads} (${(result.reads / loadSeconds).toFixed(0)}/s)   writes ${result.writes} (${(result.writes / loadSeconds).toFixed(0)}/s)\n` +
      `  5xx or broken ${result.serverErrors}   borrowed identities ${result.identityMismatches}   other failures ${result.otherFailures}\n` +
      `  acknowledged writes ${result.acknowledgedIds.length}   rows stored ${rows[0]!.n}`,
  );
}

type DatabaseBench = (label: string, backend: RunningBackend) => Promise<void>;

async function onDatabase(label: string, databaseUrl: string | undefined, bench: DatabaseBench): Promise<void> {
  const backend = await startBenchBackend(databaseUrl);
  try {
    await bench(label, backend);
  } finally {
    await backend.stop();
  }
}

/** Runs `bench` on a fresh backend on PGlite, then on PostgreSQL (the quick mode leaves that out). */
async function onDatabases(bench: DatabaseBench): Promise<void> {
  await onDatabase('PGlite', undefined, bench);
  if (quick) {
    out('\nPostgreSQL: left out in the quick mode (BENCH_QUICK=1)');
    return;
  }
  const external = process.env.BENCH_DATABASE_URL;
  const cluster = external ? null : await startThrowawayPostgres();
  try {
    await onDatabase('PostgreSQL', external ?? cluster!.url, bench);
  } finally {
    cluster?.stop();
  }
}

const PARTS: Record<string, () => Promise<void>> = {
  reads: () => onDatabases(benchReads),
  load: () => onDatabases(benchLoad),
  crowd: runCrowdBench,
  sync: runSyncBench,
  lighthouse: runLighthouseBench,
  offline: runOfflineBench,
  invitations: runInvitationsBench,
  door: runDoorBench,
  people: runPeopleBench,
};

/** `work`, or an error once `ms` have passed without it settling (it is not stopped: it cannot be). */
function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`it did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Runs the part `name`; resolves to why it failed (null: it printed its figures) and how long it took. */
async function runPart(name: string): Promise<{ failure: string | null; seconds: number }> {
  const started = performance.now();
  const took = () => (performance.now() - started) / 1000;
  const bench = PARTS[name];
  if (!bench) return { failure: `no such part (the parts: ${Object.keys(PARTS).join(', ')})`, seconds: 0 };
  out(`\n== ${name}${quick ? ' (BENCH_QUICK=1: small data and short runs; figures that show it runs)' : ''}`);
  const before = figuresPrinted();
  try {
    await (quick ? within(bench(), QUICK_PART_LIMIT_MS) : bench());
  } catch (error) {
    return { failure: error instanceof Error ? (error.stack ?? error.message) : String(error), seconds: took() };
  }
  return { failure: figuresPrinted() === before ? 'it printed no figure' : null, seconds: took() };
}

const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(PARTS);
// Every figure below moves with it: figures compare only with those taken on a machine that says the same.
out(`This machine: ${machineSpeed()}`);
const started = performance.now();
const took: string[] = [];
const failed: string[] = [];
for (const name of names) {
  const { failure, seconds } = await runPart(name);
  took.push(`${name} ${seconds.toFixed(0)} s`);
  if (failure !== null) {
    failed.push(name);
    logError(`\nbench part '${name}' failed: ${failure}`);
  }
}
out(
  `\nTook: ${took.join(', ')}; in all ${((performance.now() - started) / 1000).toFixed(0)} s` +
    (quick ? ' (BENCH_QUICK=1)' : ''),
);
if (failed.length > 0) logError(`Bench parts that failed: ${failed.join(', ')}`);
// Whatever a part that did not finish still holds (servers, browsers, the build) ends with this process.
process.exit(failed.length > 0 ? 1 : 0);
