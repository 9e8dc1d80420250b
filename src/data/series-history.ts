/**
 * A guest's story across the series (issue 32), from the rows of the admin's replica: for every
 * person, each edition they asked for, were invited to, approved, declined or waitlisted for,
 * attended (checked in: when, on which device) or missed, and the counts the Attendees list and the
 * person's page show. Pure, so that the page, the list, the invitation picker and the bench share
 * one rule; the live hook is use-series-history.ts.
 *
 * The rule (docs/decisions/024-a-guest-across-the-series.md):
 * - Where the door was used at an edition (it has a check-in), the door decides: a guest attended
 *   when some check-in of theirs was not undone; a guest who was expected (on its list, or approved
 *   or invited) and was not checked in is a no-show once the edition is over.
 * - Where the door was not used (editions before it, or kept by hand), a link of type 'past' says
 *   they attended, and nothing says anyone missed it.
 * - A no-show an admin cleared, with a reason, no longer counts.
 * - No-shows are weighed by recency: each recorded edition (attended or missed) weighs half as much
 *   per year of age, so one miss three years ago does not mark a regular as unreliable; a guest is
 *   'often a no-show' when at least two editions are recorded and the no-shows weigh half or more.
 */
// Types only, from the engine's public face: the bench and the integration tests (Node) use this module too.
import type { SyncDoc } from '../../sync/index.ts';

export type SeriesEvent = Pick<SyncDoc<'events'>, 'id' | 'title' | 'location' | 'start_date' | 'end_date'> & {
  time_zone?: string | null;
};
export type SeriesAttendee = Pick<SyncDoc<'attendees'>, 'id' | 'email'> & { registered_at?: string };
export type SeriesLink = Pick<SyncDoc<'event_attendees'>, 'event_id' | 'attendee_id' | 'attendee_type'>;
export type SeriesRequest = Pick<SyncDoc<'invite_requests'>, 'id' | 'event_id' | 'attendee_id' | 'status' | 'email'> & {
  created_at?: string;
  status_changed_at?: string;
};
export type SeriesCheckIn = Pick<
  SyncDoc<'check_ins'>,
  'id' | 'event_id' | 'attendee_id' | 'undoes' | 'device_id' | 'device_label' | 'checked_in_at' | 'walk_in_email'
>;
export interface NoShowClearing {
  event_id: string;
  attendee_id: string;
  reason: string;
  cleared_at: string;
}

export interface SeriesRows {
  events: readonly SeriesEvent[];
  attendees: readonly SeriesAttendee[];
  links: readonly SeriesLink[];
  requests: readonly SeriesRequest[];
  checkIns: readonly SeriesCheckIn[];
  clearings: readonly NoShowClearing[];
}

export type RequestStatus = SyncDoc<'invite_requests'>['status'];

/**
 * How an edition went for the guest: attended; missed (no-show), or missed and cleared; upcoming
 * (not over, not checked in); not recorded (over, on its list, and no door record either way); or
 * none (they only asked, were declined or waitlisted).
 */
export type EditionOutcome = 'attended' | 'no-show' | 'cleared' | 'upcoming' | 'not-recorded' | 'none';

export interface PersonEdition {
  event: SeriesEvent;
  /** Their request for the edition, if any. */
  request: { id: string; status: RequestStatus; at: string | null } | null;
  /** Their link on the edition's list ('current' or 'past'), if any. */
  linkType: string | null;
  /** The earliest check-in of theirs not undone, and the device that took it (its id and label). */
  checkedInAt: string | null;
  checkedInOn: { id: string; label: string | null } | null;
  outcome: EditionOutcome;
  clearing: NoShowClearing | null;
}

export interface PersonSummary {
  attendeeId: string;
  /** Every edition they are linked to in any way, the latest first. */
  editions: PersonEdition[];
  attendedCount: number;
  /** The latest edition they attended. */
  lastAttended: PersonEdition | null;
  /** Of the last (up to) four editions recorded as attended or missed: how many, and missed. */
  recentRecorded: number;
  recentNoShows: number;
  /** A no-show (not cleared) at an edition that ended within the last year. */
  noShowInLastYear: boolean;
  /** The no-shows' share of the recorded editions, each weighed by recency (0 to 1). */
  noShowWeight: number;
  oftenNoShow: boolean;
  attendedEventIds: ReadonlySet<string>;
}

const YEAR_MS = 365.25 * 24 * 3600_000;
const RECENT = 4;

interface Partial {
  request: PersonEdition['request'];
  linkType: string | null;
  checkIn: SeriesCheckIn | null;
  /** Taken at the door as a walk-in (the server then put them on the list), undone since or not. */
  walkedIn?: boolean;
}

function time(value: string | null | undefined): number {
  return value ? Date.parse(value) : Number.NaN;
}

/**
 * The index of the whole series. A person's summary is made when first asked for and kept: the
 * person's page asks for one, a filtered list for everyone's.
 */
export interface SeriesIndex {
  /** Editions in the series, latest first. */
  events: readonly SeriesEvent[];
  /** Those that have started (someone may have attended them), latest first. */
  startedEvents: readonly SeriesEvent[];
  summaryOf(attendeeId: string): PersonSummary;
}

const NO_EVENTS: ReadonlySet<string> = new Set();

/** Builds every person's story from the replica's rows, as it stands at `now`. */
export function seriesIndex(rows: SeriesRows, now: number = Date.now()): SeriesIndex {
  // Each edition's times parsed once: parsing dates is most of the work otherwise.
  const eventById = new Map<string, { event: SeriesEvent; start: number; end: number }>();
  for (const event of rows.events)
    eventById.set(event.id, { event, start: time(event.start_date), end: time(event.end_date) });
  const byPerson = new Map<string, Map<string, Partial>>();
  const entry = (attendeeId: string, eventId: string): Partial | null => {
    if (!eventById.has(eventId)) return null;
    let editions = byPerson.get(attendeeId);
    if (!editions) byPerson.set(attendeeId, (editions = new Map()));
    let found = editions.get(eventId);
    if (!found) editions.set(eventId, (found = { request: null, linkType: null, checkIn: null }));
    return found;
  };

  for (const link of rows.links) {
    const found = entry(link.attendee_id, link.event_id);
    // 'past' (they came) wins over 'current' should both be there.
    if (found && found.linkType !== 'past') found.linkType = link.attendee_type;
  }
  // A request names its person by attendee once approved or invited (the server links it), by its
  // address before that and when declined or waitlisted; a walk-in not linked yet by its address too.
  const attendeeByEmail = new Map<string, string>();
  for (const attendee of rows.attendees) {
    const email = attendee.email?.trim().toLowerCase();
    if (email && !attendeeByEmail.has(email)) attendeeByEmail.set(email, attendee.id);
  }
  const byEmail = (email: string | null | undefined) =>
    email ? attendeeByEmail.get(email.trim().toLowerCase()) : undefined;
  for (const request of rows.requests) {
    const attendeeId = request.attendee_id ?? byEmail(request.email);
    if (!attendeeId) continue;
    const found = entry(attendeeId, request.event_id);
    if (found)
      found.request = {
        id: request.id,
        status: request.status,
        at: request.status_changed_at ?? request.created_at ?? null,
      };
  }

  // The door: which editions used it, and each guest's earliest check-in not undone.
  const doorUsed = new Set<string>();
  const undone = new Set<string>();
  for (const row of rows.checkIns) {
    doorUsed.add(row.event_id);
    if (row.undoes) undone.add(row.undoes);
  }
  for (const row of rows.checkIns) {
    if (row.undoes || undone.has(row.id)) continue;
    const attendeeId = row.attendee_id ?? byEmail(row.walk_in_email);
    if (!attendeeId) continue;
    const found = entry(attendeeId, row.event_id);
    if (!found) continue;
    const first = found.checkIn;
    if (
      !first ||
      time(row.checked_in_at) < time(first.checked_in_at) ||
      (row.checked_in_at === first.checked_in_at && row.id < first.id)
    )
      found.checkIn = row;
  }

  for (const row of rows.checkIns) {
    if (row.undoes || !row.walk_in_email) continue;
    const attendeeId = row.attendee_id ?? byEmail(row.walk_in_email);
    const found = attendeeId ? byPerson.get(attendeeId)?.get(row.event_id) : undefined;
    if (found) found.walkedIn = true;
  }

  const clearingOf = new Map(rows.clearings.map((c) => [`${c.event_id}|${c.attendee_id}`, c]));
  const events = [...eventById.values()].sort((a, b) => b.start - a.start);

  const summarise = (attendeeId: string, editions: Map<string, Partial> | undefined): PersonSummary => {
    const list: (PersonEdition & { start: number; end: number })[] = [];
    for (const [eventId, found] of editions ?? []) {
      const { event, start, end } = eventById.get(eventId)!;
      const status = found.request?.status;
      // Expected: on the event's list. An approved or invited request without its link was taken off
      // the list by an admin (the request stays as it was); a walk-in whose check-in was undone was
      // never expected, though the server had put them on the list.
      const invited = status === 'approved' || status === 'invited';
      const expected = found.linkType === 'past' || (found.linkType === 'current' && (invited || !found.walkedIn));
      const door = doorUsed.has(eventId);
      let outcome: EditionOutcome;
      let clearing: NoShowClearing | null = null;
      if (found.checkIn || (!door && found.linkType === 'past')) outcome = 'attended';
      else if (!expected) outcome = 'none';
      else if (end >= now) outcome = 'upcoming';
      else if (door) {
        clearing = clearingOf.get(`${eventId}|${attendeeId}`) ?? null;
        outcome = clearing ? 'cleared' : 'no-show';
      } else outcome = 'not-recorded';
      list.push({
        event,
        start,
        end,
        request: found.request,
        linkType: found.linkType,
        checkedInAt: found.checkIn?.checked_in_at ?? null,
        checkedInOn: found.checkIn ? { id: found.checkIn.device_id, label: found.checkIn.device_label ?? null } : null,
        outcome,
        clearing,
      });
    }
    list.sort((a, b) => b.start - a.start || a.event.id.localeCompare(b.event.id));

    let attendedCount = 0;
    let lastAttended: PersonEdition | null = null;
    let recentRecorded = 0;
    let recentNoShows = 0;
    let recorded = 0;
    let missedWeight = 0;
    let totalWeight = 0;
    let noShowInLastYear = false;
    let attendedEventIds: Set<string> | null = null;
    for (const edition of list) {
      if (edition.outcome === 'attended') {
        attendedCount += 1;
        lastAttended ??= edition;
        (attendedEventIds ??= new Set()).add(edition.event.id);
      }
      if ((edition.outcome !== 'attended' && edition.outcome !== 'no-show') || edition.start > now) continue;
      recorded += 1;
      if (recentRecorded < RECENT) {
        recentRecorded += 1;
        if (edition.outcome === 'no-show') recentNoShows += 1;
      }
      const age = Math.max(0, now - edition.end);
      const weight = 0.5 ** (age / YEAR_MS);
      totalWeight += weight;
      if (edition.outcome === 'no-show') {
        missedWeight += weight;
        if (age <= YEAR_MS) noShowInLastYear = true;
      }
    }
    const noShowWeight = totalWeight === 0 ? 0 : missedWeight / totalWeight;
    return {
      attendeeId,
      editions: list,
      attendedCount,
      lastAttended,
      recentRecorded,
      recentNoShows,
      noShowInLastYear,
      noShowWeight,
      oftenNoShow: recorded >= 2 && noShowWeight >= 0.5,
      attendedEventIds: attendedEventIds ?? NO_EVENTS,
    };
  };

  const summaries = new Map<string, PersonSummary>();
  return {
    events: events.map((e) => e.event),
    startedEvents: events.filter((e) => e.start <= now).map((e) => e.event),
    summaryOf(attendeeId) {
      let summary = summaries.get(attendeeId);
      if (!summary) summaries.set(attendeeId, (summary = summarise(attendeeId, byPerson.get(attendeeId))));
      return summary;
    },
  };
}

/** 'Lisbon' from 'Palácio do Chiado, Lisbon': the last part of the venue, else the edition's title. */
export function editionPlace(event: Pick<SeriesEvent, 'location' | 'title'>): string {
  const parts = (event.location ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.at(-1) ?? event.title;
}

/** What the Attendees list may be narrowed to (issue 32). */
export interface PeopleFilter {
  /** Attended at least this many editions (0: any). */
  minAttended: number;
  /** Attended this edition ('': any). */
  attendedEventId: string;
  /** A no-show, not cleared, at an edition that ended within the last year. */
  noShowLastYear: boolean;
  /** Part of the company's name, any case ('': any). */
  company: string;
  /** Part of the name or e-mail address (an address of a record merged into theirs too), any case ('': any). */
  search: string;
}

export const NO_PEOPLE_FILTER: PeopleFilter = {
  minAttended: 0,
  attendedEventId: '',
  noShowLastYear: false,
  company: '',
  search: '',
};

export type PeopleSort = 'newest' | 'last-attended';

type Person = Pick<SyncDoc<'attendees'>, 'id' | 'name' | 'email' | 'company'> & { registered_at?: string };

/** The people `filter` keeps, in the order `sort` asks for ('newest' keeps the order given). */
export function filterPeople<P extends Person>(
  people: readonly P[],
  index: SeriesIndex,
  filter: PeopleFilter,
  sort: PeopleSort = 'newest',
  /** The addresses of records merged into each person's (issue 32), by attendee id. */
  otherAddresses: ReadonlyMap<string, readonly string[]> = new Map(),
): P[] {
  const company = filter.company.trim().toLowerCase();
  const search = filter.search.trim().toLowerCase();
  const kept = people.filter((person) => {
    if (company && !(person.company ?? '').toLowerCase().includes(company)) return false;
    if (
      search &&
      !person.name.toLowerCase().includes(search) &&
      !(person.email ?? '').toLowerCase().includes(search) &&
      !(otherAddresses.get(person.id) ?? []).some((address) => address.toLowerCase().includes(search))
    )
      return false;
    if (filter.minAttended === 0 && !filter.attendedEventId && !filter.noShowLastYear) return true;
    const summary = index.summaryOf(person.id);
    if (summary.attendedCount < filter.minAttended) return false;
    if (filter.attendedEventId && !summary.attendedEventIds.has(filter.attendedEventId)) return false;
    if (filter.noShowLastYear && !summary.noShowInLastYear) return false;
    return true;
  });
  if (sort === 'last-attended') {
    const last = (person: P) => {
      const edition = index.summaryOf(person.id).lastAttended;
      return edition ? time(edition.event.start_date) : Number.NEGATIVE_INFINITY;
    };
    const at = new Map(kept.map((person) => [person.id, last(person)]));
    // Stable: people who never attended keep the order given, after the others.
    return kept
      .map((person, position) => ({ person, position }))
      .sort((a, b) => at.get(b.person.id)! - at.get(a.person.id)! || a.position - b.position)
      .map(({ person }) => person);
  }
  return kept;
}
