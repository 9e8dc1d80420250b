/**
 * The visitor's replica storage: every document in memory, each write kept in IndexedDB as one
 * record (docs/decisions/039-a-write-log-for-the-visitors-replica.md).
 *
 * RxDB's Dexie storage keeps a record per document: a first full pull of 8,000 rows costs 8,000
 * `put` requests, each serialised, cloned again to read its keys, and written with two index
 * entries by the browser's storage process. A visitor's replica is written by its pulls alone, in
 * bulks of up to a thousand rows, and read whole by the pages. So here a collection lives in RxDB's
 * memory storage (which answers every read and query), and each bulk write is kept as one record of
 * the documents it wrote, in a store with no key path and no index. Opening reads the records back
 * in order, the later version of a document winning; when a collection has gathered many records,
 * the opening tab rewrites them as a few pages of the current documents, in the same transaction.
 *
 * A write is kept before it is taken: the documents reach IndexedDB, then memory and the change
 * stream. A write that cannot be kept (the device is full) changes nothing and fails, as it would in
 * IndexedDB.
 *
 * Tabs and workers of the site each hold their own copy in memory. Each kept write is posted on a
 * BroadcastChannel of the collection, and every other copy takes the documents it holds an older
 * version of (or none), so the other tabs' queries see the leading tab's pulls as before.
 */
import { categorizeBulkWriteRows, getPrimaryFieldOfPrimaryKey } from 'rxdb';
import type {
  BulkWriteRow,
  EventBulk,
  RxDocumentData,
  RxStorage,
  RxStorageBulkWriteResponse,
  RxStorageChangeEvent,
  RxStorageCountResult,
  RxStorageDefaultCheckpoint,
  RxStorageInstance,
  RxStorageInstanceCreationParams,
  RxStorageQueryResult,
  PreparedQuery,
} from 'rxdb';
import {
  createMemoryStorageInstance,
  getMemoryCollectionKey,
  type MemoryStorageInternals,
  type RxStorageInstanceMemory,
  type RxStorageMemory,
} from 'rxdb/plugins/storage-memory';
import { RXDB_VERSION } from 'rxdb/plugins/utils';
import type { Observable } from 'rxjs';
import { deleteDatabase } from './replica-databases.ts';

/** The one store of each collection's database: a record per write, keys in write order. */
const STORE = 'writes';
/** Records that make a collection's log rewritten as pages when a tab opens it. */
export const COMPACT_AFTER = 64;
/** Documents per record when a log is rewritten. */
const PAGE_SIZE = 1000;

/** RxDB's database and collection names make the IndexedDB database of a collection's log. */
export function logDatabaseName(databaseName: string, collectionName: string, schemaVersion: number): string {
  return `rxdb-log-${databaseName}--${schemaVersion}--${collectionName}`;
}

type Doc = RxDocumentData<Record<string, unknown>>;

/** A record of the log: the documents a write wrote; `removed`, ids a cleanup dropped. */
interface LogRecord {
  docs: Doc[];
  removed?: string[];
}

/** What a tab posts to the others after keeping a write. */
interface Posted {
  docs: Doc[];
  context: string;
}

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new DOMException('The write was aborted', 'AbortError'));
  });
}

function openLog(name: string): Promise<IDBDatabase> {
  const request = indexedDB.open(name, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { autoIncrement: true });
  return requestDone(request).then((database) => {
    // Another tab deleting the database (a removed collection) is not kept waiting.
    database.onversionchange = () => database.close();
    return database;
  });
}

/** Keeps one record (documents written, or ids removed) at the end of the log. */
async function append(database: IDBDatabase, record: LogRecord): Promise<void> {
  const transaction = database.transaction(STORE, 'readwrite');
  transaction.objectStore(STORE).add(record);
  await transactionDone(transaction);
}

/**
 * Reads a log: the current version of each document, in order of first write. A long log is
 * rewritten as pages of them in the same transaction, so no write another tab keeps meanwhile is lost.
 */
async function readLog(database: IDBDatabase, primaryPath: string): Promise<Doc[]> {
  const transaction = database.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  const records = await requestDone(store.getAll() as IDBRequest<LogRecord[]>);
  const docs = new Map<string, Doc>();
  for (const record of records) {
    for (const doc of record.docs) docs.set(String(doc[primaryPath]), doc);
    for (const id of record.removed ?? []) docs.delete(id);
  }
  const current = [...docs.values()];
  if (records.length > COMPACT_AFTER) {
    store.clear();
    for (let start = 0; start < current.length; start += PAGE_SIZE) {
      store.add({ docs: current.slice(start, start + PAGE_SIZE) } satisfies LogRecord);
    }
  }
  await transactionDone(transaction);
  return current;
}

/** What the instances of one collection in this realm share: the copy in memory, the log, the channel. */
interface Shared {
  key: string;
  /** The memory storage's key of the collection's state. */
  memoryKey: string;
  users: number;
  /** Writes one at a time: each is checked against what the writes before it left. */
  queue: Promise<unknown>;
  /** The instance that loads the log and takes the other tabs' writes. */
  memory: RxStorageInstanceMemory<Record<string, unknown>>;
  database: IDBDatabase;
  channel: BroadcastChannel | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- RxDB types a storage's internals per document type
export interface WriteLogStorage extends RxStorage<MemoryStorageInternals<any>, object> {
  name: 'write-log';
}

/**
 * An RxDB storage that keeps collections in memory and their writes in IndexedDB, one record per
 * write (see the module comment).
 */
export function getRxStorageWriteLog(): WriteLogStorage {
  /** The memory storage these instances are made from, with state of its own (not RxDB's shared one). */
  const memoryStorage: RxStorageMemory = {
    name: 'memory',
    rxdbVersion: RXDB_VERSION,
    collectionStates: new Map(),
    createStorageInstance: () => Promise.reject(new Error('Instances are made by the write-log storage')),
  };
  const shared = new Map<string, Promise<Shared>>();

  async function openShared<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, object>): Promise<Shared> {
    const key = logDatabaseName(params.databaseName, params.collectionName, params.schema.version);
    const primaryPath = String(getPrimaryFieldOfPrimaryKey(params.schema.primaryKey));
    const database = await openLog(key);
    const memory = (await createMemoryStorageInstance(
      memoryStorage,
      params as unknown as RxStorageInstanceCreationParams<Record<string, unknown>, object>,
      {},
    )) as RxStorageInstanceMemory<Record<string, unknown>>;
    const memoryKey = getMemoryCollectionKey(params.databaseName, params.collectionName, params.schema.version);
    const state: Shared = { key, memoryKey, users: 0, queue: Promise.resolve(), memory, database, channel: null };
    try {
      // Listening before reading: a write kept after the read is heard, one kept before is in the read.
      const heard: Posted[] = [];
      let loaded = false;
      // A write that cannot be taken (this copy closed meanwhile) is read from the log at the next open.
      const take = (posted: Posted) =>
        void serially(state, () => takeOthersWrite(state, primaryPath, posted)).catch(() => undefined);
      if (params.multiInstance && typeof BroadcastChannel !== 'undefined') {
        state.channel = new BroadcastChannel(key);
        state.channel.onmessage = (event: MessageEvent<Posted>) => {
          if (loaded) take(event.data);
          else heard.push(event.data);
        };
      }
      const docs = await readLog(database, primaryPath);
      if (docs.length > 0) {
        await memory.bulkWrite(
          docs.map((document) => ({ document })),
          'write-log-open',
        );
      }
      loaded = true;
      for (const posted of heard) take(posted);
      return state;
    } catch (error) {
      letGo(state);
      throw error;
    }
  }

  /** Closes what a collection's instances shared; a later open reads the log again (others may write meanwhile). */
  function letGo(state: Shared): void {
    state.channel?.close();
    state.database.close();
    void state.memory.close();
    memoryStorage.collectionStates.delete(state.memoryKey);
  }

  function release(state: Shared): void {
    state.users -= 1;
    if (state.users > 0) return;
    shared.delete(state.key);
    letGo(state);
  }

  return {
    name: 'write-log',
    rxdbVersion: RXDB_VERSION,
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, object>) {
      const key = logDatabaseName(params.databaseName, params.collectionName, params.schema.version);
      let opening = shared.get(key);
      if (!opening) {
        opening = openShared(params);
        shared.set(key, opening);
        opening.catch(() => shared.delete(key));
      }
      const state = await opening;
      state.users += 1;
      return new WriteLogInstance<RxDocType>(params, state, release);
    },
  };
}

function serially<T>(state: Shared, work: () => Promise<T>): Promise<T> {
  const next = state.queue.then(work);
  state.queue = next.catch(() => undefined);
  return next;
}

/**
 * Takes another tab's kept write into this copy: each document this copy holds an older version of,
 * or none. The change stream tells this tab's queries, as a write of its own would.
 */
async function takeOthersWrite(state: Shared, primaryPath: string, posted: Posted): Promise<void> {
  const { memory } = state;
  memory.ensurePersistence();
  const rows: BulkWriteRow<Record<string, unknown>>[] = [];
  for (const document of posted.docs) {
    const held = memory.internals.documents.get(String(document[primaryPath]));
    if (
      held &&
      (held._meta.lwt > document._meta.lwt || (held._rev === document._rev && held._meta.lwt === document._meta.lwt))
    ) {
      continue;
    }
    rows.push(held ? { previous: held, document } : { document });
  }
  if (rows.length > 0) await memory.bulkWrite(rows, posted.context);
}

class WriteLogInstance<RxDocType> implements RxStorageInstance<
  RxDocType,
  MemoryStorageInternals<RxDocType>,
  object,
  RxStorageDefaultCheckpoint
> {
  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: RxStorageInstanceCreationParams<RxDocType, object>['schema'];
  readonly options: Readonly<object>;
  readonly internals: MemoryStorageInternals<RxDocType>;
  private readonly primaryPath: string;
  private closed = false;

  constructor(
    params: RxStorageInstanceCreationParams<RxDocType, object>,
    private readonly state: Shared,
    private readonly release: (state: Shared) => void,
  ) {
    this.databaseName = params.databaseName;
    this.collectionName = params.collectionName;
    this.schema = params.schema;
    this.options = params.options;
    this.internals = state.memory.internals as unknown as MemoryStorageInternals<RxDocType>;
    this.primaryPath = String(getPrimaryFieldOfPrimaryKey(params.schema.primaryKey));
  }

  private get memory(): RxStorageInstanceMemory<RxDocType> {
    return this.state.memory as unknown as RxStorageInstanceMemory<RxDocType>;
  }

  bulkWrite(rows: BulkWriteRow<RxDocType>[], context: string): Promise<RxStorageBulkWriteResponse<RxDocType>> {
    return serially(this.state, async () => {
      const { memory } = this;
      memory.ensurePersistence();
      const categorized = categorizeBulkWriteRows<RxDocType>(
        this,
        this.primaryPath as never,
        memory.internals.documents,
        rows,
        context,
      );
      const docs = [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs].map((row) => row.document);
      if (docs.length > 0) await append(this.state.database, { docs: docs as Doc[] });
      const response = await memory.bulkWrite(rows, context);
      if (docs.length > 0) this.state.channel?.postMessage({ docs, context } satisfies Posted);
      return response;
    });
  }

  findDocumentsById(ids: string[], withDeleted: boolean): Promise<RxDocumentData<RxDocType>[]> {
    return this.memory.findDocumentsById(ids, withDeleted);
  }

  query(preparedQuery: PreparedQuery<RxDocType>): Promise<RxStorageQueryResult<RxDocType>> {
    return this.memory.query(preparedQuery);
  }

  count(preparedQuery: PreparedQuery<RxDocType>): Promise<RxStorageCountResult> {
    return this.memory.count(preparedQuery);
  }

  getAttachmentData(documentId: string, attachmentId: string, digest: string): Promise<Blob> {
    return this.memory.getAttachmentData(documentId, attachmentId, digest);
  }

  changeStream(): Observable<EventBulk<RxStorageChangeEvent<RxDocumentData<RxDocType>>, RxStorageDefaultCheckpoint>> {
    return this.memory.changeStream();
  }

  /** Drops deletions older than `minimumDeletedTime` ms, from the log first. */
  cleanup(minimumDeletedTime: number): Promise<boolean> {
    return serially(this.state, async () => {
      const { memory } = this;
      memory.ensurePersistence();
      const before = Date.now() - minimumDeletedTime;
      const removed = [...memory.internals.documents.values()]
        .filter((doc) => doc._deleted && doc._meta.lwt <= before)
        .map((doc) => String((doc as Record<string, unknown>)[this.primaryPath]));
      if (removed.length > 0) await append(this.state.database, { docs: [], removed });
      return memory.cleanup(minimumDeletedTime);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.state.queue;
    this.release(this.state);
  }

  async remove(): Promise<void> {
    const name = this.state.key;
    await this.close();
    await deleteDatabase(name);
  }
}
