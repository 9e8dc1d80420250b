/**
 * The dedicated worker that runs a visitor's replica (docs/decisions/016-offline-from-the-first-visit.md):
 * RxDB, Dexie and supabase-js are loaded, the tables pulled and written, and the public reads
 * computed here, off the page's main thread, where every task of that work would count against the
 * page's responsiveness (Lighthouse's blocking time). The page talks to it through
 * replica-in-worker.ts (messages: replica-worker-protocol.ts). Each tab has its own worker; as
 * tabs do, the workers elect one leader that replicates, and the others read what it writes.
 */
/// <reference lib="webworker" />
// It imports nothing that a page's first paint loads (no zod, no first-paint reads): this module is a
// chunk of the app's build (vite.config.ts), and what it shared with the page's own chunks would be
// split out of them.
import { combineLatest, distinctUntilChanged, filter, first, map, type Observable } from 'rxjs';
import { PUBLIC_TABLE_NAMES } from '../../sync/index.ts';
import { openReplica, type ReplicaInPage } from './replica.ts';
import type { FromWorker, ToWorker, Watched } from './replica-worker-protocol.ts';
import { watchUpcomingEventsOffline } from './upcoming-events-offline.ts';

declare const self: DedicatedWorkerGlobalScope;

let opening: Promise<ReplicaInPage | null> = Promise.resolve(null);
const watching = new Map<number, { unsubscribe(): void }>();

function post(message: FromWorker): void {
  self.postMessage(message);
}

function sourceOf(replica: ReplicaInPage, watched: Watched): Observable<unknown> {
  switch (watched.kind) {
    case 'read': {
      const read = replica.reads[watched.name] as (...args: unknown[]) => Observable<unknown>;
      return read(...watched.args);
    }
    case 'pulls':
      return combineLatest(PUBLIC_TABLE_NAMES.map((table) => replica.engine.pulledAt$(table))).pipe(
        map((times) =>
          Object.fromEntries(
            PUBLIC_TABLE_NAMES.flatMap((table, index) => (times[index] ? [[table, times[index]]] : [])),
          ),
        ),
      );
    case 'status':
      return replica.engine.status$;
  }
}

/** Posts every value that differs from the one before: the page re-renders only for news. */
function watch(replica: ReplicaInPage, id: number, watched: Watched): void {
  const subscription = sourceOf(replica, watched)
    .pipe(
      map((value) => ({ value, text: JSON.stringify(value) })),
      distinctUntilChanged((a, b) => a.text === b.text),
    )
    .subscribe(({ value }) => post({ type: 'value', id, value }));
  watching.set(id, subscription);
}

async function handle(message: ToWorker): Promise<void> {
  switch (message.type) {
    case 'open':
      // Marks for `npm run bench -- offline` and the browser's performance panel.
      performance.mark('replica:open');
      opening = openReplica({ supabaseUrl: message.supabaseUrl, anonKey: message.anonKey, mode: 'public' }).then(
        (replica) => {
          performance.mark('replica:opened');
          post({ type: 'opened' });
          replica.engine.status$
            .pipe(
              filter((status) => status.offlineReady),
              first(),
            )
            .subscribe(() => post({ type: 'offlineReady' }));
          watchUpcomingEventsOffline(replica, (offline) => post({ type: 'upcomingEvents', offline }));
          return replica;
        },
        (error: unknown) => {
          post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
          return null;
        },
      );
      return;
    case 'watch': {
      const replica = await opening;
      if (replica) watch(replica, message.id, message.watched);
      return;
    }
    case 'unwatch':
      await opening;
      watching.get(message.id)?.unsubscribe();
      watching.delete(message.id);
      return;
    case 'prioritize':
      (await opening)?.engine.prioritize(message.tables);
      return;
    case 'resync':
      (await opening)?.engine.resync();
      return;
    case 'fillFromKeptRows':
      await (await opening)?.engine.fillFromKeptRows();
      return;
    case 'destroy': {
      const replica = await opening;
      for (const subscription of watching.values()) subscription.unsubscribe();
      watching.clear();
      await replica?.engine.destroy({ removeData: message.removeData }).catch(() => undefined);
      post({ type: 'destroyed' });
      self.close();
      return;
    }
  }
}

self.addEventListener('message', (event: MessageEvent<ToWorker>) => void handle(event.data));
