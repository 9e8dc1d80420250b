/**
 * What the engine keeps beside the replica, in a small Dexie database `<name>-meta` rather than in
 * RxDB collections (the open-source RxDB edition allows about 13 open collections per JavaScript
 * realm, and the 11 replicated tables use most of them):
 * - conflicts: local versions that lost against the server, kept until re-applied or dismissed;
 * - refusals: local writes the server refused for good (row security, a check), with their data;
 * - pending: local writes not yet accepted by the server (the "changes waiting to sync" count);
 * - sent: what the pushes of those writes sent, kept as long as the write is pending, so that the
 *   tab that pushes next can tell its own write on the server from another admin's when the answer
 *   was lost (replication/push.ts);
 * - state: flags shared by every tab (first full pull done per table, last sync time).
 * Dexie's live queries see writes from other tabs too, so every tab shows the same lists, while only
 * the leading tab replicates.
 */
import { Dexie, liveQuery, type EntityTable } from 'dexie';
import { Observable } from 'rxjs';
import { localField } from './replication/documents.ts';
import type { TableName } from './schema/types.ts';

/** A local version that lost a conflict against the server. */
export interface ConflictRecord {
  /** `<table>:<document id>`: one entry per document (a newer loss is merged into an older one). */
  key: string;
  table: TableName;
  docId: string;
  /** The local version that lost. */
  local: Record<string, unknown>;
  /** The server's version that won, as it was at the time. */
  server: Record<string, unknown>;
  /** The server version the local edit started from, when known. */
  base: Record<string, unknown> | null;
  /** Columns the local version had changed that the server's version does not have. */
  fields: string[];
  /** ISO time the conflict was detected. */
  at: string;
}

/** A local write the server refused for good. */
export interface RefusalRecord {
  key: string;
  table: TableName;
  docId: string;
  /** Postgres / PostgREST error code (42501, 23514, ...) or HTTP status. */
  code: string;
  message: string;
  /** The refused local version, kept so nothing typed is lost. */
  local: Record<string, unknown>;
  at: string;
}

export interface PendingRecord {
  /** `<table>:<document id>`. */
  key: string;
  table: TableName;
  docId: string;
  at: string;
}

/** The values the updates of a pending document sent, oldest first (at most `SENT_KEPT`). */
export interface SentRecord {
  /** `<table>:<document id>`, the key of its pending record. */
  key: string;
  writes: Record<string, unknown>[];
}

/** Updates of one document remembered: more only come from a document pushed again and again unanswered. */
const SENT_KEPT = 5;

interface StateRecord {
  key: string;
  value: unknown;
}

class MetaDatabase extends Dexie {
  conflicts!: EntityTable<ConflictRecord, 'key'>;
  refusals!: EntityTable<RefusalRecord, 'key'>;
  pending!: EntityTable<PendingRecord, 'key'>;
  sent!: EntityTable<SentRecord, 'key'>;
  state!: EntityTable<StateRecord, 'key'>;

  constructor(name: string) {
    super(name);
    this.version(2).stores({
      conflicts: 'key, at',
      refusals: 'key, at',
      pending: 'key, table',
      sent: 'key',
      state: 'key',
    });
  }
}

/** A Dexie live query as an RxJS observable (it re-runs when any tab changes what it read). */
function live<T>(query: () => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => subscriber.next(value),
      error: (error: unknown) => subscriber.error(error),
    });
    return () => subscription.unsubscribe();
  });
}

/**
 * One entry for two losses of the same row: the later one, with the fields only the earlier one had
 * changed and their lost values beside them, so that nothing the admin wrote is dropped and
 * re-applying brings back both edits. A lost delete is not carried over: the later edit is what
 * the admin did last.
 */
function mergeConflicts(earlier: ConflictRecord, later: ConflictRecord): ConflictRecord {
  const onlyEarlier = earlier.fields.filter((field) => field !== '_deleted' && !later.fields.includes(field));
  const local = { ...later.local };
  for (const field of onlyEarlier) local[localField(field)] = earlier.local[localField(field)];
  return { ...later, local, fields: [...onlyEarlier, ...later.fields] };
}

export function documentKey(table: TableName, docId: string): string {
  return `${table}:${docId}`;
}

/** The engine's side tables; see the module comment. */
export class MetaStore {
  private readonly db: MetaDatabase;

  constructor(name: string) {
    this.db = new MetaDatabase(`${name}-meta`);
  }

  readonly conflicts$ = (): Observable<ConflictRecord[]> => live(() => this.db.conflicts.orderBy('at').toArray());
  readonly refusals$ = (): Observable<RefusalRecord[]> => live(() => this.db.refusals.orderBy('at').toArray());
  readonly pendingCount$ = (): Observable<number> => live(() => this.db.pending.count());
  /** Local writes of one table the server has not accepted yet, live. */
  readonly pendingCountOf$ = (table: TableName): Observable<number> =>
    live(() => this.db.pending.where('table').equals(table).count());
  readonly state$ = <T>(key: string): Observable<T | undefined> =>
    live(async () => (await this.db.state.get(key))?.value as T | undefined);
  /** Keys of the state records that start with `prefix`, live (one query for a family of flags). */
  readonly stateKeys$ = (prefix: string): Observable<string[]> =>
    live(async () => (await this.db.state.where('key').startsWith(prefix).primaryKeys()) as string[]);

  /**
   * Keeps a lost local version. When the row lost before and the admin has not dealt with it yet,
   * its entry takes the newer loss and keeps what only the older one changed (`mergeConflicts`).
   */
  async putConflict(record: ConflictRecord): Promise<void> {
    await this.db.transaction('rw', this.db.conflicts, async () => {
      const earlier = await this.db.conflicts.get(record.key);
      await this.db.conflicts.put(earlier ? mergeConflicts(earlier, record) : record);
    });
  }

  getConflict(key: string): Promise<ConflictRecord | undefined> {
    return this.db.conflicts.get(key);
  }

  async deleteConflict(key: string): Promise<void> {
    await this.db.conflicts.delete(key);
  }

  /**
   * Puts an uploaded file's URL in place of its placeholder in the kept versions of one document
   * (its conflict entry and its refusals), so that re-applying or re-typing one brings the photo
   * back, not a placeholder nobody can resolve. Returns whether any kept version held it.
   */
  async replaceKeptUrl(docKey: string, field: string, placeholder: string, url: string): Promise<boolean> {
    const name = localField(field);
    return this.db.transaction('rw', this.db.conflicts, this.db.refusals, async () => {
      const conflicts = await this.db.conflicts.where('key').equals(docKey).toArray();
      const refusals = await this.db.refusals.where('key').startsWith(`${docKey}:`).toArray();
      const holding = (record: { local: Record<string, unknown> }) => record.local[name] === placeholder;
      const swapped = <R extends { local: Record<string, unknown> }>(record: R): R => ({
        ...record,
        local: { ...record.local, [name]: url },
      });
      await this.db.conflicts.bulkPut(conflicts.filter(holding).map(swapped));
      await this.db.refusals.bulkPut(refusals.filter(holding).map(swapped));
      return conflicts.some(holding) || refusals.some(holding);
    });
  }

  async putRefusal(record: RefusalRecord): Promise<void> {
    await this.db.refusals.put(record);
  }

  async deleteRefusal(key: string): Promise<void> {
    await this.db.refusals.delete(key);
  }

  async clearRefusals(): Promise<void> {
    await this.db.refusals.clear();
  }

  async addPending(records: PendingRecord[]): Promise<void> {
    await this.db.pending.bulkPut(records);
  }

  /** Drops pending entries, and what their pushes sent. */
  async deletePending(keys: string[]): Promise<void> {
    await this.db.transaction('rw', this.db.pending, this.db.sent, async () => {
      await this.db.pending.bulkDelete(keys);
      await this.db.sent.bulkDelete(keys);
    });
  }

  /** Adds what writes are about to send, each to what earlier writes of its document sent. */
  async rememberSent(writes: readonly { key: string; values: Record<string, unknown> }[]): Promise<void> {
    await this.db.transaction('rw', this.db.sent, async () => {
      const keys = writes.map((write) => write.key);
      const known = new Map<string, Record<string, unknown>[]>();
      for (const record of await this.db.sent.bulkGet(keys)) if (record) known.set(record.key, record.writes);
      for (const { key, values } of writes) known.set(key, [...(known.get(key) ?? []), values].slice(-SENT_KEPT));
      await this.db.sent.bulkPut([...known].map(([key, sent]) => ({ key, writes: sent })));
    });
  }

  /** What inserts and updates of a pending document sent, oldest first. */
  async sentWrites(key: string): Promise<Record<string, unknown>[]> {
    return (await this.db.sent.get(key))?.writes ?? [];
  }

  async hasPending(key: string): Promise<boolean> {
    return (await this.db.pending.get(key)) !== undefined;
  }

  pendingOf(table: TableName): Promise<PendingRecord[]> {
    return this.db.pending.where('table').equals(table).toArray();
  }

  async setState(key: string, value: unknown): Promise<void> {
    await this.db.state.put({ key, value });
  }

  /** Deletes the state records whose keys start with `prefix` (a family of flags). */
  async deleteStates(prefix: string): Promise<void> {
    await this.db.state.where('key').startsWith(prefix).delete();
  }

  async getState<T>(key: string): Promise<T | undefined> {
    return (await this.db.state.get(key))?.value as T | undefined;
  }

  close(): void {
    this.db.close();
  }

  /** Deletes the whole side database (after close). */
  async remove(): Promise<void> {
    this.db.close();
    await Dexie.delete(this.db.name);
  }
}
