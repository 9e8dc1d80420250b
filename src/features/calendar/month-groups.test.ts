import { describe, expect, it } from 'vitest';
import { groupByMonth } from './month-groups.ts';

describe('the events calendar groups events by month', () => {
  it('gives each month a heading like "January 2027" and keeps the events soonest first', () => {
    const at = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day, 18, 30)).toISOString();
    const groups = groupByMonth([
      { id: 'a', start_date: at(2026, 11, 31), time_zone: 'UTC' },
      { id: 'b', start_date: at(2027, 0, 5), time_zone: 'UTC' },
      { id: 'c', start_date: at(2027, 0, 28), time_zone: 'UTC' },
      { id: 'd', start_date: at(2027, 2, 1), time_zone: 'UTC' },
    ]);
    expect(groups.map((group) => [group.key, group.label, group.events.map((event) => event.id)])).toEqual([
      ['2026-12', 'December 2026', ['a']],
      ['2027-01', 'January 2027', ['b', 'c']],
      ['2027-03', 'March 2027', ['d']],
    ]);
    expect(groupByMonth([])).toEqual([]);
  });

  it('puts each event in the month it starts in at its venue, months in calendar order', () => {
    const groups = groupByMonth([
      // 23:00 UTC on 31 January is 8:00 on 1 February in Tokyo.
      { id: 'tokyo', start_date: '2027-01-31T23:00:00Z', time_zone: 'Asia/Tokyo' },
      { id: 'london', start_date: '2027-01-31T23:30:00Z', time_zone: 'Europe/London' },
      // 03:00 UTC on 1 March is still 28 February in Los Angeles.
      { id: 'los-angeles', start_date: '2027-03-01T03:00:00Z', time_zone: 'America/Los_Angeles' },
      // An old local document without its zone: the series' default, UTC.
      { id: 'no-zone', start_date: '2027-03-01T03:30:00Z' },
    ]);
    expect(groups.map((group) => [group.label, group.events.map((event) => event.id)])).toEqual([
      ['January 2027', ['london']],
      ['February 2027', ['tokyo', 'los-angeles']],
      ['March 2027', ['no-zone']],
    ]);
  });
});
