/**
 * Dates as spec section 9 prints them ('Monday, 5 January 2026', '9:05 AM'), in a named time zone
 * (an event's own, `events.time_zone`: the venue's, wherever the reader is) or, with none named, in
 * the zone of the machine that runs the code (the visitor's, where a page offers their own time).
 * Server and browser print an event's dates in its zone alike, so hydration finds the same text.
 * The wall clock of a named zone comes from `time-zones.ts` (Intl, with formatters kept per zone);
 * UTC and the machine's own zone use plain Date getters.
 *
 * It lives under supabase/functions so that the messages to guests (guest-messages.ts) print dates
 * as the site does; the app reaches it through src/lib/format-date.ts, which re-exports it.
 */
import { wallClock } from './time-zones.ts';

/** An IANA zone name, or undefined for the zone of the machine that runs the code. */
export type TimeZone = string | undefined;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function fields(value: string | Date, timeZone: TimeZone) {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (timeZone === undefined) {
    return {
      day: date.getDay(),
      date: date.getDate(),
      month: date.getMonth(),
      year: date.getFullYear(),
      hours: date.getHours(),
      minutes: date.getMinutes(),
    };
  }
  const clock = wallClock(date, timeZone);
  return {
    day: clock.weekday,
    date: clock.day,
    month: clock.month - 1,
    year: clock.year,
    hours: clock.hour,
    minutes: clock.minute,
  };
}

/** 'Monday, 5 January 2026'. */
export function formatLongDate(value: string | Date, timeZone?: TimeZone): string {
  const f = fields(value, timeZone);
  return `${DAYS[f.day]}, ${f.date} ${MONTHS[f.month]} ${f.year}`;
}

/** 'Sat 9 March': a day named briefly, where the year goes without saying. */
export function formatShortDay(value: string | Date, timeZone?: TimeZone): string {
  const f = fields(value, timeZone);
  return `${DAYS[f.day]!.slice(0, 3)} ${f.date} ${MONTHS[f.month]}`;
}

/** '6 Mar 2026': a date in a list, where the weekday would only crowd the column. */
export function formatShortDate(value: string | Date, timeZone?: TimeZone): string {
  const f = fields(value, timeZone);
  return `${f.date} ${MONTHS[f.month]!.slice(0, 3)} ${f.year}`;
}

/** '9:05 AM' (date-fns 'h:mm a'). */
export function formatTimeOfDay(value: string | Date, timeZone?: TimeZone): string {
  const f = fields(value, timeZone);
  const hour = f.hours % 12 === 0 ? 12 : f.hours % 12;
  return `${hour}:${String(f.minutes).padStart(2, '0')} ${f.hours < 12 ? 'AM' : 'PM'}`;
}

/** 'January 2027', and its key '2027-01'. */
export function formatMonth(value: string | Date, timeZone?: TimeZone): { key: string; label: string } {
  const f = fields(value, timeZone);
  return { key: `${f.year}-${String(f.month + 1).padStart(2, '0')}`, label: `${MONTHS[f.month]} ${f.year}` };
}
