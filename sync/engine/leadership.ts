/**
 * Leadership: every tab opens the replica, but only the elected leader replicates. Once this tab
 * leads, it starts the replications (`onLead`, in the order of first-pulls.ts), reports when a round
 * of pulls and pushes runs and when one ended without errors (in the meta store, so every tab shows
 * it), marks each table's first full pull, drops pending entries the server has, and pulls again on
 * a realtime change (listened to once the first pulls are done; a row the change carries whole is
 * written first, replication/live-rows.ts), on coming online and on becoming visible. A "tab" may
 * also be a dedicated worker that runs the engine for a page: it hears 'online' at its own global
 * scope, and its page tells it when it becomes visible (`resync`).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  BehaviorSubject,
  combineLatest,
  debounceTime,
  distinctUntilChanged,
  filter,
  map,
  type Subscription,
} from 'rxjs';
import { documentKey, type MetaStore } from '../meta-store.ts';
import { canonicalTimestamp } from '../replication/documents.ts';
import type { LiveRow } from '../replication/live-rows.ts';
import { watchRemoteChanges, type RealtimeState } from '../replication/realtime.ts';
import { tablesOf, type TableName } from '../schema/types.ts';
import type { PendingChanges } from './pending.ts';
import { nowIso, type ProblemLog } from './problems.ts';
import type { Replications } from './replications.ts';
import { initialPullKey } from './status.ts';
import type { SyncDatabase } from './types.ts';

/**
 * How long after a row realtime brought whole is written the pull it signalled runs: one pull for
 * the rows of a burst, to confirm them (replication/live-rows.ts).
 */
const CONFIRMING_PULL_AFTER_MS = 1000;

export interface LeadershipInput {
  name: string;
  mode: 'public' | 'admin';
  db: SyncDatabase;
  client: SupabaseClient;
  /** Listen to realtime changes. */
  realtime: boolean;
  meta: MetaStore;
  problems: ProblemLog;
  replications: Replications;
  pending: PendingChanges;
  /** Subscriptions to end when the engine is destroyed. */
  subscriptions: Subscription[];
  /** Server stamps our own accepted writes produced, by `<table>:<id>` (replication/push.ts). */
  ownStamps: ReadonlyMap<string, string>;
  /** Per table, what writes a row realtime brought whole (replication/live-rows.ts). */
  liveRows: ReadonlyMap<TableName, LiveRow>;
  /**
   * Starts the replications, once this tab leads; resolves once every table has made its first
   * full pull (or failed once). Realtime waits for that: on a first visit its join would pull every
   * table again while the first pulls still run.
   */
  onLead(): Promise<void>;
}

export interface Leadership {
  /** True while this tab replicates. */
  readonly isLeader: BehaviorSubject<boolean>;
  /** A pull or push runs (known in the leading tab only; the others read the meta store). */
  readonly syncing: BehaviorSubject<boolean>;
  /** Pulls (and pushes) every table now, when this tab leads. */
  resync(): void;
  /** Stops listening; the replications themselves are cancelled by the engine. */
  stop(): Promise<void>;
  /** Completes the subjects, once nothing reads them any more. */
  close(): void;
}

export function followLeadership(input: LeadershipInput): Leadership {
  const { name, mode, db, client, meta, problems, replications, pending, subscriptions, ownStamps, liveRows } = input;
  const { reportFailure } = problems;
  const isLeader = new BehaviorSubject(false);
  const syncing = new BehaviorSubject(false);
  const cleanups: (() => unknown)[] = [];
  let stopped = false;
  const tables = tablesOf(mode);

  function resync(): void {
    if (stopped || !isLeader.value) return;
    for (const table of tables) replications[table].reSync();
  }

  function reportRounds(): void {
    const active$ = combineLatest(tables.map((table) => replications[table].active$)).pipe(
      map((states) => states.some(Boolean)),
      distinctUntilChanged(),
    );
    let cycleFailed = false;
    let wasActive = false;
    subscriptions.push(
      problems.transient.subscribe((entries) => {
        if ([...entries.values()].some((entry) => entry.kind !== 'quota')) cycleFailed = true;
      }),
      active$.subscribe((active) => {
        syncing.next(active);
        void meta.setState('syncing', active).catch(reportFailure);
        if (active) {
          wasActive = true;
          cycleFailed = problems.transient.value.size > 0;
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
        .subscribe(() => void pending.reconcile().catch(reportFailure)),
    );
  }

  function followTables(): void {
    for (const table of tables) {
      // Once a table's push side is idle, it has pushed what it could (pulls may still be running):
      // drop the pending entries the server now has.
      void replications[table].startPromise.then(() => {
        const up = replications[table].internalReplicationState?.events.active.up;
        if (!up || stopped) return;
        subscriptions.push(
          up
            .pipe(
              distinctUntilChanged(),
              filter((active) => !active),
            )
            .subscribe(() => void pending.reconcile([table]).catch(reportFailure)),
        );
      });
      void replications[table]
        .awaitInitialReplication()
        .then(() => meta.setState(initialPullKey(mode, table), nowIso()))
        .catch(reportFailure);
    }
  }

  function listenToRealtime(): void {
    if (stopped) return;
    if (input.realtime) {
      const confirming = new Map<TableName, ReturnType<typeof setTimeout>>();
      const confirmLater = (table: TableName) => {
        if (confirming.has(table)) return;
        const timer = setTimeout(() => {
          confirming.delete(table);
          if (!stopped) replications[table].reSync();
        }, CONFIRMING_PULL_AFTER_MS);
        confirming.set(table, timer);
      };
      cleanups.push(() => confirming.forEach((timer) => clearTimeout(timer)));
      const stop = watchRemoteChanges({
        client,
        topic: `sync-${name}`,
        tables,
        removals: mode === 'public',
        onChange: (table, row) => {
          // Our own write coming back: the push's answer brought this very version already.
          if (row && ownStamps.get(documentKey(table, row.id)) === canonicalTimestamp(row.modified)) return;
          // A whole row shows at once; its pull follows a moment later.
          if (row && liveRows.get(table)?.write(row.record)) confirmLater(table);
          else replications[table].reSync();
        },
        onJoined: resync,
        onState: (state: RealtimeState, error) => {
          if (state === 'error') problems.report('network', `Realtime: ${error?.message ?? 'channel error'}`);
          if (state === 'subscribed') problems.clearKey('network:*');
        },
      });
      cleanups.push(stop);
    }
  }

  function listenToPage(): void {
    const scope = globalThis as Partial<Pick<typeof globalThis, 'addEventListener' | 'removeEventListener'>>;
    if (typeof scope.addEventListener === 'function') {
      scope.addEventListener('online', resync);
      cleanups.push(() => scope.removeEventListener?.('online', resync));
    }
    if (typeof document !== 'undefined') {
      const onVisible = () => {
        if (document.visibilityState === 'visible') resync();
      };
      document.addEventListener('visibilitychange', onVisible);
      cleanups.push(() => document.removeEventListener('visibilitychange', onVisible));
    }
  }

  function lead(): void {
    if (stopped) return;
    isLeader.next(true);
    reportRounds();
    followTables();
    listenToPage();
    void input.onLead().then(listenToRealtime);
  }
  void db.waitForLeadership().then(lead, () => undefined);

  return {
    isLeader,
    syncing,
    resync,
    async stop() {
      stopped = true;
      await Promise.all(cleanups.map((cleanup) => cleanup()));
    },
    close() {
      isLeader.complete();
      syncing.complete();
    },
  };
}
