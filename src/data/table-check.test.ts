import { describe, expect, it } from 'vitest';
import { tableProblems } from './table-check.ts';

const event = {
  title: 'CDO Vision Lisbon',
  start_date: '2027-03-05T09:30:00.000Z',
  end_date: '2027-03-05T17:00:00.000Z',
  why_attend: ['Meet 30 peers'],
  why_partner: [],
};

describe('tableProblems', () => {
  it('finds nothing wrong with a row the table takes', () => {
    expect(tableProblems('events', event)).toEqual([]);
  });

  it("says a list of points' limits in the admin's words, on the list's field", () => {
    expect(tableProblems('events', { ...event, why_attend: ['Meet 30 peers', 'x'.repeat(1001)] })).toEqual([
      { column: 'why_attend', message: 'Each point can be at most 1000 characters' },
    ]);
    expect(
      tableProblems('events', { ...event, why_partner: Array.from({ length: 51 }, (_, n) => `Point ${n}`) }),
    ).toEqual([{ column: 'why_partner', message: 'At most 50 points' }]);
  });

  it('says how long a text may be', () => {
    expect(tableProblems('events', { ...event, title: 'x'.repeat(301) })).toEqual([
      { column: 'title', message: 'Keep it to 300 characters or fewer' },
    ]);
  });
});
