/**
 * The check-in screen's pure parts: the order events are offered in (today's first, then upcoming,
 * then past), the search over the roster, and the words of its counts. The search index is made once
 * per roster, so a keystroke only filters strings: the roster itself is not read again.
 */
import type { RosterGuest } from '../../data/door-roster.ts';
import { wallClock } from '../../../supabase/functions/_shared/portable/time-zones.ts';
import { eventTimeZone, formatVenueTime } from '../../lib/venue-time.ts';

export interface DoorEventLike {
  id: string;
  title: string;
  start_date: string;
  end_date: string;
  time_zone?: string | null;
}

export type EventWhen = 'today' | 'upcoming' | 'past';

/**
 * The day on the venue's calendar, asked of Intl each time: the door renders in the browser only, so
 * the facts a server-rendered page brings (src/lib/zone-facts.ts) would not help, and 'now' differs
 * at every call.
 */
const dayOf = (value: string | Date, zone: string) => {
  const clock = wallClock(value, zone);
  return clock.year * 10_000 + clock.month * 100 + clock.day;
};

/**
 * Whether an event happens today, is still to come, or is over. 'Today' is the venue's: the door is
 * there, and an admin preparing it from another continent means the venue's day too.
 */
export function eventWhen(event: DoorEventLike, now: Date = new Date()): EventWhen {
  const zone = eventTimeZone(event);
  const today = dayOf(now, zone);
  if (dayOf(event.start_date, zone) <= today && today <= dayOf(event.end_date, zone)) return 'today';
  return Date.parse(event.start_date) > now.getTime() ? 'upcoming' : 'past';
}

const RANK: Record<EventWhen, number> = { today: 0, upcoming: 1, past: 2 };

/**
 * Today's events first (those not over yet before those that ended today, as a gala that ended after
 * midnight must not open the door before the summit starting this morning), then upcoming ones
 * soonest first, then past ones latest first.
 */
export function doorEventOrder<E extends DoorEventLike>(events: readonly E[], now: Date = new Date()): E[] {
  const when = new Map(events.map((event) => [event.id, eventWhen(event, now)]));
  const over = (event: E) => Date.parse(event.end_date) <= now.getTime();
  return [...events].sort((a, b) => {
    const wa = when.get(a.id)!;
    const wb = when.get(b.id)!;
    if (wa !== wb) return RANK[wa] - RANK[wb];
    if (wa === 'today' && over(a) !== over(b)) return over(a) ? 1 : -1;
    const byStart = Date.parse(a.start_date) - Date.parse(b.start_date);
    return (wa === 'past' ? -byStart : byStart) || a.title.localeCompare(b.title);
  });
}

export interface SearchableGuest {
  guest: RosterGuest;
  /** Name and company, lower-cased without accents, searched as the admin types. */
  text: string;
}

/** Lower case without accents: 'chloe' finds 'Chloé', typed in a hurry on a phone at the door. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The roster ready to search: one folded string per guest. */
export function searchIndexOf(roster: readonly RosterGuest[]): SearchableGuest[] {
  return roster.map((guest) => ({ guest, text: folded(`${guest.name}\n${guest.company ?? ''}`) }));
}

export type ArrivalFilter = 'all' | 'not-arrived' | 'checked-in';

/** The guests whose name or company holds every word of `query` (any case or accent), with the filter applied. */
export function searchRoster(index: readonly SearchableGuest[], query: string, filter: ArrivalFilter): RosterGuest[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  const shown: RosterGuest[] = [];
  for (const { guest, text } of index) {
    if (filter === 'not-arrived' && guest.checkedInAt !== null) continue;
    if (filter === 'checked-in' && guest.checkedInAt === null) continue;
    if (words.every((word) => text.includes(word))) shown.push(guest);
  }
  return shown;
}

/** 'Checked in 28 of 34'. */
export const countsLine = (checkedIn: number, total: number) => `Checked in ${checkedIn} of ${total}`;

/** '3 check-ins waiting to sync' (undos count as check-ins: both are rows of the door). */
export const pendingLine = (count: number) => `${count} ${count === 1 ? 'check-in' : 'check-ins'} waiting to sync`;

/** 'at 9:05 AM on Door phone 1' on the venue's clock (the door's) for a guest who is in; '' for one who is not. */
export const whenAndWhere = (guest: RosterGuest, zone: string) =>
  guest.checkedInAt ? `at ${formatVenueTime(guest.checkedInAt, zone)} on ${guest.checkedInOn ?? 'another device'}` : '';
