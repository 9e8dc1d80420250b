/**
 * `npm run bench -- invitations`: bulk-approving 200 requests for an invite in the back office
 * (issue 15's target: done in 5 s or less, online). Against the built app (scripts/serve-app.ts)
 * and the local backend on PGlite with the demo content, in Chromium, signed in as the demo admin
 * with a full replica: an event with 200 pending requests (made on the server), the Invitations page
 * filtered to them, 'Select all shown', 'Approve selected', 'Approve'. From that click (the guests'
 * 'approved' messages are sent meanwhile by the backend's mail sender, as they would be):
 * - the page's report ('200 requests approved.'): every decision written to the local replica;
 * - the server holding all 200 as approved (the database polled every 50 ms), each guest linked as
 *   an attendee of the event by the server;
 * - the header's 'All changes synced': the replica has the server's answer for every write.
 * Median and max of BENCH_INVITATION_RUNS (3) runs, a new event each. Figures only, no assertions.
 * BENCH_QUICK=1: one run of 20 requests. INVITATIONS_BENCH_DIST=<folder> uses an existing build
 * (`vite build --outDir <folder>`).
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { DEMO_ADMIN, type RunningBackend } from '../server/backend.ts';
import { startBenchBackend } from './backend.ts';
import { findChromium } from '../scripts/machine.ts';
import { startAppServer } from '../scripts/serve-app.ts';
import { onBuiltApp } from './built-app.ts';
import { CHROMIUM_ARGS, figure, loadAverage, median, out, quick } from './figures.ts';

const runs = Math.max(1, Number(process.env.BENCH_INVITATION_RUNS ?? (quick ? 1 : 3)));
const REQUESTS = quick ? 20 : 200;
const TIMEOUT_MS = 120_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** An upcoming event with `REQUESTS` pending requests, made on the server; returns its title. */
async function eventWithRequests(backend: RunningBackend, run: number): Promise<{ id: string; title: string }> {
  const db = backend.services.db;
  const title = `Bench Approvals ${Date.now().toString(36)} ${run}`;
  const { rows } = await db.query<{ id: string }>(
    `insert into public.events (title, start_date, end_date, capacity)
     values ($1, now() + interval '60 days', now() + interval '61 days', 250) returning id`,
    [title],
  );
  const id = rows[0]!.id;
  await db.query(
    `insert into public.invite_requests (event_id, name, email, company, job_title, consent)
     select $1, 'Bench Guest ' || n, 'bench-guest-' || n || '-' || $2 || '@guests.example', 'Bench Company ' || n,
            'Chief Data Officer', true
       from generate_series(1, ${REQUESTS}) as n`,
    [id, `${Date.now().toString(36)}${run}`],
  );
  // Asked days ago: their 'received' messages went out then (as the demo content counts them), so
  // the mail sender is not busy with 200 of them while the approvals are measured.
  await db.query(
    `update private.guest_messages set sent_at = now()
      where sent_at is null and request_id in (select r.id from public.invite_requests r where r.event_id = $1)`,
    [id],
  );
  return { id, title };
}

async function approvedOnServer(backend: RunningBackend, eventId: string): Promise<number> {
  const { rows } = await backend.services.db.query<{ n: string }>(
    `select count(*)::text as n from public.invite_requests
      where event_id = $1 and status = 'approved' and attendee_id is not null and not _deleted`,
    [eventId],
  );
  return Number(rows[0]!.n);
}

async function until(what: string, probe: () => Promise<boolean>, everyMs: number): Promise<number> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    if (await probe()) return Date.now();
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const synced = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes synced' });

interface RunFigures {
  local: number;
  server: number;
  synced: number;
}

async function approveAll(page: Page, backend: RunningBackend, run: number): Promise<RunFigures> {
  const event = await eventWithRequests(backend, run);
  await page.getByLabel('Event', { exact: true }).selectOption({ label: event.title });
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: `Pending (${REQUESTS})` })
    .click({ timeout: TIMEOUT_MS });
  await page
    .getByRole('table')
    .getByRole('rowheader')
    .nth(REQUESTS - 1)
    .waitFor({ timeout: TIMEOUT_MS });
  await page.getByLabel('Select all shown').check();
  await page.getByText(`${REQUESTS} selected`).waitFor();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const confirm = page
    .getByRole('alertdialog', { name: `Approve ${REQUESTS} requests?` })
    .getByRole('button', { name: 'Approve' });
  await confirm.waitFor();

  const start = Date.now();
  await confirm.click();
  const local = page
    .getByText(`${REQUESTS} requests approved.`)
    .waitFor({ timeout: TIMEOUT_MS })
    .then(() => Date.now());
  const server = until(
    'the server to hold every approval',
    async () => (await approvedOnServer(backend, event.id)) === REQUESTS,
    50,
  );
  const [localAt, serverAt] = await Promise.all([local, server]);
  await synced(page).waitFor({ timeout: TIMEOUT_MS });
  const syncedAt = Date.now();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  return { local: localAt - start, server: serverAt - start, synced: syncedAt - start };
}

async function benchApprovals(distDir: string): Promise<void> {
  const backend = await startBenchBackend();
  const app = await startAppServer({
    port: 0,
    distDir,
    runtimeConfig: { supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey },
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/auth`);
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/admin(\/|$)/);
    await page.goto(`${app.url}/admin/invitations`);
    await synced(page).waitFor({ timeout: TIMEOUT_MS });

    const figures: RunFigures[] = [];
    for (let run = 0; run < runs; run += 1) figures.push(await approveAll(page, backend, run));

    out(`\nbulk-approving ${REQUESTS} requests online (${runs} runs), from the click on 'Approve' · ${loadAverage()}`);
    const row = (name: string, values: number[]) =>
      figure(`  ${name.padEnd(52)} median ${seconds(median(values))}   max ${seconds(Math.max(...values))}`);
    row(
      'written to the local replica (the report shows)',
      figures.map((f) => f.local),
    );
    row(
      'confirmed by the server (all approved and linked)',
      figures.map((f) => f.server),
    );
    row(
      "the header says 'All changes synced'",
      figures.map((f) => f.synced),
    );
    out(`  runs: ${figures.map((f) => `${seconds(f.server)}`).join(', ')} to the server; target <= 5 s`);
  } finally {
    await browser.close();
    await app.stop();
    await backend.stop();
  }
}

export function runInvitationsBench(): Promise<void> {
  return onBuiltApp('invitations', 'Invitations', benchApprovals);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runInvitationsBench();
