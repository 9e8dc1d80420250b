/**
 * Every upcoming event's page and images, gathered from a visitor's replica for the service worker to
 * keep (offline-images.ts): once the replica holds every table and has been quiet for a moment, and
 * again after each change. The replica's worker runs it (replica-worker.ts), or the page where the
 * replica runs in the page (engine-store.ts).
 */
import {
  EMPTY,
  concatMap,
  debounceTime,
  distinctUntilChanged,
  map,
  merge,
  startWith,
  switchMap,
  type Subscription,
} from 'rxjs';
import type { Row } from '../../sync/index.ts';
import {
  EVENT_IMAGE_TABLES,
  imagesOfUpcomingEvents,
  pagesOfUpcomingEvents,
  type EventImageRows,
} from './event-images.ts';
import type { ReplicaInPage } from './replica.ts';
import type { UpcomingEventsOffline } from './replica-worker-protocol.ts';

/** How long the replica stays unchanged before the upcoming events are gathered (again), ms. */
const UPCOMING_SETTLE_MS = 2000;

/** Every upcoming event's page and images, read from the replica in one pass over its rows. */
async function upcomingEvents(replica: ReplicaInPage): Promise<UpcomingEventsOffline> {
  const tables = await Promise.all(
    EVENT_IMAGE_TABLES.map(async (table) => {
      const docs = await replica.engine.collections[table].find().exec();
      return [table, docs.map((doc) => doc.toJSON() as unknown as Row<typeof table>)] as const;
    }),
  );
  const rows = Object.fromEntries(tables) as unknown as EventImageRows;
  const now = new Date();
  return {
    pages: pagesOfUpcomingEvents(rows.events, now),
    images: imagesOfUpcomingEvents(rows, now, self.location.origin),
  };
}

/** Calls `send` with every upcoming event's page and images whenever they differ (see above). */
export function watchUpcomingEventsOffline(
  replica: ReplicaInPage,
  send: (offline: UpcomingEventsOffline) => void,
): Subscription {
  const { collections } = replica.engine;
  const text = (offline: UpcomingEventsOffline) => [...offline.pages, ...offline.images].join('\n');
  return replica.engine.status$
    .pipe(
      map((status) => status.offlineReady),
      distinctUntilChanged(),
      switchMap((ready) =>
        ready
          ? merge(...EVENT_IMAGE_TABLES.map((table) => collections[table].$)).pipe(
              startWith(null),
              debounceTime(UPCOMING_SETTLE_MS),
            )
          : EMPTY,
      ),
      concatMap(() => upcomingEvents(replica).catch(() => null)),
      map((offline) => offline ?? { pages: [], images: [] }),
      distinctUntilChanged((a, b) => text(a) === text(b)),
    )
    .subscribe(send);
}
