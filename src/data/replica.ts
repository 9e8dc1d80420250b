/**
 * The local replica and the reads the app makes of it. This module is loaded with `import()` after
 * a page has painted (engine-store.ts), so RxDB, Dexie, supabase-js and rxjs never weigh on a
 * public page's first paint; a visitor's replica runs it in a worker (replica-worker.ts), an admin's
 * in the page. Each read answers in the same shape as its first-paint twin in sync/first-paint.ts,
 * so a page switches from one to the other without noticing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { combineLatest, map, type Observable } from 'rxjs';
import {
  createSyncEngine,
  type Row,
  type SyncDoc,
  type SyncEngine,
  type SyncStatus,
  type TableName,
} from '../../sync/index.ts';
import { byDisplayOrder, byName, bySessionTime, compareIds } from '../../sync/display-order.ts';
import type { EventPage, EventSummary, PastAttendee } from '../../sync/first-paint.ts';
import { distinctAttendees } from '../../sync/past-attendees.ts';
import { keptPublicRows } from '../lib/public-rows.ts';

export interface ReplicaOptions {
  supabaseUrl: string;
  anonKey: string;
  mode: 'public' | 'admin';
  /** The signed-in admin's client (admin mode). */
  client?: SupabaseClient;
  /** The local database's name; the mode's by default. */
  name?: string;
}

/** The local database names: one per mode, so a visitor's replica never mixes with an admin's (and each admin has their own: admin-replica-name.ts). */
export const REPLICA_NAMES = { public: 'cdo-public', admin: 'cdo-admin' } as const;

/** A replica document as a table row (the shape first-paint reads return). */
function asRow<T extends TableName>(doc: SyncDoc<T>): Row<T> {
  const { modified, ...rest } = doc as SyncDoc<T> & { modified?: string };
  return { ...rest, _modified: modified ?? '', _deleted: false } as unknown as Row<T>;
}

function byTime<T>(pick: (row: T) => string, direction: 1 | -1 = 1) {
  return (a: T, b: T) => direction * (Date.parse(pick(a)) - Date.parse(pick(b)));
}

function summaryOf(event: Row<'events'>): EventSummary {
  const { id, slug, title, subheading, location, start_date, end_date, featured_image_url, time_zone } = event;
  return { id, slug, title, subheading, location, start_date, end_date, featured_image_url, time_zone };
}

function withoutEmail(attendee: Row<'attendees'>): PastAttendee {
  const { email: _email, ...rest } = attendee as Row<'attendees'> & { email?: string };
  return rest;
}

/** Something that emits values until unsubscribed: an rxjs Observable, or a read answered by the replica's worker. */
export interface Subscribable<T> {
  subscribe(next: (value: T) => void): { unsubscribe(): void };
}

/** Reads of the public content, live: each emits again when the replica changes. */
export interface PublicReads {
  upcomingEvents$(now: Date): Subscribable<EventSummary[]>;
  pastEvents$(now: Date, limit?: number): Subscribable<EventSummary[]>;
  eventPage$(slugOrId: string): Subscribable<EventPage | null>;
  sponsors$(): Subscribable<Row<'sponsors_library'>[]>;
  pastAttendees$(): Subscribable<PastAttendee[]>;
  generalTestimonials$(): Subscribable<Row<'testimonials'>[]>;
  videos$(): Subscribable<Row<'videos'>[]>;
}

/** The names of the public reads (what the replica's worker answers). */
export const PUBLIC_READ_NAMES = [
  'upcomingEvents$',
  'pastEvents$',
  'eventPage$',
  'sponsors$',
  'pastAttendees$',
  'generalTestimonials$',
  'videos$',
] as const satisfies readonly (keyof PublicReads)[];

/** Reads of the public content, live: each emits again when the replica changes. */
export function publicReads(engine: SyncEngine): PublicReads {
  const c = engine.collections;
  const all = <T extends TableName>(table: T): Observable<Row<T>[]> =>
    (c[table].find().$ as Observable<{ toJSON(): SyncDoc<T> }[]>).pipe(
      map((docs) => docs.map((doc) => asRow<T>(doc.toJSON() as SyncDoc<T>))),
    );
  const where = <T extends TableName>(table: T, selector: Record<string, unknown>): Observable<Row<T>[]> =>
    (c[table].find({ selector } as never).$ as Observable<{ toJSON(): SyncDoc<T> }[]>).pipe(
      map((docs) => docs.map((doc) => asRow<T>(doc.toJSON() as SyncDoc<T>))),
    );

  return {
    upcomingEvents$(now: Date): Observable<EventSummary[]> {
      return all('events').pipe(
        map((events) =>
          events
            .filter((event) => Date.parse(event.end_date) >= now.getTime())
            .sort(byTime((event) => event.start_date))
            .map(summaryOf),
        ),
      );
    },

    pastEvents$(now: Date, limit = 6): Observable<EventSummary[]> {
      return all('events').pipe(
        map((events) =>
          events
            .filter((event) => Date.parse(event.end_date) < now.getTime())
            .sort(byTime((event) => event.start_date, -1))
            .slice(0, limit)
            .map(summaryOf),
        ),
      );
    },

    eventPage$(slugOrId: string): Observable<EventPage | null> {
      return combineLatest({
        events: all('events'),
        gallery: all('event_gallery'),
        links: all('event_sponsors'),
        sponsors: all('sponsors_library'),
        tiers: all('sponsor_tiers'),
        sessions: all('sessions'),
        speakers: all('session_speakers'),
        eventAttendees: all('event_attendees'),
        attendees: all('attendees'),
        testimonials: all('testimonials'),
        videos: all('videos'),
      }).pipe(
        map((t) => {
          const event =
            t.events.find((row) => row.slug === slugOrId) ??
            t.events.find((row) => row.id === slugOrId && !row.slug) ??
            t.events.find((row) => row.id === slugOrId);
          if (!event) return null;
          const sponsorById = new Map(t.sponsors.map((row) => [row.id, row]));
          const tierById = new Map(t.tiers.map((row) => [row.id, row]));
          const attendeeById = new Map(t.attendees.map((row) => [row.id, withoutEmail(row)]));
          const mine = <R extends { event_id: string | null }>(rows: R[]) =>
            rows.filter((row) => row.event_id === event.id);
          return {
            event,
            gallery: byDisplayOrder(mine(t.gallery)),
            sponsors: byDisplayOrder(mine(t.links)).map((link) => ({
              ...link,
              sponsor: sponsorById.get(link.sponsor_id) ?? null,
              tier: (link.tier_id && tierById.get(link.tier_id)) || null,
            })),
            sessions: bySessionTime(mine(t.sessions)).map((session) => ({
              ...session,
              speakers: byDisplayOrder(t.speakers.filter((speaker) => speaker.session_id === session.id)).map(
                (speaker) => ({
                  ...speaker,
                  attendee: attendeeById.get(speaker.attendee_id) ?? null,
                }),
              ),
            })),
            attendees: mine(t.eventAttendees).map((link) => ({
              ...link,
              attendee: attendeeById.get(link.attendee_id) ?? null,
            })),
            testimonials: byDisplayOrder(mine(t.testimonials)),
            videos: byDisplayOrder(mine(t.videos)),
          };
        }),
      );
    },

    sponsors$(): Observable<Row<'sponsors_library'>[]> {
      return all('sponsors_library').pipe(map(byName));
    },

    pastAttendees$(): Observable<PastAttendee[]> {
      return combineLatest([where('event_attendees', { attendee_type: 'past' }), all('attendees')]).pipe(
        map(([links, attendees]) => {
          const byId = new Map(attendees.map((row) => [row.id, withoutEmail(row)]));
          return distinctAttendees(links.flatMap((link) => byId.get(link.attendee_id) ?? []));
        }),
      );
    },

    generalTestimonials$(): Observable<Row<'testimonials'>[]> {
      return all('testimonials').pipe(map((rows) => byDisplayOrder(rows.filter((row) => row.event_id === null))));
    },

    videos$(): Observable<Row<'videos'>[]> {
      return all('videos').pipe(
        map((rows) =>
          [...rows].sort(
            (a, b) =>
              Number(a.event_id !== null) - Number(b.event_id !== null) ||
              a.display_order - b.display_order ||
              compareIds(a.id, b.id),
          ),
        ),
      );
    },
  };
}

/**
 * What pages use of a replica's engine, whether it runs in the page or in a worker: its status, the
 * first-full-pull flags, the pull order, closing it. An admin replica's engine is the whole SyncEngine.
 */
export interface ReplicaEngine {
  readonly mode: 'public' | 'admin';
  readonly status$: Subscribable<SyncStatus>;
  initialPull$(table: TableName): Subscribable<boolean>;
  /** When `table`'s latest first full pull ended (ISO; null: never), see SyncEngine.pulledAt$. */
  pulledAt$(table: TableName): Subscribable<string | null>;
  awaitInitialPull(table: TableName): Promise<void>;
  prioritize(tables: readonly TableName[]): void;
  resync(): void;
  /** Fills the tables never pulled from the public rows the service worker keeps (public mode). */
  fillFromKeptRows(): void;
  destroy(options?: { removeData?: boolean }): Promise<void>;
}

export interface Replica {
  engine: ReplicaEngine;
  reads: PublicReads;
}

/** A replica running in this page, with the whole engine (an admin's, or a visitor's without a worker). */
export interface ReplicaInPage extends Replica {
  engine: SyncEngine;
}

/** Opens the replica of one mode in this realm (the page, or the visitor's worker) and starts replicating it. */
export async function openReplica(options: ReplicaOptions): Promise<ReplicaInPage> {
  const engine = await createSyncEngine({
    name: options.name ?? REPLICA_NAMES[options.mode],
    supabaseUrl: options.supabaseUrl,
    anonKey: options.anonKey,
    mode: options.mode,
    ...(options.client ? { client: options.client } : {}),
    ...(options.mode === 'public' ? { keptRows: keptPublicRows } : {}),
  });
  return { engine, reads: publicReads(engine) };
}
