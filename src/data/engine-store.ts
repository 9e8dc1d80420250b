/**
 * The one local replica of this tab, opened on demand. A page paints from first-paint reads; the
 * replica is opened once the app has started (src/main.tsx), or at once when a read needs it
 * (offline, or the back office). A visitor's replica runs in a dedicated worker
 * (replica-in-worker.ts), so RxDB, Dexie and supabase-js never load on a visitor's main thread; a
 * browser that cannot run it there runs it in the page, and so does WebKit, where a worker's writes
 * would outlive a page frozen in the back-forward cache (release-storage-on-page-hide.ts). An
 * admin's runs in the page (replica.ts, fetched with `import()`). One replica per tab at a time: RxDB's open edition counts collections
 * across databases, so a visitor's replica is closed before an admin's opens (design.md "Sync").
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';
import { watchReplicaRequests } from './connection.ts';
import { keepUpcomingEventsOffline } from './offline-images.ts';
import { workersKeepStorageWhenFrozen } from './release-storage-on-page-hide.ts';
import type { Replica, ReplicaInPage } from './replica.ts';
import { adminReplicaName, adminReplicaWiped } from './admin-replica-name.ts';
import { storedSession } from './stored-session.ts';

export type ReplicaMode = 'public' | 'admin';

export type ReplicaState =
  | { status: 'idle' }
  | { status: 'opening'; mode: ReplicaMode }
  | { status: 'ready'; mode: 'public'; replica: Replica }
  | { status: 'ready'; mode: 'admin'; replica: ReplicaInPage }
  | { status: 'failed'; mode: ReplicaMode; error: Error };

/**
 * The state before any replica: one object, which is also what server-rendered HTML was rendered with
 * (`idleOnServer`). Were the browser's first snapshot another object, React would re-render every
 * reader of the replica state synchronously right after hydrating the page.
 */
const IDLE: ReplicaState = { status: 'idle' };
let state: ReplicaState = IDLE;
let opening: Promise<Replica | null> | null = null;
/** The mode the latest request asked for; a superseded opening closes what it opened. */
let wanted: { mode: ReplicaMode; client?: SupabaseClient } = { mode: 'public' };
const listeners = new Set<() => void>();

/**
 * The visitor's replica, started before the page follows it (`prepareReplica`): it opens and pulls
 * in its worker while the page loads, and the page takes it over when it asks for a replica.
 */
let prepared: Promise<Replica | null> | null = null;
/** The page asked for the kept public rows before the visitor's replica was open (fillReplicaFromKeptRows). */
let fillWhenOpen = false;

/**
 * Whether the visitor's replica has said it holds a full pull of every table, before the page
 * follows its values (the footer's 'Available offline' need not wait for that).
 */
let offlineReadyInWorker = false;
/** The open replica's requests, watched for what they show of the connection (connection.ts). */
let watching: { unsubscribe(): void } | null = null;

function setState(next: ReplicaState): void {
  watching?.unsubscribe();
  watching = null;
  state = next;
  if (next.status === 'ready') watching = watchReplicaRequests(next.replica.engine.status$);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current replica state (for code outside React). */
export function replicaState(): ReplicaState {
  return state;
}

const idleOnServer = (): ReplicaState => IDLE;

function markOfflineReady(): void {
  if (offlineReadyInWorker) return;
  offlineReadyInWorker = true;
  for (const listener of listeners) listener();
}

/**
 * True once the visitor's replica in its worker holds a full pull of every table, even before the
 * page follows it (then its status says so too). Never on the server.
 */
export function useOfflineReadyInWorker(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offlineReadyInWorker,
    () => false,
  );
}

/** The replica, as React state: re-renders when it opens, fails or changes mode. */
export function useReplicaState(): ReplicaState {
  return useSyncExternalStore(subscribe, replicaState, idleOnServer);
}

/**
 * Whether a replica being closed may be wiped from this browser: an admin's holds personal data
 * (attendee e-mails) that should not stay on a shared device after sign-out, but never at the cost
 * of unsynced work. It is kept while changes, uploads, conflicts or refused writes wait.
 */
function disposable(replica: Replica): Promise<boolean> {
  if (replica.engine.mode !== 'admin') return Promise.resolve(false);
  return new Promise((resolve) => {
    let subscription: { unsubscribe(): void } | null = null;
    let answered: boolean | null = null;
    const answer = (value: boolean) => {
      if (answered !== null) return;
      answered = value;
      clearTimeout(timer);
      subscription?.unsubscribe();
      resolve(value);
    };
    // No status within a moment: keep the data (the safe side).
    const timer = setTimeout(() => answer(false), 2000);
    subscription = replica.engine.status$.subscribe((status) =>
      answer(
        status.pendingChanges === 0 &&
          status.pendingUploads === 0 &&
          status.conflicts === 0 &&
          !status.errors.some((error) => error.kind === 'refused'),
      ),
    );
    if (answered !== null) subscription.unsubscribe();
  });
}

type Settings = Awaited<ReturnType<typeof loadRuntimeConfig>>;

/**
 * The visitor's replica in a worker of its own; null where the browser cannot run it there, or
 * where the worker's storage would outlive a page frozen in the back-forward cache (WebKit:
 * release-storage-on-page-hide.ts).
 */
async function openPublicInWorker(settings: Promise<Settings>): Promise<Replica | null> {
  if (workersKeepStorageWhenFrozen()) return null;
  const [{ supabaseUrl, supabaseAnonKey: anonKey }, inWorker] = await Promise.all([
    settings,
    typeof Worker === 'undefined' ? null : import('./replica-in-worker.ts').catch(() => null),
  ]);
  if (!inWorker) return null;
  try {
    return await inWorker.openReplicaInWorker({
      supabaseUrl,
      anonKey,
      onUpcomingEvents: keepUpcomingEventsOffline,
      onOfflineReady: markOfflineReady,
    });
  } catch {
    // No module workers, or the replica cannot open in one.
    return null;
  }
}

/** The visitor's replica: in a worker where the browser can run it there, else in the page. */
async function openPublic(settings: Promise<Settings>): Promise<Replica> {
  const inWorker = await openPublicInWorker(settings);
  if (inWorker) return inWorker;
  const [{ supabaseUrl, supabaseAnonKey: anonKey }, { openReplica }, { watchUpcomingEventsOffline }] =
    await Promise.all([settings, import('./replica.ts'), import('./upcoming-events-offline.ts')]);
  const replica = await openReplica({ supabaseUrl, anonKey, mode: 'public' });
  // What the worker does for its page: upcoming events kept offline, and offline-ready said.
  const upcoming = watchUpcomingEventsOffline(replica, keepUpcomingEventsOffline);
  const ready = replica.engine.status$.subscribe((status) => {
    if (status.offlineReady) markOfflineReady();
  });
  return {
    reads: replica.reads,
    engine: {
      ...replica.engine,
      async destroy(options) {
        upcoming.unsubscribe();
        ready.unsubscribe();
        await replica.engine.destroy(options);
      },
    },
  };
}

/** The signed-in admin's own replica (admin-replica-name.ts). */
async function openAdmin(settings: Promise<Settings>, client?: SupabaseClient): Promise<ReplicaInPage> {
  const [{ supabaseUrl, supabaseAnonKey: anonKey }, { openReplica }, session] = await Promise.all([
    settings,
    import('./replica.ts'),
    client?.auth.getSession(),
  ]);
  // Offline with an expired token, getSession() answers none: the stored session still says whose
  // replica this is (without it, the plain name, another admin's, would open).
  const name = await adminReplicaName(session?.data.session?.user.id ?? storedSession()?.user.id, localStorage);
  const replica = await openReplica({ supabaseUrl, anonKey, mode: 'admin', name, ...(client ? { client } : {}) });
  return {
    ...replica,
    engine: {
      ...replica.engine,
      async destroy(options) {
        await replica.engine.destroy(options);
        if (options?.removeData) adminReplicaWiped(name, localStorage);
      },
    },
  };
}

/** The prepared replica, if any, now owned by the caller; null when none opened. */
function takePrepared(): Promise<Replica | null> | null {
  const taken = prepared;
  prepared = null;
  return taken;
}

async function open(mode: ReplicaMode, client?: SupabaseClient): Promise<Replica | null> {
  const previous = state.status === 'ready' ? state.replica : null;
  setState({ status: 'opening', mode });
  try {
    if (previous) await previous.engine.destroy({ removeData: await disposable(previous) });
    const settings = loadRuntimeConfig();
    const early = await takePrepared();
    const stale = () => wanted.mode !== mode || wanted.client !== client;
    if (mode === 'admin') {
      await early?.engine.destroy();
      const replica = await openAdmin(settings, client);
      if (stale()) {
        // Signed out, or no admin any more, while it opened: its data goes as it would have had
        // it opened in time (see disposable).
        await replica.engine.destroy({ removeData: wanted.mode !== 'admin' && (await disposable(replica)) });
        return null;
      }
      setState({ status: 'ready', mode, replica });
      return replica;
    }
    const replica = early ?? (await openPublic(settings));
    if (stale()) {
      await replica.engine.destroy();
      return null;
    }
    setState({ status: 'ready', mode, replica });
    if (fillWhenOpen) {
      fillWhenOpen = false;
      replica.engine.fillFromKeptRows();
    }
    return replica;
  } catch (error) {
    setState({ status: 'failed', mode, error: error instanceof Error ? error : new Error(String(error)) });
    return null;
  }
}

/**
 * Starts the visitor's replica in its worker without the page following it yet: it opens and pulls
 * off the main thread while the page settles, and nothing on the page re-renders until
 * `requestReplica` takes it over. Only in a worker (in the page it would hold the main thread).
 * Does nothing once a replica is opening or open.
 */
export function prepareReplica(): void {
  if (state.status !== 'idle' || prepared || opening) return;
  prepared = openPublicInWorker(loadRuntimeConfig())
    .then((replica) => {
      if (replica && fillWhenOpen) {
        fillWhenOpen = false;
        replica.engine.fillFromKeptRows();
      }
      return replica;
    })
    .catch(() => null);
}

/**
 * The service worker now holds every public row (src/lib/public-rows.ts): the visitor's replica,
 * prepared or open, fills the tables it has not pulled yet from them, so that the pages it serves
 * can be read offline before its own pulls are done.
 */
export function fillReplicaFromKeptRows(): void {
  const replica = state.status === 'ready' ? Promise.resolve(state.replica) : prepared;
  if (!replica) {
    // Opening (a read that failed offline has just asked for it), or not started yet (it starts once
    // the page is idle: src/main.tsx): filled as soon as it is open.
    fillWhenOpen = state.status === 'idle' || (state.status === 'opening' && state.mode === 'public');
    return;
  }
  void replica.then((open) => {
    if (open?.engine.mode === 'public') open.engine.fillFromKeptRows();
  });
}

/**
 * Opens the replica in `mode` (the visitor's by default) unless it is open or opening already.
 * Admin mode needs the signed-in admin's client; asking for the other mode closes the current one.
 */
export function requestReplica(mode: ReplicaMode = 'public', client?: SupabaseClient): Promise<Replica | null> {
  const current = state.status === 'ready' || state.status === 'opening' ? state.mode : null;
  if (current === mode && wanted.client === client && opening) return opening;
  wanted = { mode, ...(client ? { client } : {}) };
  const run = (opening ?? Promise.resolve(null)).then(() => open(mode, client));
  opening = run;
  return run;
}
