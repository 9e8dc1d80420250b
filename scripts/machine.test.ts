import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { firstFreePort, freePort, startThrowawayPostgres } from './machine.ts';

const held: Server[] = [];

/** Listens on `port` of 127.0.0.1 until the test ends, as another program would. */
function hold(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
    held.push(server);
  });
}

afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('firstFreePort', () => {
  it('keeps a port nothing holds', async () => {
    const port = await freePort();
    expect(await firstFreePort(port)).toBe(port);
  });

  it('moves past a port another program listens on, and past the ports already chosen', async () => {
    const port = await freePort();
    await hold(port);
    const next = await firstFreePort(port);
    expect(next).toBeGreaterThan(port);
    expect(await firstFreePort(port, new Set([next]))).toBeGreaterThan(next);
  });
});

/** Whether a process runs (a zombie counts as ended: it only waits for its parent to collect it). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state ...".
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The postmaster's process id, from the pid file in its data folder. */
function postmasterPid(dir: string): number {
  return Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Polls `check` every 100 ms until it holds or `timeoutMs` has passed; returns whether it held. */
async function within(timeoutMs: number, check: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** What a failed test leaves: a cluster still running and its folder. */
const leftovers: { pid: number; dir: string }[] = [];

afterEach(() => {
  for (const { pid, dir } of leftovers.splice(0)) {
    if (running(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('startThrowawayPostgres', () => {
  it('stop() ends the cluster and removes its folder', { timeout: 60_000 }, async () => {
    const cluster = await startThrowawayPostgres();
    const pid = postmasterPid(cluster.dir);
    leftovers.push({ pid, dir: cluster.dir });
    expect(running(pid)).toBe(true);
    cluster.stop();
    expect(running(pid)).toBe(false);
    expect(existsSync(cluster.dir)).toBe(false);
  });

  it('a process killed with SIGKILL leaves no cluster and no folder behind', { timeout: 60_000 }, async () => {
    // A process that starts a cluster and never stops it, as a test harness killed by its runner.
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const owner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        `import { startThrowawayPostgres } from './scripts/machine.ts';
         const cluster = await startThrowawayPostgres();
         console.log(JSON.stringify({ dir: cluster.dir }));
         setInterval(() => undefined, 60_000);`,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => owner.once('exit', resolve));
    let output = '';
    owner.stdout.setEncoding('utf8');
    const started = await new Promise<{ dir: string }>((resolve, reject) => {
      owner.stdout.on('data', (chunk: string) => {
        output += chunk;
        const line = output.split('\n').find((text) => text.startsWith('{'));
        if (line) resolve(JSON.parse(line) as { dir: string });
      });
      owner.once('exit', (code) =>
        reject(new Error(`the owner exited (${code}) before its cluster started: ${output}`)),
      );
    });
    const pid = postmasterPid(started.dir);
    leftovers.push({ pid, dir: started.dir });
    expect(running(pid)).toBe(true);

    owner.kill('SIGKILL');
    await exited;
    expect(await within(20_000, () => !running(pid))).toBe(true);
    expect(await within(5_000, () => !existsSync(started.dir))).toBe(true);
  });
});
