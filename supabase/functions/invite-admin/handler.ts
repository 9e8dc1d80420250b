/**
 * invite-admin: an admin invites someone to become an admin by e-mail. The address gets a link that
 * only its mailbox receives; the role is granted when the person signs in with that address and the
 * app presents the link's token (`_shared/admin-invites.ts`, migration 20261124000100). Signing up
 * with an invited address grants nothing by itself, so a stranger who registers it first gains
 * nothing. Sending again renews the invite: only the newest link works.
 *
 * `{ email }` -> `{ success: true, email, expiresAt }`. 422 when the address is already an admin's;
 * 502 when the mail provider fails (the invite stays pending; send it again).
 */
import { z } from 'zod';
import { isAdmin, requireAdmin } from '../_shared/admin-auth.ts';
import { sendAdminInvite } from '../_shared/admin-invites.ts';
import { findUserIdByEmail } from '../_shared/auth-users.ts';
import { FunctionError, jsonFunction, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { logFunctionError } from '../_shared/log.ts';
import { MailNotSent } from '../_shared/mail.ts';
import { createServiceClient } from '../_shared/supabase.ts';

const InviteAdminBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(255, { error: 'An email address is too long' })
    .pipe(z.email({ error: 'Unable to validate email address: invalid format' }))
    .transform((email) => email.toLowerCase()),
});

export const handler = jsonFunction(
  { name: 'invite-admin', failureMessage: 'Failed to send the invite' },
  async (request) => {
    const service = createServiceClient();
    await requireAdmin(request, service, 'Only admins can invite admins');
    const { email } = await readJsonBody(request, InviteAdminBody);
    const existing = await findUserIdByEmail(service, email);
    if (existing && (await isAdmin(service, existing))) {
      throw new FunctionError(422, 'An admin with this email address already exists');
    }
    try {
      const { expiresAt } = await sendAdminInvite(service, email);
      return jsonResponse({ success: true, email, expiresAt });
    } catch (error) {
      if (error instanceof MailNotSent) {
        logFunctionError('invite-admin', error);
        throw new FunctionError(502, 'The invite was saved, but the e-mail could not be sent. Try again.');
      }
      throw error;
    }
  },
);
