/**
 * A guest's story across the series (issue 32): an admin clears a no-show with a reason, and only
 * a no-show (an edition that is over, a guest who was expected, not checked in); the clearings are
 * admins only through every door (table, realtime's rows, the functions, the visitor's public rows)
 * and are in no replica. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  seriesIndex,
  type NoShowClearing,
  type SeriesAttendee,
  type SeriesCheckIn,
  type SeriesEvent,
  type SeriesLink,
  type SeriesRequest,
} from '../../src/data/series-history.ts';

let backend: TestBackend;
let admin: SupabaseClient;
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) postgres = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
  backend = await startTestBackend(postgres ? { databaseUrl: postgres.url } : {});
  admin = await backend.adminClient();
});

afterAll(async () => {
  await backend?.stop();
  await postgres?.drop();
});

const unique = () => randomBytes(4).toString('hex');

async function ok<T>(promise: PromiseLike<{ data: unknown; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await promise;
  if (error) throw new Error(error.message);
  return data as T;
}

const HOUR = 3600_000;

async function createEvent(startsInHours: number): Promise<string> {
  const start = Date.now() + startsInHours * HOUR;
  const row = await ok<{ id: string }>(
    admin
      .from('events')
      .insert({
        title: `CDO Vision ${unique()}`,
        location: 'Salon Haussmann, Paris',
        time_zone: 'Europe/Paris',
        start_date: new Date(start).toISOString(),
        end_date: new Date(start + 4 * HOUR).toISOString(),
      })
      .select('id')
      .single(),
  );
  return row.id;
}

async function createAttendee(eventId: string | null, name = 'Grace Hopper'): Promise<string> {
  const row = await ok<{ id: string }>(
    admin
      .from('attendees')
      .insert({ name, email: `guest-${unique()}@navy.example`, company: 'Navy' })
      .select('id')
      .single(),
  );
  if (eventId)
    await ok(
      admin.from('event_attendees').insert({ event_id: eventId, attendee_id: row.id, attendee_type: 'current' }),
    );
  return row.id;
}

async function checkIn(eventId: string, attendeeId: string, undoes?: string): Promise<string> {
  const row = await ok<{ id: string }>(
    admin
      .from('check_ins')
      .insert({
        event_id: eventId,
        attendee_id: attendeeId,
        device_id: 'front-desk',
        device_label: 'Front desk',
        checked_in_at: new Date().toISOString(),
        ...(undoes ? { undoes } : {}),
      })
      .select('id')
      .single(),
  );
  return row.id;
}

const clear = (client: SupabaseClient, eventId: string, attendeeId: string, reason: string) =>
  client.rpc('clear_no_show', { target_event: eventId, target_attendee: attendeeId, reason });

describe('clearing a no-show', () => {
  let past: string;
  let missed: string;

  beforeAll(async () => {
    past = await createEvent(-48);
    missed = await createAttendee(past);
  });

  it('an admin clears a no-show with a reason; clearing again replaces the reason; restoring makes it count again', async () => {
    await ok(clear(admin, past, missed, '  Flight cancelled  '));
    const rows = () =>
      ok<{ reason: string }[]>(
        admin.from('no_show_clearings').select('reason').eq('event_id', past).eq('attendee_id', missed),
      );
    expect(await rows()).toEqual([{ reason: 'Flight cancelled' }]);
    await ok(clear(admin, past, missed, 'Ill on the day'));
    expect(await rows()).toEqual([{ reason: 'Ill on the day' }]);
    await ok(admin.rpc('restore_no_show', { target_event: past, target_attendee: missed }));
    expect(await rows()).toEqual([]);
  });

  it('refuses what was no no-show: no reason, an edition not over, a guest not expected, a guest checked in', async () => {
    expect((await clear(admin, past, missed, '   ')).error?.message).toBe('Say why the no-show is cleared');
    expect((await clear(admin, past, missed, 'x'.repeat(501))).error?.message).toBe(
      'The reason is longer than 500 characters',
    );

    const upcoming = await createEvent(48);
    const expected = await createAttendee(upcoming);
    expect((await clear(admin, upcoming, expected, 'Not yet')).error?.message).toBe('This edition is not over yet');

    const stranger = await createAttendee(null);
    expect((await clear(admin, past, stranger, 'Never asked')).error?.message).toBe(
      'This guest was not expected at this edition',
    );

    const came = await createAttendee(past, 'Ada Lovelace');
    const first = await checkIn(past, came);
    expect((await clear(admin, past, came, 'Was there')).error?.message).toBe(
      'This guest was checked in at this edition',
    );
    // The check-in undone: they did not come after all, and the no-show may be cleared.
    await checkIn(past, came, first);
    await ok(clear(admin, past, came, 'Door undid it by mistake'));
  });

  it('clearings are admins only, through the table, the functions and the public rows', async () => {
    await ok(clear(admin, past, missed, 'Sent a colleague instead'));
    const anon = backend.anonClient();
    const { client: user } = await backend.newUser();
    expect((await anon.from('no_show_clearings').select('id')).error?.code).toBe('42501');
    expect(await ok(user.from('no_show_clearings').select('id'))).toEqual([]);
    expect(await ok(admin.from('no_show_clearings').select('id').eq('event_id', past))).not.toHaveLength(0);
    for (const client of [anon, user]) {
      expect((await clear(client, past, missed, 'Sneaky')).error).not.toBeNull();
      expect(
        (await client.rpc('restore_no_show', { target_event: past, target_attendee: missed })).error,
      ).not.toBeNull();
      expect(
        (await client.from('no_show_clearings').insert({ event_id: past, attendee_id: missed, reason: 'x' })).error,
      ).not.toBeNull();
    }
    // Nobody writes the table directly, admins included: the function checks what it clears.
    expect(
      (await admin.from('no_show_clearings').update({ reason: 'Rewritten' }).eq('event_id', past).select('id')).data ??
        [],
    ).toEqual([]);
    expect(
      await ok(admin.from('no_show_clearings').select('reason').eq('event_id', past).eq('attendee_id', missed)),
    ).toEqual([{ reason: 'Sent a colleague instead' }]);
    const publicRows = JSON.stringify(await ok(anon.rpc('public_rows')));
    expect(publicRows).not.toContain('Sent a colleague instead');
  });
});

describe('demo content', () => {
  let demo: TestBackend;
  beforeAll(async () => {
    demo = await startTestBackend({ seedWhenFresh: true, config: { guestMessagesIntervalMs: 0 } });
  });
  afterAll(async () => {
    await demo?.stop();
  });

  it('has a guest of several editions, no-shows (one cleared with a reason) and a likely duplicate pair', async () => {
    const db = demo.services.db;
    const all = async <T>(sql: string) => (await db.query<T>(sql)).rows;
    const attendees = await all<SeriesAttendee>('select id, email from public.attendees where not _deleted');
    const index = seriesIndex({
      events: await all<SeriesEvent>(
        'select id, title, location, start_date::text, end_date::text, time_zone from public.events where not _deleted',
      ),
      attendees,
      links: await all<SeriesLink>(
        'select event_id, attendee_id, attendee_type from public.event_attendees where not _deleted',
      ),
      requests: await all<SeriesRequest>(
        'select id, event_id, attendee_id, status, email from public.invite_requests where not _deleted',
      ),
      checkIns: await all<SeriesCheckIn>(
        `select id, event_id, attendee_id, undoes, device_id, device_label, checked_in_at::text, walk_in_email
           from public.check_ins where not _deleted`,
      ),
      clearings: await all<NoShowClearing>(
        'select event_id, attendee_id, reason, cleared_at::text from public.no_show_clearings',
      ),
    });
    const summaries = attendees.map((attendee) => index.summaryOf(attendee.id));
    expect(Math.max(...summaries.map((s) => s.attendedCount))).toBeGreaterThanOrEqual(5);
    expect(summaries.filter((s) => s.noShowInLastYear).length).toBeGreaterThanOrEqual(1);
    expect(summaries.flatMap((s) => s.editions).filter((e) => e.outcome === 'cleared')).toHaveLength(1);

    const pairs = await all<{ kept: string; other: string }>(
      `select a.email as kept, b.email as other
         from public.attendees a
         join public.attendees b on b.name = a.name and b.company = a.company and b.id > a.id
        where not a._deleted and not b._deleted`,
    );
    expect(pairs).toHaveLength(1);
    const [plain, tagged] = [pairs[0]!.kept, pairs[0]!.other].sort((a, b) => a.length - b.length);
    expect(tagged!.replace('+events@', '@')).toBe(plain);
  });
});
