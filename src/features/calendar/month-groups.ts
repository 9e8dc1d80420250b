import { formatMonth, type TimeZone } from '../../lib/format-date.ts';

export interface MonthGroup<T> {
  /** 'yyyy-MM', stable for keys and ids. */
  key: string;
  /** 'January 2027'. */
  label: string;
  events: T[];
}

/**
 * Events grouped by the month they start in, in the visitor's time zone (where they will attend
 * from) unless one is named, months in the order their first event comes; events keep their order.
 */
export function groupByMonth<T extends { start_date: string }>(
  events: readonly T[],
  timeZone?: TimeZone,
): MonthGroup<T>[] {
  const groups = new Map<string, MonthGroup<T>>();
  for (const event of events) {
    const { key, label } = formatMonth(event.start_date, timeZone);
    let group = groups.get(key);
    if (!group) {
      group = { key, label, events: [] };
      groups.set(key, group);
    }
    group.events.push(event);
  }
  return [...groups.values()];
}
