/**
 * The sync engine: an RxDB database on IndexedDB (Dexie storage) with one collection per replicated
 * table, each replicated with the backend through supabase-js (pull by checkpoint, push with
 * optimistic concurrency for admins, realtime changes as a signal to pull), plus what the UI needs
 * around it: a status, the conflict list, refused writes, the first-full-pull flags and the file
 * outbox hook. sync/index.ts is its public face.
 *
 * This file puts the pieces together; each lives in sync/engine/: the database (database.ts), the
 * replications (replications.ts), leadership among tabs (leadership.ts), pending changes
 * (pending.ts), local writes and conflict re-apply (writes.ts), problems (problems.ts) and the
 * status (status.ts). The side tables are in meta-store.ts, the request handlers in
 * sync/replication/.
 *
 * Tabs: every tab opens the database (`multiInstance`, so they share IndexedDB and see each other's
 * writes over BroadcastChannel), but only the elected leader replicates, listens to realtime and
 * uploads files. Status, conflicts and refusals live in IndexedDB, so every tab shows the same.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { distinctUntilChanged, filter, firstValueFrom, map, of, race, type Observable, type Subscription } from 'rxjs';
import { anonymousReadsWithoutPreflight } from './anonymous-reads.ts';
import { MetaStore, documentKey } from './meta-store.ts';
import { tablesOf, type TableName } from './schema/types.ts';
import { openReplica, removeReplica, type Replica } from './engine/database.ts';
import { leaveDexieReplica } from './engine/replica-databases.ts';
import { followLeadership } from './engine/leadership.ts';
import { trackPendingChanges } from './engine/pending.ts';
import { ProblemLog } from './engine/problems.ts';
import { FIRST_PULL_ORDER, scheduleFirstPulls } from './engine/first-pulls.ts';
import { startReplications } from './engine/replications.ts';
import { fillFromKeptRows } from './engine/kept-rows.ts';
import type { LiveRow } from './replication/live-rows.ts';
import { initialPullKey, syncStatus$ } from './engine/status.ts';
import type { SyncEngine, SyncEngineOptions } from './engine/types.ts';
import { localWrites } from './engine/writes.ts';

export type {
  OutboxFactory,
  SyncCollections,
  SyncConflict,
  SyncDatabase,
  SyncEngine,
  SyncEngineOptions,
  SyncErrorEntry,
  SyncStatus,
} from './engine/types.ts';

/**
 * Public data goes through an anon client of the engine's own, even when someone is signed in. Its
 * pulls go without a CORS preflight (anonymous-reads.ts).
 */
function anonClient(options: SyncEngineOptions): SupabaseClient {
  return createClient(options.supabaseUrl, options.anonKey, {
    global: { fetch: anonymousReadsWithoutPreflight(options.anonKey) },
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `sb-sync-${options.name}`,
    },
  });
}

/**
 * Opens the local replica and starts replicating it (in the leading tab). See SyncEngineOptions for
 * the modes; a public engine's collections refuse local writes.
 */
export async function createSyncEngine(options: SyncEngineOptions): Promise<SyncEngine> {
  const { mode, name } = options;
  const tables = tablesOf(mode);
  if (mode === 'admin' && !options.client) throw new Error('createSyncEngine: admin mode needs the signed-in client');

  // A signed-in non-admin sees no attendee rows through the table (decision 002), so the public
  // replica never uses the signed-in client.
  const ownClient = mode === 'public' ? anonClient(options) : null;
  const client: SupabaseClient = ownClient ?? options.client!;

  const meta = new MetaStore(name);
  const ownStamps = new Map<string, string>();
  let replica: Replica;
  try {
    // Nothing read or deleted (a browser without `indexedDB.databases()`): the old databases stay.
    if (mode === 'public') {
      await leaveDexieReplica(name, () => meta.deleteStates(initialPullKey(mode, ''))).catch(() => undefined);
    }
    replica = await openReplica(name, mode, (table, id) => ownStamps.get(documentKey(table, id)), options.schemaOf);
  } catch (error) {
    meta.close();
    throw error;
  }
  const { db, collections, anyCollection } = replica;
  const problems = new ProblemLog(meta);
  const subscriptions: Subscription[] = [];

  const liveRows = new Map<TableName, LiveRow>();
  const replications = startReplications({
    options,
    client,
    collections,
    meta,
    problems,
    subscriptions,
    ownStamps,
    liveRows,
  });
  const firstPulls = scheduleFirstPulls({
    order: FIRST_PULL_ORDER.filter((table) => tables.includes(table)),
    first: ['events'],
    concurrency: options.firstPullConcurrency ?? 4,
    resume: (table) => void replications[table].start(),
    pull: (table) => {
      const replication = replications[table];
      void replication.start();
      // A failing table keeps retrying on its own; the next one need not wait for it.
      return firstValueFrom(race(replication.awaitInitialReplication(), replication.error$), {
        defaultValue: undefined,
      });
    },
  });
  const { keptRows } = options;
  /**
   * Kept rows fill the tables never pulled (public mode), one fill at a time (the second finds
   * nothing left to do); a failure leaves the tables to the pulls. When this tab starts to lead,
   * only rows kept before this realm began (the page's navigation, or the start of the worker the
   * page made for the replica) fill anything: those of an earlier visit cut short. Rows kept since
   * are this visit's, whose pulls are under way; they fill what is missing once the page asks
   * (offline).
   */
  const startedAt = new Date(performance.timeOrigin).toISOString();
  let filling = Promise.resolve();
  const fillFromKept = (keptBefore?: string): Promise<void> => {
    if (mode !== 'public' || !keptRows) return filling;
    filling = filling.then(() =>
      fillFromKeptRows({
        meta,
        collections,
        insert: replica.insertKeptRows,
        keptRows,
        ...(keptBefore ? { keptBefore } : {}),
      }).then(
        () => undefined,
        () => undefined,
      ),
    );
    return filling;
  };
  const pending = trackPendingChanges({ mode, meta, problems, replications, anyCollection });
  const leadership = followLeadership({
    name,
    mode,
    db,
    client,
    realtime: options.realtime !== false,
    meta,
    problems,
    replications,
    pending,
    subscriptions,
    ownStamps,
    liveRows,
    onLead: async () => {
      const flags = await Promise.all(tables.map((table) => meta.getState(initialPullKey(mode, table)))).catch(
        () => [],
      );
      // Before any pull writes: what a visit of a few seconds kept is readable offline at once.
      await fillFromKept(startedAt);
      firstPulls.start(new Set(tables.filter((_, index) => Boolean(flags[index]))));
      await firstPulls.settled();
    },
  });
  if (mode === 'admin') subscriptions.push(pending.watchLocalWrites(db));
  const writes = localWrites({ collections, anyCollection, meta, pending, problems });

  // Loaded only for admins: a visitor's bundle does not carry the outbox.
  const outboxFactory =
    mode !== 'admin' || options.outbox === false
      ? null
      : (options.outbox ?? (await import('./outbox/index.ts')).createFileOutbox);
  const outbox = outboxFactory
    ? outboxFactory({
        name,
        supabase: client,
        applyUploadedUrl: writes.applyUploadedUrl,
        isLeader$: leadership.isLeader.asObservable(),
      })
    : null;
  outbox?.start();

  const status$ = syncStatus$({ mode, meta, leadership, outbox, errors$: problems.list$ });

  function pulledAt$(table: TableName): Observable<string | null> {
    return meta.state$<string>(initialPullKey(mode, table)).pipe(
      map((at) => at ?? null),
      distinctUntilChanged(),
    );
  }
  function initialPull$(table: TableName): Observable<boolean> {
    return pulledAt$(table).pipe(map(Boolean), distinctUntilChanged());
  }

  let destroyed = false;
  return {
    mode,
    db,
    collections,
    outbox,
    status$,
    isLeader$: leadership.isLeader.asObservable(),
    conflicts: {
      list$: meta.conflicts$(),
      reapply: writes.reapplyConflict,
      dismiss: (key) => meta.deleteConflict(key),
    },
    errors: {
      list$: problems.list$,
      dismiss: (key) => problems.dismiss(key),
      clear: () => problems.clear(),
    },
    insert: writes.insert,
    patch: writes.patch,
    patchMany: writes.patchMany,
    remove: writes.remove,
    async discardUpload(item) {
      await outbox?.discard(item.id);
      await writes.dropPlaceholder(item.target, item.localUrl);
    },
    pendingCount$: (table) => (mode === 'admin' ? meta.pendingCountOf$(table) : of(0)),
    initialPull$,
    pulledAt$,
    awaitInitialPull: (table) => firstValueFrom(initialPull$(table).pipe(filter(Boolean))).then(() => undefined),
    prioritize: (tables) => firstPulls.prioritize(tables),
    resync: leadership.resync,
    fillFromKeptRows: async () => {
      if (leadership.isLeader.value) await fillFromKept();
    },
    async pause() {
      await Promise.all(tables.map((table) => replications[table].pause()));
    },
    async resume() {
      // Only the leading tab replicates; the others resume by becoming the leader.
      if (leadership.isLeader.value) await Promise.all(tables.map((table) => replications[table].start()));
    },
    async destroy(destroyOptions) {
      if (destroyed) return;
      destroyed = true;
      firstPulls.stop();
      outbox?.stop();
      await leadership.stop();
      for (const subscription of subscriptions) subscription.unsubscribe();
      await Promise.all(tables.map((table) => replications[table].cancel()));
      if (destroyOptions?.removeData) await removeReplica(db, name);
      else await db.close();
      if (destroyOptions?.removeData) await meta.remove();
      else meta.close();
      if (ownClient) await ownClient.removeAllChannels();
      leadership.close();
      problems.close();
    },
  };
}
