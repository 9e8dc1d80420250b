/**
 * Attendee rules shared by the form, the bulk jobs and the CSV imports: which records a bulk job
 * picks (spec section 7, "Bulk selection"), the list order, the column headings an imported list may
 * use, and the field checks the database also makes (supabase/migrations: e-mail format, safe URLs,
 * lengths), so that a refused write is caught before it is queued.
 */
import { headingKey } from '../lib/csv-table.ts';
import type { SyncDoc } from './admin-data.ts';

export type Attendee = SyncDoc<'attendees'>;

/** The editable text fields of an attendee, in form and CSV order. */
export const ATTENDEE_TEXT_FIELDS = [
  'name',
  'email',
  'company',
  'job_title',
  'linkedin_url',
  'bio',
  'priorities',
  'current_focus',
  'future_focus',
  'photo_url',
  'company_logo_url',
] as const;

export type AttendeeTextField = (typeof ATTENDEE_TEXT_FIELDS)[number];

export const FIELD_LABELS: Record<AttendeeTextField, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  job_title: 'Job Title',
  linkedin_url: 'LinkedIn URL',
  bio: 'Bio',
  priorities: 'Priorities',
  current_focus: 'Current focus',
  future_focus: 'Future focus',
  photo_url: 'Photo URL',
  company_logo_url: 'Company logo URL',
};

/** Longest values the table accepts (the migrations' check constraints). */
export const MAX_LENGTHS: Record<AttendeeTextField, number> = {
  name: 300,
  email: 254,
  company: 300,
  job_title: 300,
  linkedin_url: 2048,
  bio: 20000,
  priorities: 5000,
  current_focus: 5000,
  future_focus: 5000,
  photo_url: 2048,
  company_logo_url: 2048,
};

/** Column headings accepted in an imported list besides the field names themselves. */
const HEADING_ALIASES: Record<string, AttendeeTextField> = {
  e_mail: 'email',
  email_address: 'email',
  full_name: 'name',
  title: 'job_title',
  jobtitle: 'job_title',
  position: 'job_title',
  organisation: 'company',
  organization: 'company',
  linkedin: 'linkedin_url',
  linkedin_profile: 'linkedin_url',
  photo: 'photo_url',
  logo: 'company_logo_url',
  logo_url: 'company_logo_url',
  company_logo: 'company_logo_url',
  focus: 'current_focus',
};

/**
 * The attendee field a column heading of an imported list names ('E-mail', 'Job Title',
 * 'Organisation', ...), or null. The attendee import and the invitation list read headings alike.
 */
export function attendeeFieldOfHeading(heading: string): AttendeeTextField | null {
  const key = headingKey(heading);
  if ((ATTENDEE_TEXT_FIELDS as readonly string[]).includes(key)) return key as AttendeeTextField;
  return HEADING_ALIASES[key] ?? null;
}

export const URL_FIELDS = ['linkedin_url', 'photo_url', 'company_logo_url'] as const satisfies AttendeeTextField[];

/** The database's e-mail rule (private.is_email), applied to the trimmed, lower-cased address. */
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Addresses are stored trimmed and lower-cased (docs/decisions/002-attendee-email.md). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True for an address the table accepts and that has a dot in its domain (a reachable address). */
export function isValidEmail(email: string): boolean {
  const normalised = normaliseEmail(email);
  return normalised.length <= MAX_LENGTHS.email && EMAIL_PATTERN.test(normalised);
}

/**
 * The web-address form the tables accept (private.is_safe_url): 'https://' and a host, no space or
 * backslash. The browser's URL parser alone also takes 'https:/host' or 'https:host', which the
 * server refuses after the form said saved.
 */
const WEB_ADDRESS = /^https?:\/\/[^\s/\\?#]+[^\s\\]*$/i;

/** An absolute http(s) URL (what a LinkedIn link or an external logo is). */
export function isWebUrl(value: string): boolean {
  if (!WEB_ADDRESS.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An image address the table accepts: an http(s) URL or a path on this site ('/demo/...'). */
export function isImageUrl(value: string): boolean {
  return isWebUrl(value) || /^\/[^/\\\s][^\s\\]*$/.test(value);
}

function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** Bulk Fetch Logos works on attendees with a company and no logo. */
export function needsLogo(attendee: Attendee): boolean {
  return !blank(attendee.company) && blank(attendee.company_logo_url);
}

/** Bulk Scrape LinkedIn works on attendees with a LinkedIn URL and a blank or null bio. */
export function needsBio(attendee: Attendee): boolean {
  return !blank(attendee.linkedin_url) && blank(attendee.bio);
}

/**
 * The admin list order: registered_at descending. A record created here has no registered_at until
 * the server has it back, and it is the newest, so it comes first.
 */
export function newestFirst(a: Attendee, b: Attendee): number {
  const left = a.registered_at ? Date.parse(a.registered_at) : Number.POSITIVE_INFINITY;
  const right = b.registered_at ? Date.parse(b.registered_at) : Number.POSITIVE_INFINITY;
  if (left === right) return a.name.localeCompare(b.name);
  return left < right ? 1 : -1;
}
