/**
 * `npm test`: unit and integration tests on PGlite, the integration tests again on a throwaway
 * PostgreSQL cluster, then the browser tests in Chromium against `npm start`'s servers and, beside
 * them, the sync engine's browser tests and the stories of tests/engines/ in Firefox ESR and WebKitGTK,
 * then every part of `npm run bench` once in its quick mode (BENCH_QUICK=1, bench/run.ts): a
 * benchmark that no longer runs fails the run. It finds what it needs on the machine and,
 * on Debian as root, installs what is missing (chromium, postgresql, firefox-esr, webkit2gtk-driver,
 * xvfb). It ends with how long each part took, the tests that passed only on their retry (CI
 * retries a browser test once; Vitest retries none), and one line `Tests: N passed, N failed` summing
 * every runner. A test that needed its retry in this run and in the run before it on this machine
 * (.test-data/retried.json) counts as failed: a retry hides a bug once, not twice.
 *
 * TEST_DATABASES=pglite|postgres|both (both) and TEST_SUITES=unit,integration,e2e (all) narrow a run.
 * TEST_BROWSERS=chromium,firefox,webkit (all three) picks the browser engines: Chromium runs the
 * Playwright suite, Firefox ESR and WebKitGTK the stories of tests/engines/ (decision 017).
 *
 * The stress mode shows that the browser tests hold on a busy machine: TEST_REPEAT=<n> runs every
 * browser test and engine story n times, and TEST_LOAD=<n> keeps n processes busy beside them (one
 * per core takes the machine's whole attention away half the time). With either, nothing is
 * retried, so that every failure counts, and the quick benchmarks do not run.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, logError } from '../server/log.ts';
import { E2E_PORT_NAMES, TEST_PORT_DEFAULTS, e2eWorkers, type TestPortName } from '../tests/support/ports.ts';
import { browserVersion, findChromium, firstFreePort, machineSpeed, startThrowawayPostgres } from './machine.ts';
import { generateDemoImages } from './generate-demo-images.ts';
import { ssrDirOf } from './page-template.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databases = (process.env.TEST_DATABASES ?? 'both').split(',');
const suites = (process.env.TEST_SUITES ?? 'unit,integration,e2e').split(',');
const browsers = (process.env.TEST_BROWSERS ?? 'chromium,firefox,webkit').split(',').map((name) => name.trim());
const repeat = Math.max(1, Number.parseInt(process.env.TEST_REPEAT ?? '1', 10) || 1);
const load = Math.max(0, Number.parseInt(process.env.TEST_LOAD ?? '0', 10) || 0);
const stress = repeat > 1 || load > 0;
/** The e2e project's workers, each with servers of its own (tests/support/ports.ts): two unless set. */
const e2eWorkerCount = e2eWorkers(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The browsers the browser tests ran in, for the summary: results differ between their versions. */
const browsersRun: string[] = [];
/** Tests that failed and then passed on their retry: each is a bug to fix, so the summary names them. */
const retried: string[] = [];

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests?: { status?: string; projectName?: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** The tests of a Playwright report that passed only on a retry ('flaky' in its words). */
function flakyOf(suites: PlaywrightSuite[] = [], file = ''): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'flaky')
        .map((test) => `[${test.projectName ?? ''}] ${suite.file ?? file}: ${spec.title}`),
    ),
    ...flakyOf(suite.suites, suite.file ?? file),
  ]);
}
let failedRuns = 0;
/** How long each part took, for the summary. */
const took: string[] = [];
/** The tests that needed their retry in the last run on this machine. */
const RETRIED_FILE = path.join(root, '.test-data', 'retried.json');

/** Runs `part` and notes how long it took under `label`. */
async function timed(label: string, part: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await part();
  } finally {
    took.push(`${label} ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  }
}

/** Runs a command to its end; its output goes to this terminal, or to `outputFile` when given. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, outputFile?: string): Promise<number> {
  return new Promise((resolve) => {
    const output = outputFile ? openSync(outputFile, 'a') : null;
    const child = spawn(command, args, {
      cwd: root,
      stdio: output === null ? 'inherit' : ['ignore', output, output],
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => {
      if (output !== null) closeSync(output);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Reads a runner's JSON report and adds its counts to the totals. */
function count(reportFile: string, kind: 'vitest' | 'playwright' | 'engines'): void {
  if (!existsSync(reportFile)) return;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  if (kind === 'engines') {
    totals.passed += report.passed ?? 0;
    totals.failed += report.failed ?? 0;
    browsersRun.push(...(report.engines ?? []));
    retried.push(...((report.retried ?? []) as string[]));
  } else if (kind === 'vitest') {
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else {
    totals.passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    retried.push(...flakyOf(report.suites));
    totals.failed += report.stats?.unexpected ?? 0;
    totals.skipped += report.stats?.skipped ?? 0;
  }
  rmSync(reportFile, { force: true });
}

async function vitest(label: string, projects: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  log(`\n=== ${label}`);
  const report = path.join(os.tmpdir(), `vitest-${process.pid}-${label.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const code = await run('npx', args, env);
  if (code !== 0) failedRuns += 1;
  count(report, 'vitest');
}

/**
 * The browser tests' ports (tests/support/ports.ts), as environment settings: a default that some
 * other program holds is moved to the next free port, or for an e2e port to the next run of
 * `e2eWorkerCount` free ports (one per worker). A port set in the environment is kept as is.
 */
async function browserTestPorts(): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {};
  const chosen = new Set<number>();
  for (const [name, fallback] of Object.entries(TEST_PORT_DEFAULTS) as [TestPortName, number][]) {
    const count = E2E_PORT_NAMES.includes(name) ? e2eWorkerCount : 1;
    let port = Number(process.env[name] ?? fallback);
    if (!process.env[name]) {
      for (port = await firstFreePort(fallback, chosen); ; port = await firstFreePort(port + 1, chosen)) {
        const run = Array.from({ length: count }, (_, i) => port + i);
        const free = await Promise.all(run.map(async (p) => (await firstFreePort(p, chosen)) === p));
        if (free.every(Boolean)) break;
      }
      if (port !== fallback) log(`Port ${fallback} is in use; ${name}=${port}`);
    }
    env[name] = String(port);
    for (let i = 0; i < count; i += 1) chosen.add(port + i);
  }
  return env;
}

/**
 * The data folders of the e2e servers of earlier runs (`.test-data/e2e-<port>-<time>`, about 40 MB
 * each, two a run), removed in the background unless a server still listens on their port (a run
 * going on beside this one, `npx playwright test` in another terminal). Folders named by an older
 * layout (`e2e-<time>`) go too.
 */
async function removeEarlierE2eData(): Promise<void> {
  const folder = path.join(root, '.test-data');
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    const match = /^e2e-(?:(\d+)-)?\d+$/.exec(name);
    if (!match) continue;
    const port = match[1] ? Number(match[1]) : null;
    if (port !== null && (await firstFreePort(port)) !== port) continue;
    // Beside the tests: a folder of many small files takes a second or two to go.
    void rm(path.join(folder, name), { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * One build of the app for the whole browser phase, instead of one for each e2e worker's server, the
 * engine stories and the benchmarks (about 12 s of CPU each). Each of the first two serves a copy of
 * its own (`copyOfBuild`): a deploy story replaces the files it serves. Removed when this run ends.
 */
async function buildForBrowserTests(): Promise<string> {
  const distDir = path.join(root, '.test-data', `dist-run-${process.pid}`);
  removeWhenDone(distDir);
  await generateDemoImages(path.join(root, 'public/demo'));
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  return distDir;
}

/** Removes the build at `distDir` (its server-side part too) when this run ends, however it ends. */
function removeWhenDone(distDir: string): void {
  process.once('exit', () => {
    for (const dir of [distDir, ssrDirOf(distDir)]) rmSync(dir, { recursive: true, force: true });
  });
}

/** A copy of the build at `target` (its server-side part beside it), in place of what was there. */
function copyOfBuild(distDir: string, target: string): string {
  for (const [from, to] of [
    [distDir, target],
    [ssrDirOf(distDir), ssrDirOf(target)],
  ] as const) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
  return target;
}

/**
 * The browser tests, in two chains side by side: the Playwright suite's e2e project in Chromium,
 * and beside it its sync project, then the stories in Firefox and WebKit (tests/engines). Each has
 * servers and data of its own, and one browser at a time keeps about a core busy, so the two chains
 * share the machine's two cores. The second chain's output is kept in a file and printed when both
 * are done, so that the first one's list reads on.
 */
async function browserPhase(): Promise<void> {
  const chromium = browsers.includes('chromium') ? findChromium() : null;
  if (chromium) await removeEarlierE2eData();
  const ports = chromium ? await browserTestPorts() : {};
  const others = browsers.filter((name) => name !== 'chromium');
  log('\n=== one build of the app for the browser tests');
  let built = '';
  await timed('the build', async () => {
    built = await buildForBrowserTests();
  });
  if (chromium) {
    for (let worker = 0; worker < e2eWorkerCount; worker += 1) {
      copyOfBuild(built, path.join(root, '.test-data', `dist-${Number(ports.E2E_PORT) + worker}`));
    }
  }
  const enginesDist = others.length ? copyOfBuild(built, `${built}-engines`) : null;
  if (enginesDist) removeWhenDone(enginesDist);
  const playwright = (project: string, label: string, outputFile?: string) =>
    timed(label, async () => {
      const report = path.join(os.tmpdir(), `playwright-${process.pid}-${project}.json`);
      const args = ['playwright', 'test', '--project', project, ...(repeat > 1 ? [`--repeat-each=${repeat}`] : [])];
      const code = await run(
        'npx',
        args,
        {
          ...ports,
          ...stressEnv,
          E2E_WORKERS: String(e2eWorkerCount),
          E2E_SKIP_BUILD: '1',
          CHROMIUM_PATH: chromium!,
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        },
        outputFile,
      );
      if (code !== 0) failedRuns += 1;
      count(report, 'playwright');
    });
  const engines = (outputFile?: string) =>
    timed('engine stories', async () => {
      const report = path.join(os.tmpdir(), `engines-${process.pid}.json`);
      const code = await run(
        'npx',
        ['tsx', 'tests/engines/run.ts'],
        { ENGINES_JSON_OUTPUT: report, ENGINES_DIST: enginesDist!, ...stressEnv },
        outputFile,
      );
      if (code !== 0) failedRuns += 1;
      count(report, 'engines');
    });
  // Every part of `npm run bench` once, quickly (bench/run.ts), so that one that stops working fails
  // the run. Its servers take ports the system picks (below them, by the design of
  // tests/support/ports.ts, lie the browser tests' ports) and its build and data go to folders of
  // its own under .test-data/.
  const quickBench = (outputFile?: string) =>
    timed('benchmarks (quick)', async () => {
      if (!outputFile) log('\n=== the quick benchmarks (bench/run.ts)');
      const code = await run('npx', ['tsx', 'bench/run.ts'], { BENCH_QUICK: '1', BENCH_DIST: built }, outputFile);
      // One test in the summary's count: its output names the part that failed.
      if (code === 0) totals.passed += 1;
      else {
        totals.failed += 1;
        failedRuns += 1;
      }
    });

  if (chromium) browsersRun.push(browserVersion(chromium));
  const besideFile = path.join(root, '.test-data', `beside-${process.pid}.log`);
  mkdirSync(path.dirname(besideFile), { recursive: true });
  const beside = [
    ...(chromium ? ['the sync tests in Chromium'] : []),
    ...(others.length ? [`the stories in ${others.join(', ')}`] : []),
    ...(stress ? [] : ['the quick benchmarks']),
  ];
  log(chromium ? `\n=== browser tests (${browsersRun[0]})` : `\n=== stories in ${others.join(', ')} (tests/engines)`);
  if (chromium && beside.length > 0) log(`Beside them, ${beside.join(', then ')}: printed when done (${besideFile})`);
  const besideChain = async () => {
    if (chromium) await playwright('sync', 'sync tests', besideFile);
    if (others.length) await engines(chromium ? besideFile : undefined);
    // The stress mode is about the browser tests on a busy machine: the benchmarks would only add to it.
    if (!stress) await quickBench(chromium ? besideFile : undefined);
  };
  await Promise.all([chromium ? playwright('e2e', 'browser tests') : Promise.resolve(), besideChain()]);
  if (chromium && existsSync(besideFile)) {
    log(`\n=== ${beside.join(', then ')}`);
    process.stdout.write(readFileSync(besideFile));
    rmSync(besideFile, { force: true });
  }
}

/** TEST_LOAD: processes that only keep a core busy, ended with this one. */
const hogs = Array.from({ length: load }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
if (load > 0)
  log(
    `Stress mode: ${load} busy process${load === 1 ? '' : 'es'} beside the tests, each browser test ${repeat} times, no retries`,
  );
process.on('exit', () => hogs.forEach((hog) => hog.kill()));
/** No retry in the stress mode: a test that needs one fails there. */
const stressEnv: NodeJS.ProcessEnv = stress ? { CI: '', TEST_REPEAT: String(repeat) } : {};

// The browser tests' times move with it: a CI run that took twice as long is read beside this line.
const speed = machineSpeed();
log(`This machine: ${speed}, ${os.cpus().length} cores`);

try {
  if (suites.includes('unit') || suites.includes('integration')) {
    if (databases.includes('pglite') || databases.includes('both')) {
      const projects = ['unit', 'integration'].filter((p) => suites.includes(p));
      await timed('unit + integration (PGlite)', () => vitest('unit + integration (PGlite)', projects));
    }
    if (suites.includes('integration') && (databases.includes('postgres') || databases.includes('both'))) {
      const pg = process.env.TEST_DATABASE_URL ? null : await startThrowawayPostgres();
      try {
        await timed('integration (PostgreSQL)', () =>
          vitest('integration (PostgreSQL)', ['integration'], {
            TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? pg!.url,
          }),
        );
      } finally {
        pg?.stop();
      }
    }
  }
  if (suites.includes('e2e')) await browserPhase();
} catch (error) {
  logError(error instanceof Error ? error.message : String(error));
  failedRuns += 1;
}

if (took.length > 0) log(`\nTook: ${took.join(', ')} (this machine: ${speed})`);
const retriedBefore: string[] = existsSync(RETRIED_FILE)
  ? (JSON.parse(readFileSync(RETRIED_FILE, 'utf8')) as string[])
  : [];
if (retried.length > 0) {
  log(`\nPassed only on a retry (each is a bug to fix, not luck): ${retried.length}`);
  for (const name of retried) {
    const again = retriedBefore.includes(name);
    log(`  ${name}${again ? ' (in the run before too: counted as failed)' : ''}`);
    if (again) {
      totals.passed -= 1;
      totals.failed += 1;
    }
  }
} else {
  log('\nNo test needed a retry.');
}
if (suites.includes('e2e')) {
  mkdirSync(path.dirname(RETRIED_FILE), { recursive: true });
  writeFileSync(RETRIED_FILE, JSON.stringify(retried));
}
log(
  `\nTests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}` +
    (browsersRun.length ? ` (browser tests in ${browsersRun.join('; ')})` : ''),
);
process.exit(failedRuns > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
