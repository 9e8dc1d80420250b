/**
 * `npm test`: unit and integration tests on PGlite, the integration tests again on a throwaway
 * PostgreSQL cluster, then the browser tests in Chromium against `npm start`'s servers. It finds
 * what it needs on the machine and, on Debian as root, installs what is missing (chromium,
 * postgresql). It ends with one line `Tests: N passed, N failed` summing every runner.
 *
 * TEST_DATABASES=pglite|postgres|both (both) and TEST_SUITES=unit,integration,e2e (all) narrow a run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, logError } from '../server/log.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databases = (process.env.TEST_DATABASES ?? 'both').split(',');
const suites = (process.env.TEST_SUITES ?? 'unit,integration,e2e').split(',');
const isRoot = process.getuid?.() === 0;
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRuns = 0;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

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
function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Starts a throwaway PostgreSQL cluster (as the postgres user when we are root) and returns its URL. */
async function startPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdo-pg-'));
  const port = await freePort();
  const asUser = (args: string[]) => (isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0]!, args.slice(1)]) as [string, string[]];
  if (isRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), 0);
  const initdb = asUser([path.join(bin, 'initdb'), '-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const init = spawnSync(initdb[0], initdb[1], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = asUser([path.join(bin, 'pg_ctl'), '-D', path.join(dir, 'data'), '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const started = spawnSync(start[0], start[1], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.stderr}\n${readFileSync(path.join(dir, 'log'), 'utf8')}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const stop = asUser([path.join(bin, 'pg_ctl'), '-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      spawnSync(stop[0], stop[1]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Reads a runner's JSON report and adds its counts to the totals. */
function count(reportFile: string, kind: 'vitest' | 'playwright'): void {
  if (!existsSync(reportFile)) return;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  if (kind === 'vitest') {
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else {
    totals.passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    totals.failed += report.stats?.unexpected ?? 0;
    totals.skipped += report.stats?.skipped ?? 0;
  }
  rmSync(reportFile, { force: true });
}

async function vitest(label: string, projects: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  log(`\n=== ${label}`);
  const report = path.join(os.tmpdir(), `vitest-${process.pid}-${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const code = await run('npx', args, env);
  if (code !== 0) failedRuns += 1;
  count(report, 'vitest');
}

try {
  if (suites.includes('unit') || suites.includes('integration')) {
    if (databases.includes('pglite') || databases.includes('both')) {
      const projects = ['unit', 'integration'].filter((p) => suites.includes(p));
      await vitest('unit + integration (PGlite)', projects);
    }
    if (suites.includes('integration') && (databases.includes('postgres') || databases.includes('both'))) {
      const pg = process.env.TEST_DATABASE_URL ? null : await startPostgres();
      try {
        await vitest('integration (PostgreSQL)', ['integration'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? pg!.url });
      } finally {
        pg?.stop();
      }
    }
  }
  if (suites.includes('e2e')) {
    log('\n=== browser tests (Chromium)');
    const report = path.join(os.tmpdir(), `playwright-${process.pid}.json`);
    const code = await run('npx', ['playwright', 'test'], {
      CHROMIUM_PATH: findChromium(),
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    if (code !== 0) failedRuns += 1;
    count(report, 'playwright');
  }
} catch (error) {
  logError(error instanceof Error ? error.message : String(error));
  failedRuns += 1;
}

log(`\nTests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedRuns > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
