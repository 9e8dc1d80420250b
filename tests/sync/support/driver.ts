/**
 * The specs' typed view of `window.syncDriver` (tests/sync/harness/main.ts). The engine's own types
 * are imported (type-only, so the specs load no RxDB), never repeated here.
 */
import type { SyncConflict, SyncErrorEntry, SyncStatus, TableName } from '../../../sync/index.ts';
import { TABLES as TABLE_DESCRIPTORS } from '../../../sync/schema/tables.generated.ts';

export type { SyncStatus, TableName };

/** Every replicated table, in the generated descriptor's order. */
export const TABLES = Object.keys(TABLE_DESCRIPTORS) as TableName[];

/** The tables a visitor's replica holds (an admin's holds the admin-only ones too). */
export const PUBLIC_TABLES = TABLES.filter((table) => !('adminOnly' in TABLE_DESCRIPTORS[table]));

export interface ClientOptions {
  name: string;
  supabaseUrl: string;
  anonKey: string;
  harnessUrl: string;
  mode: 'public' | 'admin';
  credentials?: { email: string; password: string };
  retryTime?: number;
  pullBatchSize?: number;
  /** Public mode: rows kept apart from the replica (every public row, by table), and when. */
  keptRows?: { rows: Record<string, unknown[]>; at: string };
  /** Collection schemas by table, to open the replica as an earlier build made it (the others: today's). */
  schemas?: Partial<Record<TableName, Record<string, unknown>>>;
  /** Shifts the page's clock (Date) by this much, ms; the spec side only. */
  clockOffsetMs?: number;
}

type Doc = Record<string, unknown>;

export interface SyncDriverApi {
  open(options: Omit<ClientOptions, 'harnessUrl' | 'clockOffsetMs'>): Promise<void>;
  close(): Promise<void>;
  awaitInitialPull(tables: TableName[]): Promise<void>;
  insert(table: TableName, doc: Doc): Promise<Doc>;
  patch(table: TableName, id: string, changes: Doc): Promise<Doc>;
  patchMany(table: TableName, patches: { id: string; patch: Doc }[]): Promise<{ missing: string[] }>;
  remove(table: TableName, id: string): Promise<void>;
  get(table: TableName, id: string): Promise<Doc | null>;
  count(table: TableName): Promise<number>;
  all(table: TableName): Promise<Doc[]>;
  status(): Promise<SyncStatus>;
  settled(): Promise<SyncStatus>;
  conflicts(): Promise<SyncConflict[]>;
  reapply(key: string): Promise<void>;
  dismiss(key: string): Promise<void>;
  errors(): Promise<SyncErrorEntry[]>;
  dismissError(key: string): Promise<void>;
  discardUpload(id: string): Promise<void>;
  isLeader(): Promise<boolean>;
  resync(): void;
  fillFromKeptRows(): Promise<void>;
  pulledAt(table: TableName): Promise<string | null>;
  dumpBrowserStorage(): Promise<string>;
  watch(table: TableName, id: string, field: string): void;
  arrivals(): { value: unknown; at: number }[];
  readEventPage(slug: string): Promise<{ ms: number; rows: number }>;
  firstPaint(
    config: { supabaseUrl: string; anonKey: string },
    slug: string,
  ): Promise<{ upcomingMs: number; eventPageMs: number; events: number }>;
}

declare global {
  interface Window {
    syncDriver: SyncDriverApi;
  }
}
