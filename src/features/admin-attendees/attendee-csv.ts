/**
 * Attendees as CSV: the export of every attendee, and the import plan that says,
 * row by row, what an import will do before anything is written.
 *
 * Import policy, shown to the admin in the preview:
 * - a row whose e-mail matches an existing attendee UPDATES that attendee: its non-blank cells
 *   replace the stored values, blank cells keep them (an import never wipes data);
 * - a later row with the e-mail of an earlier row in the same file is refused as a duplicate;
 * - rows with no name, a bad e-mail, a bad URL or an over-long value are refused with the reason.
 *
 * Cells that a spreadsheet would run as a formula (starting with = + - @) are written with a leading
 * apostrophe, which spreadsheets hide, and the apostrophe is dropped again on import.
 *
 * The export is a UTF-8 file with a byte-order mark (accented names read right in Excel); the
 * import reads files as spreadsheets save them, comma- or semicolon-separated, with loosely matched
 * headings (src/lib/csv.ts, src/lib/csv-table.ts).
 */
import type { NewDoc } from '../../data/admin-data.ts';
import type { BatchItem, BatchResult } from '../../data/batch-write.ts';
import { patchOf } from '../../data/patch-of.ts';
import type { PersonSummary, SeriesIndex } from '../../data/series-history.ts';
import { CSV_FILE_START, toCsv } from '../../lib/csv.ts';
import { eventTimeZone, venueIsoMinute } from '../../lib/venue-time.ts';
import { guardFormula, readCsvTable } from '../../lib/csv-table.ts';
import {
  ATTENDEE_TEXT_FIELDS,
  FIELD_LABELS,
  MAX_LENGTHS,
  URL_FIELDS,
  attendeeFieldOfHeading,
  isImageUrl,
  isValidEmail,
  isWebUrl,
  normaliseEmail,
  type Attendee,
  type AttendeeTextField,
} from '../../data/attendee-records.ts';

/** Export columns: the editable fields, then when the attendee registered. */
export const EXPORT_COLUMNS = [...ATTENDEE_TEXT_FIELDS, 'registered_at'] as const;

/**
 * Then, when the series' history is given, the person's story (issue 32): editions attended, the
 * last one (its title and its date on the venue's calendar), no-shows of the last (up to) four
 * editions recorded, and whether they were a no-show within the last year. An import ignores them.
 */
export const HISTORY_COLUMNS = [
  'editions_attended',
  'last_attended',
  'last_attended_date',
  'recent_no_shows',
  'no_show_last_year',
] as const;

function historyCells(summary: PersonSummary): string[] {
  const last = summary.lastAttended;
  return [
    String(summary.attendedCount),
    last ? last.event.title : '',
    last ? venueIsoMinute(last.event.start_date, eventTimeZone(last.event)).slice(0, 10) : '',
    summary.recentRecorded > 0 ? `${summary.recentNoShows} of ${summary.recentRecorded}` : '',
    summary.noShowInLastYear ? 'yes' : 'no',
  ];
}

/** The CSV file of `attendees` (byte-order mark, then the header row), in the order given. */
export function attendeesToCsv(attendees: readonly Attendee[], history?: SeriesIndex): string {
  const rows = attendees.map((attendee) =>
    [
      ...EXPORT_COLUMNS.map((column) => String(attendee[column] ?? '')),
      ...(history ? historyCells(history.summaryOf(attendee.id)) : []),
    ].map(guardFormula),
  );
  const header = history ? [...EXPORT_COLUMNS, ...HISTORY_COLUMNS] : [...EXPORT_COLUMNS];
  return CSV_FILE_START + toCsv([header, ...rows]);
}

export type AttendeeValues = Partial<Record<AttendeeTextField, string>>;

export type ImportAction = 'create' | 'update' | 'refused';

export interface PlannedRow {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  /** The row's non-blank values, trimmed (e-mail lower-cased). */
  values: AttendeeValues;
  action: ImportAction;
  /** The attendee an update changes. */
  existingId?: string;
  /** Why the row is refused (empty unless refused). */
  reasons: string[];
}

export type ImportPlan = { ok: true; rows: PlannedRow[]; ignoredColumns: string[] } | { ok: false; error: string };

function checkRow(values: AttendeeValues): string[] {
  const reasons: string[] = [];
  if (!values.name) reasons.push('Missing name');
  if (!values.email) reasons.push('Missing e-mail');
  else if (!isValidEmail(values.email)) reasons.push(`Invalid e-mail address: ${values.email}`);
  for (const field of URL_FIELDS) {
    const value = values[field];
    if (!value) continue;
    const valid = field === 'linkedin_url' ? isWebUrl(value) : isImageUrl(value);
    if (!valid) reasons.push(`Invalid URL in ${FIELD_LABELS[field]}: ${value}`);
  }
  for (const field of ATTENDEE_TEXT_FIELDS) {
    const value = values[field];
    if (value && value.length > MAX_LENGTHS[field]) {
      reasons.push(`${FIELD_LABELS[field]} is longer than ${MAX_LENGTHS[field]} characters`);
    }
  }
  return reasons;
}

/**
 * What importing `text` would do, given the attendees that exist now. Fails as a whole when the text
 * is not CSV or the header lacks a name or e-mail column.
 */
export async function planImport(text: string, existing: readonly Attendee[]): Promise<ImportPlan> {
  const table = await readCsvTable(text, { columnOf: attendeeFieldOfHeading, required: ['name', 'email'] });
  if (!table.ok) return table;
  // The export's own column, which an import of an exported file brings back.
  const ignoredColumns = table.ignoredColumns.filter((name) => name.trim().toLowerCase() !== 'registered_at');

  const existingByEmail = new Map<string, string>();
  for (const attendee of existing) {
    if (attendee.email) existingByEmail.set(normaliseEmail(attendee.email), attendee.id);
  }
  const firstRowOfEmail = new Map<string, number>();

  const rows = table.rows.map(({ row, values }): PlannedRow => {
    if (values.email) values.email = normaliseEmail(values.email);
    const reasons = checkRow(values);
    const email = values.email;
    if (reasons.length === 0 && email) {
      const first = firstRowOfEmail.get(email);
      if (first !== undefined) reasons.push(`Duplicate of row ${first} in this file`);
      else firstRowOfEmail.set(email, row);
    }
    if (reasons.length > 0) return { row, values, action: 'refused', reasons };
    const existingId = email ? existingByEmail.get(email) : undefined;
    return existingId
      ? { row, values, action: 'update', existingId, reasons }
      : { row, values, action: 'create', reasons };
  });
  return { ok: true, rows, ignoredColumns };
}

/** The record to insert for a planned 'create' row (blank columns NULL). */
export function newAttendeeOf(values: AttendeeValues): NewDoc<'attendees'> {
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    company: values.company ?? null,
    job_title: values.job_title ?? null,
    linkedin_url: values.linkedin_url ?? null,
    bio: values.bio ?? null,
    priorities: values.priorities ?? null,
    current_focus: values.current_focus ?? null,
    future_focus: values.future_focus ?? null,
    photo_url: values.photo_url ?? null,
    company_logo_url: values.company_logo_url ?? null,
  };
}

/** The changes a planned 'update' row makes to `current`: only non-blank cells that differ. */
export function changesOf(values: AttendeeValues, current: Attendee): Partial<Record<AttendeeTextField, string>> {
  return patchOf(current, values);
}

/** What an import did: the dialog's report. */
export interface AttendeeImportReport {
  created: number;
  updated: number;
  /** Rows refused by the plan or by the write, with the reason, in the file's order. */
  refused: { row: number; reason: string }[];
}

/** Why an update is refused when its attendee is gone since the file was read. */
export const DELETED_MEANWHILE = 'The attendee with this e-mail was deleted meanwhile';

/**
 * The writes of an import (use-batch-write.ts): a 'create' row inserts, an 'update' row patches the
 * cells that differ (no write when none does). Refused rows write nothing, and neither does an
 * update whose attendee `attendees` no longer holds (importReportOf says it was deleted meanwhile).
 */
export function importWrites(
  rows: readonly PlannedRow[],
  attendees: readonly Attendee[],
): BatchItem<'attendees', PlannedRow>[] {
  const byId = new Map(attendees.map((attendee) => [attendee.id, attendee]));
  return rows.flatMap((row): BatchItem<'attendees', PlannedRow>[] => {
    if (row.action === 'create') return [{ subject: row, change: { insert: newAttendeeOf(row.values) } }];
    const current = row.action === 'update' && row.existingId ? byId.get(row.existingId) : undefined;
    if (!current) return [];
    const changes = changesOf(row.values, current);
    return [{ subject: row, change: Object.keys(changes).length > 0 ? { id: current.id, patch: changes } : null }];
  });
}

/** The report of an import, from the plan and the outcome of each row written. */
export function importReportOf(
  rows: readonly PlannedRow[],
  results: readonly BatchResult<PlannedRow>[],
): AttendeeImportReport {
  const outcomes = new Map(results.map((result) => [result.subject, result]));
  const report: AttendeeImportReport = { created: 0, updated: 0, refused: [] };
  for (const row of rows) {
    const result = outcomes.get(row);
    if (row.action === 'refused') report.refused.push({ row: row.row, reason: row.reasons.join('; ') });
    else if (!result) report.refused.push({ row: row.row, reason: DELETED_MEANWHILE });
    else if (result.outcome === 'failed') report.refused.push({ row: row.row, reason: result.message });
    else if (row.action === 'create') report.created += 1;
    else report.updated += 1;
  }
  return report;
}
