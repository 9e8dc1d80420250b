/**
 * Form validation that agrees with the server: a form's values are turned into the row they would
 * write and checked against the table's write schema (derived from the migrations), so a form
 * refuses what the server would refuse instead of the write being refused later, after sync.
 */
import type { z } from 'zod';
import { writeSchemaOf, type TableName } from './admin-data.ts';

/** Friendlier texts for the schema's generic messages. */
const MESSAGES: Record<string, string> = {
  'Not a valid safe url': 'Enter a full web address starting with https://',
  'Not a timestamp': 'Enter a date and time',
};

/** The columns of `row` the table would refuse, each with a message for its form field. */
export function tableProblems(table: TableName, row: Record<string, unknown>): { column: string; message: string }[] {
  const result = writeSchemaOf(table).safeParse(row);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ column: String(issue.path[0] ?? ''), message: messageOf(issue) }));
}

/** The issue in the admin's words: a limit says what it is (the lists of points are the only list columns). */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return issue.path.length > 1
      ? `Each point can be at most ${issue.maximum} characters`
      : `Keep it to ${issue.maximum} characters or fewer`;
  }
  if (issue.code === 'too_big' && issue.origin === 'array') return `At most ${issue.maximum} points`;
  return MESSAGES[issue.message] ?? issue.message;
}

/** Adds an issue to `ctx` for each column of `row` the table would refuse, on the form field of the same name. */
export function checkAgainstTable(ctx: z.RefinementCtx, table: TableName, row: Record<string, unknown>): void {
  for (const { column, message } of tableProblems(table, row)) {
    ctx.addIssue({ code: 'custom', path: [column], message });
  }
}

/** Trimmed text, or null when blank (optional text columns store NULL, not ''). */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
