/**
 * Reads for a visitor's first paint, before the local replica exists: a few `fetch` calls to the
 * table API with the anon key, no RxDB and no supabase-js, so a public page can paint while the
 * engine loads and pulls in the background (docs/decisions/004-first-paint.md). Once
 * `engine.awaitInitialPull(table)` resolves, pages read the replica instead.
 *
 * Answers are checked with zod's mini build against the generated table descriptor
 * (./first-paint-checks.ts, loaded beside the first request); soft-deleted rows (tombstones,
 * readable by everyone) are dropped at every level, and attendees are read with the columns anon
 * may select (decision 002).
 */
import { anonReadableColumns, type Row, type TableName } from './schema/types.ts';
import { byDisplayOrder, byName, bySessionTime } from './display-order.ts';
import { distinctAttendees } from './past-attendees.ts';
import { anonymousReadsWithoutPreflight } from './anonymous-reads.ts';

export interface FirstPaintConfig {
  supabaseUrl: string;
  anonKey: string;
  /** For tests and server rendering; the global fetch by default. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

type PublicAttendee = Omit<Row<'attendees'>, 'email'>;

/** An event as the home page lists it, with the zone its date is shown in (the venue's). */
export type EventSummary = Pick<
  Row<'events'>,
  'id' | 'slug' | 'title' | 'subheading' | 'location' | 'start_date' | 'end_date' | 'featured_image_url' | 'time_zone'
>;

/** Everything an event page shows, live rows only, each list in display order. */
export interface EventPage {
  event: Row<'events'>;
  gallery: Row<'event_gallery'>[];
  sponsors: (Row<'event_sponsors'> & {
    sponsor: Row<'sponsors_library'> | null;
    tier: Row<'sponsor_tiers'> | null;
  })[];
  sessions: (Row<'sessions'> & {
    speakers: (Row<'session_speakers'> & { attendee: PublicAttendee | null })[];
  })[];
  attendees: (Row<'event_attendees'> & { attendee: PublicAttendee | null })[];
  testimonials: Row<'testimonials'>[];
  videos: Row<'videos'>[];
}

const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'subheading',
  'location',
  'start_date',
  'end_date',
  'featured_image_url',
  'time_zone',
] as const;

const publicColumns = (table: TableName) =>
  anonReadableColumns(table)
    .map(([name]) => name)
    .join(',');

type Checks = typeof import('./first-paint-checks.ts');
let checks: Promise<Checks> | undefined;

/**
 * A read whose answer `check` picks the schema for. The checks (and zod with them) load beside the
 * request, not with the page: a public page's start-up evaluates no zod
 * (docs/decisions/030-zod-after-the-start.md). A failed load is tried again by the next read.
 */
async function read(
  config: FirstPaintConfig,
  path: string,
  check: (loaded: Checks) => { parse(data: unknown): unknown },
): Promise<unknown> {
  checks ??= import('./first-paint-checks.ts').catch((error: unknown) => {
    checks = undefined;
    throw error;
  });
  const [loaded, answer] = await Promise.all([checks, get(config, path)]);
  return check(loaded).parse(answer);
}

async function get(config: FirstPaintConfig, path: string): Promise<unknown> {
  // Without a CORS preflight: the read is a simple request (anonymous-reads.ts).
  const doFetch = anonymousReadsWithoutPreflight(config.anonKey, config.fetch ?? fetch);
  const response = await doFetch(`${config.supabaseUrl}/rest/v1/${path}`, {
    headers: { apikey: config.anonKey, authorization: `Bearer ${config.anonKey}`, accept: 'application/json' },
    ...(config.signal ? { signal: config.signal } : {}),
  });
  if (!response.ok) {
    throw new Error(`GET /rest/v1/${path.split('?')[0]} answered ${response.status}: ${await response.text()}`);
  }
  return response.json();
}

function live<T extends { _deleted: boolean }>(rows: T[]): T[] {
  return rows.filter((row) => !row._deleted);
}

function liveOne<T extends { _deleted: boolean }>(row: T | null): T | null {
  return row && !row._deleted ? row : null;
}

/** Events that have not ended, soonest first (the home page). */
export async function fetchUpcomingEvents(config: FirstPaintConfig, now: Date = new Date()): Promise<EventSummary[]> {
  const query = `select=${SUMMARY_COLUMNS.join(',')}&_deleted=is.false&end_date=gte.${encodeURIComponent(now.toISOString())}&order=start_date.asc`;
  return (await read(config, `events?${query}`, (c) => c.rowsOf('events', SUMMARY_COLUMNS))) as EventSummary[];
}

/** The latest events that have ended, most recent first. */
export async function fetchPastEvents(
  config: FirstPaintConfig,
  now: Date = new Date(),
  limit = 6,
): Promise<EventSummary[]> {
  const query = `select=${SUMMARY_COLUMNS.join(',')}&_deleted=is.false&end_date=lt.${encodeURIComponent(now.toISOString())}&order=start_date.desc&limit=${limit}`;
  return (await read(config, `events?${query}`, (c) => c.rowsOf('events', SUMMARY_COLUMNS))) as EventSummary[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The table-API path (after `/rest/v1/`) of an event page's one request. The prerendered event shell
 * starts the same request before the scripts load (scripts/prerender.ts), so it must stay one GET.
 * Every embed asks for live rows only: a removed place on the list (a declined or waitlisted guest)
 * would otherwise come with the person's profile to every visitor of the page.
 */
export function eventPagePath(slug: string): string {
  const attendee = `attendees(${publicColumns('attendees')})`;
  const select = [
    publicColumns('events'),
    `event_gallery(${publicColumns('event_gallery')})`,
    `event_sponsors(${publicColumns('event_sponsors')},sponsors_library(${publicColumns('sponsors_library')}),sponsor_tiers(${publicColumns('sponsor_tiers')}))`,
    `sessions(${publicColumns('sessions')},session_speakers(${publicColumns('session_speakers')},${attendee}))`,
    `event_attendees(${publicColumns('event_attendees')},${attendee})`,
    `testimonials(${publicColumns('testimonials')})`,
    `videos(${publicColumns('videos')})`,
  ].join(',');
  const liveEmbeds = [
    'event_gallery',
    'event_sponsors',
    'sessions',
    'sessions.session_speakers',
    'event_attendees',
    'testimonials',
    'videos',
  ]
    .map((embed) => `&${embed}._deleted=is.false`)
    .join('');
  return `events?select=${encodeURIComponent(select)}&${eventKeyFilter(slug)}&_deleted=is.false${liveEmbeds}&order=slug.asc.nullslast&limit=1`;
}

/**
 * A live event by slug with everything its page shows, or null. Links use the id when an event has
 * no slug (spec section 2), so a uuid also matches an event's id.
 */
export async function fetchEventBySlug(config: FirstPaintConfig, slug: string): Promise<EventPage | null> {
  const rows = (await read(config, eventPagePath(slug), (c) => c.eventPages())) as (Row<'events'> & {
    event_gallery: Row<'event_gallery'>[];
    event_sponsors: (Row<'event_sponsors'> & {
      sponsors_library: Row<'sponsors_library'> | null;
      sponsor_tiers: Row<'sponsor_tiers'> | null;
    })[];
    sessions: (Row<'sessions'> & {
      session_speakers: (Row<'session_speakers'> & { attendees: PublicAttendee | null })[];
    })[];
    event_attendees: (Row<'event_attendees'> & { attendees: PublicAttendee | null })[];
    testimonials: Row<'testimonials'>[];
    videos: Row<'videos'>[];
  })[];
  const row = rows[0];
  if (!row) return null;
  const { event_gallery, event_sponsors, sessions, event_attendees, testimonials, videos, ...event } = row;
  return {
    event: event as Row<'events'>,
    gallery: byDisplayOrder(live(event_gallery)),
    sponsors: byDisplayOrder(live(event_sponsors)).map(({ sponsors_library, sponsor_tiers, ...link }) => ({
      ...link,
      sponsor: liveOne(sponsors_library),
      tier: liveOne(sponsor_tiers),
    })),
    sessions: bySessionTime(live(sessions)).map(({ session_speakers, ...session }) => ({
      ...session,
      speakers: byDisplayOrder(live(session_speakers)).map(({ attendees, ...speaker }) => ({
        ...speaker,
        attendee: liveOne(attendees),
      })),
    })),
    attendees: live(event_attendees).map(({ attendees, ...link }) => ({ ...link, attendee: liveOne(attendees) })),
    testimonials: byDisplayOrder(live(testimonials)),
    videos: byDisplayOrder(live(videos)),
  };
}

function eventKeyFilter(slugOrId: string): string {
  const value = encodeURIComponent(slugOrId);
  return UUID.test(slugOrId)
    ? `or=${encodeURIComponent(`(slug.eq.${slugOrId},id.eq.${slugOrId})`)}`
    : `slug=eq.${value}`;
}

type Sponsor = Row<'sponsors_library'>;
type Testimonial = Row<'testimonials'>;
type Video = Row<'videos'>;

/** An attendee of a past event, as past highlights lists them. */
export type PastAttendee = PublicAttendee;

/** The sponsor library by name (sponsors and past highlights pages). */
export async function fetchSponsors(config: FirstPaintConfig): Promise<Sponsor[]> {
  return byName(
    (await read(
      config,
      `sponsors_library?select=${publicColumns('sponsors_library')}&_deleted=is.false&order=name.asc`,
      (c) => c.rowsOf('sponsors_library'),
    )) as Sponsor[],
  );
}

/** Rows the table API answers at most (its max-rows): longer lists are read in pages of this size. */
const API_PAGE_ROWS = 1000;

/**
 * People who attended a past event (event_attendees of type past with their attendee), each once,
 * in the order they were registered, newest first. A series holds more attendances than the API
 * answers at once, so they are read page by page until a page comes back short.
 */
export async function fetchPastAttendees(config: FirstPaintConfig): Promise<PastAttendee[]> {
  const select = `attendee_id,attendees!inner(${publicColumns('attendees')})`;
  const query = `event_attendees?select=${encodeURIComponent(select)}&attendee_type=eq.past&_deleted=is.false&attendees._deleted=is.false&order=id.asc&limit=${API_PAGE_ROWS}`;
  const rows: { attendees: PublicAttendee | null }[] = [];
  for (let offset = 0; ; offset += API_PAGE_ROWS) {
    const page = (await read(config, `${query}&offset=${offset}`, (c) => c.pastAttendances())) as typeof rows;
    rows.push(...page);
    if (page.length < API_PAGE_ROWS) break;
  }
  return distinctAttendees(rows.flatMap(({ attendees }) => (attendees && !attendees._deleted ? [attendees] : [])));
}

/** Testimonials not tied to an event (event_id null), by display order. */
export async function fetchGeneralTestimonials(config: FirstPaintConfig): Promise<Testimonial[]> {
  return (await read(
    config,
    `testimonials?select=${publicColumns('testimonials')}&event_id=is.null&_deleted=is.false&order=display_order.asc,id.asc`,
    (c) => c.rowsOf('testimonials'),
  )) as Testimonial[];
}

/** Videos by display order, the general ones (event_id null) first: the home page shows two. */
export async function fetchVideos(config: FirstPaintConfig): Promise<Video[]> {
  return (await read(
    config,
    `videos?select=${publicColumns('videos')}&_deleted=is.false&order=event_id.asc.nullsfirst,display_order.asc,id.asc`,
    (c) => c.rowsOf('videos'),
  )) as Video[];
}
