/**
 * A guest's counts at a glance (issue 32), in words, with months on each venue's calendar: the
 * person's page, the Attendees list and its CSV say the same.
 */
import { eventTimeZone, formatVenueMonth } from '../lib/venue-time.ts';
import { editionPlace, type PersonSummary } from './series-history.ts';

/** '3 editions attended, last in Lisbon, March 2026' (the month on the venue's calendar); 'No edition attended yet'. */
export function attendedGlance(summary: PersonSummary): string {
  const last = summary.lastAttended;
  if (!last) return 'No edition attended yet';
  const count = summary.attendedCount === 1 ? '1 edition attended' : `${summary.attendedCount} editions attended`;
  const month = formatVenueMonth(last.event.start_date, eventTimeZone(last.event)).label;
  return `${count}, last in ${editionPlace(last.event)}, ${month}`;
}

/** 'No-show 1 of the last 4' (editions recorded as attended or missed); null when none is recorded. */
export function noShowGlance(summary: PersonSummary): string | null {
  if (summary.recentRecorded === 0) return null;
  return `No-show ${summary.recentNoShows} of the last ${summary.recentRecorded}`;
}
