import { eventTimeZone, formatVenueMonth } from '../../lib/venue-time.ts';

export interface MonthGroup<T> {
  /** 'yyyy-MM', stable for keys and ids. */
  key: string;
  /** 'January 2027'. */
  label: string;
  events: T[];
}

/**
 * Events grouped by the month they start in at their venue (each in its own zone, as its page dates
 * it, wherever the visitor is), months in calendar order; events keep their order within a month.
 * Months are sorted rather than taken as they come: an event early on the 1st in Tokyo starts
 * before one late on the 31st in London, yet in the later month.
 */
export function groupByMonth<T extends { start_date: string; time_zone?: string | null }>(
  events: readonly T[],
): MonthGroup<T>[] {
  const groups = new Map<string, MonthGroup<T>>();
  for (const event of events) {
    const { key, label } = formatVenueMonth(event.start_date, eventTimeZone(event));
    let group = groups.get(key);
    if (!group) {
      group = { key, label, events: [] };
      groups.set(key, group);
    }
    group.events.push(event);
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
