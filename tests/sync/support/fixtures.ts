/**
 * Fixtures of the sync specs. `backend` is the real local backend seen from the server side (the
 * service role writes and reads rows as another admin's app or a maintenance job would); `openClient`
 * opens the harness page in a fresh browser context (its own JavaScript realm and IndexedDB, as a
 * separate browser would be) and returns a `SyncClient` whose methods read like what a user does.
 * Contexts are closed after each test; every test makes its own rows, so tests do not depend on
 * each other.
 */
import { randomUUID } from 'node:crypto';
import { test as base, expect, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { testPort } from '../../support/ports.ts';
import type { BackendInfo } from './serve.ts';
import type { ClientOptions, SyncDriverApi, SyncStatus, TableName } from './driver.ts';

export { expect };

const controlUrl = `http://127.0.0.1:${testPort('SYNC_CONTROL_PORT')}`;

export async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${controlUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const value = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${value.error}`);
  return value;
}

type Row = Record<string, unknown>;

/** Microseconds since the epoch of a timestamp as Postgres or JavaScript prints it. */
export function microseconds(timestamp: string): bigint {
  const match = /^(.*?\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(timestamp.replace(' ', 'T'));
  if (!match) throw new Error(`not a timestamp: ${timestamp}`);
  const [, seconds, fraction = '', zone = 'Z'] = match;
  const zoneText = zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone;
  return BigInt(Date.parse(`${seconds}${zoneText}`)) * 1000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

/** True when two timestamps name the same microsecond. */
export function sameInstant(a: string, b: string): boolean {
  return microseconds(a) === microseconds(b);
}

/** A backend as the server side sees it: service-role access and user management. */
export class Backend {
  readonly service: SupabaseClient;

  constructor(readonly info: BackendInfo) {
    this.service = createClient(info.url, info.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      ...(globalThis.WebSocket ? {} : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
    });
  }

  async row(table: TableName, id: string): Promise<Row | null> {
    const { data, error } = await this.service.from(table).select('*').eq('id', id).maybeSingle();
    if (error) throw new Error(`read ${table} ${id}: ${error.message}`);
    return data as Row | null;
  }

  async rows(table: TableName, column: string, value: string): Promise<Row[]> {
    const { data, error } = await this.service.from(table).select('*').eq(column, value);
    if (error) throw new Error(`read ${table}: ${error.message}`);
    return data as Row[];
  }

  async insert(table: TableName, row: Row): Promise<Row> {
    const { data, error } = await this.service.from(table).insert(row).select('*').single();
    if (error) throw new Error(`insert ${table}: ${error.message}`);
    return data as Row;
  }

  async update(table: TableName, id: string, changes: Row): Promise<Row> {
    const { data, error } = await this.service.from(table).update(changes).eq('id', id).select('*').single();
    if (error) throw new Error(`update ${table}: ${error.message}`);
    return data as Row;
  }

  /** An event with a unique title, as an admin creates one. */
  createEvent(overrides: Row = {}): Promise<Row> {
    const start = new Date(Date.now() + 30 * 86_400_000);
    return this.insert('events', {
      title: `Sync test event ${randomUUID().slice(0, 8)}`,
      location: 'Lisbon',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
      why_attend: ['Peers', 'Ideas'],
      ...overrides,
    });
  }

  /** A new admin account (so that demoting it leaves the demo admin alone). */
  async createAdmin(): Promise<{ id: string; email: string; password: string }> {
    const email = `sync-admin-${randomUUID().slice(0, 8)}@example.org`;
    const password = `pw-${randomUUID()}`;
    const { data, error } = await this.service.auth.admin.createUser({ email, password, email_confirm: true });
    if (error || !data.user) throw new Error(`create user: ${error?.message}`);
    const { error: roleError } = await this.service.from('user_roles').insert({ user_id: data.user.id, role: 'admin' });
    if (roleError) throw new Error(`grant admin: ${roleError.message}`);
    return { id: data.user.id, email, password };
  }

  async demote(userId: string): Promise<void> {
    const { error } = await this.service.from('user_roles').delete().eq('user_id', userId);
    if (error) throw new Error(`demote: ${error.message}`);
  }
}

/** One browser (context) running the harness page with a sync engine. */
export class SyncClient {
  /** Responses of the harness origin, to serve the page again while offline. */
  private readonly cache = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  readonly restRequests: string[] = [];
  /** The route that serves the page from the cache while offline (see reloadOffline). */
  private offlineRoute: ((route: Route) => Promise<void>) | null = null;

  constructor(
    readonly context: BrowserContext,
    public page: Page,
    readonly options: ClientOptions,
  ) {
    this.watch(page);
  }

  private watch(page: Page): void {
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/')) this.restRequests.push(`${request.method()} ${request.url()}`);
    });
    page.on('response', async (response) => {
      if (!response.url().startsWith(this.options.harnessUrl)) return;
      try {
        this.cache.set(response.url(), {
          status: response.status(),
          headers: response.headers(),
          body: await response.body(),
        });
      } catch {
        // A response without a body (a redirect) is not needed offline.
      }
    });
    page.on('pageerror', (error) => console.log(`[${this.options.name}] page error: ${error.message}`));
  }

  /** Runs a driver method in the page. */
  call<K extends keyof SyncDriverApi>(
    method: K,
    ...args: Parameters<SyncDriverApi[K]>
  ): Promise<Awaited<ReturnType<SyncDriverApi[K]>>> {
    return this.page.evaluate(
      ({ method, args }) => (window.syncDriver[method] as (...a: unknown[]) => unknown)(...args),
      { method, args: args as unknown[] },
    ) as Promise<Awaited<ReturnType<SyncDriverApi[K]>>>;
  }

  async load(): Promise<void> {
    await this.page.goto('/');
    await this.page.waitForSelector('body[data-ready=true]', { state: 'attached' });
  }

  open(): Promise<void> {
    const { harnessUrl: _h, clockOffsetMs: _c, ...options } = this.options;
    return this.call('open', options);
  }

  /**
   * Takes the browser offline. Chromium's offline mode alone lets the odd request through (seen:
   * a PATCH sent right after going offline reached the server), so every request also goes through
   * a route that fails it as offline, except the page's own files, served from what was loaded.
   */
  async goOffline(): Promise<void> {
    await this.context.setOffline(true);
    this.offlineRoute ??= (route: Route) => {
      const url = route.request().url();
      const hit = url.startsWith(this.options.harnessUrl) && this.cache.get(url);
      return hit ? route.fulfill(hit) : route.abort('internetdisconnected');
    };
    await this.context.route('**/*', this.offlineRoute);
  }

  async goOnline(): Promise<void> {
    if (this.offlineRoute) await this.context.unroute('**/*', this.offlineRoute);
    this.offlineRoute = null;
    await this.context.setOffline(false);
  }

  /** Reloads the page while offline (its files come from what was loaded before) and reopens the engine. */
  async reloadOffline(): Promise<void> {
    if (!this.offlineRoute) await this.goOffline();
    // A page whose files come from a route counts as a public site for Chromium, which then asks
    // before the page reaches a loopback address (the local backend); an installed PWA is not asked.
    await this.context.grantPermissions(['local-network-access'], { origin: this.options.harnessUrl });
    await this.page.reload();
    await this.page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await this.open();
  }

  get(table: TableName, id: string) {
    return this.call('get', table, id);
  }

  status(): Promise<SyncStatus> {
    return this.call('status');
  }

  /** Waits until the live document `id` satisfies `check` (null: until it is gone). */
  async waitForDoc(
    table: TableName,
    id: string,
    check: ((doc: Row) => boolean) | null,
    timeout = 15_000,
  ): Promise<void> {
    await expect
      .poll(
        async () => {
          const doc = await this.get(table, id);
          return check === null ? doc === null : doc !== null && check(doc);
        },
        { timeout, intervals: [50, 100, 200], message: `${this.options.name}: ${table} ${id}` },
      )
      .toBe(true);
  }

  /** Waits until nothing is syncing and every local write has been accepted. */
  async settled(): Promise<void> {
    await expect
      .poll(
        async () => {
          const status = await this.status();
          return !status.syncing && status.pendingChanges === 0;
        },
        { timeout: 15_000, intervals: [50, 100, 200], message: `${this.options.name} settles` },
      )
      .toBe(true);
  }
}

export interface Fixtures {
  backend: Backend;
  /** Opens the harness in a new browser context and starts a sync engine there. */
  openClient(
    options?: Partial<Omit<ClientOptions, 'supabaseUrl' | 'anonKey' | 'harnessUrl'>> & { backend?: Backend },
  ): Promise<SyncClient>;
  /** Opens one more tab of a client's browser (same context: same IndexedDB) with the same engine. */
  openTab(client: SyncClient): Promise<SyncClient>;
}

async function newClient(browser: Browser, options: ClientOptions): Promise<SyncClient> {
  const context = await browser.newContext({ baseURL: options.harnessUrl });
  if (options.clockOffsetMs) {
    // A device whose clock is wrong by a fixed amount: Date runs, just shifted.
    await context.addInitScript((offset: number) => {
      const RealDate = Date;
      class ShiftedDate extends RealDate {
        constructor(...args: ConstructorParameters<DateConstructor> | []) {
          if (args.length === 0) super(RealDate.now() + offset);
          else super(...(args as ConstructorParameters<DateConstructor>));
        }
        static override now(): number {
          return RealDate.now() + offset;
        }
      }
      globalThis.Date = ShiftedDate as DateConstructor;
    }, options.clockOffsetMs);
  }
  const page = await context.newPage();
  const client = new SyncClient(context, page, options);
  await client.load();
  await client.open();
  return client;
}

export const test = base.extend<Fixtures, { harness: { primary: BackendInfo; harnessUrl: string } }>({
  // Playwright reads fixture dependencies from the first parameter's destructuring, empty here.
  // eslint-disable-next-line no-empty-pattern
  harness: [async ({}, use) => use(await control('GET', '/config')), { scope: 'worker' }],
  backend: async ({ harness }, use) => use(new Backend(harness.primary)),
  openClient: async ({ browser, harness }, use) => {
    const clients: SyncClient[] = [];
    await use(async (overrides = {}) => {
      const { backend, ...rest } = overrides;
      const info = backend?.info ?? harness.primary;
      const mode = rest.mode ?? 'admin';
      const client = await newClient(browser, {
        name: `sync-${randomUUID().slice(0, 8)}`,
        supabaseUrl: info.url,
        anonKey: info.anonKey,
        harnessUrl: harness.harnessUrl,
        mode,
        ...(mode === 'admin' ? { credentials: info.admin } : {}),
        ...rest,
      });
      clients.push(client);
      return client;
    });
    for (const client of clients) await client.context.close();
  },
  // eslint-disable-next-line no-empty-pattern
  openTab: async ({}, use) => {
    await use(async (client) => {
      const tab = new SyncClient(client.context, await client.context.newPage(), client.options);
      await tab.load();
      await tab.open();
      return tab;
    });
  },
});
