/**
 * The sync harness page: exposes `window.syncDriver`, a small API over sync/index.ts that the
 * Playwright specs call with `page.evaluate` (plain JSON in and out). It reads like what the app
 * does: open the replica as a visitor or an admin, edit, delete, read, look at the status, the
 * conflict list and the refused writes, close and reopen. When the engine has a file outbox,
 * `window.outboxDriver` (the outbox's side, outbox-driver.ts) drives it.
 *
 * The specs' typed view of this API is tests/sync/support/driver.ts (the two TypeScript projects
 * cannot import each other), so a change here goes there too.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection, RxJsonSchema } from 'rxdb';
import { filter, firstValueFrom } from 'rxjs';
import {
  collectionSchema,
  createSyncEngine,
  type DocPatch,
  type NewDoc,
  type SyncConflict,
  type SyncEngine,
  type SyncErrorEntry,
  type SyncDoc,
  type SyncStatus,
  type TableName,
} from '../../../sync/index.ts';
import { fetchEventBySlug, fetchUpcomingEvents } from '../../../sync/first-paint.ts';
import { outboxDriverFor } from './outbox-driver.ts';

export interface OpenOptions {
  name: string;
  supabaseUrl: string;
  anonKey: string;
  mode: 'public' | 'admin';
  /** Admin mode: signs in with these unless a session is stored already (a reload keeps it). */
  credentials?: { email: string; password: string };
  retryTime?: number;
  pullBatchSize?: number;
  /** Public mode: rows kept apart from the replica, as a visitor's service worker keeps them. */
  keptRows?: { rows: Record<string, unknown[]>; at: string };
  /** Collection schemas by table, to open the replica as an earlier build made it (the others: today's). */
  schemas?: Partial<Record<TableName, RxJsonSchema<SyncDoc<TableName>>>>;
}

type Doc = Record<string, unknown>;

let engine: SyncEngine | null = null;
let client: SupabaseClient | null = null;
/** When watched fields took each value (Date.now()), for latency figures. */
const arrivals: { value: unknown; at: number }[] = [];

function current(): SyncEngine {
  if (!engine) throw new Error('no engine: call syncDriver.open() first');
  return engine;
}

function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

async function signedInClient(options: OpenOptions): Promise<SupabaseClient> {
  const signedIn = createClient(options.supabaseUrl, options.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
      storageKey: `harness-${options.name}`,
    },
  });
  const { data } = await signedIn.auth.getSession();
  if (!data.session) {
    if (!options.credentials) throw new Error('admin mode needs credentials');
    const { error } = await signedIn.auth.signInWithPassword(options.credentials);
    if (error) throw new Error(`sign-in failed: ${error.message}`);
  }
  return signedIn;
}

/** Every IndexedDB record and localStorage value of this origin, as text. */
async function dumpBrowserStorage(): Promise<string> {
  const parts: string[] = [];
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(info.name!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const store of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      parts.push(`${info.name}/${store}: ${JSON.stringify(rows)}`);
    }
    db.close();
  }
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i)!;
    parts.push(`localStorage ${key}: ${localStorage.getItem(key)}`);
  }
  return parts.join('\n');
}

const driver = {
  async open(options: OpenOptions): Promise<void> {
    if (engine) throw new Error('an engine is open already');
    client = options.mode === 'admin' ? await signedInClient(options) : null;
    engine = await createSyncEngine({
      name: options.name,
      supabaseUrl: options.supabaseUrl,
      anonKey: options.anonKey,
      mode: options.mode,
      ...(client ? { client } : {}),
      retryTime: options.retryTime ?? 1000,
      ...(options.pullBatchSize ? { pullBatchSize: options.pullBatchSize } : {}),
      ...(options.keptRows ? { keptRows: async () => options.keptRows! } : {}),
      ...(options.schemas ? { schemaOf: (table) => options.schemas?.[table] ?? collectionSchema(table) } : {}),
    });
    if (engine.outbox) window.outboxDriver = outboxDriverFor(engine.outbox);
    engine.status$.subscribe((status) => {
      document.getElementById('status')!.textContent = JSON.stringify(status);
    });
  },
  async close(): Promise<void> {
    await engine?.destroy();
    engine = null;
  },
  async awaitInitialPull(tables: TableName[]): Promise<void> {
    await Promise.all(tables.map((table) => current().awaitInitialPull(table)));
  },
  async insert(table: TableName, doc: Doc): Promise<Doc> {
    return plain(await current().insert(table, doc as NewDoc<TableName>));
  },
  async patch(table: TableName, id: string, changes: Doc): Promise<Doc> {
    return plain(await current().patch(table, id, changes as DocPatch<TableName>));
  },
  async patchMany(table: TableName, patches: { id: string; patch: Doc }[]): Promise<{ missing: string[] }> {
    return current().patchMany(table, patches as { id: string; patch: DocPatch<TableName> }[]);
  },
  async remove(table: TableName, id: string): Promise<void> {
    await current().remove(table, id);
  },
  /** A live document, or null (deleted or never seen). */
  async get(table: TableName, id: string): Promise<Doc | null> {
    const doc = await current().collections[table].findOne(id).exec();
    return doc ? plain(doc.toJSON()) : null;
  },
  async count(table: TableName): Promise<number> {
    return current().collections[table].count().exec();
  },
  async all(table: TableName): Promise<Doc[]> {
    const docs = await current().collections[table].find().exec();
    return docs.map((doc) => plain(doc.toJSON()));
  },
  async status(): Promise<SyncStatus> {
    return plain(await firstValueFrom(current().status$));
  },
  /** Resolves once the status shows nothing syncing and nothing waiting to be pushed. */
  async settled(): Promise<SyncStatus> {
    return plain(await firstValueFrom(current().status$.pipe(filter((s) => !s.syncing && s.pendingChanges === 0))));
  },
  async conflicts(): Promise<SyncConflict[]> {
    return plain(await firstValueFrom(current().conflicts.list$));
  },
  reapply: (key: string) => current().conflicts.reapply(key),
  dismiss: (key: string) => current().conflicts.dismiss(key),
  async errors(): Promise<SyncErrorEntry[]> {
    return plain(await firstValueFrom(current().errors.list$));
  },
  dismissError: (key: string) => current().errors.dismiss(key),
  /** Gives up a file the server refused, as the Sync problems panel's 'Discard' does. */
  async discardUpload(id: string): Promise<void> {
    const engine = current();
    const item = (await firstValueFrom(engine.outbox!.failures$)).find((failed) => failed.id === id);
    if (!item) throw new Error(`no refused file ${id}`);
    await engine.discardUpload(item);
  },
  isLeader: async (): Promise<boolean> => firstValueFrom(current().isLeader$),
  resync: () => current().resync(),
  fillFromKeptRows: () => current().fillFromKeptRows(),
  pulledAt: (table: TableName): Promise<string | null> => firstValueFrom(current().pulledAt$(table)),
  dumpBrowserStorage,
  /** Records every value `field` of a document takes, with the time it arrived here. */
  watch(table: TableName, id: string, field: string): void {
    const collection = current().collections[table] as unknown as RxCollection<Record<string, unknown>>;
    collection.findOne(id).$.subscribe((doc) => {
      if (doc) arrivals.push({ value: doc.get(field) as unknown, at: Date.now() });
    });
  },
  arrivals: () => arrivals,
  /** Reads everything an event page shows from the replica; returns the time it took and what it found. */
  async readEventPage(slug: string): Promise<{ ms: number; rows: number }> {
    const c = current().collections;
    const started = performance.now();
    const event = await c.events.findOne({ selector: { slug } }).exec();
    if (!event) throw new Error(`no event ${slug} in the replica`);
    const byOrder = [{ display_order: 'asc' as const }];
    const [gallery, sponsors, sessions, guests, testimonials, videos] = await Promise.all([
      c.event_gallery.find({ selector: { event_id: event.id }, sort: byOrder }).exec(),
      c.event_sponsors.find({ selector: { event_id: event.id }, sort: byOrder }).exec(),
      c.sessions.find({ selector: { event_id: event.id }, sort: [{ start_time: 'asc' }] }).exec(),
      c.event_attendees.find({ selector: { event_id: event.id } }).exec(),
      c.testimonials.find({ selector: { event_id: event.id }, sort: byOrder }).exec(),
      c.videos.find({ selector: { event_id: event.id }, sort: byOrder }).exec(),
    ]);
    const speakers = await c.session_speakers
      .find({ selector: { session_id: { $in: sessions.map((s) => s.id) } }, sort: byOrder })
      .exec();
    const [sponsorDocs, tierDocs, people] = await Promise.all([
      c.sponsors_library.findByIds(sponsors.map((s) => s.sponsor_id)).exec(),
      c.sponsor_tiers.findByIds(sponsors.map((s) => s.tier_id)).exec(),
      c.attendees.findByIds([...guests.map((g) => g.attendee_id), ...speakers.map((s) => s.attendee_id)]).exec(),
    ]);
    const rows =
      1 +
      gallery.length +
      sponsors.length +
      sessions.length +
      guests.length +
      testimonials.length +
      videos.length +
      speakers.length +
      sponsorDocs.size +
      tierDocs.size +
      people.size;
    return { ms: performance.now() - started, rows };
  },
  /** Times the first-paint reads (no replica): the home page's events and one event page. */
  async firstPaint(
    config: { supabaseUrl: string; anonKey: string },
    slug: string,
  ): Promise<{ upcomingMs: number; eventPageMs: number; events: number }> {
    let started = performance.now();
    const events = await fetchUpcomingEvents(config);
    const upcomingMs = performance.now() - started;
    started = performance.now();
    const page = await fetchEventBySlug(config, slug);
    if (!page) throw new Error(`no event ${slug}`);
    return { upcomingMs, eventPageMs: performance.now() - started, events: events.length };
  },
};

declare global {
  interface Window {
    syncDriver: typeof driver;
  }
}

window.syncDriver = driver;
document.getElementById('status')!.textContent = 'ready';
document.body.dataset.ready = 'true';
