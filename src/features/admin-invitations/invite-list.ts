/**
 * 'Invite a list' (issue 15): what inviting a pasted or imported CSV list to one event will do, row
 * by row, before anything is written; the dialog shows this plan, then writes it.
 *
 * Policy, shown to the admin in the preview:
 * - a row whose e-mail has no request for the event is invited: a new request with status 'invited'
 *   (no approval needed; the server links the guest as an attendee of the event and mails them);
 * - a row whose e-mail (any case) has a request for the event already: a pending, waitlisted or
 *   declined request becomes invited; an approved or invited one is left as it is;
 * - a later row with the e-mail of an earlier row in the list is skipped as a duplicate;
 * - a row the table would refuse (no name, a bad e-mail address or LinkedIn URL, an over-long value)
 *   is invalid, with the reason. The checks are the table's own (the sync layer's write schema),
 *   plus the attendee import's: an address that can be mailed and a LinkedIn URL that is a web link.
 *
 * The list is read like the attendee import's files (src/lib/csv-table.ts): the same separators
 * and loosely matched headings ('E-mail', 'Job Title', 'Organisation', ...).
 */
import { writeSchemaOf, type NewDoc, type SyncDoc } from '../../data/admin-data.ts';
import type { BatchItem, BatchResult } from '../../data/batch-write.ts';
import { attendeeFieldOfHeading, isValidEmail, isWebUrl, normaliseEmail } from '../../data/attendee-records.ts';
import { readCsvTable, type CsvTable } from '../../lib/csv-table.ts';

export type InviteRequest = SyncDoc<'invite_requests'>;

/** The columns a list may have: name and email, then the optional ones. */
export const INVITE_LIST_COLUMNS = ['name', 'email', 'company', 'job_title', 'linkedin_url'] as const;

export type InviteListColumn = (typeof INVITE_LIST_COLUMNS)[number];

export type InviteValues = Partial<Record<InviteListColumn, string>>;

const COLUMN_LABELS: Record<InviteListColumn, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  job_title: 'Job Title',
  linkedin_url: 'LinkedIn URL',
};

/** Statuses that an invitation replaces; the others (approved, invited) already let the guest in. */
const REPLACED_BY_INVITATION: ReadonlySet<string> = new Set(['pending', 'waitlisted', 'declined']);

function inviteColumnOf(heading: string): InviteListColumn | null {
  const field = attendeeFieldOfHeading(heading);
  return (INVITE_LIST_COLUMNS as readonly string[]).includes(field ?? '') ? (field as InviteListColumn) : null;
}

/** The rows of a pasted or imported list; fails as a whole when it is not CSV or lacks a name or e-mail column. */
export function readInviteList(text: string): Promise<CsvTable<InviteListColumn>> {
  return readCsvTable(text, { columnOf: inviteColumnOf, required: ['name', 'email'], subject: 'list' });
}

/**
 * What a row will do:
 * - invite: a new request with status 'invited';
 * - reinvite: the event's request with this e-mail (pending, waitlisted or declined) becomes invited;
 * - keep: the event's request with this e-mail is approved or invited already, and is left as is;
 * - invalid: the table would refuse the row (`reasons` say why);
 * - duplicate: an earlier row of the list has the same e-mail (`firstRow`).
 */
export type InviteAction = 'invite' | 'reinvite' | 'keep' | 'invalid' | 'duplicate';

/** A row of the list and what it will do. */
export type PlannedInvite = {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  /** The row's non-blank values, trimmed (e-mail lower-cased). */
  values: InviteValues;
  /** Why the row is invalid (empty otherwise). */
  reasons: string[];
} & (
  | { action: 'invite' | 'invalid' }
  /** The event's request with this e-mail. */
  | { action: 'reinvite' | 'keep'; existing: { id: string; status: string } }
  /** The earlier row with the same e-mail. */
  | { action: 'duplicate'; firstRow: number }
);

/** The request to insert for a row to invite (blank columns NULL). */
export function newInvitationOf(eventId: string, values: InviteValues): NewDoc<'invite_requests'> {
  return {
    event_id: eventId,
    name: values.name ?? '',
    email: values.email ?? '',
    company: values.company ?? null,
    job_title: values.job_title ?? null,
    linkedin_url: values.linkedin_url ?? null,
    status: 'invited',
  };
}

/** Why the table, or the attendee import's rules, would refuse the request a row makes; empty when neither would. */
function reasonsAgainst(eventId: string, values: InviteValues): string[] {
  const result = writeSchemaOf('invite_requests').safeParse(newInvitationOf(eventId, values));
  const issues = result.success ? [] : result.error.issues;
  const reasons: string[] = [];
  for (const column of INVITE_LIST_COLUMNS) {
    const value = values[column];
    const issue = issues.find((candidate) => candidate.path[0] === column);
    if (column === 'name' && !value) reasons.push('Missing name');
    else if (column === 'email' && !value) reasons.push('Missing e-mail');
    else if (!value) continue;
    else if (column === 'email' && (issue || !isValidEmail(value))) reasons.push(`Invalid e-mail address: ${value}`);
    else if (issue?.code === 'too_big') {
      reasons.push(`${COLUMN_LABELS[column]} is longer than ${String(issue.maximum)} characters`);
    } else if (column === 'linkedin_url' && (issue || !isWebUrl(value))) {
      reasons.push(`Invalid URL in LinkedIn URL: ${value}`);
    } else if (issue) reasons.push(`Invalid ${COLUMN_LABELS[column]}: ${value}`);
  }
  return reasons;
}

/**
 * What inviting `rows` (from `readInviteList`) to the event will do, given the requests the replica
 * holds (those of other events are ignored). Pure: the dialog plans again with the latest requests
 * when the admin confirms.
 */
export function planInvitations(
  rows: readonly { row: number; values: InviteValues }[],
  eventId: string,
  requests: readonly InviteRequest[],
): PlannedInvite[] {
  const requestByEmail = new Map<string, { id: string; status: string }>();
  for (const request of requests) {
    if (request.event_id === eventId) requestByEmail.set(normaliseEmail(request.email), request);
  }
  const firstRowOfEmail = new Map<string, number>();

  return rows.map(({ row, values: cells }): PlannedInvite => {
    const values: InviteValues = { ...cells };
    if (values.email) values.email = normaliseEmail(values.email);
    const reasons = reasonsAgainst(eventId, values);
    if (reasons.length > 0) return { row, values, action: 'invalid', reasons };
    const email = values.email ?? '';
    const firstRow = firstRowOfEmail.get(email);
    if (firstRow !== undefined) return { row, values, action: 'duplicate', reasons, firstRow };
    firstRowOfEmail.set(email, row);
    const request = requestByEmail.get(email);
    if (!request) return { row, values, action: 'invite', reasons };
    const existing = { id: request.id, status: request.status };
    return { row, values, action: REPLACED_BY_INVITATION.has(request.status) ? 'reinvite' : 'keep', existing, reasons };
  });
}

/** The preview's word on a row. */
export function outcomeOf(planned: PlannedInvite): string {
  switch (planned.action) {
    case 'invite':
      return 'Will be invited';
    case 'reinvite':
      return `Already on the list (${planned.existing.status}): will be invited`;
    case 'keep':
      return `Already on the list (${planned.existing.status}): left as is`;
    case 'invalid':
      return `Invalid: ${planned.reasons.join('; ')}`;
    case 'duplicate':
      return `Duplicate of row ${planned.firstRow} in this list`;
  }
}

/** How many rows of `plan` will do each thing. */
export function countsOf(plan: readonly PlannedInvite[]): Record<InviteAction, number> {
  const counts: Record<InviteAction, number> = { invite: 0, reinvite: 0, keep: 0, invalid: 0, duplicate: 0 };
  for (const planned of plan) counts[planned.action] += 1;
  return counts;
}

/** What an invite run did: the dialog's report. */
export interface InviteReport {
  invited: number;
  updated: number;
  /** Rows the plan left out (already on the list, invalid, duplicate), with what the preview said. */
  skipped: { row: number; reason: string }[];
  /** Rows whose write failed, with the reason. */
  failed: { row: number; reason: string }[];
}

/** The writes of a plan (use-batch-write.ts): a new invitation, or an existing request turned into one. */
export function invitationWrites(
  plan: readonly PlannedInvite[],
  eventId: string,
): BatchItem<'invite_requests', PlannedInvite>[] {
  return plan.flatMap((planned): BatchItem<'invite_requests', PlannedInvite>[] => {
    if (planned.action === 'invite') {
      return [{ subject: planned, change: { insert: newInvitationOf(eventId, planned.values) } }];
    }
    if (planned.action === 'reinvite') {
      // The admin's list names the guest, not the request: anyone can post a request under another
      // person's address, and its name and company would become the guest's record and greet them
      // in the invitation.
      const { name, company, job_title, linkedin_url } = newInvitationOf(eventId, planned.values);
      return [
        {
          subject: planned,
          change: { id: planned.existing.id, patch: { status: 'invited', name, company, job_title, linkedin_url } },
        },
      ];
    }
    return [];
  });
}

/** The report of an invite run, from the plan and the outcome of each row written, in the list's order. */
export function inviteReportOf(
  plan: readonly PlannedInvite[],
  results: readonly BatchResult<PlannedInvite>[],
): InviteReport {
  const outcomes = new Map(results.map((result) => [result.subject, result]));
  const report: InviteReport = { invited: 0, updated: 0, skipped: [], failed: [] };
  for (const planned of plan) {
    const result = outcomes.get(planned);
    if (!result) report.skipped.push({ row: planned.row, reason: outcomeOf(planned) });
    else if (result.outcome === 'failed') report.failed.push({ row: planned.row, reason: result.message });
    else if (result.outcome === 'inserted') report.invited += 1;
    else report.updated += 1;
  }
  return report;
}
