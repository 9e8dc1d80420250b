/**
 * Upcoming events for the home page: end_date at or after now, by start_date (spec section 7).
 * Reads the backend directly for now; the local replica takes over when the sync engine lands.
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';

const upcomingEventSchema = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  start_date: z.string(),
  featured_image_url: z.string().nullable(),
});

export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; data: T };

export function useUpcomingEvents(): Loadable<UpcomingEvent[]> {
  const [state, setState] = useState<Loadable<UpcomingEvent[]>>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const supabase = await getSupabase();
      const { data, error } = await supabase
        .from('events')
        .select('id, slug, title, start_date, featured_image_url')
        .eq('_deleted', false)
        .gte('end_date', new Date().toISOString())
        .order('start_date', { ascending: true });
      if (error) throw error;
      return z.array(upcomingEventSchema).parse(data);
    })().then(
      (data) => !cancelled && setState({ status: 'ready', data }),
      // Spec section 8: public query failures are not displayed; the list appears empty.
      () => !cancelled && setState({ status: 'error', data: [] }),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}
