/**
 * What the back office's lists last showed, kept on this device for the admin who saw them, so that
 * the back office opened again (offline, on slow Wi-Fi, or simply before its replica has opened)
 * paints its lists at once instead of after RxDB has loaded and opened its database: about half a
 * second on a phone-class machine. The replica takes over as soon as it answers; nothing is written
 * through these copies.
 *
 * One IndexedDB database of its own (no library: it is read before RxDB and Dexie have loaded), one
 * record per table: the signed-in admin's id, the rows and when they were kept. Rows of attendees
 * hold personal data (e-mails), as the admin's replica does: the copies are dropped when the admin
 * signs out or loses the role, and a different user never sees another's.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { SyncDoc, TableName } from '../../sync/index.ts';
import { takeEarlyStored, type EarlyStore } from '../lib/early-requests.ts';

const DATABASE = 'cdo-admin-lists';
const STORE = 'rows';
/**
 * The copies, read by the back office's pages' inline script as their HTML is parsed (scripts/
 * prerender.ts), before the app's scripts have loaded: the app's first render then has them.
 */
export const KEPT_LISTS_STORE: EarlyStore = { database: DATABASE, store: STORE, under: '/admin' };
/** A list's copy is written this long after its last change (a sync round changes many rows). */
const WRITE_DELAY_MS = 1000;

interface KeptRecord {
  table: string;
  userId: string;
  rows: unknown[];
  at: string;
}

/** The copies read for `userId`: null until read. */
let loaded: { userId: string; rows: Map<string, unknown[]> } | null = null;
let loading: string | null = null;
const listeners = new Set<() => void>();
/** Lists waiting for their delay before they are written, by table. */
const pendingWrites = new Map<string, { timer: ReturnType<typeof setTimeout>; record: KeptRecord }>();

function notify(): void {
  for (const listener of listeners) listener();
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'table' });
  return request(open);
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  try {
    return await request(work(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

/**
 * Starts reading the copies kept for `userId`, before any list asks (the auth layer calls it as soon
 * as it knows a remembered admin); a list that asks later gets the same read.
 */
export function readKeptRows(userId: string): void {
  if (loaded?.userId === userId || loading === userId || typeof indexedDB === 'undefined') return;
  loading = userId;
  const readNow = () => withStore('readonly', (store) => store.getAll() as IDBRequest<KeptRecord[]>);
  const early = takeEarlyStored() as Promise<KeptRecord[]> | undefined;
  (early ? early.catch(readNow) : readNow())
    .then((records) => records.filter((record) => record.userId === userId))
    // No copies (a first visit, storage refused): the lists wait for the replica, as before.
    .catch(() => [])
    .then((records) => {
      if (loading !== userId) return;
      loading = null;
      loaded = { userId, rows: new Map(records.map((record) => [record.table, record.rows])) };
      notify();
    });
}

/**
 * The rows of `table` the back office last showed `userId` on this device; undefined while they are
 * being read or when none are kept.
 */
export function useKeptRows<T extends TableName>(table: T, userId: string | null): SyncDoc<T>[] | undefined {
  const rows = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (userId !== null && loaded?.userId === userId ? loaded.rows.get(table) : undefined),
    () => undefined,
  );
  useEffect(() => {
    if (userId !== null) readKeptRows(userId);
  }, [userId]);
  return rows as SyncDoc<T>[] | undefined;
}

function write(record: KeptRecord): void {
  // A full or refused storage: the next opening simply waits for the replica.
  withStore('readwrite', (store) => store.put(record)).catch(() => undefined);
}

/** Writes every list waiting for its delay now: the page is being hidden or closed. */
function writePending(): void {
  for (const { timer, record } of pendingWrites.values()) {
    clearTimeout(timer);
    write(record);
  }
  pendingWrites.clear();
}

/** Keeps `rows` as what `table`'s list shows `userId`, written a moment after the last change. */
export function keepRows(userId: string, table: TableName, rows: readonly unknown[]): void {
  clearTimeout(pendingWrites.get(table)?.timer);
  const record: KeptRecord = { table, userId, rows: [...rows], at: new Date().toISOString() };
  const timer = setTimeout(() => {
    pendingWrites.delete(table);
    write(record);
  }, WRITE_DELAY_MS);
  if (pendingWrites.size === 0 && typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', writeWhenHidden);
  }
  pendingWrites.set(table, { timer, record });
}

function writeWhenHidden(): void {
  if (document.visibilityState !== 'hidden') return;
  document.removeEventListener('visibilitychange', writeWhenHidden);
  writePending();
}

/** Drops every kept list (sign-out, a role removed): nothing of the back office stays for the next user. */
export async function dropKeptRows(): Promise<void> {
  for (const { timer } of pendingWrites.values()) clearTimeout(timer);
  pendingWrites.clear();
  loaded = null;
  loading = null;
  notify();
  if (typeof indexedDB === 'undefined') return;
  await request(indexedDB.deleteDatabase(DATABASE)).catch(() => undefined);
}
