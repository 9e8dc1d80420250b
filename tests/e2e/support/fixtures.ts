/**
 * Fixtures of the browser tests (tests/e2e), which run against `npm start`'s servers (see
 * playwright.config.ts). `api` is the back office's API as the demo admin, over HTTP with supabase-js:
 * tests create the data they look at with `api.create(table, row)`, and everything created is
 * deleted again when the test ends. `axe(page)` lists serious and critical accessibility violations.
 * `page.goto` and `page.reload` of an app page return once the app has taken the page over (the
 * root marks `html[data-hydrated]`), as a visitor waits for a page to respond: the server's HTML
 * paints first, and its buttons only work once the scripts, started after the load event, have run.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { createClient, type PostgrestError, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { testPort } from '../../support/ports.ts';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-password' };

/**
 * This worker's app server and the backend it talks to (playwright.config.ts starts a set for each
 * e2e worker; tests/support/ports.ts).
 */
export const API_URL = `http://localhost:${testPort('E2E_API_PORT')}`;
export const APP_URL = `http://localhost:${testPort('E2E_PORT')}`;

/**
 * Whether a table API request is a page of the replica's pull: those read in checkpoint order
 * (sync/replication/pull.ts), where the first paint's reads and the service worker's do not.
 */
export function isReplicaPull(url: string): boolean {
  return /^_modified\.asc/.test(new URL(url).searchParams.get('order') ?? '');
}

type Row = Record<string, unknown> & { id: string };

/** The code the server answers a delete of a row still in use with (foreign_key_violation). */
const STILL_IN_USE = '23503';

export interface Api {
  /** A supabase-js client signed in as the demo admin. */
  admin: SupabaseClient;
  anonKey: string;
  /** Inserts a row as the admin and returns it; it is deleted when the test ends. */
  create<T extends object = Row>(table: string, row: Record<string, unknown>): Promise<T & { id: string }>;
  /** Deletes a row now (a soft delete, as the app does). */
  remove(table: string, id: string): Promise<void>;
}

let anonKeyPromise: Promise<string> | undefined;
/** The app's anon key, as its runtime-config.json gives it. */
export function anonKey(): Promise<string> {
  anonKeyPromise ??= fetch(`${APP_URL}/runtime-config.json`)
    .then((response) => response.json() as Promise<{ supabaseAnonKey: string }>)
    .then((config) => config.supabaseAnonKey);
  return anonKeyPromise;
}

/** A unique suffix for names and slugs, so tests never see each other's rows. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An ISO time `days` from now (negative for the past). */
export function daysFromNow(days: number, hour = 9): string {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

/** Waits until no animation or transition runs (endless ones aside) for five frames, at most 3 s. */
async function settled(page: Page): Promise<void> {
  // Colours are checked as they end up: a toast or dialog still fading in has low contrast for a
  // moment (seen on a loaded machine). Endless animations (spinners) are not waited for. Quiet for
  // five frames in a row: a toast's fade starts a frame or two after the toast is added (seen:
  // axe between the two, on a toast's title at opacity 0).
  await page.evaluate(() => {
    (window as { quietFrames?: number }).quietFrames = 0;
  });
  await page
    .waitForFunction(
      () => {
        const quiet = document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
          );
        const state = window as { quietFrames?: number };
        state.quietFrames = quiet ? (state.quietFrames ?? 0) + 1 : 0;
        return state.quietFrames >= 5;
      },
      undefined,
      { timeout: 3000, polling: 'raf' },
    )
    .catch(() => undefined);
}

/** Serious and critical axe violations on the page as it is now, as 'rule: help (targets)'. */
export async function axe(page: Page): Promise<string[]> {
  await settled(page);
  let violations = (await new AxeBuilder({ page }).analyze()).violations;
  // A toast that times out (the sign-in's 'Welcome back!') fades away while axe reads the page, and
  // its fading text has low contrast for a moment (seen on a loaded machine): the contrast of toasts
  // is read again once the page has settled. A toast that stays is judged by that second reading.
  const contrastTargets = violations
    .filter((violation) => violation.id === 'color-contrast')
    .flatMap((violation) => violation.nodes.map((node) => String(node.target[0])));
  const fadingToast =
    contrastTargets.length > 0 &&
    (await page.evaluate(
      (targets) =>
        targets.some((target) => {
          const element = document.querySelector(target);
          return element === null || element.closest('[data-sonner-toast]') !== null;
        }),
      contrastTargets,
    ));
  if (fadingToast) {
    await settled(page);
    violations = (await new AxeBuilder({ page }).analyze()).violations;
  }
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** A control that had keyboard focus during `walkFocus`: its name and where it stood in the window. */
export interface FocusedControl {
  name: string;
  top: number;
  bottom: number;
}

/**
 * Presses `key` (Tab or Shift+Tab) up to `limit` times and lists each control it focused, until focus
 * leaves the page's controls or enters `stopAt` (a CSS selector: a part whose own controls are not
 * the subject, such as a floating banner or the sticky header).
 */
export async function walkFocus(
  page: Page,
  key: 'Tab' | 'Shift+Tab',
  stopAt: string,
  limit: number,
): Promise<FocusedControl[]> {
  const walked: FocusedControl[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(key);
    const focused = await page.evaluate((selector) => {
      const element = document.activeElement;
      if (!element || element === document.body || element.closest(selector)) return null;
      const { top, bottom } = element.getBoundingClientRect();
      const name = (element.textContent || element.getAttribute('aria-label') || element.tagName).trim();
      return { name, top, bottom };
    }, stopAt);
    if (!focused) break;
    walked.push(focused);
  }
  return walked;
}

/** Waits, after a navigation to an app page, until the app has hydrated or rendered it. */
async function untilInteractive(page: Page, response: Awaited<ReturnType<Page['goto']>>): Promise<void> {
  const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
  if (html && new URL(page.url()).origin === APP_URL) {
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
  }
}

/** Tables whose rows nobody deletes, not even the demo admin after a test. */
const APPEND_ONLY_TABLES = new Set(['check_ins']);

/** The demo admin's API client of one worker, and when it signed in. */
interface AdminClient {
  client: SupabaseClient;
  anonKey: string;
  signedInAt: number;
}

/** Signs in again past this age, well before the access token's hour runs out (stress runs take hours). */
const RENEW_AFTER_MS = 30 * 60_000;

async function signInAdminClient(held: AdminClient): Promise<void> {
  const { error } = await held.client.auth.signInWithPassword(DEMO_ADMIN);
  if (error) throw new Error(`demo admin sign-in failed: ${error.message}`);
  held.signedInAt = Date.now();
}

export const test = base.extend<{ api: Api }, { adminClient: AdminClient }>({
  // One sign-in per worker, not per test: each costs the backend a bcrypt comparison.
  adminClient: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const key = await anonKey();
      const client = createClient(API_URL, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        // Node 20 has no global WebSocket, and realtime-js refuses to construct without one.
        ...(globalThis.WebSocket
          ? {}
          : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
      });
      const held: AdminClient = { client, anonKey: key, signedInAt: 0 };
      await signInAdminClient(held);
      await use(held);
      // This client's session only: the browsers of the worker's tests have sessions of their own.
      await client.auth.signOut({ scope: 'local' });
    },
    { scope: 'worker' },
  ],
  baseURL: APP_URL,
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilInteractive(page, response);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilInteractive(page, response);
      return response;
    };
    await use(page);
  },
  api: async ({ adminClient }, use) => {
    if (Date.now() - adminClient.signedInAt > RENEW_AFTER_MS) await signInAdminClient(adminClient);
    const { client: admin, anonKey: key } = adminClient;
    const created: { table: string; id: string }[] = [];
    const remove = async (table: string, id: string) => {
      const { error: deleteError } = await admin.from(table).delete().eq('id', id);
      if (deleteError) throw new Error(`delete ${table} ${id}: ${deleteError.message}`);
    };
    await use({
      admin,
      anonKey: key,
      async create<T extends object = Row>(table: string, row: Record<string, unknown>): Promise<T & { id: string }> {
        const { data, error: insertError } = await admin.from(table).insert(row).select().single();
        if (insertError) throw new Error(`create ${table}: ${insertError.message}`);
        created.push({ table, id: (data as Row).id });
        return data as T & { id: string };
      },
      remove,
    });
    // Newest first, so that rows are removed before the rows they point at. Links the test made in
    // the page are not listed here (an event sponsor attached through the form holds its tier and
    // sponsor), so a row still in use is tried again once the others, its event among them, are gone.
    // The server refuses to delete a sponsor or tier that a live event still uses with 23503
    // (foreign_key_violation, as a foreign key refuses a hard delete); a row still refused so after
    // the second pass is in use by a link the page made, and is left to the next run's data.
    // Check-ins are append-only for everyone (migration 20261128000100): they go with their event,
    // whose soft delete takes them along.
    let left = created
      .reverse()
      .filter((row) => !APPEND_ONLY_TABLES.has(row.table))
      .map((row) => ({ ...row, refusal: null as PostgrestError | null }));
    for (let pass = 0; pass < 2 && left.length > 0; pass += 1) {
      const refused: typeof left = [];
      for (const row of left) {
        const { error: cleanupError } = await admin.from(row.table).delete().eq('id', row.id);
        if (cleanupError) refused.push({ ...row, refusal: cleanupError });
      }
      left = refused;
    }
    const failed = left.find((row) => row.refusal?.code !== STILL_IN_USE);
    if (failed) throw new Error(`delete ${failed.table} ${failed.id}: ${failed.refusal?.message}`);
  },
});

export { expect };
