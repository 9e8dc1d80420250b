/**
 * A visitor's request for an invite to an event: one zod schema for the event page's form and the
 * request-invite server function, so that both say the same thing about the same input. It is
 * zod's mini build, which the app's first chunk has already (the form loads on demand), and it
 * knows only what the browser and the function share: no fetch, no database.
 *
 * The limits match the columns of public.invite_requests (migration 20261127000100): a value that
 * passes here passes the table's checks.
 */
import * as z from 'zod/mini';
import { isStorableText } from './storable-text.ts';

export const INVITE_REQUEST_LIMITS = {
  name: 300,
  email: 254,
  company: 300,
  jobTitle: 300,
  linkedinUrl: 2048,
  reason: 2000,
} as const;

/**
 * A work e-mail address, already lower-cased: the pattern browsers use for <input type=email>
 * (which the table's `private.is_email` checks too), with a dot in the domain, since a work address
 * on a bare host name is a typo.
 */
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** An absolute http(s) address with no spaces or backslashes (the table's `private.is_safe_url`). */
const WEB_ADDRESS_PATTERN = /^https?:\/\/[^\s/\\?#]+[^\s\\]*$/i;

function isWebAddress(value: string): boolean {
  if (!WEB_ADDRESS_PATTERN.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const CONSENT_MESSAGE = 'Tick the box to agree that we may contact you about this event';

/**
 * Refuses what the database cannot store (a NUL, half a surrogate pair: `storable-text.ts`) as this
 * field's error. First among a field's checks, so that it is the message the field shows; without
 * it the function failed with a 500 at the database.
 */
function storable(what: string) {
  return z.refine<string>(
    isStorableText,
    `${what} contains a character that cannot be saved; type it again without it`,
  );
}

/** A required line of text: trimmed, not blank, at most `max` characters. */
function requiredText(missing: string, what: string, max: number) {
  return z
    .string(missing)
    .check(
      storable(what),
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(max, `${what} must be ${max} characters or fewer`),
    );
}

/** The fields a visitor fills in. Absent optional texts and blank ones mean the same: nothing. */
export const inviteRequestFieldsSchema = z.object({
  name: requiredText('Enter your name', 'Your name', INVITE_REQUEST_LIMITS.name),
  email: z
    .string('Enter your work e-mail address')
    .check(
      storable('Your e-mail address'),
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'Enter your work e-mail address'),
      z.maxLength(
        INVITE_REQUEST_LIMITS.email,
        `Your e-mail address must be ${INVITE_REQUEST_LIMITS.email} characters or fewer`,
      ),
      z.regex(EMAIL_PATTERN, 'Enter a valid e-mail address, like name@company.com'),
    ),
  company: requiredText('Enter your company', 'Company', INVITE_REQUEST_LIMITS.company),
  job_title: requiredText('Enter your job title', 'Job title', INVITE_REQUEST_LIMITS.jobTitle),
  linkedin_url: z.optional(
    z.string('Enter your LinkedIn profile as a web address, or leave it empty').check(
      storable('The LinkedIn URL'),
      z.trim(),
      z.maxLength(
        INVITE_REQUEST_LIMITS.linkedinUrl,
        `The LinkedIn URL must be ${INVITE_REQUEST_LIMITS.linkedinUrl} characters or fewer`,
      ),
      z.refine(
        (value) => value === '' || isWebAddress(value),
        'Enter the full address of your LinkedIn profile, starting with https://',
      ),
    ),
  ),
  reason: z.optional(
    z
      .string("Tell us in words why you'd like to join, or leave it empty")
      .check(
        storable("'Why you'"),
        z.trim(),
        z.maxLength(
          INVITE_REQUEST_LIMITS.reason,
          `'Why you' must be ${INVITE_REQUEST_LIMITS.reason} characters or fewer`,
        ),
      ),
  ),
  consent: z.boolean(CONSENT_MESSAGE).check(z.refine((value) => value, CONSENT_MESSAGE)),
  /**
   * The honeypot: hidden from people and from assistive technology, so only a robot fills it in.
   * The function answers a filled one as it answers a real request, and stores nothing.
   */
  website: z.optional(z.string()),
});

export type InviteRequestFields = z.infer<typeof inviteRequestFieldsSchema>;

/**
 * What the app posts to the request-invite function: the event and the visitor's fields, and, when
 * the form was opened from the personal link of a request already made (`#request=<token>`), that
 * request's token, which lets its owner change the details.
 */
export const inviteRequestBodySchema = z.extend(inviteRequestFieldsSchema, {
  event_id: z.guid('This event could not be found'),
  update_token: z.optional(
    z
      .string('This link cannot change a request')
      .check(z.refine<string>(isStorableText, 'This link cannot change a request'), z.maxLength(100)),
  ),
  /**
   * The page's own id for this submission, the same on every attempt to send it: an attempt whose
   * answer was lost, sent again, is recognised and taken once (no second message to the guest).
   */
  submission_id: z.optional(z.guid('This request could not be sent as it was; send it again')),
});

export type InviteRequestBody = z.infer<typeof inviteRequestBodySchema>;

/** The first message of each field that failed, keyed by the field's name: the 400's `fields`. */
export function fieldErrorsOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'request');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** The honeypot counts as filled when it holds anything but white space (or anything not a string). */
export function honeypotFilled(body: Record<string, unknown>): boolean {
  const value = body.website;
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The function's answers, in the words the form shows. */
export const INVITE_REQUEST_MESSAGES = {
  tooMany: 'Too many requests. Please try again later.',
  noEvent: 'This event could not be found. It may have been removed.',
  eventOver: 'This event has ended, so it no longer takes invite requests.',
  tooLarge: 'The request is too large.',
  invalid: 'Some answers need correcting.',
} as const;
