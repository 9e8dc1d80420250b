/**
 * Sends the messages guests are owed (the outbox `private.guest_messages`, filled by a trigger on
 * invite_requests, exactly one row per status change, and at the start of each run with the
 * reminders and feedback requests that have fallen due). A run claims the due messages in small
 * batches (`claim_guest_messages` leases each for two minutes, so two runs at once never take the
 * same one, and a run that dies leaves them to the next), renders and sends each, and records the
 * outcome (`finish_guest_message`: sent, or failed and retried later with a growing delay, at most
 * 10 tries), right after the provider's answer.
 *
 * Just before each send, `begin_guest_message` records that the attempt began (and skips a message
 * already sent or gone). A sender that stops between the provider's acceptance and that record
 * (a crash, kill -9) leaves the message to be sent again once its lease has run out; the message id
 * is the provider's idempotency key, so with the HTTP provider (Resend, the local mailbox) the repeat
 * is answered with the first message and delivers nothing new (while the provider remembers the key:
 * Resend, 24 hours). SMTP has no such key: a message caught in that moment reaches the guest twice.
 * The record lets the next run say so in the log.
 *
 * The send-guest-messages function runs it on a schedule; a function that has just changed a
 * request (request-invite) may call `sendDueGuestMessages()` right away, so the guest hears at once.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { GUEST_MESSAGE_KINDS, renderGuestMessage, type GuestMessage } from './guest-messages.ts';
import { logFunctionError } from './log.ts';
import { sendMail } from './mail.ts';
import { mailSiteUrl } from './site-url.ts';
import { createServiceClient } from './supabase.ts';

/** Messages claimed at once; they are sent together, well within their two-minute lease. */
const BATCH_SIZE = 10;
/** A run claims no new batch after this long, so one invocation ends in good time. */
const RUN_BUDGET_MS = 30_000;

const ClaimedMessages = z.array(
  z.object({
    id: z.string(),
    kind: z.enum(GUEST_MESSAGE_KINDS),
    guest: z.object({
      name: z.string(),
      email: z.string(),
      company: z.string().nullable(),
      job_title: z.string().nullable(),
      token: z.string(),
      status: z.string(),
      asked: z.boolean(),
    }),
    event: z.object({
      id: z.string(),
      slug: z.string().nullable(),
      title: z.string(),
      subheading: z.string().nullable(),
      location: z.string().nullable(),
      start_date: z.string(),
      end_date: z.string(),
      time_zone: z.string(),
    }),
  }),
);

export interface GuestMessagesRun {
  sent: number;
  failed: number;
}

async function claim(service: SupabaseClient): Promise<GuestMessage[]> {
  const { data, error } = await service.rpc('claim_guest_messages', { max_messages: BATCH_SIZE });
  if (error) throw new Error(`claiming guest messages failed: ${error.message}`);
  return ClaimedMessages.parse(data);
}

const Begun = z.object({ send: z.boolean(), interrupted_at: z.string().nullable() });

/**
 * Queues the reminders and feedback requests that are due now (`queue_event_messages`: each at most
 * once per guest and kind, whoever else runs at the same time), so this run sends them.
 */
async function queueDueEventMessages(service: SupabaseClient): Promise<void> {
  const { error } = await service.rpc('queue_event_messages');
  if (error) throw new Error(`queueing reminders and feedback requests failed: ${error.message}`);
}

/** Records that the message is about to be sent; false when it must not be (already sent, or gone). */
async function begin(service: SupabaseClient, message: GuestMessage): Promise<boolean> {
  const { data, error } = await service.rpc('begin_guest_message', { message_id: message.id });
  if (error) throw new Error(`recording the start of guest message ${message.id} failed: ${error.message}`);
  const begun = Begun.parse(data);
  if (begun.interrupted_at) {
    logFunctionError(
      'send-guest-messages',
      `message ${message.id} (${message.kind}): the attempt begun at ${begun.interrupted_at} stopped before its ` +
        'outcome was recorded; sending it again with the same idempotency key (over SMTP it may arrive twice)',
    );
  }
  return begun.send;
}

async function finish(service: SupabaseClient, message: GuestMessage, failure: string | null): Promise<void> {
  const { error } = await service.rpc('finish_guest_message', { message_id: message.id, error: failure });
  if (error) throw new Error(`recording guest message ${message.id} failed: ${error.message}`);
}

/** Sends one claimed message and records how it went: sent, failed, or skipped (sent already, or gone). */
async function deliver(service: SupabaseClient, message: GuestMessage): Promise<'sent' | 'failed' | 'skipped'> {
  let failure: string | null = null;
  try {
    // Rendered first (the QR code takes a moment), so the recorded start is the send's own.
    const mail = await renderGuestMessage(message, mailSiteUrl());
    if (!(await begin(service, message))) return 'skipped';
    await sendMail({ to: message.guest.email, ...mail, idempotencyKey: message.id });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    logFunctionError('send-guest-messages', `message ${message.id} (${message.kind}) not sent, will retry: ${failure}`);
  }
  await finish(service, message, failure);
  return failure === null ? 'sent' : 'failed';
}

/**
 * Sends every guest message that is due now; resolves with how many were sent and how many failed
 * (those are tried again later). Throws only when the database cannot be asked.
 */
export async function sendDueGuestMessages(service: SupabaseClient = createServiceClient()): Promise<GuestMessagesRun> {
  const run: GuestMessagesRun = { sent: 0, failed: 0 };
  const started = Date.now();
  await queueDueEventMessages(service);
  while (Date.now() - started < RUN_BUDGET_MS) {
    const batch = await claim(service);
    if (batch.length === 0) break;
    // One guest's messages go one after another, in the order of the changes (an approval and then a
    // decline must not arrive the other way round); different guests' go at once.
    const byRequest = new Map<string, GuestMessage[]>();
    for (const message of batch) {
      const key = message.guest.token;
      byRequest.set(key, [...(byRequest.get(key) ?? []), message]);
    }
    await Promise.all(
      [...byRequest.values()].map(async (messages) => {
        for (const message of messages) {
          const outcome = await deliver(service, message);
          if (outcome !== 'skipped') run[outcome] += 1;
        }
      }),
    );
  }
  return run;
}
