/**
 * An event's dates and times as the people in the room live them: in the event's own zone
 * (`events.time_zone`), on the server and in every browser alike, so that the server's HTML and
 * the hydrated page read the same (docs/decisions/019-venue-time-zones.md). The visitor's own time
 * is offered beside it, never instead: it can only be known in the browser, after hydration.
 *
 * A zone's offset at an instant comes from Intl (supabase/functions/_shared/portable/time-zones.ts), whose
 * first use in a page is a long task. So it is asked through ./zone-facts.ts, whose facts a
 * server-rendered page brings along: hydration formats from them, the date getters of UTC doing the
 * rest, and never asks Intl. A fact missing (a page rendered in the browser, an event changed since)
 * is learnt from Intl then.
 */
import { formatLongDate, formatMonth, formatShortDay, formatTimeOfDay } from './format-date.ts';
import { zoneFact } from './zone-facts.ts';
import {
  DEFAULT_TIME_ZONE,
  formatUtcOffset,
  isKnownTimeZone,
  isoOffset,
  offsetMinutesAt,
  zoneCity,
  zoneTimeLabel,
} from '../../supabase/functions/_shared/portable/time-zones.ts';

const UTC_NAMES = new Set([DEFAULT_TIME_ZONE, 'Etc/UTC']);

/**
 * The zone an event's times are shown in. The server never sends an event without one, but a
 * replica document from before the column may lack it for a moment, and a zone this engine's Intl
 * does not know would throw where a date is formatted: both read as the series' default (UTC),
 * which the zone's label then names, so no time is shown in a zone it does not say.
 */
export function eventTimeZone(event: { time_zone?: string | null }): string {
  const zone = event.time_zone;
  if (!zone || UTC_NAMES.has(zone)) return DEFAULT_TIME_ZONE;
  return zoneFact(`known|${zone}`, () => isKnownTimeZone(zone)) ? zone : DEFAULT_TIME_ZONE;
}

/** The venue's offset from UTC at `value`, in minutes. */
function venueOffset(value: string | Date, zone: string): number {
  if (UTC_NAMES.has(zone)) return 0;
  const at = new Date(value).getTime();
  return zoneFact(`offset|${zone}|${at}`, () => offsetMinutesAt(zone, new Date(at)));
}

/** A Date whose UTC fields (getUTCDate, getUTCHours, ...) read the venue's wall clock at `value`. */
function venueClock(value: string | Date, zone: string): Date {
  return new Date(new Date(value).getTime() + venueOffset(value, zone) * 60_000);
}

/** 'Monday, 5 January 2026' on the venue's calendar. */
export function formatVenueDate(value: string | Date, zone: string): string {
  return formatLongDate(venueClock(value, zone), DEFAULT_TIME_ZONE);
}

/** '9:05 AM' on the venue's clock. */
export function formatVenueTime(value: string | Date, zone: string): string {
  return formatTimeOfDay(venueClock(value, zone), DEFAULT_TIME_ZONE);
}

/** 'January 2027' (and its key '2027-01') on the venue's calendar. */
export function formatVenueMonth(value: string | Date, zone: string): { key: string; label: string } {
  return formatMonth(venueClock(value, zone), DEFAULT_TIME_ZONE);
}

/** 'Dubai time (GST, UTC+4)' as it is at `at` (summer time or not); 'UTC' for UTC. */
export function venueZoneLabel(zone: string, at: string | Date): string {
  if (UTC_NAMES.has(zone)) return 'UTC';
  const instant = new Date(at).getTime();
  return zoneFact(`label|${zone}|${instant}`, () => zoneTimeLabel(zone, new Date(instant)));
}

/** 'All times are Dubai time (GST, UTC+4)'. */
export function allTimesIn(zone: string, at: string | Date): string {
  return `All times are ${venueZoneLabel(zone, at)}`;
}

/** 'Friday, 11 June 2027, 8:30 AM Tokyo time (JST, UTC+9)': one instant with its zone named. */
export function formatVenueDateTime(value: string | Date, zone: string): string {
  return `${formatVenueDate(value, zone)}, ${formatVenueTime(value, zone)} ${venueZoneLabel(zone, value)}`;
}

/**
 * The instant as an ISO 8601 timestamp on the venue's clock, to the millisecond, with its offset:
 * '2026-11-27T12:05:00.000+04:00' in Dubai. An event in UTC reads as toISOString() writes it
 * ('...Z'); a zone that is at UTC+0 just then says '+00:00', as RFC 3339 has it for a local time.
 */
export function venueTimestamp(value: string | Date, zone: string): string {
  if (UTC_NAMES.has(zone)) return new Date(value).toISOString();
  return `${venueClock(value, zone).toISOString().slice(0, -1)}${isoOffset(venueOffset(value, zone))}`;
}

/**
 * The instant on the venue's clock to the minute, with its offset: '2047-03-10T09:00:00+04:00', as
 * schema.org events give it ('+00:00' in UTC). From the zone facts, as every date of the page is.
 */
export function venueIsoMinute(value: string | Date, zone: string): string {
  return `${venueClock(value, zone).toISOString().slice(0, 16)}:00${isoOffset(venueOffset(value, zone))}`;
}

/**
 * Whether the visitor's clock (this machine's zone) reads otherwise than the venue's at any of
 * `instants`. Asks the Date of this machine, not Intl: most visitors share the venue's zone or
 * nothing of it shows.
 */
export function visitorClockDiffers(zone: string, instants: readonly (string | Date)[]): boolean {
  return instants.some((at) => -new Date(at).getTimezoneOffset() !== venueOffset(at, zone));
}

let visitorZone: string | undefined | null = null;

/** The IANA name of this machine's zone ('America/Los_Angeles'), if the engine says; asked once. */
export function visitorZoneName(): string | undefined {
  if (visitorZone === null) visitorZone = new Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  return visitorZone;
}

/** The visitor's zone as a short label, 'Los Angeles, UTC-7' (at `at`), or 'UTC-7' when the engine names none. */
export function visitorZoneLabel(at: string | Date, zoneName: string | undefined): string {
  const offset = formatUtcOffset(-new Date(at).getTimezoneOffset());
  const city = zoneName ? zoneCity(zoneName) : '';
  return city && city !== 'UTC' && city !== offset ? `${city}, ${offset}` : offset;
}

/**
 * A time span on the visitor's clock: 'Sat 9 March, 9:00 PM - 10:30 PM', with the end's day too when
 * it falls on another ('Sat 9 March, 11:30 PM - Sun 10 March, 12:30 AM').
 */
export function visitorTimeRange(start: string | Date, end: string | Date): string {
  const from = new Date(start);
  const to = new Date(end);
  const endDay = formatShortDay(to);
  const sameDay = endDay === formatShortDay(from);
  return `${formatShortDay(from)}, ${formatTimeOfDay(from)} - ${sameDay ? '' : `${endDay}, `}${formatTimeOfDay(to)}`;
}
