/**
 * VTIMEZONE components (RFC 5545 3.6.5) made from the platform's own zone rules, so that an .ics can
 * write an event in the venue's zone (`DTSTART;TZID=Asia/Dubai:20470310T090000`) and a calendar that
 * shows an event's own zone (Outlook, Apple) shows Dubai time. No zone database ships to the
 * browser ('Add to calendar' builds its file there): the offsets come from Intl, through
 * `offsetMinutesAt` (time-zones.ts), which every browser, Node and Deno carry.
 *
 * Intl tells a zone's offset at an instant but not when it changes, so the changes are found: the
 * offset is read once a day across the years the events span (some zones change twice within a
 * week, Gaza's around Ramadan, so no longer step), and where two days differ, the change is narrowed
 * down to its minute by halving. Those few hundred readings a year use `format` and a pattern rather
 * than `formatToParts`, which costs about ten times as much (a zone-year took 8 ms that way). Each change becomes one observance (DAYLIGHT
 * when it starts the zone's summer time, else STANDARD) whose DTSTART is the local time just before
 * it, as RFC 5545 asks, with TZOFFSETFROM/TZOFFSETTO and, where time-zones.ts knows one, TZNAME.
 * A first observance with no change sets the offset from local New Year of the earliest year on:
 * parsers such as ical.js take an offset of zero before a zone's first observance, so without it a
 * January event in a zone whose first change is in March would be read at UTC. A zone without
 * changes in those years is that one observance, STANDARD. No RRULE: the observances cover the
 * years asked for, and are right for them even when a country changed its rules.
 *
 * Pure code, no I/O; shared by the app (through ics.ts) and the server functions.
 */
import { inSummerTime, isKnownTimeZone, offsetMinutesAt, wallClock, zoneAbbreviation } from './time-zones.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A change of a zone's offset: from `at` (the first instant of the new offset) on, `to` minutes from UTC. */
export interface ZoneTransition {
  at: Date;
  from: number;
  to: number;
}

/** Zones that are UTC by another name: their times are written as UTC (`...Z`), with no VTIMEZONE. */
const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'UCT', 'Universal', 'Zulu']);

/**
 * Whether times in `zone` are written with a TZID: not for UTC (a `Z` time says it all), nor for a
 * zone this platform's Intl does not know (its offsets would be guesses; the instant in UTC is right).
 */
export function writesWithTzid(zone: string | null | undefined): zone is string {
  return typeof zone === 'string' && !UTC_ZONES.has(zone) && isKnownTimeZone(zone);
}

const probes = new Map<string, Intl.DateTimeFormat>();
/** '3/14/2027, 02:00' (some engines put another kind of space after the comma). */
const PROBE_TEXT = /^(\d+)\/(\d+)\/(\d+),\s(\d+):(\d+)$/;

/** The zone's offset at `time` (ms since the epoch), in minutes: `offsetMinutesAt`, made cheap. */
function offsetAt(zone: string, time: number): number {
  let probe = probes.get(zone);
  if (!probe) {
    probe = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    probes.set(zone, probe);
  }
  const match = PROBE_TEXT.exec(probe.format(time));
  if (!match) return offsetMinutesAt(zone, new Date(time));
  const [month, day, year, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  // Some engines write midnight as 24 even in the h23 cycle.
  const wall = Date.UTC(year, month - 1, day, hour % 24, minute);
  return Math.round((wall - Math.floor(time / MINUTE) * MINUTE) / MINUTE);
}

/** The first minute after `lo` and at or before `hi` (minute counts) whose offset is not `before`. */
function firstMinuteOf(zone: string, lo: number, hi: number, before: number): number {
  let low = lo;
  let high = hi;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(zone, middle * MINUTE) === before) low = middle;
    else high = middle;
  }
  return high;
}

/** The zone's offset changes after `start` and up to `end`. */
export function zoneTransitions(zone: string, start: Date, end: Date): ZoneTransition[] {
  const transitions: ZoneTransition[] = [];
  const last = end.getTime();
  let day = start.getTime();
  let before = offsetAt(zone, day);
  while (day < last) {
    const next = Math.min(day + DAY, last);
    const after = offsetAt(zone, next);
    if (after !== before) {
      // No zone changes twice within a day, so one change lies between these two readings.
      const minute = firstMinuteOf(zone, Math.floor(day / MINUTE), Math.ceil(next / MINUTE), before);
      transitions.push({ at: new Date(minute * MINUTE), from: before, to: after });
    }
    before = after;
    day = next;
  }
  return transitions;
}

/** '+0400', '-0500', '+0545': an offset as TZOFFSETFROM/TZOFFSETTO write it (RFC 5545 3.3.14). */
export function formatIcsUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  return `${sign}${hours}${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}`;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The wall clock of `instant` at `offsetMinutes` from UTC, as a local DATE-TIME: 20470310T090000. */
export function formatIcsLocalDateTime(instant: Date, offsetMinutes: number): string {
  const local = new Date(instant.getTime() + offsetMinutes * MINUTE);
  return (
    `${pad(local.getUTCFullYear(), 4)}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`
  );
}

function observance(zone: string, onset: Date, from: number, to: number): string[] {
  const kind = inSummerTime(zone, onset) ? 'DAYLIGHT' : 'STANDARD';
  const name = zoneAbbreviation(zone, onset);
  return [
    `BEGIN:${kind}`,
    // The onset in the local time that was in force until then (RFC 5545 3.6.5).
    `DTSTART:${formatIcsLocalDateTime(onset, from)}`,
    `TZOFFSETFROM:${formatIcsUtcOffset(from)}`,
    `TZOFFSETTO:${formatIcsUtcOffset(to)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ];
}

const components = new Map<string, readonly string[]>();

/**
 * The VTIMEZONE of `zone` for times from `first` to `last` (instants): its offsets from local New
 * Year of `first`'s year to the end of `last`'s year, as content lines (unfolded, without CRLFs).
 * Kept per zone and years, since finding the changes reads the offset a few hundred times a year.
 */
export function vtimezoneLines(zone: string, first: Date, last: Date): readonly string[] {
  const fromYear = wallClock(first, zone).year;
  const toYear = wallClock(last, zone).year;
  const key = `${zone}\n${fromYear}\n${toYear}`;
  const known = components.get(key);
  if (known) return known;

  // Local New Year of the first year: UTC midnight moved by the offset then.
  const newYear = Date.UTC(fromYear, 0, 1);
  const start = new Date(newYear - offsetMinutesAt(zone, new Date(newYear)) * MINUTE);
  // A day past UTC's next New Year is past every zone's (none is more than 14 hours from UTC).
  const end = new Date(Date.UTC(toYear + 1, 0, 1) + DAY);
  const initial = offsetMinutesAt(zone, start);
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(zone, start, initial, initial),
    ...zoneTransitions(zone, start, end).flatMap(({ at, from, to }) => observance(zone, at, from, to)),
    'END:VTIMEZONE',
  ];
  components.set(key, lines);
  return lines;
}
