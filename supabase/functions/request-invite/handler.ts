/**
 * request-invite: a visitor asks for an invite to an event (issue 15). Anyone may call it (no
 * sign-in; verify_jwt is off), so it is the one careful door to public.invite_requests, which only
 * admins read:
 * - the body is at most 16 KiB of JSON, checked with the event page form's own schema
 *   (`_shared/portable/invite-request.ts`): a 400 `{ success: false, error, fields: { <field>: <message> } }`;
 * - a filled honeypot gets the answers a real request gets (checks and limits included), and
 *   nothing is stored;
 * - `submit_invite_request` (service role, migrations 20261127000200, 20261128000300 and
 *   20261129000100) counts the request per client address (429 over the limit), checks that the
 *   event is live (404) and not over (400), and makes the request; a live request of the same event
 *   and address is left as it is (its owner is mailed a link to change it, at most once per
 *   window), unless the call carries that request's edit token (`update_token`, from the owner's
 *   link; never the guest's pass, which is shown at the door), which updates its details;
 * - a submission sent again with the same `submission_id` (the page's outbox retrying an attempt
 *   whose answer was lost) is taken once: it answers as before and changes and mails nothing more;
 * - the answer, `{ success: true }`, is the same for a new address and one that had asked before;
 * - the guest's 'received' message goes out right after the answer (`_shared/guest-message-sender.ts`;
 *   the scheduled sender takes it if this attempt fails).
 *
 * Limits, from the function's environment (hosted: project secrets):
 *
 * | variable | meaning |
 * |---|---|
 * | INVITE_REQUEST_LIMIT_PER_ADDRESS | requests from one client address per window, default 20 |
 * | INVITE_REQUEST_LIMIT_PER_EMAIL | 'received' messages, and apart from them 'already requested' notes, mailed to one e-mail address per window, default 5 of each (a guest may ask for several editions at once); never a refusal, so nobody can lock an address's owner out |
 * | INVITE_REQUEST_LIMIT_WINDOW_SECONDS | the window, default 3600 |
 *
 * The client address is the one the platform's edge saw (_shared/client-address.ts); the local
 * backend passes the socket's address (or the trusted proxies' word) the same way
 * (server/functions/routes.ts). Nothing personal is logged.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { clientAddress } from '../_shared/client-address.ts';
import { readEnv } from '../_shared/env.ts';
import { sendDueGuestMessages } from '../_shared/guest-message-sender.ts';
import { FunctionError, jsonFunction, jsonResponse, readBoundedRequestText } from '../_shared/http.ts';
import {
  INVITE_REQUEST_MESSAGES,
  fieldErrorsOf,
  honeypotFilled,
  inviteRequestBodySchema,
} from '../_shared/portable/invite-request.ts';
import { logFunctionError } from '../_shared/log.ts';
import { createServiceClient } from '../_shared/supabase.ts';

const MAX_BODY_BYTES = 16 * 1024;

const DEFAULT_LIMITS = { perAddress: 20, perEmail: 5, windowSeconds: 3600 };

/** A whole number from 1 to `max` from the environment, or `fallback` when unset. */
function limitSetting(name: string, fallback: number, max: number): number {
  const value = readEnv(name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  return number;
}

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(
      await readBoundedRequestText(
        request,
        MAX_BODY_BYTES,
        () => new FunctionError(413, INVITE_REQUEST_MESSAGES.tooLarge),
      ),
    );
  } catch (error) {
    if (error instanceof FunctionError) throw error;
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FunctionError(400, 'The request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

const ACCEPTED = { success: true };

/** Hosted Supabase's hook for work that goes on after the answer (absent under Node, which needs none). */
interface EdgeRuntimeHost {
  waitUntil(work: Promise<unknown>): void;
}

/**
 * Sends the guest's 'received' message now, after the answer, rather than at the sender's next run.
 * Not awaited: the visitor's answer neither waits for the mail nor takes longer for a new address
 * than for a known one (which would tell them apart), and a failure here fails nothing: the
 * message stays in the outbox for the scheduled sender.
 */
function sendGuestMessagesSoon(service: SupabaseClient): void {
  const sending = sendDueGuestMessages(service).catch((error: unknown) => logFunctionError('request-invite', error));
  (globalThis as { EdgeRuntime?: EdgeRuntimeHost }).EdgeRuntime?.waitUntil(sending);
}

export const handler = jsonFunction(
  { name: 'request-invite', failureMessage: 'Failed to send the invite request' },
  async (request) => {
    const body = await readJsonObject(request);
    // A robot that fills the honeypot goes the way a person goes (checks, limits, answers), and is
    // stored nowhere: nothing in an answer tells it where the trap is.
    const robot = honeypotFilled(body);
    const parsed = inviteRequestBodySchema.safeParse({ ...body, website: undefined });
    if (!parsed.success) {
      const fields = fieldErrorsOf(parsed.error);
      return jsonResponse({ success: false, error: INVITE_REQUEST_MESSAGES.invalid, fields }, 400);
    }
    const { event_id, name, email, company, job_title, linkedin_url, reason, consent, update_token, submission_id } =
      parsed.data;
    const windowSeconds = limitSetting(
      'INVITE_REQUEST_LIMIT_WINDOW_SECONDS',
      DEFAULT_LIMITS.windowSeconds,
      7 * 24 * 3600,
    );
    const service = createServiceClient();
    const { data, error } = await service.rpc('submit_invite_request', {
      request: {
        event_id,
        name,
        email,
        company,
        job_title,
        linkedin_url,
        reason,
        consent,
        update_token: update_token ?? null,
        submission_id: submission_id ?? null,
        honeypot: robot,
      },
      client_address: clientAddress(request),
      address_limit: limitSetting('INVITE_REQUEST_LIMIT_PER_ADDRESS', DEFAULT_LIMITS.perAddress, 1_000_000),
      email_limit: limitSetting('INVITE_REQUEST_LIMIT_PER_EMAIL', DEFAULT_LIMITS.perEmail, 1_000_000),
      window_seconds: windowSeconds,
    });
    if (error) throw new Error(`submit_invite_request failed: ${error.code ?? ''} ${error.message}`);
    switch (data) {
      case 'ok':
        if (!robot) sendGuestMessagesSoon(service);
        return jsonResponse(ACCEPTED);
      case 'rate_limited':
        return jsonResponse({ success: false, error: INVITE_REQUEST_MESSAGES.tooMany }, 429, {
          'Retry-After': String(windowSeconds),
          // The page reads it to say when a request it keeps goes again (src/data/invite-requests.ts).
          'Access-Control-Expose-Headers': 'Retry-After',
        });
      case 'no_event':
        throw new FunctionError(404, INVITE_REQUEST_MESSAGES.noEvent);
      case 'event_over':
        throw new FunctionError(400, INVITE_REQUEST_MESSAGES.eventOver);
      default:
        throw new Error(`submit_invite_request answered ${JSON.stringify(data)}`);
    }
  },
);
