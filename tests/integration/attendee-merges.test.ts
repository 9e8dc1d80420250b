/**
 * One record per person (issue 32): an admin merges two attendee records of one person. The merge
 * moves every link (event lists, invite requests, check-ins, session speakers, feedback, no-show
 * clearings) to the kept record in one transaction, loses nothing, keeps two check-ins two rows,
 * refuses what would break a rule, redirects what an offline device adds for the removed record,
 * and can be undone for 24 hours. Merges are admins only through every door. On PGlite and
 * (TEST_DATABASE_URL) PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let admin: SupabaseClient;
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) postgres = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
  backend = await startTestBackend({
    ...(postgres ? { databaseUrl: postgres.url } : {}),
    config: { guestMessagesIntervalMs: 0 },
  });
  admin = await backend.adminClient();
});

afterAll(async () => {
  await backend?.stop();
  await postgres?.drop();
});

const unique = () => randomBytes(4).toString('hex');
const HOUR = 3600_000;

async function ok<T>(promise: PromiseLike<{ data: unknown; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await promise;
  if (error) throw new Error(error.message);
  return data as T;
}

async function insert(table: string, row: Record<string, unknown>, client = admin): Promise<string> {
  return (await ok<{ id: string }>(client.from(table).insert(row).select('id').single())).id;
}

async function createEvent(startsInHours: number): Promise<string> {
  const start = Date.now() + startsInHours * HOUR;
  return insert('events', {
    title: `CDO Vision ${unique()}`,
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 4 * HOUR).toISOString(),
  });
}

const checkIn = (eventId: string, attendeeId: string) =>
  insert('check_ins', {
    event_id: eventId,
    attendee_id: attendeeId,
    device_id: 'front-desk',
    checked_in_at: new Date().toISOString(),
  });

/** Two records of one person: the kept one, and a second with a '+tag' address and a LinkedIn link. */
async function duplicatePair() {
  const tag = unique();
  const kept = await insert('attendees', {
    name: 'Ada Lovelace',
    email: `ada.${tag}@engines.example`,
    company: 'Engines',
  });
  const removed = await insert('attendees', {
    name: 'Ada Lovelace',
    email: `Ada.${tag}+events@engines.example`,
    company: 'Engines',
    linkedin_url: `https://www.linkedin.com/in/ada-${tag}`,
  });
  return { kept, removed, tag };
}

const merge = (kept: string, removed: string, client = admin) => client.rpc('merge_attendees', { kept, removed });

async function rowsOf(table: string, ids: string[]) {
  return ok<{ id: string; attendee_id: string; _deleted: boolean; attendee_type?: string }[]>(
    admin.from(table).select('*').in('id', ids).order('id'),
  );
}

describe('merging two records of one person', () => {
  it('moves every link to the kept record in one transaction, keeps both check-ins, and can be undone', async () => {
    const { kept, removed, tag } = await duplicatePair();
    const past = await createEvent(-48);
    const both = await createEvent(-24);
    // On the past edition: the removed record's link, two check-ins (and their undo), a request, feedback.
    const link = await insert('event_attendees', { event_id: past, attendee_id: removed, attendee_type: 'current' });
    const first = await checkIn(past, removed);
    const second = await checkIn(past, removed);
    const undo = await insert('check_ins', {
      event_id: past,
      undoes: second,
      device_id: 'front-desk',
      checked_in_at: new Date().toISOString(),
    });
    const request = await insert('invite_requests', {
      event_id: past,
      name: 'Ada Lovelace',
      email: `ada.${tag}+events@engines.example`,
      consent: true,
      status: 'approved',
    });
    const answer = await insert(
      'feedback_responses',
      { event_id: past, attendee_id: removed, rating: 5 },
      backend.serviceClient(),
    );
    const session = await insert('sessions', {
      event_id: past,
      title: 'Data products',
      start_time: new Date().toISOString(),
      end_time: new Date().toISOString(),
    });
    const speaker = await insert('session_speakers', { session_id: session, attendee_id: removed, display_order: 0 });
    // On the other edition both records are on the list: the removed one came ('past'), the kept not yet marked.
    const keptLink = await insert('event_attendees', { event_id: both, attendee_id: kept, attendee_type: 'current' });
    const removedLink = await insert('event_attendees', {
      event_id: both,
      attendee_id: removed,
      attendee_type: 'past',
    });
    const clearing = await insert(
      'no_show_clearings',
      { event_id: both, attendee_id: removed, reason: 'Ill' },
      backend.serviceClient(),
    );

    const mergeId = await ok<string>(merge(kept, removed));

    expect((await rowsOf('event_attendees', [link])).map((r) => r.attendee_id)).toEqual([kept]);
    expect(await rowsOf('event_attendees', [keptLink, removedLink])).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: keptLink, attendee_id: kept, attendee_type: 'past', _deleted: false }),
        expect.objectContaining({ id: removedLink, attendee_id: removed, _deleted: true }),
      ]),
    );
    // Two check-ins of one person at one event stay two rows (and the undo of one stays its undo).
    expect((await rowsOf('check_ins', [first, second, undo])).map((r) => r.attendee_id)).toEqual([kept, kept, kept]);
    expect((await rowsOf('invite_requests', [request])).map((r) => r.attendee_id)).toEqual([kept]);
    expect((await rowsOf('session_speakers', [speaker])).map((r) => r.attendee_id)).toEqual([kept]);
    const { rows: moved } = await backend.services.db.query<{ answer: string; clearing: string }>(
      `select (select attendee_id::text from public.feedback_responses where id = $1) as answer,
              (select attendee_id::text from public.no_show_clearings where id = $2) as clearing`,
      [answer, clearing],
    );
    expect(moved).toEqual([{ answer: kept, clearing: kept }]);
    // The kept record took the link it lacked; the removed one is a tombstone; both addresses stay findable.
    const people = await ok<{ id: string; linkedin_url: string | null; _deleted: boolean }[]>(
      admin.from('attendees').select('id, linkedin_url, _deleted').in('id', [kept, removed]).order('_deleted'),
    );
    expect(people).toEqual([
      { id: kept, linkedin_url: `https://www.linkedin.com/in/ada-${tag}`, _deleted: false },
      { id: removed, linkedin_url: `https://www.linkedin.com/in/ada-${tag}`, _deleted: true },
    ]);
    const [record] = await ok<{ removed_email: string; undo_until: string }[]>(
      admin.from('attendee_merges').select('removed_email, undo_until').eq('id', mergeId),
    );
    expect(record!.removed_email).toBe(`ada.${tag}+events@engines.example`);
    expect(Date.parse(record!.undo_until) - Date.now()).toBeGreaterThan(23 * HOUR);

    // An offline device that still holds the removed record: what it adds goes to the kept one.
    const later = await createEvent(24);
    const offlineLink = await insert('event_attendees', {
      event_id: later,
      attendee_id: removed,
      attendee_type: 'current',
    });
    const offlineCheckIn = await checkIn(past, removed);
    expect((await rowsOf('event_attendees', [offlineLink])).map((r) => r.attendee_id)).toEqual([kept]);
    expect((await rowsOf('check_ins', [offlineCheckIn])).map((r) => r.attendee_id)).toEqual([kept]);
    // A walk-in with the removed record's address is the kept record, not a new person.
    const walkIn = await insert('check_ins', {
      event_id: later,
      device_id: 'front-desk',
      checked_in_at: new Date().toISOString(),
      walk_in_name: 'Ada Lovelace',
      walk_in_email: `ADA.${tag}+events@engines.example`,
    });
    expect((await rowsOf('check_ins', [walkIn])).map((r) => r.attendee_id)).toEqual([kept]);

    // Undone: everything the merge moved or set aside goes back; what came since stays with the kept record.
    await ok(admin.rpc('undo_attendee_merge', { merge_id: mergeId }));
    expect((await rowsOf('event_attendees', [link])).map((r) => r.attendee_id)).toEqual([removed]);
    expect(await rowsOf('event_attendees', [keptLink, removedLink])).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: keptLink, attendee_type: 'current', _deleted: false }),
        expect.objectContaining({ id: removedLink, attendee_id: removed, _deleted: false }),
      ]),
    );
    expect((await rowsOf('check_ins', [first, second, undo])).map((r) => r.attendee_id)).toEqual([
      removed,
      removed,
      removed,
    ]);
    expect((await rowsOf('check_ins', [offlineCheckIn])).map((r) => r.attendee_id)).toEqual([kept]);
    expect((await rowsOf('invite_requests', [request])).map((r) => r.attendee_id)).toEqual([removed]);
    expect((await rowsOf('session_speakers', [speaker])).map((r) => r.attendee_id)).toEqual([removed]);
    const restored = await ok<{ id: string; linkedin_url: string | null; _deleted: boolean }[]>(
      admin.from('attendees').select('id, linkedin_url, _deleted').in('id', [kept, removed]).order('linkedin_url'),
    );
    expect(restored).toEqual([
      { id: removed, linkedin_url: `https://www.linkedin.com/in/ada-${tag}`, _deleted: false },
      { id: kept, linkedin_url: null, _deleted: false },
    ]);
    expect((await admin.rpc('undo_attendee_merge', { merge_id: mergeId })).error?.message).toBe(
      'This merge was undone already',
    );
  });

  it("takes along the removed address's requests that no approval had linked yet: approved later, they find the kept record", async () => {
    const { kept, removed, tag } = await duplicatePair();
    const address = `ada.${tag}+events@engines.example`;
    const [next, later] = [await createEvent(48), await createEvent(96)];
    const pending = await insert('invite_requests', { event_id: next, name: 'Ada Lovelace', email: address });
    const declined = await insert('invite_requests', {
      event_id: later,
      name: 'Ada Lovelace',
      email: address,
      status: 'declined',
    });
    expect((await rowsOf('invite_requests', [pending, declined])).map((r) => r.attendee_id)).toEqual([null, null]);

    expect((await merge(kept, removed)).error).toBeNull();
    expect((await rowsOf('invite_requests', [pending, declined])).map((r) => r.attendee_id)).toEqual([kept, kept]);

    // Approved after the merge: the kept record goes on the event's list, and no new record is made.
    await ok(admin.from('invite_requests').update({ status: 'approved' }).eq('id', pending));
    expect((await rowsOf('invite_requests', [pending])).map((r) => r.attendee_id)).toEqual([kept]);
    expect(
      await ok(admin.from('event_attendees').select('attendee_id').eq('event_id', next).eq('_deleted', false)),
    ).toEqual([{ attendee_id: kept }]);
    expect(await ok(admin.from('attendees').select('id').ilike('email', address).eq('_deleted', false))).toEqual([]);
  });

  it('finds the kept record for a request or an invite made after the merge with the removed address', async () => {
    const { kept, removed, tag } = await duplicatePair();
    const address = `ada.${tag}+events@engines.example`;
    expect((await merge(kept, removed)).error).toBeNull();
    const [asked, invitedTo] = [await createEvent(48), await createEvent(96)];
    const request = await insert('invite_requests', { event_id: asked, name: 'Ada Lovelace', email: address });
    const invite = await insert('invite_requests', {
      event_id: invitedTo,
      name: 'Ada Lovelace',
      email: address,
      status: 'invited',
    });
    await ok(admin.from('invite_requests').update({ status: 'approved' }).eq('id', request));

    expect((await rowsOf('invite_requests', [request, invite])).map((r) => r.attendee_id).sort()).toEqual([kept, kept]);
    for (const event of [asked, invitedTo]) {
      expect(
        await ok(admin.from('event_attendees').select('attendee_id').eq('event_id', event).eq('_deleted', false)),
      ).toEqual([{ attendee_id: kept }]);
    }
    // No third record of the person.
    expect(await ok(admin.from('attendees').select('id').ilike('email', address).eq('_deleted', false))).toEqual([]);
  });

  it('refuses what would break a rule, and an undo after 24 hours', async () => {
    const { kept, removed } = await duplicatePair();
    expect((await merge(kept, kept)).error?.message).toBe('Choose two different records to merge');
    // Two answers to one edition's feedback cannot become one person's.
    const past = await createEvent(-48);
    for (const attendee of [kept, removed])
      await insert('feedback_responses', { event_id: past, attendee_id: attendee, rating: 4 }, backend.serviceClient());
    const refused = await merge(kept, removed);
    expect(refused.error?.message).toMatch(/^Both records answered the feedback for CDO Vision /);
    // Nothing changed.
    expect(
      (await ok<{ _deleted: boolean }[]>(admin.from('attendees').select('_deleted').eq('id', removed)))[0]!._deleted,
    ).toBe(false);

    const other = await duplicatePair();
    const mergeId = await ok<string>(merge(other.kept, other.removed));
    expect((await merge(other.kept, other.removed)).error?.message).toBe(
      'One of these records is deleted or merged already',
    );
    // Check-ins stay append-only for the API, admins included, merge or not.
    const checkInId = await checkIn(past, other.kept);
    const changed = await admin.from('check_ins').update({ attendee_id: kept }).eq('id', checkInId).select('id');
    expect(changed.error?.message).toBe('A check-in cannot be changed; record a new check-in or an undo instead');
    await backend.services.db.query(
      `update public.attendee_merges set undo_until = now() - interval '1 minute' where id = $1`,
      [mergeId],
    );
    expect((await admin.rpc('undo_attendee_merge', { merge_id: mergeId })).error?.message).toBe(
      'This merge can no longer be undone: 24 hours have passed',
    );
  });

  it('merges are admins only, through the table and the functions', async () => {
    const { kept, removed } = await duplicatePair();
    const anon = backend.anonClient();
    const { client: user } = await backend.newUser();
    for (const client of [anon, user]) {
      expect((await merge(kept, removed, client)).error).not.toBeNull();
      expect((await client.rpc('undo_attendee_merge', { merge_id: kept })).error).not.toBeNull();
    }
    expect((await anon.from('attendee_merges').select('id')).error?.code).toBe('42501');
    await ok(merge(kept, removed));
    expect(await ok(user.from('attendee_merges').select('id'))).toEqual([]);
    expect(await ok(admin.from('attendee_merges').select('id').eq('kept_id', kept))).toHaveLength(1);
    expect(
      (
        await admin
          .from('attendee_merges')
          .update({ undo_until: new Date().toISOString() })
          .eq('kept_id', kept)
          .select('id')
      ).data ?? [],
    ).toEqual([]);
    expect(JSON.stringify(await ok(anon.rpc('public_rows')))).not.toContain('+events@engines.example');
  });
});
