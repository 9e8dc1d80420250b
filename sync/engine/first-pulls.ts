/**
 * The order of a replica's first full pulls (docs/decisions/016-offline-from-the-first-visit.md).
 * A first visit should be offline-ready soon, and the rows the page on screen needs should arrive
 * first: `events` goes first (every public page lists events or is an event's page), then the tables
 * the page on screen reads (`prioritize`), then the rest. A few tables pull at once, each in as few
 * requests as the batch size allows, so that the backend is not asked for everything at the same
 * moment and one slow table does not hold the others back. Tables pulled in full before (a returning
 * visitor) start at once: they only fetch what changed.
 */
import type { TableName } from '../schema/types.ts';

/**
 * The order pages need the tables in: events; what the home page and past highlights read
 * (testimonials, videos, the past attendees); sponsors; then the rest of an event page; then the
 * tables only the admin's replica holds. A replica pulls those of its mode (`tablesOf`).
 */
export const FIRST_PULL_ORDER: readonly TableName[] = [
  'events',
  'testimonials',
  'videos',
  'event_attendees',
  'attendees',
  'sponsors_library',
  'sponsor_tiers',
  'event_sponsors',
  'sessions',
  'session_speakers',
  'event_gallery',
  'invite_requests',
  'check_ins',
];

export interface FirstPullsInput {
  /** Every table, in the order their first pulls start. */
  order: readonly TableName[];
  /** Tables that always start before any other, whatever is prioritized. */
  first: readonly TableName[];
  /** How many first pulls run at once (at least 1). */
  concurrency: number;
  /**
   * Starts replicating `table`; resolves once its first full pull is done, or once it has failed
   * (the replication retries by itself, and the next table should not wait for it).
   */
  pull(table: TableName): Promise<unknown>;
  /** Starts replicating a table pulled in full before, without waiting for anything. */
  resume(table: TableName): void;
}

export interface FirstPulls {
  /** Starts every table: those in `pulledBefore` at once, the others in order, a few at a time. */
  start(pulledBefore: ReadonlySet<TableName>): void;
  /** Moves these tables (in this order) ahead of the others that have not started, after `first`. */
  prioritize(tables: readonly TableName[]): void;
  /** Starts nothing more. */
  stop(): void;
  /** Resolves once every table started has made its first full pull or failed once (or on stop). */
  settled(): Promise<void>;
  /** Tables not started yet, in the order they will start. */
  waiting(): readonly TableName[];
}

export function scheduleFirstPulls(input: FirstPullsInput): FirstPulls {
  const concurrency = Math.max(1, Math.floor(input.concurrency));
  let waiting = [...input.order];
  let running = 0;
  let started = false;
  let stopped = false;
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });

  function reorder(front: readonly TableName[]): void {
    const ahead = [...input.first, ...front.filter((table) => !input.first.includes(table))].filter((table) =>
      waiting.includes(table),
    );
    const unique = [...new Set(ahead)];
    waiting = [...unique, ...waiting.filter((table) => !unique.includes(table))];
  }
  reorder([]);

  function next(): void {
    if (stopped || (started && running === 0 && waiting.length === 0)) settle();
    while (started && !stopped && running < concurrency && waiting.length > 0) {
      const table = waiting.shift()!;
      running += 1;
      void Promise.resolve()
        .then(() => input.pull(table))
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          next();
        });
    }
  }

  return {
    start(pulledBefore) {
      if (started || stopped) return;
      started = true;
      for (const table of waiting.filter((name) => pulledBefore.has(name))) input.resume(table);
      waiting = waiting.filter((table) => !pulledBefore.has(table));
      next();
    },
    prioritize(tables) {
      reorder(tables);
    },
    stop() {
      stopped = true;
      waiting = [];
      settle();
    },
    settled: () => settled,
    waiting: () => [...waiting],
  };
}
