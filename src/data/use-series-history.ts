/**
 * A guest's story across the series (issue 32), live: the index of series-history.ts over the
 * admin's replica (events, attendees, their links, the invite requests and the door's check-ins),
 * with the no-shows admins cleared and the guest's feedback, which are in no replica (the admin's
 * is at the open-core RxDB's 13 collections, docs/decisions/024-a-guest-across-the-series.md) and
 * are read online: offline, the counts take no clearing into account and the page says so.
 */
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { useAdminRows, useAdminTablePulled } from './admin-data.ts';
import { dataOf, useOnlineRead, type OnlineRead } from './online-read.ts';
import { seriesIndex, type NoShowClearing, type SeriesIndex } from './series-history.ts';
import { getSupabase } from './supabase-client.ts';

const clearingSchema = z.object({
  event_id: z.string(),
  attendee_id: z.string(),
  reason: z.string(),
  cleared_at: z.string(),
});

/** Every cleared no-show, live (realtime), for admins. */
export function useNoShowClearings(): { state: OnlineRead<NoShowClearing[]>; reload: () => void } {
  return useOnlineRead(
    'no-show-clearings',
    async () => {
      const client = await getSupabase();
      const answer = await client.from('no_show_clearings').select('event_id, attendee_id, reason, cleared_at');
      return z.array(clearingSchema).parse(dataOf(answer));
    },
    async (changed) => {
      const client = await getSupabase();
      const channel = client
        .channel(`no-show-clearings-${Math.random().toString(36).slice(2)}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'no_show_clearings' }, changed)
        .subscribe();
      return () => void client.removeChannel(channel);
    },
  );
}

const NONE: NoShowClearing[] = [];

/** The clearings a read gave, or what this page read last while offline; none otherwise. */
export function clearingsOf(state: OnlineRead<NoShowClearing[]>): NoShowClearing[] {
  if (state.status === 'ready') return state.data;
  if (state.status === 'offline') return state.kept ?? NONE;
  return NONE;
}

/** Clears a guest's no-show at an edition that is over, with the reason (the server checks it was one). */
export async function clearNoShow(eventId: string, attendeeId: string, reason: string): Promise<void> {
  const client = await getSupabase();
  dataOf(await client.rpc('clear_no_show', { target_event: eventId, target_attendee: attendeeId, reason }));
}

/** Takes a clearing back: the no-show counts again. */
export async function restoreNoShow(eventId: string, attendeeId: string): Promise<void> {
  const client = await getSupabase();
  dataOf(await client.rpc('restore_no_show', { target_event: eventId, target_attendee: attendeeId }));
}

const personFeedbackSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  rating: z.number(),
  do_differently: z.nullable(z.string()),
  quote: z.nullable(z.string()),
  quote_consent: z.boolean(),
  updated_at: z.string(),
});
export type PersonFeedback = z.infer<typeof personFeedbackSchema>;

/** The feedback a guest gave, every edition, newest first. */
export function usePersonFeedback(attendeeId: string): { state: OnlineRead<PersonFeedback[]>; reload: () => void } {
  return useOnlineRead(`person-feedback:${attendeeId}`, async () => {
    const client = await getSupabase();
    const answer = await client
      .from('feedback_responses')
      .select('id, event_id, rating, do_differently, quote, quote_consent, updated_at')
      .eq('attendee_id', attendeeId)
      .order('updated_at', { ascending: false });
    return z.array(personFeedbackSchema).parse(dataOf(answer));
  });
}

/**
 * The series index, live from the replica, with the clearings read so far. `index` is undefined
 * until the replica (or this device's kept lists) has answered; `loading` while the tables it
 * reads have not had a full pull.
 */
export function useSeriesIndex(clearings: readonly NoShowClearing[]): {
  index: SeriesIndex | undefined;
  loading: boolean;
} {
  const events = useAdminRows('events');
  const attendees = useAdminRows('attendees');
  const links = useAdminRows('event_attendees');
  const requests = useAdminRows('invite_requests');
  const checkIns = useAdminRows('check_ins');
  const pulled = [
    useAdminTablePulled('events'),
    useAdminTablePulled('event_attendees'),
    useAdminTablePulled('invite_requests'),
    useAdminTablePulled('check_ins'),
  ].every(Boolean);
  const index = useMemo(
    () =>
      events && attendees && links && requests && checkIns
        ? seriesIndex({ events, attendees, links, requests, checkIns, clearings })
        : undefined,
    [events, attendees, links, requests, checkIns, clearings],
  );
  return { index, loading: index === undefined || !pulled };
}
