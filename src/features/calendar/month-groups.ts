import { format } from 'date-fns';

export interface MonthGroup<T> {
  /** 'yyyy-MM', stable for keys and ids. */
  key: string;
  /** 'January 2027'. */
  label: string;
  events: T[];
}

/**
 * Events grouped by the month they start in, in the visitor's time zone (where they will attend
 * from), months in the order their first event comes; events keep their order.
 */
export function groupByMonth<T extends { start_date: string }>(events: readonly T[]): MonthGroup<T>[] {
  const groups = new Map<string, MonthGroup<T>>();
  for (const event of events) {
    const start = new Date(event.start_date);
    const key = format(start, 'yyyy-MM');
    let group = groups.get(key);
    if (!group) {
      group = { key, label: format(start, 'MMMM yyyy'), events: [] };
      groups.set(key, group);
    }
    group.events.push(event);
  }
  return [...groups.values()];
}
