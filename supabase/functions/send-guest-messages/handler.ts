/**
 * send-guest-messages: sends the messages guests are owed for their invite requests' status
 * changes (`_shared/guest-message-sender.ts`). Only the project runs it: a schedule on hosted
 * Supabase (pg_cron and pg_net, see ../README.md), the local backend's timer, each presenting the
 * service-role key; anyone else gets a 401.
 *
 * POST, any body -> `{ success: true, sent, failed }` (failed ones are tried again later).
 */
import { sendDueGuestMessages } from '../_shared/guest-message-sender.ts';
import { jsonFunction, jsonResponse } from '../_shared/http.ts';
import { requireServiceRole } from '../_shared/service-caller.ts';

export const handler = jsonFunction(
  { name: 'send-guest-messages', failureMessage: 'Failed to send guest messages' },
  async (request) => {
    await requireServiceRole(request);
    const { sent, failed } = await sendDueGuestMessages();
    return jsonResponse({ success: true, sent, failed });
  },
);
