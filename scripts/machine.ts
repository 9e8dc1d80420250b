/**
 * What the tests and benchmarks need from the machine: a Chromium, a throwaway PostgreSQL
 * cluster, and free ports. On Debian as root, a missing package is installed from Debian's packages.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { log } from '../server/log.ts';

const isRoot = process.getuid?.() === 0;

function aptInstall(pkg: string): void {
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`${pkg} is missing; install it (Debian: apt-get install ${pkg})`);
  }
  log(`Installing ${pkg} from Debian's packages...`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`apt-get install ${pkg} failed`);
}

/** Installs Debian's `pkg` unless `file` is there already (as root on Debian; otherwise says what to install). */
export function installPackage(pkg: string, file?: string): void {
  if (file && existsSync(file)) return;
  aptInstall(pkg);
}

/** A Chromium for Playwright: CHROMIUM_PATH, the system's, or Debian's package installed now. */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  aptInstall('chromium');
  return '/usr/bin/chromium';
}

/** The browser's name and version as it prints them ('Chromium 156.0.8078.79 ...'), or its path. */
export function browserVersion(executable: string): string {
  const answer = spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return answer.status === 0 && answer.stdout.trim() ? answer.stdout.trim() : executable;
}

function findPostgresBin(): string {
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [
    fromPath.status === 0 ? fromPath.stdout.trim() : undefined,
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
  ];
  const found = candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')));
  if (found) return found;
  aptInstall('postgresql');
  return findPostgresBin();
}

/** Listens on `port` of 127.0.0.1 (0: one the system picks) and closes again; resolves to the port. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/** A port of 127.0.0.1 that nothing listens on now, picked by the system. */
export function freePort(): Promise<number> {
  return listenOnce(0);
}

/** `from`, or the first port after it that a server can listen on now and `taken` does not hold. */
export async function firstFreePort(from: number, taken: ReadonlySet<number> = new Set()): Promise<number> {
  for (let port = from; port < from + 100; port += 1) {
    if (taken.has(port)) continue;
    try {
      return await listenOnce(port);
    } catch {
      // In use: try the next one.
    }
  }
  throw new Error(`no free port in ${from}–${from + 99}`);
}

/**
 * Stops the cluster and removes `dir` once this process has ended, however it ended (kill -9
 * included). Playwright ends its web servers by killing their process group, so a harness's own
 * `stop()` never runs, and `pg_ctl start` puts the postmaster in a session of its own, so it would
 * outlive them. The watcher is a shell in a session of its own too, blocked reading a pipe whose
 * write end only this process holds (libuv opens it close-on-exec, so no child inherits it): when
 * this process dies, the kernel closes that end, the read returns and the shell runs `stopCommand`
 * and removes the folder. Returns the watcher, for `stop()` to end once it has cleaned up itself.
 */
function reapWhenThisProcessEnds(dir: string, stopCommand: [string, string[]]): { kill(): void } {
  const script = 'dir=$1; shift; read -r _; "$@" >/dev/null 2>&1; rm -rf "$dir"';
  const watcher = spawn('sh', ['-c', script, 'pg-reaper', dir, stopCommand[0], ...stopCommand[1]], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the watcher nor our end of its pipe may keep this process alive.
  watcher.unref();
  (watcher.stdin as unknown as Socket).unref();
  return { kill: () => watcher.kill() };
}

/** A throwaway PostgreSQL cluster: its URL, its folder (data, socket, log) and how to end it. */
export interface ThrowawayPostgres {
  url: string;
  /** Removed by `stop()`, or by a watcher once the process that started the cluster has ended. */
  dir: string;
  stop(): void;
}

/**
 * Starts a throwaway PostgreSQL cluster (as the postgres user when we are root) in a fresh folder of
 * the system's temporary directory. `stop()` ends it and removes the folder; should this process end
 * without calling it (killed, or a test runner ending its web servers abruptly), a detached watcher
 * does the same.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdo-pg-'));
  const port = await freePort();
  const asUser = (args: string[]) =>
    (isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0]!, args.slice(1)]) as [string, string[]];
  const stopCommand = asUser([path.join(bin, 'pg_ctl'), '-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
  // Watching from the start: a failed initdb or start leaves nothing behind either.
  const reaper = reapWhenThisProcessEnds(dir, stopCommand);
  if (isRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), 0);
  const initdb = asUser([
    path.join(bin, 'initdb'),
    '-D',
    path.join(dir, 'data'),
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
  ]);
  const init = spawnSync(initdb[0], initdb[1], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = asUser([
    path.join(bin, 'pg_ctl'),
    '-D',
    path.join(dir, 'data'),
    '-o',
    options,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  const started = spawnSync(start[0], start[1], { encoding: 'utf8' });
  if (started.status !== 0)
    throw new Error(`PostgreSQL did not start: ${started.stderr}\n${readFileSync(path.join(dir, 'log'), 'utf8')}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop() {
      spawnSync(stopCommand[0], stopCommand[1]);
      rmSync(dir, { recursive: true, force: true });
      reaper.kill();
    },
  };
}

/**
 * How fast this machine is at what the browsers lean on: handing out new memory (a shared virtual
 * machine that gives freed memory back to its host at once takes many times longer per page than a
 * quiet one: 3.3-3.8 s per GiB against under half a second), and plain computing. Printed where test
 * times and benchmark figures are, which move with it.
 */
export function machineSpeed(): string {
  const memoryStarted = performance.now();
  const block = Buffer.allocUnsafe(256 * 1024 * 1024);
  for (let offset = 0; offset < block.length; offset += 4096) block[offset] = 1;
  const secondsPerGiB = ((performance.now() - memoryStarted) * 4) / 1000;
  const computeStarted = performance.now();
  let value = 0;
  for (let i = 0; i < 100_000_000; i += 1) value = (value * 31 + i) | 0;
  const computeMs = performance.now() - computeStarted;
  return (
    `new memory ${secondsPerGiB.toFixed(2)} s per GiB, 10^8 steps of arithmetic ${computeMs.toFixed(0)} ms` +
    // The arithmetic's result, so that no compiler leaves the loop out; it is never this.
    (value === 1 ? '.' : '')
  );
}
