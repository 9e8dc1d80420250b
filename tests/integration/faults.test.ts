/**
 * Faults the local backend must survive: the process killed at any moment loses no
 * acknowledged write; a client that vanishes mid-request leaves nothing half-done; many readers and
 * writers at once get no 5xx, never see each other's identity, and every acknowledged write is there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { installIdentityProbe, runMixedLoad } from '../support/mixed-load.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface ChildBackend {
  process: ChildProcess;
  url: string;
  serviceKey: string;
}

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

/** Starts `server/main.ts` as its own process and waits for the keys it prints. */
function startChild(env: Record<string, string>): Promise<ChildBackend> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`backend did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /API URL: (\S+)/.exec(output)?.[1];
      const serviceKey = /service_role key: (\S+)/.exec(output)?.[1];
      if (url && serviceKey) {
        clearTimeout(timer);
        resolve({ process: child, url, serviceKey });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`backend exited with ${code}:\n${output}`));
    });
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function insertTestimonial(backend: ChildBackend, quote: string): Promise<string> {
  const response = await fetch(`${backend.url}/rest/v1/testimonials?select=id`, {
    method: 'POST',
    headers: {
      apikey: backend.serviceKey,
      authorization: `Bearer ${backend.serviceKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify({ name: 'Crash test', quote }),
  });
  if (response.status !== 201) throw new Error(`insert answered ${response.status}`);
  return ((await response.json()) as { id: string }[])[0]!.id;
}

async function countTestimonials(backend: ChildBackend, quote: string): Promise<number> {
  const response = await fetch(`${backend.url}/rest/v1/testimonials?select=id&quote=eq.${encodeURIComponent(quote)}`, {
    headers: { apikey: backend.serviceKey, authorization: `Bearer ${backend.serviceKey}`, prefer: 'count=exact' },
    method: 'HEAD',
  });
  return Number(response.headers.get('content-range')?.split('/')[1]);
}

describe('the backend process killed mid-write', () => {
  let dataDir = '';
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cdo-crash-'));
    const base = process.env.TEST_DATABASE_URL;
    if (base) {
      const name = `crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    }
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  });

  it('keeps every acknowledged write, whenever it is killed', async () => {
    const port = await freePort();
    const env = { API_PORT: String(port), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const quote = `crash-${randomBytes(4).toString('hex')}`;
    let acknowledged = 0;
    // Three kills at different moments: right after start, mid-stream, and after a longer run.
    for (const runMs of [150, 700, 1500]) {
      const backend = await startChild(env);
      const stopAt = Date.now() + runMs;
      // Kill while a write is most likely in flight: the loop's failure after the kill is expected.
      const writes = (async () => {
        while (Date.now() < stopAt) {
          await insertTestimonial(backend, quote);
          acknowledged += 1;
        }
      })().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, runMs));
      await killHard(backend.process);
      await writes;
    }
    const backend = await startChild(env);
    try {
      const stored = await countTestimonials(backend, quote);
      // Every acknowledged insert survived; at most the one in flight at each kill may also have landed.
      expect(stored).toBeGreaterThanOrEqual(acknowledged);
      expect(stored).toBeLessThanOrEqual(acknowledged + 3);
      expect(acknowledged).toBeGreaterThan(0);
    } finally {
      await killHard(backend.process);
    }
    // Four backend processes start one after another (each opens its database): 30 s is tight on a
    // busy two-core machine.
  }, 120_000);
});

describe('under load and with clients that vanish', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend();
    await installIdentityProbe(backend);
  });

  afterAll(async () => {
    await backend?.stop();
  });

  it('a client that disconnects mid-request leaves no partial write', async () => {
    const admin = await backend.adminClient();
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const marker = `vanished-${randomBytes(4).toString('hex')}`;
    const rows = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ name: `${marker} ${i}`, quote: marker })));
    const url = new URL(`${backend.url}/rest/v1/testimonials`);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\napikey: ${backend.anonKey}\r\n` +
            `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${rows.length}\r\n\r\n` +
            rows.slice(0, Math.floor(rows.length / 2)),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { count } = await backend
      .serviceClient()
      .from('testimonials')
      .select('id', { count: 'exact', head: true })
      .eq('quote', marker);
    expect(count).toBe(0);
  });

  it('200 readers and 20 writers at once: no 5xx, no borrowed identity, every acknowledged write stored', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => backend.newUser()));
    const identities = [
      { token: backend.anonKey, sub: 'anon' },
      ...(await Promise.all(
        users.map(async (user) => ({
          token: (await user.client.auth.getSession()).data.session!.access_token,
          sub: user.id,
        })),
      )),
    ];
    const admin = await backend.adminClient();
    const tag = `load-${randomBytes(4).toString('hex')}`;
    const result = await runMixedLoad({
      backend,
      identities,
      adminToken: (await admin.auth.getSession()).data.session!.access_token,
      readers: 200,
      writers: 20,
      seconds: Number(process.env.FAULT_LOAD_SECONDS ?? 4),
      tag,
    });
    expect(result.reads).toBeGreaterThan(200);
    expect(result.serverErrors).toBe(0);
    expect(result.identityMismatches).toBe(0);
    expect(result.otherFailures).toBe(0);
    const { count } = await backend
      .serviceClient()
      .from('testimonials')
      .select('id', { count: 'exact', head: true })
      .eq('quote', tag);
    expect(count).toBe(result.acknowledgedIds.length);
    expect(new Set(result.acknowledgedIds).size).toBe(result.acknowledgedIds.length);
  });
});
