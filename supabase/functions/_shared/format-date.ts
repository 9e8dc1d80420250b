/**
 * Dates as spec section 9 prints them ('Monday, 5 January 2026', '9:05 AM'), in the visitor's time
 * zone or in UTC. A page the server rendered shows its dates in UTC first, since the server cannot
 * know the visitor's zone and hydration needs the very same text, and in the visitor's zone right
 * after (src/lib/display-zone.tsx). Plain Date getters, no Intl: building an Intl formatter cost a
 * page's hydration several milliseconds.
 *
 * It lives under supabase/functions so that the messages to guests (guest-messages.ts) print dates
 * as the site does; the app reaches it through src/lib/format-date.ts, which re-exports it.
 */
export type TimeZone = 'UTC' | undefined;

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
  return timeZone === 'UTC'
    ? {
        day: date.getUTCDay(),
        date: date.getUTCDate(),
        month: date.getUTCMonth(),
        year: date.getUTCFullYear(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        day: date.getDay(),
        date: date.getDate(),
        month: date.getMonth(),
        year: date.getFullYear(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

/** 'Monday, 5 January 2026'. */
export function formatLongDate(value: string | Date, timeZone?: TimeZone): string {
  const f = fields(value, timeZone);
  return `${DAYS[f.day]}, ${f.date} ${MONTHS[f.month]} ${f.year}`;
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
