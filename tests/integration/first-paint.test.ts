/**
 * The first-paint reads (sync/first-paint.ts) that public pages paint from before the local replica
 * is ready, against a running backend with the anon key: what each page shows, in the spec's order,
 * without tombstones and without an attendee's e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  eventPagePath,
  fetchEventBySlug,
  fetchGeneralTestimonials,
  fetchPastAttendees,
  fetchPastEvents,
  fetchSponsors,
  fetchUpcomingEvents,
  fetchVideos,
  type FirstPaintConfig,
} from '../../sync/first-paint.ts';

let backend: TestBackend;
let admin: SupabaseClient;
let config: FirstPaintConfig;

const day = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.now() + days * day).toISOString();

async function insert<T extends Record<string, unknown>>(table: string, row: Record<string, unknown>): Promise<T> {
  const { data, error } = await admin.from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as T;
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.adminClient();
  config = { supabaseUrl: backend.url, anonKey: backend.anonKey };
});

afterAll(async () => {
  await backend?.stop();
});

describe('first-paint reads', () => {
  it('a visitor gets upcoming events soonest first and the six latest past events newest first', async () => {
    for (let i = 1; i <= 8; i++)
      await insert('events', { title: `Past ${i}`, start_date: at(-10 * i), end_date: at(-10 * i + 1) });
    await insert('events', { title: 'Later', start_date: at(20), end_date: at(21) });
    await insert('events', { title: 'Sooner', start_date: at(5), end_date: at(6) });
    const ending = await insert<{ id: string }>('events', { title: 'Today', start_date: at(-1), end_date: at(0.01) });
    const gone = await insert<{ id: string }>('events', { title: 'Cancelled', start_date: at(1), end_date: at(2) });
    await admin.from('events').delete().eq('id', gone.id);

    const upcoming = await fetchUpcomingEvents(config);
    expect(upcoming.map((event) => event.title)).toEqual(['Today', 'Sooner', 'Later']);
    expect(upcoming[0]).toMatchObject({ id: ending.id, slug: 'today' });

    const past = await fetchPastEvents(config);
    expect(past.map((event) => event.title)).toEqual(['Past 1', 'Past 2', 'Past 3', 'Past 4', 'Past 5', 'Past 6']);
  });

  it('an event page is found by slug or by id, with its lists in order and no e-mail', async () => {
    const event = await insert<{ id: string; slug: string }>('events', {
      title: 'Data Leaders London',
      start_date: at(30),
      end_date: at(31),
      why_attend: ['Peers', 'Insight'],
    });
    const speaker = await insert<{ id: string }>('attendees', { name: 'Ada', email: 'ada@example.com' });
    const late = await insert<{ id: string }>('sessions', {
      event_id: event.id,
      title: 'Late',
      start_time: at(30.5),
      end_time: at(30.6),
    });
    const early = await insert<{ id: string }>('sessions', {
      event_id: event.id,
      title: 'Early',
      start_time: at(30.1),
      end_time: at(30.2),
    });
    await insert('session_speakers', { session_id: early.id, attendee_id: speaker.id, display_order: 0 });
    await insert('event_attendees', { event_id: event.id, attendee_id: speaker.id });
    await insert('event_gallery', { event_id: event.id, image_url: '/b.jpg', display_order: 2 });
    await insert('event_gallery', { event_id: event.id, image_url: '/a.jpg', display_order: 1 });
    const removed = await insert<{ id: string }>('event_gallery', {
      event_id: event.id,
      image_url: '/c.jpg',
      display_order: 3,
    });
    await admin.from('event_gallery').delete().eq('id', removed.id);

    const bySlug = await fetchEventBySlug(config, 'data-leaders-london');
    expect(bySlug?.event.title).toBe('Data Leaders London');
    expect(bySlug?.sessions.map((session) => session.title)).toEqual(['Early', 'Late']);
    expect(bySlug?.sessions[0]?.speakers[0]?.attendee?.name).toBe('Ada');
    expect(bySlug?.gallery.map((image) => image.image_url)).toEqual(['/a.jpg', '/b.jpg']);
    expect(JSON.stringify(bySlug)).not.toContain('ada@example.com');
    expect(bySlug?.sessions.map((session) => session.id)).toEqual([early.id, late.id]);

    const byId = await fetchEventBySlug(config, event.id);
    expect(byId?.event.id).toBe(event.id);
    expect(await fetchEventBySlug(config, 'no-such-event')).toBeNull();
  });

  it("an event page's request brings no removed place on its lists, so no guest taken off it reaches visitors", async () => {
    const past = await insert<{ id: string }>('events', { title: 'Before', start_date: at(-60), end_date: at(-59) });
    const event = await insert<{ id: string; slug: string }>('events', {
      title: 'Data Leaders Lisbon',
      start_date: at(40),
      end_date: at(41),
    });
    // Listed elsewhere, so her profile is public; her place on this event was taken away.
    const jane = await insert<{ id: string }>('attendees', { name: 'Jane Declined', email: 'jane@example.com' });
    await insert('event_attendees', { event_id: past.id, attendee_id: jane.id, attendee_type: 'past' });
    const place = await insert<{ id: string }>('event_attendees', { event_id: event.id, attendee_id: jane.id });
    await admin.from('event_attendees').delete().eq('id', place.id).throwOnError();
    const session = await insert<{ id: string }>('sessions', {
      event_id: event.id,
      title: 'Keynote',
      start_time: at(40.1),
      end_time: at(40.2),
    });
    const spoke = await insert<{ id: string }>('session_speakers', {
      session_id: session.id,
      attendee_id: jane.id,
      display_order: 0,
    });
    await admin.from('session_speakers').delete().eq('id', spoke.id).throwOnError();

    const response = await fetch(`${config.supabaseUrl}/rest/v1/${eventPagePath(event.slug)}`, {
      headers: { apikey: config.anonKey },
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('Data Leaders Lisbon');
    expect(body).toContain('Keynote');
    expect(body).not.toContain('Jane Declined');
    expect(body).not.toContain(place.id);
    expect(body).not.toContain(spoke.id);
  });

  it('past highlights lists each past attendee once, without e-mail, and the sponsor library by name', async () => {
    const one = await insert<{ id: string }>('events', { title: 'Old One', start_date: at(-100), end_date: at(-99) });
    const two = await insert<{ id: string }>('events', { title: 'Old Two', start_date: at(-90), end_date: at(-89) });
    const grace = await insert<{ id: string }>('attendees', { name: 'Grace', email: 'grace@example.com' });
    const alan = await insert<{ id: string }>('attendees', { name: 'Alan', email: 'alan@example.com' });
    await insert('event_attendees', { event_id: one.id, attendee_id: grace.id, attendee_type: 'past' });
    await insert('event_attendees', { event_id: two.id, attendee_id: grace.id, attendee_type: 'past' });
    await insert('event_attendees', { event_id: two.id, attendee_id: alan.id, attendee_type: 'current' });

    const attendees = await fetchPastAttendees(config);
    expect(attendees.filter((attendee) => attendee.name === 'Grace')).toHaveLength(1);
    expect(attendees.some((attendee) => attendee.name === 'Alan')).toBe(false);
    expect(JSON.stringify(attendees)).not.toContain('@example.com');

    await insert('sponsors_library', { name: 'Zeta Analytics' });
    await insert('sponsors_library', { name: 'Acme Data' });
    const names = (await fetchSponsors(config)).map((sponsor) => sponsor.name);
    expect(names.indexOf('Acme Data')).toBeLessThan(names.indexOf('Zeta Analytics'));
  });

  it('past highlights has every past attendee, beyond the 1,000 rows the API answers at once', async () => {
    const event = await insert<{ id: string }>('events', {
      title: 'A Big Old One',
      start_date: at(-80),
      end_date: at(-79),
    });
    await backend.services.db.query(
      `with made as (
         insert into public.attendees (name, email)
         select 'Crowd ' || n, 'crowd-' || n || '@example.com' from generate_series(1, 1050) n
         returning id)
       insert into public.event_attendees (event_id, attendee_id, attendee_type)
       select $1, id, 'past' from made`,
      [event.id],
    );
    const names = new Set((await fetchPastAttendees(config)).map((attendee) => attendee.name));
    for (const n of [1, 500, 1000, 1001, 1050]) expect(names.has(`Crowd ${n}`), `Crowd ${n}`).toBe(true);
  });

  it('testimonials that share a place come in the order of their ids, as the replica gives them', async () => {
    const quote = `Tied ${Date.now()}`;
    for (let n = 0; n < 6; n += 1) await insert('testimonials', { name: `Tied ${n}`, quote, display_order: -5 });
    const tied = (await fetchGeneralTestimonials(config)).filter((row) => row.quote === quote).map((row) => row.id);
    expect(tied).toHaveLength(6);
    expect(tied).toEqual([...tied].sort());
    await admin.from('testimonials').delete().eq('quote', quote).throwOnError();
  });

  it('the home page gets general testimonials in display order and videos with general ones first', async () => {
    const event = await insert<{ id: string }>('events', {
      title: 'Video Night',
      start_date: at(-5),
      end_date: at(-4),
    });
    await insert('testimonials', { name: 'Second', quote: 'B', display_order: 2 });
    await insert('testimonials', { name: 'First', quote: 'A', display_order: 1 });
    await insert('testimonials', { name: 'Of an event', quote: 'C', event_id: event.id });
    expect((await fetchGeneralTestimonials(config)).map((testimonial) => testimonial.name)).toEqual([
      'First',
      'Second',
    ]);

    await insert('videos', { title: 'Event video', video_url: 'https://youtu.be/abc', event_id: event.id });
    await insert('videos', { title: 'General video', video_url: 'https://youtu.be/def', display_order: 5 });
    expect((await fetchVideos(config)).map((video) => video.title)).toEqual(['General video', 'Event video']);
  });

  it('an answer whose columns are not of their types is refused, not painted', async () => {
    await insert('events', { title: 'Typed', start_date: at(3), end_date: at(4) });
    // The server's real answer, with one title turned into a number on its way.
    const altered: FirstPaintConfig = {
      ...config,
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        const rows = (await answer.json()) as Record<string, unknown>[];
        return Response.json(rows.map((row, i) => (i === 0 ? { ...row, title: 42 } : row)));
      },
    };
    await expect(fetchUpcomingEvents(altered)).rejects.toThrow(/title/);
    expect((await fetchUpcomingEvents(config)).map((event) => event.title)).toContain('Typed');
  });
});
