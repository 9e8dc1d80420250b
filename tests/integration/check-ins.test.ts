/**
 * The server's rules for check-ins at the door (supabase/migrations/20261127000300_check_ins.sql,
 * 20261128000100_check_ins_append_only.sql): rows are only ever added, by anyone, the service role
 * included; an undo belongs to its check-in's event and guest, and a walk-in becomes one attendee of
 * the event however many phones took them. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let admin: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.adminClient();
  service = backend.serviceClient();
});

afterAll(async () => {
  await backend?.stop();
});

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

interface CheckIn {
  id: string;
  event_id: string;
  attendee_id: string | null;
  undoes: string | null;
  walk_in_email: string | null;
  created_at: string;
  _modified: string;
  _deleted: boolean;
}

async function made<T>(query: PromiseLike<{ data: unknown; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as T;
}

const newEvent = () =>
  made<{ id: string }>(
    admin
      .from('events')
      .insert({ title: unique('Dinner'), start_date: '2031-05-01T18:00:00Z', end_date: '2031-05-01T22:00:00Z' })
      .select('id')
      .single(),
  ).then((row) => row.id);

const checkIn = (fields: Record<string, unknown>) =>
  made<CheckIn>(
    admin
      .from('check_ins')
      .insert({ id: randomUUID(), device_id: 'phone-1', checked_in_at: new Date().toISOString(), ...fields })
      .select()
      .single(),
  );

async function linksOf(eventId: string, attendeeId: string): Promise<number> {
  const rows = await made<unknown[]>(
    admin
      .from('event_attendees')
      .select('id')
      .eq('event_id', eventId)
      .eq('attendee_id', attendeeId)
      .eq('_deleted', false),
  );
  return rows.length;
}

describe('walk-ins', () => {
  it('become one attendee of the event, however many phones took them', async () => {
    const eventId = await newEvent();
    const email = `${unique('walkin')}@corp.example`;
    const walkIn = { event_id: eventId, walk_in_name: 'Walk In', walk_in_email: email, walk_in_company: 'Corp' };
    const first = await checkIn({ ...walkIn, device_id: 'phone-1' });
    const second = await checkIn({ ...walkIn, walk_in_email: email.toUpperCase(), device_id: 'phone-2' });
    expect(first.attendee_id).toEqual(expect.any(String));
    expect(second.attendee_id).toBe(first.attendee_id);
    expect(await linksOf(eventId, first.attendee_id!)).toBe(1);
    const attendee = await made<{ name: string; email: string; company: string }>(
      admin.from('attendees').select('name, email, company').eq('id', first.attendee_id!).single(),
    );
    expect(attendee).toEqual({ name: 'Walk In', email, company: 'Corp' });
  });

  it('reuse the attendee who already has the address', async () => {
    const email = `${unique('known')}@corp.example`;
    const known = await made<{ id: string }>(
      admin.from('attendees').insert({ name: 'Known', email }).select('id').single(),
    );
    const eventId = await newEvent();
    const row = await checkIn({ event_id: eventId, walk_in_name: 'Known Again', walk_in_email: email });
    expect(row.attendee_id).toBe(known.id);
    expect(await linksOf(eventId, known.id)).toBe(1);
  });
});

describe('undo', () => {
  it('is a row of its own, of the same guest', async () => {
    const eventId = await newEvent();
    const first = await checkIn({
      event_id: eventId,
      walk_in_name: 'Ada',
      walk_in_email: `${unique('ada')}@x.example`,
    });
    const undo = await checkIn({ event_id: eventId, undoes: first.id, device_id: 'phone-2' });
    expect(undo.attendee_id).toBe(first.attendee_id);
    const rows = await made<CheckIn[]>(admin.from('check_ins').select('id, undoes').eq('event_id', eventId));
    expect(rows).toHaveLength(2);
  });

  it("takes a walk-in off the event's list, where no one else sees them, and a new check-in puts them back", async () => {
    const eventId = await newEvent();
    const walkIn = { event_id: eventId, walk_in_name: 'Typo', walk_in_email: `${unique('typo')}@x.example` };
    const first = await checkIn(walkIn);
    const attendeeId = first.attendee_id!;
    // Two phones took them: one undo leaves the other check-in, which keeps them on the list.
    const second = await checkIn({ ...walkIn, device_id: 'phone-2' });
    await checkIn({ event_id: eventId, undoes: first.id });
    expect(await linksOf(eventId, attendeeId)).toBe(1);
    await checkIn({ event_id: eventId, undoes: second.id });
    expect(await linksOf(eventId, attendeeId)).toBe(0);
    const listed = await backend
      .anonClient()
      .from('event_attendees')
      .select('id')
      .eq('event_id', eventId)
      .eq('_deleted', false);
    expect(listed.data).toEqual([]);

    // A repeated push of the undone check-in (its answer was lost) does not put them back.
    const { created_at: _created, _modified: _stamp, ...sent } = first;
    expect((await admin.from('check_ins').upsert(sent).select('id').single()).error).toBeNull();
    expect(await linksOf(eventId, attendeeId)).toBe(0);

    // Taken again (checked in by the attendee the server made): on the list once more.
    await checkIn({ event_id: eventId, attendee_id: attendeeId });
    expect(await linksOf(eventId, attendeeId)).toBe(1);
  });

  it('leaves on the list a guest an admin put there, or whose request was approved after their walk-in', async () => {
    const eventId = await newEvent();
    const listedEmail = `${unique('listed')}@x.example`;
    const listed = await made<{ id: string }>(
      admin.from('attendees').insert({ name: 'Listed', email: listedEmail }).select('id').single(),
    );
    await made(admin.from('event_attendees').insert({ event_id: eventId, attendee_id: listed.id }).select('id'));
    const approvedEmail = `${unique('approved')}@x.example`;
    const request = await made<{ id: string }>(
      admin
        .from('invite_requests')
        .insert({ event_id: eventId, name: 'Approved', email: approvedEmail, consent: true })
        .select('id')
        .single(),
    );
    // A walk-in first, approved while at the event: the approval keeps them on the list.
    const walkedIn = await checkIn({ event_id: eventId, walk_in_name: 'Approved', walk_in_email: approvedEmail });
    await made(admin.from('invite_requests').update({ status: 'approved' }).eq('id', request.id).select('id'));

    const byAdmin = await checkIn({ event_id: eventId, walk_in_name: 'Listed', walk_in_email: listedEmail });
    await checkIn({ event_id: eventId, undoes: byAdmin.id });
    await checkIn({ event_id: eventId, undoes: walkedIn.id });
    expect(await linksOf(eventId, listed.id)).toBe(1);
    expect(await linksOf(eventId, walkedIn.attendee_id!)).toBe(1);
  });

  it('must name a check-in of the same event', async () => {
    const first = await checkIn({
      event_id: await newEvent(),
      walk_in_name: 'Bo',
      walk_in_email: `${unique('bo')}@x.example`,
    });
    await expect(checkIn({ event_id: await newEvent(), undoes: first.id })).rejects.toThrow(/same event/);
  });
});

describe('append-only', () => {
  it('refuses a change to a row, and takes a repeated push of the same row', async () => {
    const eventId = await newEvent();
    const row = await checkIn({ event_id: eventId, walk_in_name: 'Cy', walk_in_email: `${unique('cy')}@x.example` });
    const changed = await admin.from('check_ins').update({ checked_in_at: '2000-01-01T00:00:00Z' }).eq('id', row.id);
    expect(changed.error?.message).toMatch(/cannot be changed/);
    const same = await admin.from('check_ins').update({ device_id: 'phone-1' }).eq('id', row.id).select('id');
    expect(same.error).toBeNull();
    expect(same.data).toHaveLength(1);
  });

  it('needs a guest: an attendee, a walk-in with name and e-mail, or the check-in it undoes', async () => {
    const { error } = await admin
      .from('check_ins')
      .insert({ event_id: await newEvent(), device_id: 'phone-1', checked_in_at: new Date().toISOString() });
    expect(error?.code).toBe('23514');
  });

  it('nobody but an admin reads or writes them', async () => {
    const eventId = await newEvent();
    const row = await checkIn({ event_id: eventId, walk_in_name: 'Di', walk_in_email: `${unique('di')}@x.example` });
    const user = (await backend.newUser()).client;
    for (const client of [backend.anonClient(), user]) {
      const read = await client.from('check_ins').select('*').eq('id', row.id);
      expect(read.data ?? []).toEqual([]);
      const write = await client.from('check_ins').insert({
        event_id: eventId,
        attendee_id: row.attendee_id,
        device_id: 'x',
        checked_in_at: new Date().toISOString(),
      });
      expect(write.error?.code).toBe('42501');
    }
  });
});

describe('append-only for everyone (issue 27)', () => {
  /** The row as the service role reads it (null when it is gone), to show nothing moved. */
  const stored = (id: string) => made<CheckIn | null>(service.from('check_ins').select('*').eq('id', id).maybeSingle());

  const walkIn = async (eventId: string) =>
    checkIn({ event_id: eventId, walk_in_name: 'Eve', walk_in_email: `${unique('eve')}@x.example` });

  it('nobody deletes a check-in, not an admin, not the service role', async () => {
    const row = await walkIn(await newEvent());
    const before = await stored(row.id);
    for (const client of [admin, service]) {
      const deleted = await client.from('check_ins').delete().eq('id', row.id).select('id');
      expect(deleted.error?.code).toBe('42501');
      expect(deleted.status).toBe(403);
      expect(await stored(row.id)).toEqual(before);
    }
  });

  it('nobody soft-deletes one, or brings a deleted one back', async () => {
    const row = await walkIn(await newEvent());
    const before = await stored(row.id);
    for (const client of [admin, service]) {
      const deleted = await client.from('check_ins').update({ _deleted: true }).eq('id', row.id).select('id');
      expect(deleted.status).toBe(400);
      expect(deleted.error).toMatchObject({ code: '22023', message: expect.stringMatching(/undo/) });
      expect(await stored(row.id)).toEqual(before);
    }

    // A check-in of a deleted event is deleted with it (below); it stays so.
    const eventId = await newEvent();
    const gone = await walkIn(eventId);
    await made(admin.from('events').update({ _deleted: true }).eq('id', eventId).select('id'));
    const tombstone = await stored(gone.id);
    expect(tombstone?._deleted).toBe(true);
    for (const client of [admin, service]) {
      const back = await client.from('check_ins').update({ _deleted: false }).eq('id', gone.id).select('id');
      expect(back.error).toMatchObject({ code: '22023', message: expect.stringMatching(/cannot be brought back/) });
      expect(await stored(gone.id)).toEqual(tombstone);
    }
  });

  it('nobody rewrites its history: created_at and every other column stay as they were', async () => {
    const first = await walkIn(await newEvent());
    const row = await walkIn(first.event_id);
    const before = await stored(row.id);
    const changes = [
      { created_at: '2000-01-01T00:00:00Z' },
      { checked_in_at: '2000-01-01T00:00:00Z' },
      { device_id: 'phone-9' },
      { device_label: 'Forged' },
      { walk_in_name: 'Someone Else' },
      { attendee_id: first.attendee_id },
      { undoes: first.id },
      { event_id: await newEvent() },
      { id: randomUUID() },
    ];
    for (const client of [admin, service]) {
      for (const change of changes) {
        const changed = await client.from('check_ins').update(change).eq('id', row.id).select('id');
        const label = `${Object.keys(change)[0]}`;
        expect({ label, status: changed.status, code: changed.error?.code }).toEqual({
          label,
          status: 400,
          code: '22023',
        });
        expect(changed.error?.message).toMatch(/cannot be changed/);
        expect(changed.error?.details).toBe(`Changed: ${label}.`);
      }
    }
    expect(await stored(row.id)).toEqual(before);
  });

  it("follows its event's soft delete, undos included, and the event's deletion only", async () => {
    const eventId = await newEvent();
    const row = await walkIn(eventId);
    const undo = await checkIn({ event_id: eventId, undoes: row.id, device_id: 'phone-2' });
    const other = await walkIn(await newEvent());
    await made(admin.from('events').update({ _deleted: true }).eq('id', eventId).select('id'));
    expect((await stored(row.id))?._deleted).toBe(true);
    expect((await stored(undo.id))?._deleted).toBe(true);
    expect((await stored(other.id))?._deleted).toBe(false);
  });

  it('takes the replica repeating a row: as first sent, with the server-set stamp ignored, or as an upsert', async () => {
    const eventId = await newEvent();
    const email = `${unique('fay')}@x.example`;
    const sent = {
      id: randomUUID(),
      event_id: eventId,
      attendee_id: null,
      device_id: 'phone-1',
      device_label: null,
      checked_in_at: '2031-05-01T18:05:00.000Z',
      walk_in_name: 'Fay',
      walk_in_email: email.toUpperCase(),
      walk_in_company: null,
      walk_in_job_title: null,
      undoes: null,
      _deleted: false,
    };
    const row = await made<CheckIn>(admin.from('check_ins').insert(sent).select().single());
    expect(row.attendee_id).toEqual(expect.any(String));
    // The push after a lost answer: the walk-in as this phone wrote it, without the attendee the
    // server linked; an undo of a walk-in not linked yet alike.
    const { id: _id, ...fields } = sent;
    const again = await admin.from('check_ins').update(fields).eq('id', row.id).select().single();
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({
      attendee_id: row.attendee_id,
      walk_in_email: email,
      created_at: row.created_at,
    });
    const undo = await checkIn({ event_id: eventId, undoes: row.id });
    const undoAgain = await admin.from('check_ins').update({ attendee_id: null }).eq('id', undo.id).select().single();
    expect(undoAgain.error).toBeNull();
    expect(undoAgain.data).toMatchObject({ attendee_id: row.attendee_id });
    // The stamp is the server's: a sent one changes nothing, and is not taken.
    const stamped = await admin
      .from('check_ins')
      .update({ _modified: '2000-01-01T00:00:00Z' })
      .eq('id', row.id)
      .select()
      .single();
    expect(stamped.error).toBeNull();
    expect(new Date((stamped.data as CheckIn)._modified).getFullYear()).toBeGreaterThan(2000);
    for (const client of [admin, service]) {
      const upserted = await client.from('check_ins').upsert(sent).select().single();
      expect(upserted.error).toBeNull();
      expect(upserted.data).toMatchObject({ id: row.id, attendee_id: row.attendee_id, created_at: row.created_at });
    }
  });

  it('goes with its event or attendee when the service role erases them outright (personal data)', async () => {
    const eventId = await newEvent();
    const row = await walkIn(eventId);
    const elsewhere = await checkIn({ event_id: await newEvent(), attendee_id: row.attendee_id });
    expect((await service.from('events').delete().eq('id', eventId)).error).toBeNull();
    expect(await stored(row.id)).toBeNull();
    expect((await service.from('attendees').delete().eq('id', row.attendee_id!)).error).toBeNull();
    expect(await stored(elsewhere.id)).toBeNull();
  });
});
