/**
 * An event's feedback and the reminders and feedback requests sent for it (issue 31), for the back
 * office. Neither is in the admin's replica: it opens the open-core RxDB's 13 collections already
 * (docs/decisions/023-reminders-and-feedback.md), and admins only read these (guests write the
 * answers; the server writes the outbox). So they are read online, as User Management reads the
 * admin accounts (./admin-users.ts): the answers through the table API (row-level security: admins
 * only), followed live through realtime; the outbox through `event_guest_messages`. The last answer
 * read stays on screen offline, while the page is open, and the tab says it is not current.
 */
import { useCallback, useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { errorMessage } from '../lib/error-message.ts';
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
  failing: z.boolean(),
});
export type EventGuestMessage = z.infer<typeof guestMessageSchema>;

export type OnlineRead<T> =
  | { status: 'loading' }
  /** No connection: `kept` is what this page read last, if anything. */
  | { status: 'offline'; kept: T | null }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/** A request that never reached the server (postgrest-js answers status 0). */
class OfflineError extends Error {}

type Answer = { data: unknown; error: { message: string } | null; status: number };

function dataOf(answer: Answer): unknown {
  if (answer.error) {
    if (answer.status === 0) throw new OfflineError(answer.error.message);
    throw new Error(answer.error.message);
  }
  return answer.data;
}

/** What each read last returned on this page, by its key: shown offline. */
const lastRead = new Map<string, unknown>();

/**
 * `fetch` read online, again on `reload()`, on coming back online, and whenever `follow` says the
 * data changed (it returns its unsubscribe).
 */
function useOnlineRead<T>(
  key: string,
  fetch: () => Promise<T>,
  follow?: (changed: () => void) => Promise<() => void>,
): { state: OnlineRead<T>; reload: () => void } {
  const [state, setState] = useState<OnlineRead<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let cancelled = false;
    const offline = () => setState({ status: 'offline', kept: (lastRead.get(key) as T | undefined) ?? null });
    if (!navigator.onLine) queueMicrotask(() => !cancelled && offline());
    else {
      fetch().then(
        (data) => {
          lastRead.set(key, data);
          if (!cancelled) setState({ status: 'ready', data });
        },
        (error: unknown) => {
          if (cancelled) return;
          if (error instanceof OfflineError || !navigator.onLine) offline();
          else setState({ status: 'error', message: errorMessage(error) });
        },
      );
    }
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fetch` is named by `key`
  }, [key, version]);

  useEffect(() => {
    window.addEventListener('online', reload);
    window.addEventListener('offline', reload);
    let stop: (() => void) | null = null;
    let stopped = false;
    void follow?.(reload).then((unsubscribe) => {
      if (stopped) unsubscribe();
      else stop = unsubscribe;
    });
    return () => {
      stopped = true;
      stop?.();
      window.removeEventListener('online', reload);
      window.removeEventListener('offline', reload);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `follow` is named by `key`
  }, [key, reload]);

  return { state, reload };
}

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

/** The reminders and feedback requests of an event: queued, sent, cancelled or failing. */
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
