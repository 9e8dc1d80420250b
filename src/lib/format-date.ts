/**
 * Dates as spec section 9 prints them ('Monday, 5 January 2026', '9:05 AM'), in a time zone: the
 * visitor's when none is named. A page the server rendered shows its dates in UTC first, since the
 * server cannot know the visitor's zone and hydration needs the very same text, and in the visitor's
 * zone right after (src/lib/display-zone.tsx).
 */
type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(value: string | Date, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Parts {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value])) as Parts;
}

/** 'Monday, 5 January 2026'. */
export function formatLongDate(value: string | Date, timeZone?: string): string {
  const p = parts(value, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, timeZone);
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

/** '9:05 AM' (date-fns 'h:mm a'). */
export function formatTimeOfDay(value: string | Date, timeZone?: string): string {
  const p = parts(value, { hour: 'numeric', minute: '2-digit', hour12: true }, timeZone);
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
}

/** 'January 2027', and its key '2027-01'. */
export function formatMonth(value: string | Date, timeZone?: string): { key: string; label: string } {
  const p = parts(value, { month: 'long', year: 'numeric' }, timeZone);
  const n = parts(value, { month: '2-digit', year: 'numeric' }, timeZone);
  return { key: `${n.year}-${n.month}`, label: `${p.month} ${p.year}` };
}
