/**
 * guest-feedback: a checked-in guest's feedback form (issue 31), behind their personal link
 * `<site>/events/<id>#feedback=<token>`. Anyone may call it (verify_jwt is off): the token, 244
 * random bits made by the database, is what lets the caller in, and it comes in the body, never in
 * a URL, so it reaches no log. Nothing else is logged of a call.
 *
 * POST `{ token }` -> 200 the form (`FeedbackForm`: the event, its agenda, whether feedback is still
 *   open, the guest's answer so far), or 404 for a token nobody holds;
 * POST `{ token, answer, based_on }` -> 200 `{ success: true, form }` (made or replaced; `form` as the
 *   answer left it, with its version), 400 with `fields` for an answer to correct, 404 for an
 *   unknown token; once feedback has closed (30 days after the end), 200 `{ success: true,
 *   withdrawn: true, form }` for an answer that takes the consent to publish the quote back (only
 *   the consent changes: that has no deadline), else 409 `{ error, form }`; 409 `{ error, form }`
 *   too for an answer that would give consent over a stored answer without it, made from an older
 *   version than that one (`based_on`: the version of the answer the form showed, null for none).
 *
 * The answers themselves go only to admins (public.feedback_responses, row-level security) and back
 * to the token's holder here.
 */
import { FunctionError, jsonFunction, jsonResponse, readBoundedRequestText } from '../_shared/http.ts';
import { fieldErrorsOf } from '../_shared/portable/invite-request.ts';
import {
  feedbackBodySchema,
  FEEDBACK_MESSAGES,
  type FeedbackForm,
  type FeedbackRefused,
  type FeedbackSaved,
} from '../_shared/portable/feedback.ts';
import { createServiceClient } from '../_shared/supabase.ts';

const MAX_BODY_BYTES = 16 * 1024;

async function readBody(request: Request): Promise<unknown> {
  try {
    return JSON.parse(
      await readBoundedRequestText(request, MAX_BODY_BYTES, () => new FunctionError(413, FEEDBACK_MESSAGES.tooLarge)),
    );
  } catch (error) {
    if (error instanceof FunctionError) throw error;
    throw new FunctionError(400, 'The request body must be a JSON object');
  }
}

export const handler = jsonFunction(
  { name: 'guest-feedback', failureMessage: 'Failed to handle the feedback' },
  async (request) => {
    const parsed = feedbackBodySchema.safeParse(await readBody(request));
    if (!parsed.success) {
      const fields = fieldErrorsOf({
        issues: parsed.error.issues.map((issue) => ({
          ...issue,
          path: issue.path[0] === 'answer' ? issue.path.slice(1) : issue.path,
        })),
      });
      if (fields.token) throw new FunctionError(404, FEEDBACK_MESSAGES.unknown);
      return jsonResponse({ success: false, error: FEEDBACK_MESSAGES.invalid, fields }, 400);
    }
    const { token, answer, based_on } = parsed.data;
    const service = createServiceClient();
    if (!answer) {
      const { data, error } = await service.rpc('feedback_form', { token });
      if (error) throw new Error(`feedback_form failed: ${error.code ?? ''} ${error.message}`);
      if (!data) throw new FunctionError(404, FEEDBACK_MESSAGES.unknown);
      return jsonResponse(data);
    }
    const { data, error } = await service.rpc('submit_feedback', {
      token,
      answer: {
        rating: answer.rating,
        valuable_session_id: answer.valuable_session_id ?? null,
        do_differently: answer.do_differently ?? '',
        quote: answer.quote ?? '',
        quote_consent: answer.quote_consent,
      },
      based_on: based_on ?? null,
    });
    if (error) throw new Error(`submit_feedback failed: ${error.code ?? ''} ${error.message}`);
    const { result, form } = data as { result: string; form: FeedbackForm };
    switch (result) {
      case 'ok':
        return jsonResponse({ success: true, form } satisfies FeedbackSaved);
      case 'withdrawn':
        return jsonResponse({ success: true, withdrawn: true, form } satisfies FeedbackSaved);
      case 'no_token':
        throw new FunctionError(404, FEEDBACK_MESSAGES.unknown);
      case 'closed':
        return jsonResponse({ success: false, error: FEEDBACK_MESSAGES.closed, form } satisfies FeedbackRefused, 409);
      case 'conflict':
        return jsonResponse({ success: false, error: FEEDBACK_MESSAGES.conflict, form } satisfies FeedbackRefused, 409);
      default:
        throw new Error(`submit_feedback answered ${JSON.stringify(result)}`);
    }
  },
);
