/**
 * 'Updated 3 minutes ago': how long ago content was last fetched, in whole units, for the offline
 * status. Written out by hand rather than with Intl.RelativeTimeFormat or date-fns, which would add
 * their weight to every public page's first load for one short phrase.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function count(amount: number, unit: string): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}

export function updatedAgo(then: string | number | Date, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(then).getTime());
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'Updated just now';
  if (elapsed < HOUR) return `Updated ${count(Math.floor(elapsed / MINUTE), 'minute')}`;
  if (elapsed < DAY) return `Updated ${count(Math.floor(elapsed / HOUR), 'hour')}`;
  return `Updated ${count(Math.floor(elapsed / DAY), 'day')}`;
}
