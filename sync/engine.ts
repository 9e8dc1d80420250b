/**
 * The sync engine: an RxDB database on IndexedDB (Dexie storage) with one collection per replicated
 * table, each replicated with the backend through supabase-js (pull by checkpoint, push with
 * optimistic concurrency for admins, realtime changes as a signal to pull), plus what the UI needs
 * around it: a status, the conflict list, refused writes, the first-full-pull flags and the file
 * outbox hook. sync/index.ts is its public face; the pieces live in sync/replication/ and
 * sync/schema/, the side tables in meta-store.ts.
 *
 * Tabs: every tab opens the database (`multiInstance`, so they share IndexedDB and see each other's
 * writes over BroadcastChannel), but only the elected leader replicates, listens to realtime and
 * uploads files. Status, conflicts and refusals live in IndexedDB, so every tab shows the same.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  addRxPlugin,
  createRxDatabase,
  deepEqual,
  getAssumedMasterState,
  type RxCollection,
  type RxConflictHandler,
  type RxDatabase,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import {
  BehaviorSubject,
  Observable,
  combineLatest,
  debounceTime,
  distinctUntilChanged,
  filter,
  firstValueFrom,
  map,
  of,
  shareReplay,
  switchMap,
  type Subscription,
} from 'rxjs';
import type { FileOutbox, FileOutboxOptions, UploadTarget } from './outbox/index.ts';
import { isLocalUrl } from './outbox/local-url.ts';
import { MetaStore, documentKey, type ConflictRecord, type RefusalRecord } from './meta-store.ts';
import { collectionSchema, localColumns, migrationStrategies } from './schema/rx-schemas.ts';
import {
  TABLE_NAMES,
  columnsOf,
  isTableName,
  type DocPatch,
  type NewDoc,
  type SyncDoc,
  type TableName,
} from './schema/types.ts';
import type { PullCheckpoint } from './replication/checkpoint.ts';
import { localField } from './replication/documents.ts';
import { SyncRequestError, isQuotaError, type FailureKind } from './replication/errors.ts';
import { createPullHandler, pulledColumns } from './replication/pull.ts';
import { createPushHandler, type LostEdit, type RefusedWrite } from './replication/push.ts';
import { watchRemoteChanges, type RealtimeState } from './replication/realtime.ts';

/** The collections of the replica, one per replicated table. */
export type SyncCollections = { [T in TableName]: RxCollection<SyncDoc<T>> };
export type SyncDatabase = RxDatabase<SyncCollections>;

/** Builds the file outbox; `createFileOutbox` from sync/outbox is the default. */
export type OutboxFactory = (options: FileOutboxOptions) => FileOutbox;

export interface SyncEngineOptions {
  /** Name of the local database (IndexedDB); use one name per mode, e.g. `cdo-public`, `cdo-admin`. */
  name: string;
  supabaseUrl: string;
  anonKey: string;
  /**
   * 'public': pulls public data with the anon key and never writes (the replica is read-only).
   * 'admin': pulls everything the signed-in user may read and pushes local writes, with `client`.
   */
  mode: 'public' | 'admin';
  /** supabase-js client of the signed-in admin; required in admin mode. Its session authorises every request. */
  client?: SupabaseClient;
  /** File outbox for admin mode (default `createFileOutbox`); false for none. */
  outbox?: OutboxFactory | false;
  /** Rows per pull request (default 200; the table API answers at most 1000). */
  pullBatchSize?: number;
  /** Documents per push cycle (default 25; each is its own request). */
  pushBatchSize?: number;
  /** Wait before retrying a failed pull or push, ms (default 5000; coming online retries at once). */
  retryTime?: number;
  /** Listen to realtime changes (default true). */
  realtime?: boolean;
}

/** Something the user should know went wrong. */
export interface SyncErrorEntry {
  /** Stable key: dismiss a refusal with it. */
  key: string;
  /**
   * 'refused': the server refused a local write for good (kept with its data, see `local`);
   * 'quota': the device's storage is full; 'network' / 'server' / 'auth': retried until it passes.
   */
  kind: FailureKind | 'quota' | 'unknown';
  message: string;
  table?: TableName;
  id?: string;
  /** Postgres / PostgREST error code or HTTP status. */
  code?: string;
  /** The refused local version. */
  local?: Record<string, unknown>;
  /** ISO time. */
  at: string;
}

export interface SyncStatus {
  mode: 'public' | 'admin';
  /** The browser says it is online. */
  online: boolean;
  /** This tab is the one that replicates. */
  leader: boolean;
  /** A pull or push is running (as the leading tab reports it). */
  syncing: boolean;
  /** When the last full round of pulls and pushes ended without errors (ISO), or null. */
  lastSyncedAt: string | null;
  /** Local writes the server has not accepted yet. */
  pendingChanges: number;
  /** Files in the outbox not uploaded yet. */
  pendingUploads: number;
  /** Local versions that lost a conflict and wait for re-apply or dismiss. */
  conflicts: number;
  errors: SyncErrorEntry[];
}

/** A local version that lost against the server (see meta-store.ts). */
export type SyncConflict = ConflictRecord;

export interface SyncEngine {
  readonly mode: 'public' | 'admin';
  readonly db: SyncDatabase;
  readonly collections: SyncCollections;
  /** The file outbox (admin mode), or null. */
  readonly outbox: FileOutbox | null;
  readonly status$: Observable<SyncStatus>;
  /** True while this tab replicates. */
  readonly isLeader$: Observable<boolean>;
  readonly conflicts: {
    /** Lost local versions, oldest first. */
    list$: Observable<SyncConflict[]>;
    /**
     * Writes the lost version's changes (the fields it had changed) on top of the current version:
     * an ordinary local edit that is pushed like any other. Then forgets the conflict.
     */
    reapply(key: string): Promise<void>;
    /** Forgets the lost version. */
    dismiss(key: string): Promise<void>;
  };
  readonly errors: {
    /** Refused writes (kept) and current transient problems. */
    list$: Observable<SyncErrorEntry[]>;
    dismiss(key: string): Promise<void>;
    clear(): Promise<void>;
  };
  /** Inserts a document (an id is made when absent). Admin mode only. */
  insert<T extends TableName>(table: T, doc: NewDoc<T>): Promise<SyncDoc<T>>;
  /** Changes fields of a live document. Admin mode only. */
  patch<T extends TableName>(table: T, id: string, patch: DocPatch<T>): Promise<SyncDoc<T>>;
  /** Deletes a document (a soft delete on the server, which cascades). Admin mode only. */
  remove(table: TableName, id: string): Promise<void>;
  /**
   * The outbox's hook: puts the uploaded file's public URL into the record's column, in place of
   * the outbox placeholder, as an ordinary local write that is pushed. Does nothing when the record
   * is gone or the column no longer holds a placeholder (the admin picked or typed something else).
   */
  applyUploadedUrl(target: UploadTarget, url: string): Promise<void>;
  /** True once the replica has completed a full pull of `table` (ever, in this browser). */
  initialPull$(table: TableName): Observable<boolean>;
  /** Resolves once the replica has completed a full pull of `table` (at once for a returning visitor). */
  awaitInitialPull(table: TableName): Promise<void>;
  /** Pulls (and pushes) everything now; the leading tab does it. */
  resync(): void;
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops replicating and closes the database; `removeData` also deletes it from this browser. */
  destroy(options?: { removeData?: boolean }): Promise<void>;
}

type AnyDoc = Record<string, unknown>;
type Replication = RxReplicationState<SyncDoc<TableName>, PullCheckpoint>;

/** Document state without RxDB's bookkeeping, for comparisons. */
function documentState(doc: AnyDoc): AnyDoc {
  const { _meta: _m, _rev: _r, _attachments: _a, ...rest } = doc;
  return { ...rest, _deleted: Boolean(rest._deleted) };
}

/**
 * The server's version always wins the row (losing local versions are kept by the push handler,
 * which knows why a write lost). Equality is exact, `modified` included, so a newer server stamp is
 * always taken over.
 */
const conflictHandler: RxConflictHandler<AnyDoc> = {
  isEqual: (a, b) => deepEqual(documentState(a), documentState(b)),
  resolve: async (input) => input.realMasterState,
};

let pluginsAdded = false;
function addPlugins(): void {
  if (pluginsAdded) return;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  pluginsAdded = true;
}

function nowIso(): string {
  return new Date().toISOString();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Online state as the browser reports it. */
function online$(): Observable<boolean> {
  return new Observable<boolean>((subscriber) => {
    const update = () => subscriber.next(typeof navigator === 'undefined' ? true : navigator.onLine);
    update();
    if (typeof window === 'undefined') return undefined;
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }).pipe(distinctUntilChanged());
}

/**
 * Opens the local replica and starts replicating it (in the leading tab). See SyncEngineOptions for
 * the modes; a public engine's collections refuse local writes.
 */
export async function createSyncEngine(options: SyncEngineOptions): Promise<SyncEngine> {
  const { mode, name } = options;
  if (mode === 'admin' && !options.client) throw new Error('createSyncEngine: admin mode needs the signed-in client');
  addPlugins();

  // Public data always goes through an anon client of our own, even when someone is signed in
  // (a signed-in non-admin sees no attendee rows through the table: decision 002).
  const ownClient =
    mode === 'public'
      ? createClient(options.supabaseUrl, options.anonKey, {
          auth: {
            persistSession: false,
            autoRefreshToken: false,
            detectSessionInUrl: false,
            storageKey: `sb-sync-${name}`,
          },
        })
      : null;
  const client: SupabaseClient = ownClient ?? options.client!;

  const transient = new BehaviorSubject<Map<string, SyncErrorEntry>>(new Map());
  function reportTransient(kind: SyncErrorEntry['kind'], message: string, table?: TableName): void {
    const next = new Map(transient.value);
    const key = `${kind}:${table ?? '*'}`;
    next.set(key, { key, kind, message, ...(table ? { table } : {}), at: nowIso() });
    transient.next(next);
  }
  function clearTransient(table: TableName): void {
    const next = new Map([...transient.value].filter(([, entry]) => entry.table !== table || entry.kind === 'quota'));
    if (next.size !== transient.value.size) transient.next(next);
  }
  function reportFailure(error: unknown, table?: TableName): void {
    if (isQuotaError(error)) reportTransient('quota', 'The device is out of storage space: ' + messageOf(error), table);
    else if (error instanceof SyncRequestError) reportTransient(error.kind, error.message, table);
    else reportTransient('unknown', messageOf(error), table);
  }
  /** Runs a local write, surfacing a full disk in the status before passing the error on. */
  async function guarded<R>(write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (error) {
      if (isQuotaError(error)) reportFailure(error);
      throw error;
    }
  }

  const meta = new MetaStore(name);
  let db: SyncDatabase;
  try {
    db = await createRxDatabase<SyncCollections>({
      name,
      storage: getRxStorageDexie(),
      multiInstance: true,
      eventReduce: true,
    });
  } catch (error) {
    meta.close();
    throw error;
  }
  let collections: SyncCollections;
  try {
    collections = (await db.addCollections(
      Object.fromEntries(
        TABLE_NAMES.map((table) => [
          table,
          {
            schema: collectionSchema(table),
            migrationStrategies: migrationStrategies(table),
            conflictHandler,
          },
        ]),
      ),
    )) as unknown as SyncCollections;
  } catch (error) {
    // A schema RxDB refuses (DB6: changed without a version bump) or too many open collections.
    await db.close();
    meta.close();
    throw error;
  }

  /** A collection typed loosely, for code that works on every table alike. */
  const anyCollection = (table: TableName) => collections[table] as unknown as RxCollection<AnyDoc>;

  if (mode === 'public') {
    const readOnly = () => {
      throw new Error('The public replica is read-only: writes go through an admin engine');
    };
    for (const table of TABLE_NAMES) {
      const collection = anyCollection(table);
      collection.preInsert(readOnly, false);
      collection.preSave(readOnly, false);
      collection.preRemove(readOnly, false);
    }
  }

  const ownStamps = new Map<string, string>();
  const subscriptions: Subscription[] = [];

  async function keepConflict(lost: LostEdit): Promise<void> {
    await guarded(() =>
      meta.putConflict({
        key: documentKey(lost.table, lost.docId),
        table: lost.table,
        docId: lost.docId,
        local: lost.local,
        server: lost.server,
        base: lost.base,
        fields: lost.fields,
        at: nowIso(),
      }),
    );
  }
  async function keepRefusal(refused: RefusedWrite): Promise<void> {
    await guarded(() =>
      meta.putRefusal({
        key: `${documentKey(refused.table, refused.docId)}:${Date.now().toString(36)}`,
        table: refused.table,
        docId: refused.docId,
        code: refused.code,
        message: refused.message,
        local: refused.local,
        at: nowIso(),
      }),
    );
  }
  async function requireSession(): Promise<void> {
    const { data } = await client.auth.getSession();
    if (!data.session) {
      throw new SyncRequestError('auth', { status: 401, message: 'Not signed in; changes wait' }, 'push');
    }
  }

  const replications = {} as Record<TableName, Replication>;
  for (const table of TABLE_NAMES) {
    const columns = pulledColumns(table, mode);
    const pull = createPullHandler({ table, client, columns, onSuccess: () => clearTransient(table) });
    const push =
      mode === 'admin'
        ? createPushHandler({
            table,
            client,
            columns,
            ownStamps,
            onConflict: keepConflict,
            onRefused: keepRefusal,
            requireSession,
          })
        : null;
    replications[table] = replicateRxCollection<SyncDoc<TableName>, PullCheckpoint>({
      // The mode and the backend are part of the identity: a different one starts from scratch.
      replicationIdentifier: `${mode}:${table}:${options.supabaseUrl}`,
      collection: collections[table] as unknown as RxCollection<SyncDoc<TableName>>,
      deletedField: '_deleted',
      live: true,
      retryTime: options.retryTime ?? 5000,
      waitForLeadership: true,
      autoStart: true,
      // RxDB's own visibility handling would start replicating in any visible tab, leader or not.
      toggleOnDocumentVisible: false,
      pull: {
        batchSize: options.pullBatchSize ?? 200,
        handler: async (checkpoint, batchSize) => {
          try {
            return await pull(checkpoint, batchSize);
          } catch (error) {
            reportFailure(error, table);
            throw error;
          }
        },
      },
      ...(push
        ? {
            push: {
              batchSize: options.pushBatchSize ?? 25,
              handler: async (rows) => {
                try {
                  const answers = await push(rows);
                  clearTransient(table);
                  return answers;
                } catch (error) {
                  reportFailure(error, table);
                  throw error;
                }
              },
            },
          }
        : {}),
    });
    subscriptions.push(
      replications[table].error$.subscribe((error) => {
        if (isQuotaError(error)) reportFailure(error, table);
      }),
    );
  }

  // ---- leadership: only the leading tab replicates ------------------------------------------------
  const isLeader = new BehaviorSubject(false);
  const syncing = new BehaviorSubject(false);
  const cleanups: (() => unknown)[] = [];
  let destroyed = false;

  function resync(): void {
    if (destroyed || !isLeader.value) return;
    for (const table of TABLE_NAMES) replications[table].reSync();
  }

  /** Drops pending entries whose local version the server now has (or that are gone). */
  async function reconcilePending(tables: readonly TableName[] = TABLE_NAMES): Promise<void> {
    if (mode !== 'admin') return;
    for (const table of tables) {
      const entries = await meta.pendingOf(table);
      const state = replications[table].internalReplicationState;
      if (entries.length === 0 || !state) continue;
      const ids = entries.map((entry) => entry.docId);
      const [assumed, fork] = await Promise.all([
        getAssumedMasterState(state, ids),
        anyCollection(table).storageInstance.findDocumentsById(ids, true),
      ]);
      const forkById = new Map(fork.map((doc) => [(doc as AnyDoc).id as string, doc as AnyDoc]));
      const done = entries.filter((entry) => {
        const local = forkById.get(entry.docId);
        if (!local) return true;
        const server = assumed[entry.docId];
        return server
          ? conflictHandler.isEqual(server.docData, local as AnyDoc & { _deleted: boolean }, 'pending')
          : false;
      });
      if (done.length > 0) await meta.deletePending(done.map((entry) => entry.key));
    }
  }

  function lead(): void {
    if (destroyed) return;
    isLeader.next(true);
    const active$ = combineLatest(TABLE_NAMES.map((table) => replications[table].active$)).pipe(
      map((states) => states.some(Boolean)),
      distinctUntilChanged(),
    );
    let cycleFailed = false;
    let wasActive = false;
    subscriptions.push(
      transient.subscribe((entries) => {
        if ([...entries.values()].some((entry) => entry.kind !== 'quota')) cycleFailed = true;
      }),
      active$.subscribe((active) => {
        syncing.next(active);
        void meta.setState('syncing', active).catch(reportFailure);
        if (active) {
          wasActive = true;
          cycleFailed = transient.value.size > 0;
          return;
        }
        // Only the end of a round counts (not the idle state before the first one).
        if (!wasActive) return;
        if (!cycleFailed) void meta.setState('lastSyncedAt', nowIso()).catch(reportFailure);
      }),
      // A write in another tab adds a pending entry after our push may already be done.
      meta
        .pendingCount$()
        .pipe(debounceTime(200))
        .subscribe(() => void reconcilePending().catch(reportFailure)),
    );
    for (const table of TABLE_NAMES) {
      // Once a table's push side is idle, it has pushed what it could (pulls may still be running):
      // drop the pending entries the server now has.
      void replications[table].startPromise.then(() => {
        const up = replications[table].internalReplicationState?.events.active.up;
        if (!up || destroyed) return;
        subscriptions.push(
          up
            .pipe(
              distinctUntilChanged(),
              filter((active) => !active),
            )
            .subscribe(() => void reconcilePending([table]).catch(reportFailure)),
        );
      });
      void replications[table]
        .awaitInitialReplication()
        .then(() => meta.setState(`initialPull:${mode}:${table}`, nowIso()))
        .catch(reportFailure);
    }
    if (options.realtime !== false) {
      const stop = watchRemoteChanges({
        client,
        topic: `sync-${name}`,
        tables: TABLE_NAMES,
        onChange: (table) => replications[table].reSync(),
        onJoined: resync,
        onState: (state: RealtimeState, error) => {
          if (state === 'error') reportTransient('network', `Realtime: ${error?.message ?? 'channel error'}`);
          if (state === 'subscribed') {
            const next = new Map([...transient.value].filter(([key]) => key !== 'network:*'));
            if (next.size !== transient.value.size) transient.next(next);
          }
        },
      });
      cleanups.push(stop);
    }
    if (typeof window !== 'undefined') {
      const onVisible = () => {
        if (document.visibilityState === 'visible') resync();
      };
      window.addEventListener('online', resync);
      document.addEventListener('visibilitychange', onVisible);
      cleanups.push(() => {
        window.removeEventListener('online', resync);
        document.removeEventListener('visibilitychange', onVisible);
      });
    }
  }
  void db.waitForLeadership().then(lead, () => undefined);

  // ---- pending changes: every local write until the server has it ---------------------------------
  if (mode === 'admin') {
    subscriptions.push(
      db.eventBulks$
        .pipe(
          filter(
            (bulk) =>
              !bulk.isLocal &&
              bulk.databaseToken === db.token &&
              !!bulk.collectionName &&
              isTableName(bulk.collectionName) &&
              !bulk.context.startsWith('replication-'),
          ),
        )
        .subscribe((bulk) => {
          const table = bulk.collectionName as TableName;
          const at = nowIso();
          const records = bulk.events.map((event) => ({
            key: documentKey(table, event.documentId),
            table,
            docId: event.documentId,
            at,
          }));
          void guarded(() => meta.addPending(records)).catch(reportFailure);
        }),
    );
  }

  // ---- outbox ------------------------------------------------------------------------------------
  async function applyUploadedUrl(target: UploadTarget, url: string): Promise<void> {
    if (!isTableName(target.table)) throw new Error(`applyUploadedUrl: ${target.table} is not a replicated table`);
    const column = columnsOf(target.table)[target.column];
    if (!column || column.kind !== 'text') {
      throw new Error(`applyUploadedUrl: ${target.table}.${target.column} is not a text column`);
    }
    const doc = await anyCollection(target.table).findOne(target.id).exec();
    if (!doc) return;
    const current = doc.get(target.column) as unknown;
    if (current === url || !isLocalUrl(typeof current === 'string' ? current : null)) return;
    await markPending(target.table, target.id);
    await guarded(() => doc.incrementalPatch({ [target.column]: url }));
  }

  // Loaded only for admins: a visitor's bundle does not carry the outbox.
  const outboxFactory =
    mode !== 'admin' || options.outbox === false
      ? null
      : (options.outbox ?? (await import('./outbox/index.ts')).createFileOutbox);
  const outbox = outboxFactory
    ? outboxFactory({ name, supabase: client, applyUploadedUrl, isLeader$: isLeader.asObservable() })
    : null;
  outbox?.start();

  // ---- status ------------------------------------------------------------------------------------
  const refusalEntries$ = meta.refusals$().pipe(
    map((records: RefusalRecord[]) =>
      records.map((record): SyncErrorEntry => ({
        key: record.key,
        kind: 'refused',
        message: record.message,
        table: record.table,
        id: record.docId,
        code: record.code,
        local: record.local,
        at: record.at,
      })),
    ),
  );
  const errorList$ = combineLatest([refusalEntries$, transient]).pipe(
    map(([refused, current]) => [...refused, ...current.values()]),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  const sharedSyncing$ = isLeader.pipe(
    switchMap((leader) => (leader ? syncing : meta.state$<boolean>('syncing').pipe(map(Boolean)))),
  );
  const status$: Observable<SyncStatus> = combineLatest([
    online$(),
    isLeader,
    sharedSyncing$,
    meta.state$<string>('lastSyncedAt'),
    mode === 'admin' ? meta.pendingCount$() : of(0),
    outbox ? outbox.pending$.pipe(map((items) => items.length)) : of(0),
    meta.conflicts$().pipe(map((list) => list.length)),
    errorList$,
  ]).pipe(
    map(([online, leader, isSyncing, lastSyncedAt, pendingChanges, pendingUploads, conflicts, errors]) => ({
      mode,
      online,
      leader,
      syncing: isSyncing,
      lastSyncedAt: lastSyncedAt ?? null,
      pendingChanges,
      pendingUploads,
      conflicts,
      errors,
    })),
    // One set of live queries however many components watch the status.
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  // ---- writes --------------------------------------------------------------------------------------
  /**
   * Counts a document as waiting before it is written, so that a page closed right after the write
   * cannot lose the count (writes made straight on a collection are counted a moment later, from
   * its change events); the leading tab drops the entry once the server has the document.
   */
  async function markPending(table: TableName, docId: string): Promise<void> {
    if (mode !== 'admin') return;
    await guarded(() => meta.addPending([{ key: documentKey(table, docId), table, docId, at: nowIso() }]));
  }

  function collectionOf<T extends TableName>(table: T): RxCollection<SyncDoc<T>> {
    return collections[table] as RxCollection<SyncDoc<T>>;
  }

  async function insert<T extends TableName>(table: T, doc: NewDoc<T>): Promise<SyncDoc<T>> {
    const data: AnyDoc = { ...doc, id: (doc as { id?: string }).id ?? crypto.randomUUID() };
    // A column left out is NULL on the server: say so locally too (defaults RxDB fills itself).
    for (const [name, column] of localColumns(table)) {
      if (data[name] === undefined && column.nullable && column.default === null) data[name] = null;
    }
    await markPending(table, data.id as string);
    const inserted = await guarded(() => collectionOf(table).insert(data as SyncDoc<T>));
    return inserted.toMutableJSON() as SyncDoc<T>;
  }

  async function patch<T extends TableName>(table: T, id: string, changes: DocPatch<T>): Promise<SyncDoc<T>> {
    const doc = await collectionOf(table).findOne(id).exec();
    if (!doc) throw new Error(`${table} ${id} does not exist (or was deleted)`);
    await markPending(table, id);
    const patched = await guarded(() => doc.incrementalPatch(changes as never));
    return patched.toMutableJSON() as SyncDoc<T>;
  }

  async function remove(table: TableName, id: string): Promise<void> {
    const doc = await anyCollection(table).findOne(id).exec();
    if (!doc) return;
    await markPending(table, id);
    await guarded(() => doc.incrementalRemove());
  }

  // ---- conflicts -----------------------------------------------------------------------------------
  async function reapply(key: string): Promise<void> {
    const record = await meta.getConflict(key);
    if (!record) return;
    const collection = anyCollection(record.table);
    const changes: AnyDoc = {};
    for (const field of record.fields) {
      if (field !== '_deleted') changes[localField(field)] = record.local[localField(field)];
    }
    const deleteIt = record.fields.includes('_deleted') && record.local._deleted === true;
    await markPending(record.table, record.docId);
    const current = await collection.findOne(record.docId).exec();
    if (deleteIt) {
      if (current) await guarded(() => current.incrementalRemove());
    } else if (current) {
      if (Object.keys(changes).length > 0) await guarded(() => current.incrementalPatch(changes));
    } else {
      // Deleted meanwhile: bring it back with the lost changes on top of its last version.
      const [stored] = await collection.storageInstance.findDocumentsById([record.docId], true);
      const { _deleted: _d, ...last } = documentState((stored as AnyDoc | undefined) ?? record.server);
      await guarded(() => collection.upsert({ ...last, ...changes, id: record.docId }));
    }
    await meta.deleteConflict(key);
  }

  // ---- initial pull ------------------------------------------------------------------------------------
  function initialPull$(table: TableName): Observable<boolean> {
    return meta.state$<string>(`initialPull:${mode}:${table}`).pipe(map(Boolean), distinctUntilChanged());
  }

  return {
    mode,
    db,
    collections,
    outbox,
    status$,
    isLeader$: isLeader.asObservable(),
    conflicts: {
      list$: meta.conflicts$(),
      reapply,
      dismiss: (key) => meta.deleteConflict(key),
    },
    errors: {
      list$: errorList$,
      async dismiss(key) {
        if (transient.value.has(key)) {
          const next = new Map(transient.value);
          next.delete(key);
          transient.next(next);
        } else {
          await meta.deleteRefusal(key);
        }
      },
      async clear() {
        transient.next(new Map());
        await meta.clearRefusals();
      },
    },
    insert,
    patch,
    remove,
    applyUploadedUrl,
    initialPull$,
    awaitInitialPull: (table) => firstValueFrom(initialPull$(table).pipe(filter(Boolean))).then(() => undefined),
    resync,
    async pause() {
      await Promise.all(TABLE_NAMES.map((table) => replications[table].pause()));
    },
    async resume() {
      // Only the leading tab replicates; the others resume by becoming the leader.
      if (isLeader.value) await Promise.all(TABLE_NAMES.map((table) => replications[table].start()));
    },
    async destroy(destroyOptions) {
      if (destroyed) return;
      destroyed = true;
      outbox?.stop();
      await Promise.all(cleanups.map((cleanup) => cleanup()));
      for (const subscription of subscriptions) subscription.unsubscribe();
      await Promise.all(TABLE_NAMES.map((table) => replications[table].cancel()));
      if (destroyOptions?.removeData) await db.remove();
      else await db.close();
      if (destroyOptions?.removeData) await meta.remove();
      else meta.close();
      if (ownClient) await ownClient.removeAllChannels();
      isLeader.complete();
      syncing.complete();
      transient.complete();
    },
  };
}
