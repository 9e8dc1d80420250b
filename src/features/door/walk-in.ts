/**
 * A walk-in's form values checked as the server would check the check-in row they make (the
 * table's write schema), with words for each field; the e-mail is what makes two phones' walk-ins
 * one attendee, so it is required.
 */
import { tableProblems } from '../../data/table-check.ts';
import type { WalkInPerson } from '../../data/check-in-actions.ts';

export interface WalkInValues {
  name: string;
  company: string;
  jobTitle: string;
  email: string;
}

export type WalkInErrors = Partial<Record<keyof WalkInValues, string>>;

const FIELD_OF_COLUMN: Record<string, keyof WalkInValues> = {
  walk_in_name: 'name',
  walk_in_email: 'email',
  walk_in_company: 'company',
  walk_in_job_title: 'jobTitle',
};

/** The person to check in, or the errors to show at the fields (nothing is written then). */
export function checkWalkIn(values: WalkInValues): { person: WalkInPerson } | { errors: WalkInErrors } {
  const person: WalkInPerson = {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    company: values.company.trim() || null,
    jobTitle: values.jobTitle.trim() || null,
  };
  const errors: WalkInErrors = {};
  if (person.name === '') errors.name = 'Enter their name';
  if (person.email === '') errors.email = 'Enter their e-mail address';
  const problems = tableProblems('check_ins', {
    event_id: '00000000-0000-4000-8000-000000000000',
    device_id: 'walk-in-form',
    checked_in_at: new Date().toISOString(),
    walk_in_name: person.name || null,
    walk_in_email: person.email || null,
    walk_in_company: person.company,
    walk_in_job_title: person.jobTitle,
  });
  for (const { column } of problems) {
    const field = FIELD_OF_COLUMN[column];
    if (!field || errors[field]) continue;
    errors[field] =
      field === 'email' ? 'Enter a valid e-mail address, such as name@company.com' : 'At most 300 characters';
  }
  return Object.keys(errors).length > 0 ? { errors } : { person };
}
