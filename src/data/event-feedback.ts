/**
 * An event's feedback and the reminders and feedback requests sent for it (issue 31), for the back
 * office. Neither is in the admin's replica: it opens the open-core RxDB's 13 collections already
 * (docs/decisions/023-reminders-and-feedback.md), and admins only read these (guests write the
 * answers; the server writes the outbox). So they are read online, as User Management reads the
 * admin accounts (./admin-users.ts): the answers through the table API (row-level security: admins
 * only), followed live through realtime; the outbox through `event_guest_messages`. The last answer
 * read stays on screen offline, while the page is open, and the tab says it is not current.
 */
import * as z from 'zod/mini';
import { dataOf, useOnlineRead, type OnlineRead } from './online-read.ts';
import { getSupabase } from './supabase-client.ts';

const responseSchema = z.object({
  id: z.string(),
  attendee_id: z.string(),
  rating: z.number(),
  valuable_session_id: z.nullable(z.string()),
  do_differently: z.nullable(z.string()),
  quote: z.nullable(z.string()),
  quote_consent: z.boolean(),
  testimonial_id: z.nullable(z.string()),
  submitted_at: z.string(),
  updated_at: z.string(),
});
export type FeedbackResponse = z.infer<typeof responseSchema>;

const guestMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['reminder_day_before', 'reminder_morning', 'feedback_request']),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  due_at: z.string(),
  sent_at: z.nullable(z.string()),
  cancelled_at: z.nullable(z.string()),
  /** Unsent after a refusal, with tries left. */
  failing: z.boolean(),
  /** Unsent after all its tries: the sender no longer tries it. */
  given_up: z.boolean(),
});
export type EventGuestMessage = z.infer<typeof guestMessageSchema>;

const RESPONSE_COLUMNS =
  'id, attendee_id, rating, valuable_session_id, do_differently, quote, quote_consent, testimonial_id, submitted_at, updated_at';

/** The answers given for an event, newest first, live. */
export function useEventFeedback(eventId: string): { state: OnlineRead<FeedbackResponse[]>; reload: () => void } {
  return useOnlineRead(
    `feedback:${eventId}`,
    async () => {
      const client = await getSupabase();
      const answer = await client
        .from('feedback_responses')
        .select(RESPONSE_COLUMNS)
        .eq('event_id', eventId)
        .order('updated_at', { ascending: false });
      return z.array(responseSchema).parse(dataOf(answer));
    },
    async (changed) => {
      const client = await getSupabase();
      const channel = client
        .channel(`feedback-${eventId}-${Math.random().toString(36).slice(2)}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'feedback_responses', filter: `event_id=eq.${eventId}` },
          changed,
        )
        .subscribe();
      return () => void client.removeChannel(channel);
    },
  );
}

/** The reminders and feedback requests of an event: queued, sent, cancelled, failing or given up. */
export function useEventGuestMessages(eventId: string): { state: OnlineRead<EventGuestMessage[]>; reload: () => void } {
  return useOnlineRead(`messages:${eventId}`, async () => {
    const client = await getSupabase();
    const answer = await client.rpc('event_guest_messages', { target_event: eventId });
    return z.array(guestMessageSchema).parse(dataOf(answer));
  });
}

/**
 * 'Publish as testimonial': the server makes a testimonial from a quote given with consent (it
 * refuses any other) and answers its id; the testimonial reaches the replica like any other row.
 */
export async function publishFeedbackQuote(responseId: string): Promise<string> {
  const client = await getSupabase();
  const answer = await client.rpc('publish_feedback_quote', { response_id: responseId });
  return z.string().parse(dataOf(answer));
}
