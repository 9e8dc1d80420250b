/**
 * No guest gets a message twice when the backend is killed while it sends them (issue 27, point 6).
 * The backend runs as a process of its own (tests/support/backend-process.ts) on a data folder,
 * with its guest-message schedule and its own mailbox as mail provider, as `npm start` runs; it is
 * killed with SIGKILL right after the mailbox has taken some messages (some of them delivered and
 * not yet marked sent in the outbox) and started again on the same data. Each guest must then hold
 * exactly one message per status change. Loopback only. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/backend.ts';
import { startBackendProcess, type BackendProcess } from '../support/backend-process-client.ts';

const GUESTS = 30;
const APPROVED = 15;
const TITLE = 'CDO Vision Crash Summit';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function rest<T>(child: BackendProcess, pathAndQuery: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${child.url}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: child.serviceRoleKey,
      authorization: `Bearer ${child.serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
  });
  if (!response.ok)
    throw new Error(`${init.method} ${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

interface Mail {
  id: string;
  to: string[];
  subject: string;
}

/** What the backend's mailbox holds for this run's guests, read as a developer (or a test) reads it. */
async function mailbox(child: BackendProcess, tag: string): Promise<Mail[]> {
  const response = await fetch(`${child.url}/mailbox/api/messages`);
  if (response.status !== 200) throw new Error(`the mailbox answered ${response.status}`);
  return ((await response.json()) as Mail[]).filter((mail) => mail.to[0]?.endsWith(`-${tag}@corp.example`));
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface OutboxRow {
  email: string;
  kind: string;
  sent: boolean;
  cut_off: boolean;
  attempts: number;
}

const OUTBOX = `
  select r.email, m.kind, m.sent_at is not null as sent, m.sending_since is not null as cut_off, m.attempts
    from private.guest_messages m join public.invite_requests r on r.id = m.request_id
   where r.event_id = $1`;

const SUBJECT: Record<string, string> = {
  received: `We have your request: ${TITLE}`,
  approved: `Your place is confirmed: ${TITLE}`,
};

describe('guest messages when the backend is killed while it sends them', () => {
  let dataDir = '';
  let database: { url: string; drop(): Promise<void> } | undefined;
  let env: Record<string, string> = {};
  let child: BackendProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cdo-mail-crash-'));
    const base = process.env.TEST_DATABASE_URL;
    if (base) database = await freshPostgresDatabase(base);
    env = {
      API_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    child = await startBackendProcess(env);
  });

  afterAll(async () => {
    if (child) await killHard(child.process);
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('only the service role may record that a message is being sent (begin_guest_message)', async () => {
    const [grants] = await child!.sql<Record<string, boolean>>(
      `select has_function_privilege('anon', 'public.begin_guest_message(uuid)', 'execute') as anon,
              has_function_privilege('authenticated', 'public.begin_guest_message(uuid)', 'execute') as authenticated,
              has_function_privilege('service_role', 'public.begin_guest_message(uuid)', 'execute') as service_role`,
    );
    expect(grants).toEqual({ anon: false, authenticated: false, service_role: true });
    const call = (key: string) =>
      fetch(`${child!.url}/rest/v1/rpc/begin_guest_message`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message_id: crypto.randomUUID() }),
      });
    const anon = await call(child!.anonKey);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ code: '42501' });
    // The service role may; a message that does not exist is not to be sent.
    const service = await call(child!.serviceRoleKey);
    expect(service.status).toBe(200);
    expect(await service.json()).toEqual({ send: false, interrupted_at: null });
  });

  it('kill -9 mid-send and a restart on the same data: each guest gets one message per status change', async ({
    annotate,
  }) => {
    if (!child) throw new Error('the backend did not start');
    const tag = randomBytes(4).toString('hex');

    // 30 guests ask; half of them are approved at once: 45 messages due, 10 a batch.
    const [event] = await rest<{ id: string }[]>(child, 'events?select=id', {
      method: 'POST',
      body: JSON.stringify({
        slug: `crash-${tag}`,
        title: TITLE,
        location: 'Lisbon',
        start_date: '2027-05-20T08:30:00Z',
        end_date: '2027-05-20T17:30:00Z',
      }),
    });
    const emails = Array.from({ length: GUESTS }, (_, n) => `guest${n}-${tag}@corp.example`);
    const requests = await rest<{ id: string; email: string }[]>(child, 'invite_requests?select=id,email', {
      method: 'POST',
      body: JSON.stringify(
        emails.map((email, n) => ({
          event_id: event!.id,
          name: `Guest ${n}`,
          email,
          company: 'Corp',
          job_title: 'CDO',
          consent: true,
        })),
      ),
    });
    const approved = requests.slice(0, APPROVED);
    await rest(child, `invite_requests?id=in.(${approved.map((request) => request.id).join(',')})&select=id`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'approved' }),
    });
    const expected = new Map<string, number>();
    for (const request of requests) expected.set(`${request.email} ${SUBJECT.received}`, 1);
    for (const request of approved) expected.set(`${request.email} ${SUBJECT.approved}`, 1);
    const due = await child.sql<OutboxRow>(OUTBOX, [event!.id]);
    expect(due).toHaveLength(GUESTS + APPROVED);

    // Killed right after the mailbox has taken a few more messages, while the rest of their batch is
    // on its way: some delivered and not yet marked sent. Up to three kills, until one caught such a
    // message (the first nearly always does).
    const kills: string[] = [];
    let caught = 0;
    let cutOff: OutboxRow[] = [];
    let keptAtLastStart = 0;
    await child.startSending(50);
    for (let kill = 0; kill < 3 && caught === 0; kill += 1) {
      const seen = (await mailbox(child, tag)).length;
      const target = seen + (kill === 0 ? 12 : 6);
      if (target > GUESTS + APPROVED - 5) break;
      await waitFor(
        `${target} messages in the mailbox`,
        async () => (await mailbox(child!, tag)).length >= target,
        60_000,
      );
      await killHard(child.process);

      child = await startBackendProcess(env);
      const before = await mailbox(child, tag);
      const outbox = await child.sql<OutboxRow>(OUTBOX, [event!.id]);
      const marked = outbox.filter((row) => row.sent);
      // Delivered before the kill but not marked sent: the messages the restart sends again.
      const delivered = new Set(before.map((mail) => `${mail.to[0]} ${mail.subject}`));
      const unmarked = outbox.filter((row) => !row.sent && delivered.has(`${row.email} ${SUBJECT[row.kind]}`));
      cutOff = outbox.filter((row) => !row.sent && row.cut_off);
      // The mailbox kept what it delivered; each message delivered and not marked had its attempt
      // recorded as begun.
      expect(before.length).toBeGreaterThanOrEqual(target);
      expect(before.length).toBeGreaterThanOrEqual(marked.length);
      expect(cutOff.length).toBeGreaterThanOrEqual(unmarked.length);
      caught += unmarked.length;
      keptAtLastStart = before.length;
      kills.push(
        `kill ${kill + 1}: ${before.length} delivered, ${marked.length} marked sent, ` +
          `${unmarked.length} delivered and not marked, ${cutOff.length} attempts cut off`,
      );

      // The dead sender's leases would end in two minutes; let that time pass, then send as before.
      await child.sql(`update private.guest_messages set next_attempt_at = now() where sent_at is null`);
      await child.startSending(50);
    }
    expect(caught, 'a kill caught a message delivered and not yet marked sent').toBeGreaterThan(0);
    await waitFor(
      'every message marked sent',
      async () => (await child!.sql<OutboxRow>(OUTBOX, [event!.id])).every((row) => row.sent),
      90_000,
    );

    const after = await mailbox(child, tag);
    const received = new Map<string, number>();
    for (const mail of after) {
      const key = `${mail.to[0]} ${mail.subject}`;
      received.set(key, (received.get(key) ?? 0) + 1);
    }
    const duplicates = [...received.values()].reduce((sum, count) => sum + count - 1, 0);
    await annotate(
      `${kills.join('; ')}; after the last restart: ${after.length - keptAtLastStart} delivered, ` +
        `${after.length} in all for ${expected.size} messages due, ${duplicates} duplicates`,
    );
    expect(Object.fromEntries(received)).toEqual(Object.fromEntries(expected));
    expect(after).toHaveLength(GUESTS + APPROVED);
    // The last sender said which messages it sent again after an attempt cut off by the kill.
    const repeats = child.log().match(/stopped before its outcome was recorded/g) ?? [];
    expect(repeats).toHaveLength(cutOff.length);
  }, 240_000);
});
