/**
 * What an event's feedback says, as the Feedback tab shows it (issue 31): the response rate ('21 of
 * 34 checked-in guests answered'), the average rating and how the ratings spread, the sessions
 * named most valuable, and the answers as a CSV file. Pure code, tested without a browser.
 */
import { CSV_FILE_START, toCsv } from '../../lib/csv.ts';
import { guardFormula } from '../../lib/csv-table.ts';
import { venueTimestamp } from '../../lib/venue-time.ts';

export interface SummaryResponse {
  rating: number;
  valuable_session_id: string | null;
  do_differently: string | null;
  quote: string | null;
  quote_consent: boolean;
  updated_at: string;
}

export interface FeedbackSummary {
  answered: number;
  /** '21 of 34 checked-in guests answered'. */
  responseRate: string;
  /** '4.3', or null with no answers. */
  average: string | null;
  /** How many gave each rating, from 5 down to 1. */
  distribution: { rating: number; count: number }[];
  /** Sessions named most valuable, most named first (ties by the agenda's order). */
  sessions: { id: string; title: string; count: number }[];
}

export function summarise(
  responses: readonly SummaryResponse[],
  checkedIn: number,
  agenda: readonly { id: string; title: string }[],
): FeedbackSummary {
  const answered = responses.length;
  const total = responses.reduce((sum, response) => sum + response.rating, 0);
  const counts = new Map<string, number>();
  for (const response of responses) {
    if (response.valuable_session_id) {
      counts.set(response.valuable_session_id, (counts.get(response.valuable_session_id) ?? 0) + 1);
    }
  }
  return {
    answered,
    responseRate: `${answered} of ${checkedIn} checked-in guest${checkedIn === 1 ? '' : 's'} answered`,
    average: answered > 0 ? (total / answered).toFixed(1) : null,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({
      rating,
      count: responses.filter((response) => response.rating === rating).length,
    })),
    sessions: agenda
      .map((session) => ({ id: session.id, title: session.title, count: counts.get(session.id) ?? 0 }))
      .filter((session) => session.count > 0)
      .sort((a, b) => b.count - a.count),
  };
}

export const FEEDBACK_CSV_COLUMNS = [
  'Name',
  'Email',
  'Company',
  'Job Title',
  'Rating',
  'Most valuable session',
  'What should we do differently?',
  'A sentence we may quote',
  'May publish the quote',
  'Answered at',
] as const;

export interface CsvGuest {
  name: string;
  email: string | null;
  company: string | null;
  jobTitle: string | null;
}

/**
 * The answers as a CSV file (byte-order mark, header row, one row per answer), the time on the
 * venue's clock with its offset; a cell a spreadsheet would run as a formula is guarded.
 */
export function feedbackToCsv(
  rows: readonly { response: SummaryResponse; guest: CsvGuest | null; sessionTitle: string | null }[],
  timeZone: string,
): string {
  const records = rows.map(({ response, guest, sessionTitle }) =>
    [
      guest?.name ?? '',
      guest?.email ?? '',
      guest?.company ?? '',
      guest?.jobTitle ?? '',
      String(response.rating),
      sessionTitle ?? '',
      response.do_differently ?? '',
      response.quote ?? '',
      response.quote_consent ? 'Yes' : 'No',
      venueTimestamp(response.updated_at, timeZone),
    ].map(guardFormula),
  );
  return CSV_FILE_START + toCsv([[...FEEDBACK_CSV_COLUMNS], ...records]);
}
