/**
 * The messages between a page and the dedicated worker that runs the visitor's replica
 * (replica-worker.ts in the worker, replica-in-worker.ts in the page). Plain data only: they cross
 * by structured clone. The page watches things in the worker by a number of its choosing and gets
 * each new value under that number until it stops watching.
 */
import type { SyncStatus, TableName } from '../../sync/index.ts';
import type { PUBLIC_READ_NAMES } from './replica.ts';

export type ReadName = (typeof PUBLIC_READ_NAMES)[number];

/** What a page can watch in the worker. */
export type Watched =
  /** A public read (replica.ts), with its arguments. */
  | { kind: 'read'; name: ReadName; args: unknown[] }
  /** When each table pulled in full has made its latest first full pull (every tab's flags). */
  | { kind: 'pulls' }
  | { kind: 'status' };

export type ToWorker =
  | { type: 'open'; supabaseUrl: string; anonKey: string }
  | { type: 'watch'; id: number; watched: Watched }
  | { type: 'unwatch'; id: number }
  /** Tables the page on screen reads: their first pulls go next. */
  | { type: 'prioritize'; tables: TableName[] }
  /** The page became visible or came online: pull now. */
  | { type: 'resync' }
  /** The service worker now holds the public rows: fill the tables never pulled from them. */
  | { type: 'fillFromKeptRows' }
  | { type: 'destroy'; removeData: boolean };

export type FromWorker =
  | { type: 'opened' }
  | { type: 'failed'; message: string }
  | { type: 'value'; id: number; value: unknown }
  | { type: 'destroyed' }
  /**
   * Every upcoming event's page and its images (event-images.ts), sent once the replica is
   * offline-ready and again when they change: the page hands them to the service worker to keep.
   */
  | { type: 'upcomingEvents'; offline: UpcomingEventsOffline }
  /**
   * Sent once, when the replica holds a full pull of every table: the page may say 'Available
   * offline' before it follows the replica's values.
   */
  | { type: 'offlineReady' };

/** What keeps every upcoming event readable offline: its page's path and its pictures' URLs. */
export interface UpcomingEventsOffline {
  pages: string[];
  images: string[];
}

/** The value types of what can be watched. */
export interface WatchedValues {
  pulls: Partial<Record<TableName, string>>;
  status: SyncStatus;
}
