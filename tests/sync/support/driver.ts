/**
 * The specs' typed view of `window.syncDriver` (tests/sync/harness/main.ts). The harness is browser
 * code checked with the app's TypeScript project and the specs with the Node one, which cannot import
 * each other, so the shapes are repeated here; a mismatch shows up as a failing spec.
 */

export type TableName =
  | 'events'
  | 'attendees'
  | 'event_attendees'
  | 'sponsors_library'
  | 'sponsor_tiers'
  | 'event_sponsors'
  | 'sessions'
  | 'session_speakers'
  | 'event_gallery'
  | 'testimonials'
  | 'videos';

export const TABLES: TableName[] = [
  'events',
  'attendees',
  'event_attendees',
  'sponsors_library',
  'sponsor_tiers',
  'event_sponsors',
  'sessions',
  'session_speakers',
  'event_gallery',
  'testimonials',
  'videos',
];

export interface ClientOptions {
  name: string;
  supabaseUrl: string;
  anonKey: string;
  harnessUrl: string;
  mode: 'public' | 'admin';
  credentials?: { email: string; password: string };
  retryTime?: number;
  pullBatchSize?: number;
  /** Shifts the page's clock (Date) by this much, ms; the spec side only. */
  clockOffsetMs?: number;
}

type Doc = Record<string, unknown>;

export interface SyncErrorEntry {
  key: string;
  kind: 'network' | 'server' | 'auth' | 'refused' | 'quota' | 'unknown';
  message: string;
  table?: TableName;
  id?: string;
  code?: string;
  local?: Doc;
  at: string;
}

export interface SyncStatus {
  mode: 'public' | 'admin';
  online: boolean;
  leader: boolean;
  syncing: boolean;
  lastSyncedAt: string | null;
  pendingChanges: number;
  pendingUploads: number;
  conflicts: number;
  errors: SyncErrorEntry[];
}

export interface SyncConflict {
  key: string;
  table: TableName;
  docId: string;
  local: Doc;
  server: Doc;
  base: Doc | null;
  fields: string[];
  at: string;
}

export interface SyncDriverApi {
  open(options: Omit<ClientOptions, 'harnessUrl' | 'clockOffsetMs'>): Promise<void>;
  close(): Promise<void>;
  awaitInitialPull(tables: TableName[]): Promise<void>;
  insert(table: TableName, doc: Doc): Promise<Doc>;
  patch(table: TableName, id: string, changes: Doc): Promise<Doc>;
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
  isLeader(): Promise<boolean>;
  resync(): void;
  applyUploadedUrl(target: { table: string; id: string; column: string }, url: string): Promise<void>;
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
