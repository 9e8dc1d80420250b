/**
 * The server's rules for check-ins at the door (supabase/migrations/20261127000300_check_ins.sql):
 * rows are only ever added, an undo belongs to its check-in's event and guest, and a walk-in becomes
 * one attendee of the event however many phones took them. On PGlite and (TEST_DATABASE_URL)
 * PostgreSQL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.adminClient();
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
      const write = await client
        .from('check_ins')
        .insert({
          event_id: eventId,
          attendee_id: row.attendee_id,
          device_id: 'x',
          checked_in_at: new Date().toISOString(),
        });
      expect(write.error?.code).toBe('42501');
    }
  });
});
