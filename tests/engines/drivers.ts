/**
 * The browser engines beside Chromium, each driven through WebDriver
 * (docs/decisions/017-three-browser-engines.md):
 * - Gecko: Firefox ESR through Puppeteer's WebDriver BiDi support (no geckodriver needed);
 * - WebKit: WebKitGTK's MiniBrowser through its WebKitWebDriver (WebDriver classic, with
 *   selenium-webdriver), on a virtual X display (xvfb-run) when the machine has no display.
 * Both look the same to the stories (stories.ts): open a URL, run a script in the page.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/machine.ts';

export type EngineName = 'firefox' | 'webkit';

export interface EngineSession {
  engine: EngineName;
  /** The browser's own name and version ('Firefox 153.7.0', 'WebKitGTK MiniBrowser 2.50.6'). */
  version: string;
  /** Opens `url` in the page and waits for its load event. */
  goto(url: string): Promise<void>;
  /**
   * Opens `url` in a new tab and closes the tab before it, so that nothing of the earlier page lives
   * on: not its workers, not its connections, not a copy in the back-forward cache.
   */
  newTab(url: string): Promise<void>;
  /**
   * Runs `body`, the body of an async function, in the page and resolves with what it returns
   * (JSON values only). A script that throws rejects with its message.
   */
  run<T>(body: string): Promise<T>;
  /**
   * Picks `files` (paths on this machine) in the file field `selector` matches, as the browser's
   * file chooser does: through the driver, not a script (a script's DataTransfer sets no files in
   * WebKit).
   */
  pickFiles(selector: string, files: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The Firefox ESR this machine has (Debian's firefox-esr), or null. */
export function findFirefox(): string | null {
  return ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((file) => existsSync(file)) ?? null;
}

/** WebKitGTK's WebDriver and MiniBrowser (Debian's webkit2gtk-driver), or null. */
export function findWebKit(): { driver: string; browser: string } | null {
  const driver = ['/usr/bin/WebKitWebDriver'].find((file) => existsSync(file));
  const libDir = '/usr/lib';
  const browser = existsSync(libDir)
    ? readdirSync(libDir)
        .flatMap((arch) =>
          ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0'].map((dir) =>
            path.join(libDir, arch, dir, 'MiniBrowser'),
          ),
        )
        .find((file) => existsSync(file))
    : undefined;
  return driver && browser ? { driver, browser } : null;
}

/** How a session's browser runs. */
export interface SessionOptions {
  /**
   * The zone the browser's clock is in (an IANA name): its process gets it as TZ, which Gecko and
   * WebKitGTK read, as both read the system's zone, through ICU. Else this machine's zone.
   */
  timeZone?: string;
}

/** The environment of a browser process for `options`. */
function browserEnv(options: SessionOptions): NodeJS.ProcessEnv {
  return options.timeZone ? { ...process.env, TZ: options.timeZone } : process.env;
}

/**
 * The wrapper every script runs in: a result, or the error's name, message and stack, never a thrown
 * error across the protocol. WebKit's stacks leave out the message (a bare '@' for a script run over
 * WebDriver), so the message is written first.
 */
function wrapped(body: string): string {
  return `(async () => { ${body} })().then((value) => ({ ok: true, value }), (error) => ({ ok: false, error: error instanceof Object && 'message' in error ? String(error.name) + ': ' + String(error.message) + (error.stack ? ' | ' + String(error.stack) : '') : String(error) }))`;
}

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: string;
}

/**
 * `work`, or an error once `ms` have passed: a browser command can hang for good (a WebDriver call
 * over a navigation in MiniBrowser was seen waiting 18 minutes), and a story must fail instead.
 */
export async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long closing a browser may take before its processes are killed. */
const CLOSE_MS = 15_000;

function unwrap<T>(answer: Answer): T {
  if (!answer.ok) throw new Error(`script failed in the page: ${answer.error}`);
  return answer.value as T;
}

export async function openFirefox(executable: string, options: SessionOptions = {}): Promise<EngineSession> {
  const puppeteer = (await import('puppeteer-core')).default;
  const profile = await mkdtemp(path.join(os.tmpdir(), 'cdo-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: executable,
    headless: true,
    userDataDir: profile,
    env: browserEnv(options),
    extraPrefsFirefox: {
      // Service workers are on in a normal profile; automation profiles need them said explicitly.
      'dom.serviceWorkers.enabled': true,
      'dom.serviceWorkers.testing.enabled': true,
    },
  });
  let page = await browser.newPage();
  const version = (await browser.version()).replace(/^firefox\//i, 'Firefox ');
  return {
    engine: 'firefox',
    version,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    },
    async newTab(url) {
      const before = page;
      page = await browser.newPage();
      await before.close();
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    },
    async run<T>(body: string) {
      return unwrap<T>((await page.evaluate(wrapped(body))) as Answer);
    },
    async pickFiles(selector, files) {
      const field = await page.$(selector);
      if (!field) throw new Error(`no file field ${selector}`);
      await (field as import('puppeteer-core').ElementHandle<HTMLInputElement>).uploadFile(...files);
    },
    async close() {
      await within(browser.close(), CLOSE_MS, 'closing Firefox').catch(() => browser.process()?.kill('SIGKILL'));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until `url` answers (the driver's /status), or throws once `ended` tells why it never will
 * (the driver's process is gone, with what it said).
 */
async function answers(url: string, timeoutMs: number, ended: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    const why = ended();
    if (why !== null) throw new Error(`the driver ended before ${url} answered: ${why}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function openWebKit(
  found: { driver: string; browser: string },
  options: SessionOptions = {},
): Promise<EngineSession> {
  const { Builder, By } = await import('selenium-webdriver');
  const port = await freePort();
  const headless = !process.env.DISPLAY;
  if (headless && spawnSync('which', ['xvfb-run']).status !== 0) {
    throw new Error('WebKitGTK needs a display: install xvfb (Debian: apt-get install xvfb)');
  }
  const command = headless ? 'xvfb-run' : found.driver;
  const args = [...(headless ? ['-a', found.driver] : []), `--port=${port}`];
  // The driver starts the browser, which inherits its environment (the zone among it).
  const driverProcess: ChildProcess = spawn(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    env: browserEnv(options),
  });
  // What the driver (or xvfb-run) last said on stderr, and how it ended, for a start that fails.
  let said = '';
  let ended: string | null = null;
  driverProcess.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-2000);
  });
  driverProcess.on('exit', (code, signal) => {
    ended = `exit ${signal ?? code}${said.trim() ? `: ${said.trim()}` : ''}`;
  });
  const stopDriver = () => {
    try {
      if (driverProcess.pid) process.kill(-driverProcess.pid);
    } catch {
      // Gone already.
    }
  };
  try {
    // Xvfb and the driver start in a second or two; far longer on a machine busy with other work.
    await answers(`http://127.0.0.1:${port}/status`, 90_000, () => ended);
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: found.browser, args: ['--automation'] },
      })
      .build();
    const capabilities = await driver.getCapabilities();
    const version = `WebKitGTK MiniBrowser ${String(capabilities.get('browserVersion') ?? '')}`.trim();
    await driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });
    return {
      engine: 'webkit',
      version,
      async goto(url) {
        await driver.get(url);
      },
      async newTab(url) {
        const before = await driver.getWindowHandle();
        await driver.switchTo().newWindow('tab');
        const opened = await driver.getWindowHandle();
        await driver.switchTo().window(before);
        await driver.close();
        await driver.switchTo().window(opened);
        await driver.get(url);
      },
      async run<T>(body: string) {
        const answer = (await driver.executeAsyncScript(
          `const done = arguments[arguments.length - 1]; ${wrapped(body)}.then(done);`,
        )) as Answer;
        return unwrap<T>(answer);
      },
      async pickFiles(selector, files) {
        // WebDriver's Element Send Keys sets a file field's files to the paths given, one per line.
        await (await driver.findElement(By.css(selector))).sendKeys(files.join('\n'));
      },
      async close() {
        await within(driver.quit(), CLOSE_MS, 'quitting WebKit').catch(() => undefined);
        stopDriver();
      },
    };
  } catch (error) {
    stopDriver();
    throw error;
  }
}
