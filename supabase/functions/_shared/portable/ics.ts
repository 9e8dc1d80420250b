/**
 * iCalendar (RFC 5545) text for events: the 'Add to calendar' downloads in the app and the
 * subscribable feed of the calendar-feed function build the same text here, so a calendar that
 * imported a download and also subscribes to the feed sees one event, not two (same UID).
 *
 * It lives under supabase/functions because functions import nothing outside supabase/; the app
 * reaches it through src/lib/ics.ts, which re-exports it. Pure code: no I/O, no clock unless `now`
 * is left out.
 *
 * What RFC 5545 asks and this does: CRLF after every line (3.1), lines folded at 75 octets without
 * splitting a UTF-8 character, continuations starting with one space (3.1), TEXT values escaped
 * (backslash, semicolon, comma, newline; 3.3.11), VERSION, PRODID, and in every VEVENT a UID and a
 * DTSTAMP (3.6.1). An event's start and end are written in the venue's zone, as its guests live
 * them (`DTSTART;TZID=Asia/Dubai:20470310T090000`, 3.3.5), with one VTIMEZONE per zone that is
 * right for the years the calendar's events span (vtimezone.ts, from Intl; no zone database ships
 * to the browser); UTC events, and stamps, are UTC date-times `YYYYMMDDTHHMMSSZ`. Its tests
 * (src/lib/ics.test.ts) read the octets it produces back with ical.js, a maintained parser, as a
 * calendar client would. Kept rather than a generator library: it has no dependencies, runs
 * unchanged in Deno (the feed) and in public pages ('Add to calendar'), whose script budget a
 * library's weight would eat into (docs/decisions/014-csv-and-ics.md, 019-venue-time-zones.md).
 */
import { formatIcsLocalDateTime, vtimezoneLines, writesWithTzid } from './vtimezone.ts';
import { instantOf, localDateTimeOf, offsetMinutesAt } from './time-zones.ts';

/** One event of a calendar. `start` and `end` are instants (Date or ISO 8601 text). */
export interface IcsEvent {
  /** Globally unique and stable across exports: `eventUid(id)` for the events table. */
  uid: string;
  title: string;
  start: Date | string;
  end: Date | string;
  /**
   * The venue's IANA zone ('Asia/Dubai'): the start and end are written in it, with its VTIMEZONE.
   * UTC, left out, or a zone this platform does not know: written as UTC times (the same instants).
   */
  timeZone?: string | null;
  location?: string | null;
  description?: string | null;
  /** The event's page; a URI, so it is not TEXT-escaped. */
  url?: string | null;
}

export interface IcsCalendar {
  /** Shown by calendar apps as the calendar's name (X-WR-CALNAME). */
  name: string;
  events: readonly IcsEvent[];
  /** The DTSTAMP of every event (when this text was made); now by default. */
  now?: Date;
  /**
   * For a subscribed feed: how often a client should poll it, in hours (REFRESH-INTERVAL of
   * RFC 7986 and the older X-PUBLISHED-TTL that Outlook reads). Left out for one-off downloads.
   */
  refreshHours?: number;
}

export const ICS_PRODID = '-//CDO Vision//Events Calendar//EN';
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** The UID an event of the events table gets in every calendar this product makes. */
export function eventUid(eventId: string): string {
  return `event-${eventId}@cdo-vision`;
}

function toDate(value: Date | string): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An instant as an RFC 5545 UTC DATE-TIME: 20260105T093000Z. */
export function formatIcsDateTime(value: Date | string): string {
  const d = toDate(value);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  );
}

/**
 * A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon and comma get a backslash, any line
 * break becomes `\n`, and control characters other than tab (not allowed in TEXT) are dropped.
 */
export function escapeIcsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
  );
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * One content line folded (RFC 5545 3.1): no physical line longer than 75 octets, each continuation
 * starting with a space, never splitting a UTF-8 character. Returns the lines joined with CRLF.
 */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** URIs are not TEXT: nothing is escaped, but a line break would end the property, so none gets through. */
function uriValue(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters cannot be part of a URI line
  return value.replace(/[\u0000-\u001F\u007F]/g, '');
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * DTSTART or DTEND: in the venue's zone when it has one to write, else in UTC. Also in UTC, the same
 * instant, when the venue's clocks show that time twice (the hour they go back): RFC 5545 (3.3.5)
 * reads such a local time as the first, some parsers (ical.js) as the second, so only UTC is sure.
 */
function dateTimeLine(name: 'DTSTART' | 'DTEND', instant: Date, zone: string | null | undefined): string {
  if (writesWithTzid(zone) && instantOf(localDateTimeOf(instant, zone), zone).kind === 'exact') {
    return `${name};TZID=${zone}:${formatIcsLocalDateTime(instant, offsetMinutesAt(zone, instant))}`;
  }
  return `${name}:${formatIcsDateTime(instant)}`;
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const start = toDate(event.start);
  const end = toDate(event.end);
  const lines = [
    'BEGIN:VEVENT',
    `UID:${uriValue(event.uid)}`,
    `DTSTAMP:${stamp}`,
    dateTimeLine('DTSTART', start, event.timeZone),
  ];
  // DTEND must be later than DTSTART (3.6.1); without it the event is an instant at DTSTART.
  if (end.getTime() > start.getTime()) lines.push(dateTimeLine('DTEND', end, event.timeZone));
  lines.push(`SUMMARY:${escapeIcsText(event.title)}`);
  if (present(event.location)) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (present(event.description)) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  if (present(event.url)) lines.push(`URL:${uriValue(event.url)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** One VTIMEZONE for each zone the events are written in, covering the years of that zone's events. */
function timeZoneLines(events: readonly IcsEvent[]): string[] {
  const spans = new Map<string, { first: Date; last: Date }>();
  for (const event of events) {
    if (!writesWithTzid(event.timeZone)) continue;
    const start = toDate(event.start);
    const end = toDate(event.end);
    const first = start.getTime() < end.getTime() ? start : end;
    const last = start.getTime() < end.getTime() ? end : start;
    const span = spans.get(event.timeZone);
    if (!span) spans.set(event.timeZone, { first, last });
    else {
      if (first.getTime() < span.first.getTime()) span.first = first;
      if (last.getTime() > span.last.getTime()) span.last = last;
    }
  }
  return [...spans].flatMap(([zone, { first, last }]) => vtimezoneLines(zone, first, last));
}

/** A whole VCALENDAR with its events, as text with CRLF line endings (ending in CRLF too). */
export function buildCalendar(calendar: IcsCalendar): string {
  const stamp = formatIcsDateTime(calendar.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(calendar.name)}`,
  ];
  if (calendar.refreshHours !== undefined) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshHours}H`);
    lines.push(`X-PUBLISHED-TTL:PT${calendar.refreshHours}H`);
  }
  lines.push(...timeZoneLines(calendar.events));
  for (const event of calendar.events) lines.push(...eventLines(event, stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** The fields of an events row the calendars use (the public columns). */
export interface CalendarSourceEvent {
  id: string;
  slug: string | null;
  title: string;
  start_date: string;
  end_date: string;
  /**
   * The venue's IANA zone (`events.time_zone`), in which the calendar writes the times. Every read
   * that builds calendars selects it; a row without it (a replica document from before the column)
   * is written in UTC, the same instants.
   */
  time_zone?: string | null;
  location?: string | null;
  subheading?: string | null;
  description?: string | null;
}

/** The path of an event's page: by slug, or by id when it has none (spec section 2). */
export function eventPath(event: Pick<CalendarSourceEvent, 'id' | 'slug'>): string {
  return `/events/${encodeURIComponent(event.slug || event.id)}`;
}

/**
 * An events row as a calendar event: the page link on `siteOrigin` (e.g. https://cdovision.example)
 * as URL, the description (else the subheading) as DESCRIPTION.
 */
export function calendarEventFromEvent(event: CalendarSourceEvent, siteOrigin: string): IcsEvent {
  const url = `${siteOrigin.replace(/\/+$/, '')}${eventPath(event)}`;
  const about = present(event.description) ? event.description : present(event.subheading) ? event.subheading : '';
  return {
    uid: eventUid(event.id),
    title: event.title,
    start: event.start_date,
    end: event.end_date,
    timeZone: event.time_zone,
    location: event.location ?? null,
    description: about ? `${about}\n\n${url}` : url,
    url,
  };
}

/**
 * A file name for an event's .ics download: the title in lowercase ASCII words joined by hyphens
 * ('Zürich Summit, 2027' -> 'zurich-summit-2027.ics'), 'event.ics' when nothing is left.
 */
export function icsFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${base || 'event'}.ics`;
}
