/**
 * `npm run bench -- crowd`: the load part against the app server (issue 30, "Event pages that
 * survive a crowd"). Three processes, as in production, where the app server stands in front of a
 * hosted backend: the local backend on PGlite with the demo content and its guest-message schedule
 * (tests/support/backend-process.ts), the app server on the build (bench/crowd-app-server.ts), and
 * this one, which runs closed loops as bench/load.ts does for BENCH_LOAD_SECONDS (60; 3 with
 * BENCH_QUICK=1, which also runs a quarter of the readers and writers):
 * - 200 readers of public pages: 120 on today's event page (the seed's edition of today), 16 each on
 *   the home page, past highlights, the calendar, the sponsors and the next two editions' pages. A
 *   page came back without its data when it lacks the answers the server renders into it
 *   (`#live-read-seed`): the prerendered page or the event shell that a failed or slow render
 *   leaves. They do not ask for gzip (the server sends a kept page's bytes either way: it gzips each
 *   page once) and read each page chunk by chunk: unpacking and joining 200 KB pages hundreds of
 *   times a second kept this process on the CPU all the time, the bottleneck of the run.
 * - 20 writers through the API as the demo admin, as the back office's sync pushes them: 10 check
 *   guests of today's edition in (an insert into check_ins each), 10 approve pending requests for an
 *   invite (an update of one request's status each, after which the server makes the guest an
 *   attendee: a change of public data).
 * The writers approve requests made for the run, for an event of their own (its 'received' messages
 * count as sent, as in bench/invitations.ts). Each page is requested once before the clock starts
 * (the server's first render of each loads the build). Prints pages/s, p50/p95/p99/max for pages,
 * how many came back without their data, p50/p95/p99/max for each kind of write, and how busy this
 * process was (when it is on the CPU all the time, its own queue adds to every latency); figures
 * only, no assertions. CROWD_BENCH_DIST=<folder> uses an existing build.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Agent, request } from 'undici';
import { DEMO_ADMIN } from '../server/backend.ts';
import { SEED_ELEMENT_ID } from '../src/lib/server-seed.ts';
import { startBackendProcess, type BackendProcess } from '../tests/support/backend-process-client.ts';
import { onBuiltApp } from './built-app.ts';
import { figure, loadAverage, out, quick } from './figures.ts';
import { percentile } from './load.ts';

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? (quick ? 3 : 60));
/** A quarter of the crowd in the quick mode, which runs beside the browser tests in `npm test`. */
const READERS = quick ? 50 : 200;
const TODAY_READERS = (READERS * 3) / 5;
const WRITERS = quick ? 4 : 20;
/** More pending requests than the approvers can get through in the run. */
const APPROVAL_POOL = 250 * seconds;
const WITH_DATA = Buffer.from(`id="${SEED_ELEMENT_ID}"`);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function startAppServer(distDir: string, backend: BackendProcess): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'crowd-app-server.ts'), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DIST_DIR: distDir, API_URL: backend.url, ANON_KEY: backend.anonKey },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message: { ready: { url: string } }) => resolve({ child, url: message.ready.url }));
    child.once('exit', (code) => reject(new Error(`the app server exited (${code}) before it was ready`)));
  });
}

/** Stops a child process and waits until it has exited. */
function ended(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill();
  });
}

/** What the crowd reads and writes, made in the backend's database. */
interface Scene {
  /** The seed's edition nearest to now (today's), whose page most readers read, and its guests. */
  today: { id: string; slug: string; guestIds: string[] };
  /** The next upcoming editions' slugs, read by part of the crowd. */
  upcomingSlugs: string[];
  /** Pending requests for an invite, for the writers to approve. */
  pendingRequestIds: string[];
}

async function makeScene(backend: BackendProcess): Promise<Scene> {
  const [today] = await backend.sql<{ id: string; slug: string }>(
    `select id, slug from public.events where not _deleted and slug is not null
      order by abs(extract(epoch from start_date - now())) limit 1`,
  );
  if (!today) throw new Error('the seed has no event');
  const guests = await backend.sql<{ attendee_id: string }>(
    `select attendee_id from public.event_attendees where event_id = $1 and not _deleted`,
    [today.id],
  );
  const upcoming = await backend.sql<{ slug: string }>(
    `select slug from public.events where not _deleted and slug is not null and start_date > now() + interval '1 day'
      order by start_date limit 2`,
  );
  const run = Date.now().toString(36);
  const [approvals] = await backend.sql<{ id: string }>(
    `insert into public.events (title, start_date, end_date, capacity)
     values ($1, now() + interval '90 days', now() + interval '91 days', $2) returning id`,
    [`Bench Crowd Approvals ${run}`, APPROVAL_POOL + 50],
  );
  const requests = await backend.sql<{ id: string }>(
    `insert into public.invite_requests (event_id, name, email, company, job_title, consent)
     select $1, 'Crowd Guest ' || n, 'crowd-guest-' || n || '-' || $2 || '@guests.example', 'Crowd Company ' || n,
            'Chief Data Officer', true
       from generate_series(1, ${APPROVAL_POOL}) as n
     returning id`,
    [approvals!.id, run],
  );
  await backend.sql(
    `update private.guest_messages set sent_at = now()
      where sent_at is null and request_id in (select r.id from public.invite_requests r where r.event_id = $1)`,
    [approvals!.id],
  );
  return {
    today: { id: today.id, slug: today.slug, guestIds: guests.map((guest) => guest.attendee_id) },
    upcomingSlugs: upcoming.map((event) => event.slug),
    pendingRequestIds: requests.map((row) => row.id),
  };
}

/** Reads a body to its end and tells whether `marker` occurs in it, chunk by chunk (none joined). */
async function holds(body: AsyncIterable<Buffer>, marker: Buffer): Promise<boolean> {
  let found = false;
  let tail = Buffer.alloc(0);
  for await (const chunk of body) {
    if (found) continue;
    const seam = Buffer.concat([tail, chunk.subarray(0, marker.length - 1)]);
    found = seam.indexOf(marker) !== -1 || chunk.indexOf(marker) !== -1;
    tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - marker.length + 1)));
  }
  return found;
}

interface Timings {
  latencies: number[];
  failures: number;
}

const timings = (): Timings => ({ latencies: [], failures: 0 });

function figures(name: string, { latencies, failures }: Timings, extra = ''): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
  figure(
    `  ${name.padEnd(26)} ${String(sorted.length).padStart(6)} (${(sorted.length / seconds).toFixed(0).padStart(4)}/s)   ` +
      `p50 ${ms(50)}   p95 ${ms(95)}   p99 ${ms(99)}   max ${(sorted.at(-1) ?? 0).toFixed(0)} ms   failed ${failures}${extra}`,
  );
}

async function signIn(backend: BackendProcess): Promise<string> {
  const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in as the demo admin answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function crowd(distDir: string): Promise<void> {
  await mkdir(path.join(root, '.test-data'), { recursive: true });
  const dataDir = await mkdtemp(path.join(root, '.test-data', 'bench-crowd-'));
  const backend = await startBackendProcess({ API_PORT: '0', DATA_DIR: dataDir, DEMO_CONTENT: '1' });
  let app: ChildProcess | undefined;
  // Neither server is left running should this process end first (a quick run's part that timed
  // out: bench/run.ts).
  const endServers = () => [backend.process, app].forEach((child) => child?.kill());
  process.once('exit', endServers);
  try {
    // As `npm start` runs it: guests' messages go out every second.
    await backend.startSending(1000);
    const scene = await makeScene(backend);
    const started = await startAppServer(distDir, backend);
    app = started.child;
    const appUrl = started.url;
    const apiUrl = backend.url.replace('localhost', '127.0.0.1');
    const token = await signIn(backend);
    const todayPage = `/events/${scene.today.slug}`;
    const others = [
      '/',
      '/past-highlights',
      '/calendar',
      '/sponsors',
      ...scene.upcomingSlugs.map((slug) => `/events/${slug}`),
    ];
    const pathOf = (reader: number) => (reader < TODAY_READERS ? todayPage : others[reader % others.length]!);

    for (const page of [todayPage, ...others]) await (await fetch(`${appUrl}${page}`)).text();

    const dispatcher = new Agent({ connections: READERS + WRITERS, pipelining: 1 });
    const pages = timings();
    const today = timings();
    let withoutData = 0;
    const checkIns = timings();
    const approvals = timings();
    const approvalsLeft = [...scene.pendingRequestIds];
    const cpuBefore = process.cpuUsage();
    const deadline = performance.now() + seconds * 1000;

    const reader = async (index: number) => {
      const page = pathOf(index);
      while (performance.now() < deadline) {
        const started = performance.now();
        let ok = false;
        try {
          const response = await request(`${appUrl}${page}`, { dispatcher, headers: { accept: 'text/html' } });
          const withData = await holds(response.body, WITH_DATA);
          ok = response.statusCode === 200;
          if (ok && !withData) withoutData += 1;
        } catch {
          // A broken connection: the page counts as failed.
        }
        const took = performance.now() - started;
        for (const kept of page === todayPage ? [pages, today] : [pages]) {
          kept.latencies.push(took);
          if (!ok) kept.failures += 1;
        }
      }
    };

    const api = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
      request(url, {
        method,
        dispatcher,
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: JSON.stringify(body),
      });

    const write = async (kept: Timings, send: () => ReturnType<typeof api>, expected: number) => {
      const started = performance.now();
      try {
        const response = await send();
        await response.body.text();
        if (response.statusCode !== expected) kept.failures += 1;
      } catch {
        kept.failures += 1;
      }
      kept.latencies.push(performance.now() - started);
    };

    const checkInWriter = async (index: number) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const guestIds = scene.today.guestIds;
        await write(
          checkIns,
          () =>
            api('POST', `${apiUrl}/rest/v1/check_ins?select=id`, {
              id: randomUUID(),
              event_id: scene.today.id,
              attendee_id: guestIds[(index + n * 10) % guestIds.length],
              device_id: `bench-door-${index}`,
              device_label: `Bench door ${index}`,
              checked_in_at: new Date().toISOString(),
            }),
          201,
        );
      }
    };

    const approver = async () => {
      while (performance.now() < deadline) {
        const id = approvalsLeft.pop();
        if (!id) return;
        await write(
          approvals,
          () =>
            api('PATCH', `${apiUrl}/rest/v1/invite_requests?id=eq.${id}&select=id,status,attendee_id`, {
              status: 'approved',
            }),
          200,
        );
      }
    };

    await Promise.all([
      ...Array.from({ length: READERS }, (_, index) => reader(index)),
      ...Array.from({ length: WRITERS / 2 }, (_, index) => checkInWriter(index)),
      ...Array.from({ length: WRITERS / 2 }, () => approver()),
    ]);
    await dispatcher.close();
    const generatorCpu = process.cpuUsage(cpuBefore);
    const ranOut = approvalsLeft.length === 0;

    out(
      `\n${READERS} readers + ${WRITERS} writers on the app server for ${seconds} s${quick ? ' (BENCH_QUICK)' : ''} · ${loadAverage()}`,
    );
    const share = pages.latencies.length ? ((100 * withoutData) / pages.latencies.length).toFixed(1) : '0';
    figures('pages', pages, `   without their data ${withoutData} (${share}%)`);
    figures("  today's event page", today);
    figures('check-ins (API)', checkIns);
    figures('approvals (API)', approvals, ranOut ? '   (ran out of pending requests)' : '');
    // Readers and writers run in this process: when it is busy all the time, its own queue adds to the latencies.
    const busy = (100 * (generatorCpu.user + generatorCpu.system)) / 1e6 / seconds;
    figure(`  this load generator's process was on the CPU ${busy.toFixed(0)}% of the time`);
    out('  issue 30 targets: no page without its data, pages p99 <= 500 ms, writes p99 <= 1 s');
  } finally {
    process.off('exit', endServers);
    if (app) await ended(app);
    await ended(backend.process);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function runCrowdBench(): Promise<void> {
  return onBuiltApp('crowd', 'Crowd on the app server', crowd);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runCrowdBench();
