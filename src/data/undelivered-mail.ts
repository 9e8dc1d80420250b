/**
 * The requests whose last message about their status (received, a place, the waitlist, a decline)
 * the mail provider refused and that has not gone out: still being tried, or given up after all its
 * tries. Not in the admin's replica (the server writes the outbox, and the replica is at RxDB's
 * collection cap, docs/decisions/023-reminders-and-feedback.md): read online through
 * `undelivered_guest_mail`, again on coming back online (./online-read.ts), whenever a request's
 * status or server stamp changes (a decision that reaches the server queues a newer message, which
 * tells the guest instead), and every RETRY_READ_MS while the page is in view: the sender tries and
 * retries on its own, so a message refused, given up or sent at last changes nothing the replica holds.
 */
import { useEffect, useMemo, useRef } from 'react';
import * as z from 'zod/mini';
import { dataOf, useOnlineRead } from './online-read.ts';
import { getSupabase } from './supabase-client.ts';

const undeliveredSchema = z.object({
  request_id: z.string(),
  kind: z.string(),
  /** Refused on every try: the sender no longer tries it. */
  given_up: z.boolean(),
});
export type UndeliveredMail = z.infer<typeof undeliveredSchema>;

/** How often the marks are read again while the page is in view and online. */
const RETRY_READ_MS = 15_000;

/** Calls `changed` every RETRY_READ_MS while the page is in view and online (useOnlineRead's `follow`). */
async function whileInView(changed: () => void): Promise<() => void> {
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible' && navigator.onLine) changed();
  }, RETRY_READ_MS);
  return () => clearInterval(timer);
}

/**
 * By request id, for the requests of `eventId`, or of every event; read again whenever `statuses`
 * (a text that changes with any request's status or stamp) does.
 */
export function useUndeliveredMail(
  eventId: string | undefined,
  statuses: string,
): ReadonlyMap<string, UndeliveredMail> {
  const { state, reload } = useOnlineRead(
    `undelivered:${eventId ?? 'all'}`,
    async () => {
      const client = await getSupabase();
      const answer = await client.rpc('undelivered_guest_mail', eventId ? { target_event: eventId } : {});
      return z.array(undeliveredSchema).parse(dataOf(answer));
    },
    whileInView,
  );
  // Read at once by useOnlineRead; again only once the statuses have changed since.
  const readFor = useRef(statuses);
  useEffect(() => {
    if (readFor.current === statuses) return;
    readFor.current = statuses;
    reload();
  }, [reload, statuses]);
  const rows = state.status === 'ready' ? state.data : state.status === 'offline' ? state.kept : null;
  return useMemo(() => new Map((rows ?? []).map((row) => [row.request_id, row])), [rows]);
}
