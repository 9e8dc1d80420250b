/**
 * Admin invites that only the invited mailbox can accept. An invite is a random token mailed to the
 * address as a link to the sign-in page (`<SITE_URL>/auth#admin-invite=<token>`); the database keeps
 * only its SHA-256 (`issue_admin_invite`, service role only). The person signs in or signs up with
 * that address and the app presents the token (`accept_admin_invite`), which grants the role. The
 * token travels in the URL's fragment, so it never reaches a server log or a Referer header.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { sendMail } from './mail.ts';
import { mailSiteUrl } from './site-url.ts';

export const INVITE_LINK_PARAMETER = 'admin-invite';

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function inviteMail(link: string, expiresAt: Date): { subject: string; text: string; html: string } {
  const until = expiresAt.toUTCString();
  const text = [
    'You have been invited to manage the CDO Vision website.',
    '',
    'Open this link, then sign in, or sign up with this e-mail address, to become an admin:',
    link,
    '',
    `The link works until ${until}. If you did not expect this invite, ignore this e-mail.`,
  ].join('\n');
  const html =
    '<p>You have been invited to manage the CDO Vision website.</p>' +
    '<p>Open this link, then sign in, or sign up with this e-mail address, to become an admin:</p>' +
    `<p><a href="${link}">Accept the invite</a></p>` +
    `<p>The link works until ${until}. If you did not expect this invite, ignore this e-mail.</p>`;
  return { subject: "You're invited to the CDO Vision back office", text, html };
}

/**
 * Creates or renews the invite of `email` (lowercased) and mails its link; a renewed invite's old
 * link stops working. The caller must already be known to be an admin. Throws `MailNotSent` when the
 * mail provider fails (the invite then stays pending, and can be sent again).
 */
export async function sendAdminInvite(service: SupabaseClient, email: string): Promise<{ expiresAt: string }> {
  const token = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const { data, error } = await service.rpc('issue_admin_invite', {
    invite_email: email,
    invite_token_hash: await sha256Hex(token),
  });
  if (error) throw new Error(`issuing the admin invite failed: ${error.message}`);
  const expiresAt = new Date(String(data));
  const link = `${mailSiteUrl()}/auth#${INVITE_LINK_PARAMETER}=${token}`;
  await sendMail({ to: email, ...inviteMail(link, expiresAt) });
  return { expiresAt: expiresAt.toISOString() };
}
