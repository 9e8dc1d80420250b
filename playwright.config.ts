import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { e2eWorkers, testPort } from './tests/support/ports.ts';
import { HARNESS_AUTH_ENV } from './tests/support/auth-limits.ts';
import { CHROMIUM_ARGS } from './tests/support/chromium-args.ts';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

const workers = e2eWorkers();
const syncPort = testPort('SYNC_HARNESS_PORT');
const syncApiPort = testPort('SYNC_API_PORT');
const syncControlPort = testPort('SYNC_CONTROL_PORT');

/** Projects named on the command line (`--project sync`), so that only their servers start. */
function requestedProjects(): string[] | null {
  const names = process.argv.flatMap((arg, i, all) =>
    arg === '--project' ? [all[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [],
  );
  return names.length > 0 ? names : null;
}

/**
 * The servers of e2e worker `worker` (tests/support/ports.ts): `npm start`'s app server and backend,
 * with data and a build of their own, and fakes of the services outside our control.
 */
function e2eServers(worker: number): WebServer[] {
  const port = testPort('E2E_PORT', worker);
  const fakeServicesPort = testPort('E2E_FAKE_SERVICES_PORT', worker);
  const fakeServicesUrl = `http://127.0.0.1:${fakeServicesPort}`;
  return [
    {
      command: 'npx tsx scripts/start.ts',
      url: `http://localhost:${port}/runtime-config.json`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: {
        PORT: String(port),
        API_PORT: String(testPort('E2E_API_PORT', worker)),
        DATA_DIR: `.test-data/e2e-${port}-${Date.now()}`,
        DIST_DIR: `.test-data/dist-${port}`,
        // npm test builds the app once for all the browser tests and copies it there (scripts/test.ts).
        SKIP_BUILD: process.env.E2E_SKIP_BUILD === '1' ? '1' : '0',
        // The scrape function's profile provider and AI endpoint (backend secrets) and the logo
        // service (run-time setting) are the fakes below.
        LINKEDIN_PROVIDER_URL: fakeServicesUrl,
        LINKEDIN_PROVIDER_KEY: 'e2e-provider-key',
        AI_API_URL: `${fakeServicesUrl}/v1`,
        AI_API_KEY: 'e2e-ai-key',
        AI_MODEL: 'e2e-model',
        LOGO_SERVICE_URL: `${fakeServicesUrl}/logos/{domain}`,
        // Every browser signs in from loopback, many times over: keep the auth limits out of reach.
        ...HARNESS_AUTH_ENV,
      },
    },
    {
      command: 'npx tsx tests/e2e/support/fake-services.ts',
      url: `${fakeServicesUrl}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: { FAKE_SERVICES_PORT: String(fakeServicesPort) },
    },
  ];
}

const servers: Record<string, WebServer[]> = {
  e2e: Array.from({ length: workers }, (_, worker) => e2eServers(worker)).flat(),
  // The sync engine's harness page, its backend and a control server (tests/sync/support/serve.ts).
  sync: [
    {
      command: 'npx tsx tests/sync/support/serve.ts',
      url: `http://127.0.0.1:${syncControlPort}/config`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: {
        SYNC_HARNESS_PORT: String(syncPort),
        SYNC_API_PORT: String(syncApiPort),
        SYNC_CONTROL_PORT: String(syncControlPort),
      },
    },
  ],
};
const requested = requestedProjects();

export default defineConfig({
  fullyParallel: false,
  // A file at a time per worker. The e2e project's workers each have servers of their own
  // (E2E_WORKERS, e2eServers above); the sync stories share one harness, so they run one at a time.
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  // How long a test, and each expectation in it, may wait for what it expects: bounds on waiting, never
  // on speed (the benchmarks measure that). Generous, so that the suite passes on a machine several
  // times slower than a developer's: on a shared CI machine that hands out memory slowly, an admin
  // story that signs in, syncs the back office and runs axe took over 30 s (decision 028). A story
  // that waits for more says so with test.slow() (three times this) or a longer wait of its own.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    // A trace (screenshots of every step) costs the browser a third more CPU on a machine the suite
    // already keeps busy: it is recorded when a failed test runs again (CI retries once).
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'e2e',
      testDir: 'tests/e2e',
      // Each project's own results folder: npm test runs the two projects side by side, and each run
      // empties the folders of its projects when it starts.
      outputDir: 'test-results/e2e',
      testMatch: '**/*.spec.ts',
      // The service worker's install (the whole precache, in every new context) is tested where it
      // matters: the specs of offline use and the PWA allow it (`test.use({ serviceWorkers: 'allow' })`).
      // A worker's own app server: tests/e2e/support/fixtures.ts sets baseURL to it.
      use: { serviceWorkers: 'block' },
    },
    {
      name: 'sync',
      testDir: 'tests/sync',
      outputDir: 'test-results/sync',
      testMatch: '*.spec.ts',
      workers: 1,
      use: { baseURL: `http://localhost:${syncPort}` },
    },
  ],
  webServer: Object.entries(servers)
    .filter(([project]) => !requested || requested.includes(project))
    .flatMap(([, projectServers]) => projectServers),
});
