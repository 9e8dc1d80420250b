/**
 * A checked-in guest's feedback on an event (issue 31): one zod schema for the form on the event
 * page and the guest-feedback server function, so both say the same of the same answer. zod's mini
 * build, as for the invite request form (./invite-request.ts); no fetch, no database.
 *
 * The limits match the columns of public.feedback_responses (migration 20261128000600).
 */
import * as z from 'zod/mini';
import { isStorableText } from './storable-text.ts';

export const FEEDBACK_LIMITS = { doDifferently: 4000, quote: 1000 } as const;

/** An optional text: trimmed, at most `max` characters; blank means none. */
function optionalText(what: string, max: number) {
  return z.optional(
    z
      .string(`${what} must be text`)
      .check(
        z.refine<string>(isStorableText, `${what} contains a character that cannot be saved; type it again without it`),
        z.trim(),
        z.maxLength(max, `${what} must be ${max} characters or fewer`),
      ),
  );
}

/** What the guest answers. The consent is its own box, never ticked for them. */
export const feedbackAnswerSchema = z.object({
  rating: z
    .number('Choose a rating from 1 to 5')
    .check(
      z.int('Choose a rating from 1 to 5'),
      z.minimum(1, 'Choose a rating from 1 to 5'),
      z.maximum(5, 'Choose a rating from 1 to 5'),
    ),
  valuable_session_id: z.optional(z.nullable(z.guid('Choose a session from the agenda'))),
  do_differently: optionalText("'What should we do differently?'", FEEDBACK_LIMITS.doDifferently),
  quote: optionalText("'A sentence we may quote'", FEEDBACK_LIMITS.quote),
  quote_consent: z.boolean('Tick the box, or leave it empty'),
});

export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;

/** The feedback link's token: 64 hex characters, as the pass's. */
export const feedbackTokenSchema = z
  .string('This feedback link is not valid')
  .check(z.regex(/^[0-9a-f]{64}$/, 'This feedback link is not valid'));

/**
 * What the app posts: the token, and the answer when it sends one (without it, it reads the form)
 * with `based_on`, the version (`updated_at`) of the answer it was made from: null or absent when
 * none, or not known. An answer that gives consent over one without it, made from an older version
 * (another device's, waiting since before the consent was taken back), is refused.
 */
export const feedbackBodySchema = z.object({
  token: feedbackTokenSchema,
  answer: z.optional(feedbackAnswerSchema),
  based_on: z.optional(
    z.nullable(z.iso.datetime({ offset: true, error: 'This answer cannot be sent; reload the form' })),
  ),
});

/** The form as the function returns it. */
export interface FeedbackForm {
  event: { id: string; slug: string | null; title: string; start_date: string; end_date: string; time_zone: string };
  guest: { name: string };
  closes_at: string;
  open: boolean;
  sessions: { id: string; title: string; start_time: string }[];
  answer: (FeedbackAnswer & { updated_at: string }) | null;
}

/**
 * The function's reply to an answer it took: the form as the answer left it, whose version the
 * device's next answer is made from. `withdrawn`: feedback had closed, so only the consent to
 * publish the quote was taken back, and the rest of the answer stays as it was.
 */
export interface FeedbackSaved {
  success: true;
  withdrawn?: true;
  form: FeedbackForm;
}

/**
 * The function's reply to an answer it refused (409): feedback has closed, or the answer was changed
 * on another device since this one was made from it; with the form as it is now.
 */
export interface FeedbackRefused {
  success: false;
  error: string;
  form: FeedbackForm;
}

/** The function's answers, in the words the form shows. */
export const FEEDBACK_MESSAGES = {
  unknown: 'This feedback link is not valid. Please use the link from your e-mail.',
  closed: 'Feedback for this event has closed. Thank you all the same.',
  conflict: 'Your answer was changed on another device, so this one was not saved. Here is your answer as it is now.',
  invalid: 'Some answers need correcting.',
  tooLarge: 'The answer is too large.',
} as const;
