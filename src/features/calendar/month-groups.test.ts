import { describe, expect, it } from 'vitest';
import { groupByMonth } from './month-groups.ts';

describe('the events calendar groups events by month', () => {
  it('gives each month a heading like "January 2027" and keeps the events soonest first', () => {
    const at = (year: number, month: number, day: number) => new Date(year, month, day, 18, 30).toISOString();
    const groups = groupByMonth([
      { id: 'a', start_date: at(2026, 11, 31) },
      { id: 'b', start_date: at(2027, 0, 5) },
      { id: 'c', start_date: at(2027, 0, 28) },
      { id: 'd', start_date: at(2027, 2, 1) },
    ]);
    expect(groups.map((group) => [group.key, group.label, group.events.map((event) => event.id)])).toEqual([
      ['2026-12', 'December 2026', ['a']],
      ['2027-01', 'January 2027', ['b', 'c']],
      ['2027-03', 'March 2027', ['d']],
    ]);
    expect(groupByMonth([])).toEqual([]);
  });
});
