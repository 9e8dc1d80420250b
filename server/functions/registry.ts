/**
 * The server functions the local backend runs: a fixed list, so a request can only ever reach one
 * of these modules (nothing is imported by a name taken from a URL). `verifyJwt` mirrors
 * `[functions.<name>] verify_jwt` in supabase/config.toml; a test keeps the two in step.
 */
import { handler as calendarFeed } from '../../supabase/functions/calendar-feed/handler.ts';
import { handler as claimAdminInvite } from '../../supabase/functions/claim-admin-invite/handler.ts';
import { handler as changeAdminPassword } from '../../supabase/functions/change-admin-password/handler.ts';
import { handler as createAdmin } from '../../supabase/functions/create-admin/handler.ts';
import { handler as guestFeedback } from '../../supabase/functions/guest-feedback/handler.ts';
import { handler as inviteAdmin } from '../../supabase/functions/invite-admin/handler.ts';
import { handler as requestInvite } from '../../supabase/functions/request-invite/handler.ts';
import { handler as sendGuestMessages } from '../../supabase/functions/send-guest-messages/handler.ts';
import { handler as scrapeLinkedInProfile } from '../../supabase/functions/scrape-linkedin-profile/handler.ts';
import { handler as sitemap } from '../../supabase/functions/sitemap/handler.ts';

export interface ServerFunction {
  handler: (request: Request) => Promise<Response>;
  /** The gateway lets only requests with a valid JWT through (hosted Supabase's default: true). */
  verifyJwt: boolean;
}

export type FunctionRegistry = ReadonlyMap<string, ServerFunction>;

// verify_jwt is off for all of them: the admin functions check the caller themselves through the auth
// service, and the gateway check does not accept tokens signed with asymmetric keys (see
// supabase/functions/README.md); the public reads below need no caller at all.
export const SERVER_FUNCTIONS: FunctionRegistry = new Map<string, ServerFunction>([
  ['create-admin', { handler: createAdmin, verifyJwt: false }],
  ['invite-admin', { handler: inviteAdmin, verifyJwt: false }],
  ['change-admin-password', { handler: changeAdminPassword, verifyJwt: false }],
  ['scrape-linkedin-profile', { handler: scrapeLinkedInProfile, verifyJwt: false }],
  // Public reads that calendar apps and crawlers fetch with no credentials at all.
  ['calendar-feed', { handler: calendarFeed, verifyJwt: false }],
  ['sitemap', { handler: sitemap, verifyJwt: false }],
  // Run by the project itself (a schedule, the local backend's timer) with the service-role key.
  ['send-guest-messages', { handler: sendGuestMessages, verifyJwt: false }],
  // A visitor's invite request: anonymous visitors call it, and it guards itself (limits, honeypot).
  ['request-invite', { handler: requestInvite, verifyJwt: false }],
  // A checked-in guest's feedback form: the token in the body lets the caller in.
  ['guest-feedback', { handler: guestFeedback, verifyJwt: false }],
  // The invited person setting up the invited address: the invite's token lets the caller in.
  ['claim-admin-invite', { handler: claimAdminInvite, verifyJwt: false }],
]);

/**
 * Variables a function may read from the backend's own environment, as project secrets on a
 * hosted project. Nothing else of the process environment reaches a function.
 */
export const FUNCTION_SECRETS = [
  'LINKEDIN_PROVIDER',
  'LINKEDIN_PROVIDER_URL',
  'LINKEDIN_PROVIDER_KEY',
  'LINKEDIN_PROVIDER_TIMEOUT_MS',
  'AI_API_URL',
  'AI_API_KEY',
  'AI_MODEL',
  'AI_TIMEOUT_MS',
  // The public site's origin for links in the calendar feed, the sitemap and invite e-mails.
  'SITE_URL',
  // The mail provider and the sender: `http`, a Resend-style API (the local mailbox when unset), or
  // `smtp` (supabase/functions/_shared/mail.ts).
  'MAIL_PROVIDER',
  'MAIL_API_URL',
  'MAIL_API_KEY',
  'MAIL_FROM',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_SECURE',
  'SMTP_USER',
  'SMTP_PASSWORD',
  // request-invite's limits per client address and per e-mail address, and their window.
  'INVITE_REQUEST_LIMIT_PER_ADDRESS',
  'INVITE_REQUEST_LIMIT_PER_EMAIL',
  'INVITE_REQUEST_LIMIT_WINDOW_SECONDS',
] as const;
