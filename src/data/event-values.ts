/**
 * The conversions between what the event and session forms show and what the tables hold: slugs
 * (spec section 5), point lists, display orders, and dates and times, which are typed and shown in
 * the event's own zone (the venue's, issue 28) whatever the admin's computer says.
 */
import { format } from 'date-fns';
import { formatTimeOfDay } from '../lib/format-date.ts';
import {
  instantOf,
  localDateTimeOf,
  offsetMinutesAt,
  zoneCity,
  zoneOffsetLabel,
  type LocalDateTime,
} from '../lib/time-zones.ts';

/**
 * The slug as the admin types it (spec section 5): lower-case; anything outside a-z, 0-9 and '-'
 * becomes '-'; repeated hyphens collapse. Hyphens at the ends stay while typing ('my-' must be
 * typeable on the way to 'my-event'); `slugForSave` trims them.
 */
export function normaliseSlugInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-{2,}/g, '-');
}

/** The slug to store: normalised and trimmed of end hyphens, as the server keeps it; blank → null (the server generates it from the title). */
export function slugForSave(value: string): string | null {
  const slug = normaliseSlugInput(value).replace(/^-+|-+$/g, '');
  return slug === '' ? null : slug;
}

/** The most seats an event may have (the migration's check on `events.capacity`). */
export const MAX_CAPACITY = 100_000;

/** The seats as the form shows them: blank for no limit. */
export function toCapacityInput(capacity: number | null | undefined): string {
  return capacity === null || capacity === undefined ? '' : String(capacity);
}

/**
 * The seats the admin typed, as stored: null when blank (no limit), the whole number when it is one
 * from 1 to MAX_CAPACITY, and undefined for anything else ('12.5', '0', 'forty'), which the form refuses.
 */
export function capacityFromInput(value: string): number | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return undefined;
  const seats = Number(text);
  return seats >= 1 && seats <= MAX_CAPACITY ? seats : undefined;
}

/** A point list as stored: each entry trimmed, empty entries dropped. */
export function cleanPoints(points: readonly string[]): string[] {
  return points.map((point) => point.trim()).filter((point) => point !== '');
}

/** 'Tokyo time' (or 'UTC'): the zone in a few words, where a list names it beside every time. */
export function zoneShortName(zone: string): string {
  const city = zoneCity(zone);
  return city === 'UTC' ? 'UTC' : `${city} time`;
}

/** A stored timestamp as a `datetime-local` value in `zone`, to the minute ('2026-03-05T09:30'). */
export function toDateTimeInput(timestamp: string | null | undefined, zone: string): string {
  const date = timestamp ? new Date(timestamp) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const { date: day, time } = localDateTimeOf(date, zone);
  return `${day}T${time}`;
}

/** A stored timestamp as a `time` input value in `zone` ('09:30'). */
export function toTimeInput(timestamp: string | null | undefined, zone: string): string {
  const date = timestamp ? new Date(timestamp) : null;
  return !date || Number.isNaN(date.getTime()) ? '' : localDateTimeOf(date, zone).time;
}

/** What a typed wall-clock time in the venue's zone stores. */
export type VenueTime =
  | { kind: 'blank' }
  /** `note` says how a time that happens twice (clocks going back) was read; null otherwise. */
  | { kind: 'instant'; instant: string; note: string | null }
  /** A time that does not exist that day (clocks going forward), or no date and time at all. */
  | { kind: 'refused'; message: string };

/** '2:30 AM' for '02:30'. */
function clockText(hour: number, minute: number): string {
  return formatTimeOfDay(new Date(Date.UTC(2000, 0, 1, hour, minute)), 'UTC');
}

/** '28 March 2027' for '2027-03-28'. */
function dayText(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day), 'd MMMM yyyy');
}

/** The instant at which `zone`'s offset changes between `from` and `to` (ms), to the minute. */
function offsetChangeBetween(zone: string, from: number, to: number): number {
  const before = offsetMinutesAt(zone, new Date(from));
  let [low, high] = [from, to];
  while (high - low > 60_000) {
    const middle = low + Math.floor((high - low) / 120_000) * 60_000;
    if (offsetMinutesAt(zone, new Date(middle)) === before) low = middle;
    else high = middle;
  }
  return high;
}

/** The wall clock either side of the change the time `local` falls in: clocks go from `from` to `to`. */
function clockChange(local: LocalDateTime, zone: string): { from: string; to: string; before: number } {
  const asUtc = Date.parse(`${local.date}T${local.time}:00Z`);
  const change = offsetChangeBetween(zone, asUtc - 36 * 3_600_000, asUtc + 36 * 3_600_000);
  const before = offsetMinutesAt(zone, new Date(change - 60_000));
  const after = offsetMinutesAt(zone, new Date(change));
  const clock = (offset: number) => {
    const shown = new Date(change + offset * 60_000);
    return clockText(shown.getUTCHours(), shown.getUTCMinutes());
  };
  return { from: clock(before), to: clock(after), before };
}

/**
 * The instant of a wall-clock time in the venue's zone. Summer time is said plainly: a time that
 * does not exist that day is refused ('2:30 AM does not exist on 28 March 2027 in New York time:
 * clocks go forward from 2:00 AM to 3:00 AM. Pick another time.'), and one that happens twice is
 * read as the first, with a note that says so.
 */
export function venueTimeOf(local: LocalDateTime, zone: string): VenueTime {
  const found = instantOf(local, zone);
  const [hour, minute] = local.time.split(':').map(Number) as [number, number];
  const place = zoneShortName(zone);
  switch (found.kind) {
    case 'invalid':
      return { kind: 'refused', message: 'Enter a date and time' };
    case 'nonexistent': {
      const { from, to } = clockChange(local, zone);
      return {
        kind: 'refused',
        message:
          `${clockText(hour, minute)} does not exist on ${dayText(local.date)} in ${place}: ` +
          `clocks go forward from ${from} to ${to}. Pick another time.`,
      };
    }
    case 'ambiguous':
      return {
        kind: 'instant',
        instant: found.instant.toISOString(),
        note:
          `${clockText(hour, minute)} happens twice on ${dayText(local.date)} in ${place}; ` +
          `saved as the first (${zoneOffsetLabel(zone, found.instant)}).`,
      };
    case 'exact':
      return { kind: 'instant', instant: found.instant.toISOString(), note: null };
  }
}

/**
 * A `datetime-local` value typed in `zone` as what it stores. `stored`, the instant the field was
 * filled from, is kept while the field still reads it: an untouched time that happens twice keeps
 * being the one it was (the second, say), not the first.
 */
export function fromDateTimeInput(value: string, zone: string, stored?: string | null): VenueTime {
  if (!value) return { kind: 'blank' };
  if (stored && toDateTimeInput(stored, zone) === value) return { kind: 'instant', instant: stored, note: null };
  const [date = '', time = ''] = value.split('T');
  return venueTimeOf({ date, time }, zone);
}

/**
 * A session time (spec section 5): the time of day on the event's start date in the venue's zone,
 * or on today's date there when the session has no event or the event no start date. `stored`: as
 * for `fromDateTimeInput`.
 */
export function combineDateAndTime(
  eventStart: string | null | undefined,
  time: string,
  zone: string,
  { stored, today = new Date() }: { stored?: string | null; today?: Date } = {},
): VenueTime {
  if (!/^\d{2}:\d{2}$/.test(time)) return { kind: 'blank' };
  const start = eventStart ? new Date(eventStart) : null;
  const day = localDateTimeOf(start && !Number.isNaN(start.getTime()) ? start : today, zone).date;
  if (stored) {
    const kept = localDateTimeOf(stored, zone);
    if (kept.date === day && kept.time === time) return { kind: 'instant', instant: stored, note: null };
  }
  return venueTimeOf({ date: day, time }, zone);
}

/**
 * The instant at which `zone`'s clock reads `local`. A time the zone skips that day moves on by the
 * gap (2:30 on a day clocks go from 2:00 to 3:00 becomes 3:30), one it has twice is the first: what
 * Temporal's 'compatible' reading does.
 */
function compatibleInstant(local: LocalDateTime, zone: string): string {
  const found = instantOf(local, zone);
  if (found.kind === 'exact' || found.kind === 'ambiguous') return found.instant.toISOString();
  const asUtc = Date.parse(`${local.date}T${local.time}:00Z`);
  return new Date(asUtc - clockChange(local, zone).before * 60_000).toISOString();
}

/**
 * The instant at which `zone`'s clock reads what `instant` read in `from`: a time moved to another
 * zone with its wall clock kept (an event whose zone was wrong).
 */
export function sameClockIn(instant: string, from: string, zone: string): string {
  return compatibleInstant(localDateTimeOf(instant, from), zone);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from one calendar date (yyyy-mm-dd) to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A calendar date (yyyy-mm-dd) `days` days later. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The session writes that keep an event's sessions where they are in its programme when an edit
 * moves the event (spec section 5: a session's time is a time of day on the event's start date): on
 * the same clock time, as many days after the event's start as before. `clockZone` is the zone whose
 * clock they keep: the old zone when the admin keeps clock times across a change of zone (9:00 in
 * London becomes 9:00 in Tokyo), the new one otherwise. None for a session that stays as it is.
 */
export function sessionsMovedWithTheEvent(
  sessions: readonly { id: string; start_time: string; end_time: string }[],
  before: { start: string; zone: string },
  after: { start: string; zone: string },
  clockZone: string,
): { id: string; patch: { start_time: string; end_time: string } }[] {
  const days = daysBetween(
    localDateTimeOf(before.start, clockZone).date,
    localDateTimeOf(after.start, after.zone).date,
  );
  const moved = (instant: string) => {
    const local = localDateTimeOf(instant, clockZone);
    const target = { date: addDays(local.date, days), time: local.time };
    // Already that clock time there (nothing moved it): kept, so the second of an hour the clocks
    // pass twice stays the second rather than being read again as the first.
    const there = localDateTimeOf(instant, after.zone);
    if (there.date === target.date && there.time === target.time) return instant;
    return compatibleInstant(target, after.zone);
  };
  return sessions.flatMap((session) => {
    if (Number.isNaN(Date.parse(session.start_time)) || Number.isNaN(Date.parse(session.end_time))) return [];
    const patch = { start_time: moved(session.start_time), end_time: moved(session.end_time) };
    const same =
      Date.parse(patch.start_time) === Date.parse(session.start_time) &&
      Date.parse(patch.end_time) === Date.parse(session.end_time);
    return same ? [] : [{ id: session.id, patch }];
  });
}

/** The display order of a new item at the end of a list: the current maximum plus 1 (0 for the first). */
export function nextDisplayOrder(items: readonly { display_order: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.display_order), -1) + 1;
}

/** A row's new place in a list arranged by display_order. */
export interface OrderChange {
  id: string;
  display_order: number;
}

/**
 * The writes that move `items[index]` one place up (-1) or down (+1) in a list sorted by display
 * order (spec section 4): it swaps its display_order with its neighbour's. Two rows with the same
 * display_order (added on two devices offline) cannot swap places that way, so then the whole list
 * is numbered from 0 in its new order. Nothing at the ends.
 */
export function moveInDisplayOrder(
  items: readonly { id: string; display_order: number }[],
  index: number,
  direction: -1 | 1,
): OrderChange[] {
  const item = items[index];
  const neighbour = items[index + direction];
  if (!item || !neighbour) return [];
  if (item.display_order !== neighbour.display_order) {
    return [
      { id: item.id, display_order: neighbour.display_order },
      { id: neighbour.id, display_order: item.display_order },
    ];
  }
  const reordered = [...items];
  reordered[index] = neighbour;
  reordered[index + direction] = item;
  return reordered.flatMap((row, position) =>
    row.display_order === position ? [] : [{ id: row.id, display_order: position }],
  );
}
