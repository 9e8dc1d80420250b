/**
 * The engine's public types: its options, status, error entries and the engine object itself.
 * sync/index.ts re-exports them; the pieces in this folder share them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection, RxDatabase, RxJsonSchema } from 'rxdb';
import type { Observable } from 'rxjs';
import type { ConflictRecord } from '../meta-store.ts';
import type { FileOutbox, FileOutboxOptions, OutboxItem } from '../outbox/index.ts';
import type { FailureKind } from '../replication/errors.ts';
import type { DocPatch, NewDoc, SyncDoc, TableName } from '../schema/types.ts';

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
  /**
   * Rows per pull request (default 1000, the most the table API answers: a first pull then takes one
   * request per table of up to 1000 rows).
   */
  pullBatchSize?: number;
  /** How many tables make their first full pull at once (default 4); see first-pulls.ts. */
  firstPullConcurrency?: number;
  /** Documents per push cycle (default 1000; each is its own request but runs of identical updates). */
  pushBatchSize?: number;
  /** Wait before retrying a failed pull or push, ms (default 5000; coming online retries at once). */
  retryTime?: number;
  /** Listen to realtime changes (default true). */
  realtime?: boolean;
  /**
   * Public mode: rows kept elsewhere (a visitor's service worker holds every public row), which fill
   * the tables this replica has never pulled in full before it pulls them (engine/kept-rows.ts).
   */
  keptRows?: () => Promise<KeptRows | null>;
  /**
   * The schema of each table's collection (default: `collectionSchema` of sync/schema/rx-schemas.ts);
   * the sync stories open a replica as an earlier build made it, with that build's schemas.
   */
  schemaOf?: (table: TableName) => RxJsonSchema<SyncDoc<TableName>>;
}

/** Rows of public tables kept apart from the replica: rows as the table API answers them, by table. */
export interface KeptRows {
  rows: Partial<Record<TableName, unknown>>;
  /** When they were fetched (ISO). */
  at: string;
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
  /**
   * Every table's first full pull is done (in this browser, for this mode, by any tab): the replica
   * holds every row a page of this mode reads, so the pages work offline from here on.
   */
  offlineReady: boolean;
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
  /**
   * Changes fields of many live documents of one table in one local write (one IndexedDB
   * transaction, one update of the queries that watch the table), as a bulk edit wants: patching
   * them one by one re-runs those queries, and re-renders the page, once per document. Resolves with
   * the ids of the documents that do not exist (or were deleted), which are left out. Admin mode only.
   */
  patchMany<T extends TableName>(
    table: T,
    patches: readonly { id: string; patch: DocPatch<T> }[],
  ): Promise<{ missing: string[] }>;
  /** Deletes a document (a soft delete on the server, which cascades). Admin mode only. */
  remove(table: TableName, id: string): Promise<void>;
  /**
   * Gives up a file the server refused: forgets it (outbox `discard`) and takes its placeholder out
   * of its record (an empty image column, or no gallery image). Admin mode only.
   */
  discardUpload(item: Pick<OutboxItem, 'id' | 'target' | 'localUrl'>): Promise<void>;
  /** Local writes of `table` the server has not accepted yet (the status's pendingChanges, for one table). */
  pendingCount$(table: TableName): Observable<number>;
  /** True once the replica has completed a full pull of `table` (ever, in this browser). */
  initialPull$(table: TableName): Observable<boolean>;
  /**
   * When the replica last completed a first full pull of `table` (ISO), or null when it never has:
   * set again by the first pull of every session that replicates, so a time after a page opened
   * means the table is as fresh as anything the page fetched itself.
   */
  pulledAt$(table: TableName): Observable<string | null>;
  /** Resolves once the replica has completed a full pull of `table` (at once for a returning visitor). */
  awaitInitialPull(table: TableName): Promise<void>;
  /**
   * Pulls these tables (in this order) before the others still waiting for their first full pull,
   * after `events`: the tables the page on screen reads. Tables pulled once already are unaffected.
   */
  prioritize(tables: readonly TableName[]): void;
  /** Pulls (and pushes) everything now; the leading tab does it. */
  resync(): void;
  /**
   * Fills the tables never pulled in full from the kept rows of the options (`keptRows`), now that
   * there are some; the leading tab does it, and it does at once when it starts to lead.
   */
  fillFromKeptRows(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops replicating and closes the database; `removeData` also deletes it from this browser. */
  destroy(options?: { removeData?: boolean }): Promise<void>;
}
