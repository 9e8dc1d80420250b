import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv.ts';
import { feedbackToCsv, summarise, type SummaryResponse } from './feedback-summary.ts';

const answer = (
  rating: number,
  session: string | null = null,
  extra: Partial<SummaryResponse> = {},
): SummaryResponse => ({
  rating,
  valuable_session_id: session,
  do_differently: null,
  quote: null,
  quote_consent: false,
  updated_at: '2026-03-10T18:00:00Z',
  ...extra,
});

describe('feedback summary', () => {
  it('gives the response rate, the average, the spread and the sessions named most valuable', () => {
    const agenda = [
      { id: 'a', title: 'Opening' },
      { id: 'b', title: 'AI governance' },
      { id: 'c', title: 'Dinner' },
    ];
    const summary = summarise([answer(5, 'b'), answer(4, 'b'), answer(4, 'a'), answer(2)], 34, agenda);
    expect(summary.responseRate).toBe('4 of 34 checked-in guests answered');
    expect(summary.average).toBe('3.8');
    expect(summary.distribution).toEqual([
      { rating: 5, count: 1 },
      { rating: 4, count: 2 },
      { rating: 3, count: 0 },
      { rating: 2, count: 1 },
      { rating: 1, count: 0 },
    ]);
    expect(summary.sessions).toEqual([
      { id: 'b', title: 'AI governance', count: 2 },
      { id: 'a', title: 'Opening', count: 1 },
    ]);
    expect(summarise([], 1, agenda)).toMatchObject({ responseRate: '0 of 1 checked-in guest answered', average: null });
  });

  it('exports the answers with formulas guarded and the time on the venue clock', async () => {
    const csv = feedbackToCsv(
      [
        {
          response: answer(5, 'b', {
            do_differently: '=HYPERLINK("http://evil")',
            quote: 'Superb, "truly"',
            quote_consent: true,
          }),
          guest: { name: 'Grace Hopper', email: 'grace@navy.example', company: '+Navy', jobTitle: null },
          sessionTitle: 'AI governance',
        },
      ],
      'Asia/Dubai',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = await parseCsv(csv);
    expect(header).toContain('A sentence we may quote');
    expect(row).toEqual([
      'Grace Hopper',
      'grace@navy.example',
      "'+Navy",
      '',
      '5',
      'AI governance',
      `'=HYPERLINK("http://evil")`,
      'Superb, "truly"',
      'Yes',
      '2026-03-10T22:00:00.000+04:00',
    ]);
  });
});
