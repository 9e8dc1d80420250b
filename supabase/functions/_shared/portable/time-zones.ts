/**
 * The venue's time: every event has an IANA time zone (`events.time_zone`, e.g. 'Asia/Dubai'), and
 * every date and time of the event is shown and entered in it, wherever the viewer is
 * (docs/decisions/019-venue-time-zones.md). This module turns an instant into the venue's wall clock,
 * a wall-clock time the admin typed back into an instant (with summer time's gaps and overlaps said
 * plainly), and names a zone as people recognise it ('Dubai time (GST, UTC+4)').
 *
 * The zone rules come from the platform (Intl, which every browser, Node and Deno carry): no zone
 * database ships to the browser. Formatters are made once per zone and kept, since making one costs
 * far more than using it. The names people read (the city, the abbreviation) come from the zone's
 * id and a small table here, not from Intl's display names: those differ between engines and their
 * versions, and the server's HTML must read exactly as the page after hydration.
 *
 * Pure code, shared by the server functions (messages, calendar files) and the app.
 */

/** The zone of a row that names none: the series' default when a deployment sets none. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The wall clock of an instant in a zone. `month` is 1-12, `weekday` 0 (Sunday) to 6. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  /** The zone's offset from UTC at that instant, in minutes (Dubai: 240; New York in winter: -300). */
  offsetMinutes: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** The wall clock of `value` in `zone` (an IANA name; 'UTC' without asking Intl). */
export function wallClock(value: string | Date, zone: string): WallClock {
  const date = toDate(value);
  if (zone === 'UTC' || zone === 'Etc/UTC') {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      weekday: date.getUTCDay(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      offsetMinutes: 0,
    };
  }
  const parts: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(date)) parts[part.type] = part.value;
  const clock = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    // Some engines write midnight as 24 even in the h23 cycle.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, Number(parts.second));
  const wholeSeconds = Math.floor(date.getTime() / 1000) * 1000;
  return {
    ...clock,
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
    offsetMinutes: Math.round((asUtc - wholeSeconds) / 60_000),
  };
}

/** The zone's offset from UTC at `value`, in minutes. */
export function offsetMinutesAt(zone: string, value: string | Date): number {
  return wallClock(value, zone).offsetMinutes;
}

/** True when `zone` is a zone this platform knows (an IANA name such as 'Europe/Lisbon'). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** 'UTC+4', 'UTC+5:30', 'UTC-3', 'UTC' for an offset in minutes. */
export function formatUtcOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** '+04:00', '-03:00', '+05:45': the offset as ISO 8601 writes it after a local time. */
export function isoOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  return `${sign}${hours}:${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}`;
}

/** The instant as the venue's local time with its offset: '2047-03-10T09:00:00+04:00' (JSON-LD). */
export function toZonedIso(value: string | Date, zone: string): string {
  const clock = wallClock(value, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${clock.year}-${two(clock.month)}-${two(clock.day)}T${two(clock.hour)}:${two(clock.minute)}:00` +
    isoOffset(clock.offsetMinutes)
  );
}

/**
 * The abbreviations people use for the zones this series is likeliest to meet, standard time first
 * and summer time second. A zone missing here is named by its city and offset alone, which is never
 * wrong; an abbreviation from Intl would differ between browsers and between server and browser.
 */
const ABBREVIATIONS: Record<string, readonly [string, string?]> = {
  UTC: ['UTC'],
  'Etc/UTC': ['UTC'],
  'Europe/London': ['GMT', 'BST'],
  'Europe/Dublin': ['GMT', 'IST'],
  'Europe/Lisbon': ['WET', 'WEST'],
  'Atlantic/Canary': ['WET', 'WEST'],
  'Europe/Istanbul': ['TRT'],
  'Europe/Moscow': ['MSK'],
  'Africa/Cairo': ['EET', 'EEST'],
  'Africa/Johannesburg': ['SAST'],
  'Africa/Lagos': ['WAT'],
  'Africa/Nairobi': ['EAT'],
  'Asia/Dubai': ['GST'],
  'Asia/Muscat': ['GST'],
  'Asia/Riyadh': ['AST'],
  'Asia/Qatar': ['AST'],
  'Asia/Bahrain': ['AST'],
  'Asia/Kuwait': ['AST'],
  'Asia/Jerusalem': ['IST', 'IDT'],
  'Asia/Karachi': ['PKT'],
  'Asia/Kolkata': ['IST'],
  'Asia/Calcutta': ['IST'],
  'Asia/Kathmandu': ['NPT'],
  'Asia/Katmandu': ['NPT'],
  'Asia/Bangkok': ['ICT'],
  'Asia/Jakarta': ['WIB'],
  'Asia/Singapore': ['SGT'],
  'Asia/Kuala_Lumpur': ['MYT'],
  'Asia/Hong_Kong': ['HKT'],
  'Asia/Shanghai': ['CST'],
  'Asia/Taipei': ['CST'],
  'Asia/Seoul': ['KST'],
  'Asia/Tokyo': ['JST'],
  'Australia/Perth': ['AWST'],
  'Australia/Adelaide': ['ACST', 'ACDT'],
  'Australia/Brisbane': ['AEST'],
  'Australia/Sydney': ['AEST', 'AEDT'],
  'Australia/Melbourne': ['AEST', 'AEDT'],
  'Pacific/Auckland': ['NZST', 'NZDT'],
  'America/New_York': ['EST', 'EDT'],
  'America/Toronto': ['EST', 'EDT'],
  'America/Chicago': ['CST', 'CDT'],
  'America/Mexico_City': ['CST'],
  'America/Denver': ['MST', 'MDT'],
  'America/Phoenix': ['MST'],
  'America/Los_Angeles': ['PST', 'PDT'],
  'America/Vancouver': ['PST', 'PDT'],
  'America/Bogota': ['COT'],
  'America/Lima': ['PET'],
  'America/Sao_Paulo': ['BRT'],
  'America/Argentina/Buenos_Aires': ['ART'],
  'America/Buenos_Aires': ['ART'],
};
for (const city of [
  'Amsterdam',
  'Belgrade',
  'Berlin',
  'Brussels',
  'Budapest',
  'Copenhagen',
  'Luxembourg',
  'Madrid',
  'Monaco',
  'Oslo',
  'Paris',
  'Prague',
  'Rome',
  'Stockholm',
  'Vienna',
  'Warsaw',
  'Zagreb',
  'Zurich',
]) {
  ABBREVIATIONS[`Europe/${city}`] = ['CET', 'CEST'];
}
for (const city of ['Athens', 'Bucharest', 'Helsinki', 'Kiev', 'Kyiv', 'Riga', 'Sofia', 'Tallinn', 'Vilnius']) {
  ABBREVIATIONS[`Europe/${city}`] = ['EET', 'EEST'];
}

/** Whether `value` falls in the zone's summer time: its offset then is the larger of the year's two. */
export function inSummerTime(zone: string, value: string | Date): boolean {
  const date = toDate(value);
  const year = date.getUTCFullYear();
  const winter = offsetMinutesAt(zone, new Date(Date.UTC(year, 0, 1)));
  const summer = offsetMinutesAt(zone, new Date(Date.UTC(year, 6, 1)));
  if (winter === summer) return false;
  return offsetMinutesAt(zone, date) === Math.max(winter, summer);
}

/** The abbreviation people use for the zone at `value` ('GST', 'BST'), or null when we know none. */
export function zoneAbbreviation(zone: string, value: string | Date): string | null {
  const names = ABBREVIATIONS[zone];
  if (!names) return null;
  const [standard, summer] = names;
  if (!summer) return standard;
  return inSummerTime(zone, value) ? summer : standard;
}

/** The place a zone is named after: 'Asia/Dubai' → 'Dubai', 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. */
export function zoneCity(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/** 'GST, UTC+4' (or 'UTC+3' where no abbreviation is known) at `value`. */
export function zoneOffsetLabel(zone: string, value: string | Date): string {
  const offset = formatUtcOffset(offsetMinutesAt(zone, value));
  const abbreviation = zoneAbbreviation(zone, value);
  return abbreviation && abbreviation !== offset ? `${abbreviation}, ${offset}` : offset;
}

/** 'Dubai time (GST, UTC+4)' at `value`; 'UTC' for UTC itself. */
export function zoneTimeLabel(zone: string, value: string | Date): string {
  const city = zoneCity(zone);
  if (city === 'UTC') return 'UTC';
  return `${city} time (${zoneOffsetLabel(zone, value)})`;
}

/** A wall-clock time the admin typed: '2026-03-29' and '09:30'. */
export interface LocalDateTime {
  /** yyyy-mm-dd */
  date: string;
  /** HH:mm */
  time: string;
}

/** What a wall-clock time in a zone is as an instant. */
export type ZonedInstant =
  | { kind: 'exact'; instant: Date }
  /** Clocks go back over it: it happens twice; `instant` is the first, `later` the second. */
  | { kind: 'ambiguous'; instant: Date; later: Date }
  /** Clocks go forward over it: it never happens that day. */
  | { kind: 'nonexistent' }
  | { kind: 'invalid' };

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{2}):(\d{2})$/;

/** The instants at which `zone`'s clock reads `local`: none (a gap), one, or two (an overlap). */
export function instantOf(local: LocalDateTime, zone: string): ZonedInstant {
  const dateMatch = LOCAL_DATE.exec(local.date);
  const timeMatch = LOCAL_TIME.exec(local.time);
  if (!dateMatch || !timeMatch) return { kind: 'invalid' };
  const [year, month, day, hour, minute] = [...dateMatch.slice(1), ...timeMatch.slice(1)].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return { kind: 'invalid' };
  }
  // The zone's offsets a day either side cover any one transition near this time.
  const offsets = new Set([
    offsetMinutesAt(zone, new Date(asUtc - 86_400_000)),
    offsetMinutesAt(zone, new Date(asUtc)),
    offsetMinutesAt(zone, new Date(asUtc + 86_400_000)),
  ]);
  const matches = [...offsets]
    .map((offset) => asUtc - offset * 60_000)
    .filter((candidate) => {
      const clock = wallClock(new Date(candidate), zone);
      return (
        clock.year === year &&
        clock.month === month &&
        clock.day === day &&
        clock.hour === hour &&
        clock.minute === minute
      );
    })
    .sort((a, b) => a - b);
  const unique = [...new Set(matches)];
  if (unique.length === 0) return { kind: 'nonexistent' };
  if (unique.length === 1) return { kind: 'exact', instant: new Date(unique[0]!) };
  return { kind: 'ambiguous', instant: new Date(unique[0]!), later: new Date(unique[unique.length - 1]!) };
}

/** The instant's wall clock in `zone` as the form's fields show it: { date: '2026-03-05', time: '09:30' }. */
export function localDateTimeOf(value: string | Date, zone: string): LocalDateTime {
  const clock = wallClock(value, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${String(clock.year).padStart(4, '0')}-${two(clock.month)}-${two(clock.day)}`,
    time: `${two(clock.hour)}:${two(clock.minute)}`,
  };
}
