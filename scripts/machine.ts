/**
 * What the tests and benchmarks need from the machine: a Chromium, a throwaway PostgreSQL
 * cluster, and free ports. On Debian as root, a missing package is installed from Debian's packages.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
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

/** Starts a throwaway PostgreSQL cluster (as the postgres user when we are root) and returns its URL. */
export async function startThrowawayPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdo-pg-'));
  const port = await freePort();
  const asUser = (args: string[]) =>
    (isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0]!, args.slice(1)]) as [string, string[]];
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
    stop() {
      const stop = asUser([path.join(bin, 'pg_ctl'), '-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      spawnSync(stop[0], stop[1]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
