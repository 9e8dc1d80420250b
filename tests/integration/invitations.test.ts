/**
 * The server's rules for invite requests (supabase/migrations/20261127000100_invitations.sql), as an
 * admin's replica meets them over HTTP: approving or inviting links the guest to the event as a
 * current attendee (the attendee with the same address if there is one), declining deletes nothing,
 * and the guest's token is the server's alone. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
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

interface Request {
  id: string;
  event_id: string;
  email: string;
  status: string;
  status_changed_at: string;
  attendee_id: string | null;
  guest_token: string;
  _modified: string;
}

async function newEvent(fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await admin
    .from('events')
    .insert({
      title: unique('Dinner'),
      start_date: '2031-05-01T18:00:00Z',
      end_date: '2031-05-01T22:00:00Z',
      ...fields,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function newRequest(eventId: string, fields: Record<string, unknown> = {}): Promise<Request> {
  const { data, error } = await admin
    .from('invite_requests')
    .insert({
      event_id: eventId,
      name: 'Grace Hopper',
      email: `${unique('grace')}@corp.example`,
      company: 'Navy',
      job_title: 'Rear Admiral',
      consent: true,
      ...fields,
    })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data as Request;
}

async function setStatus(id: string, status: string): Promise<Request> {
  const { data, error } = await admin.from('invite_requests').update({ status }).eq('id', id).select().single();
  if (error) throw new Error(error.message);
  return data as Request;
}

async function currentAttendeesOf(eventId: string): Promise<{ attendee_id: string; attendee_type: string }[]> {
  const { data, error } = await admin
    .from('event_attendees')
    .select('attendee_id, attendee_type')
    .eq('event_id', eventId)
    .eq('_deleted', false);
  if (error) throw new Error(error.message);
  return data as { attendee_id: string; attendee_type: string }[];
}

describe('approving and inviting', () => {
  it('links an approved guest as a current attendee, made from the request', async () => {
    const eventId = await newEvent();
    const request = await newRequest(eventId, { email: `  ${unique('Ada')}@Corp.Example ` });
    expect(request.status).toBe('pending');
    expect(request.email).toBe(request.email.trim().toLowerCase());
    expect(request.attendee_id).toBeNull();
    expect(await currentAttendeesOf(eventId)).toEqual([]);

    const approved = await setStatus(request.id, 'approved');
    expect(approved.attendee_id).not.toBeNull();
    expect(await currentAttendeesOf(eventId)).toEqual([
      { attendee_id: approved.attendee_id, attendee_type: 'current' },
    ]);
    const { data: attendee } = await admin
      .from('attendees')
      .select('name, email, company, job_title')
      .eq('id', approved.attendee_id!)
      .single();
    expect(attendee).toEqual({
      name: 'Grace Hopper',
      email: request.email,
      company: 'Navy',
      job_title: 'Rear Admiral',
    });
  });

  it('reuses the attendee with the same address, whatever its case, and links them once', async () => {
    const email = `${unique('linus')}@corp.example`;
    const { data: existing } = await admin.from('attendees').insert({ name: 'Linus', email }).select('id').single();
    const eventId = await newEvent();
    const request = await newRequest(eventId, { email: email.toUpperCase(), status: 'invited' });
    expect(request.attendee_id).toBe((existing as { id: string }).id);

    // Waitlisted, then approved again: still one live link.
    await setStatus(request.id, 'waitlisted');
    await setStatus(request.id, 'approved');
    expect(await currentAttendeesOf(eventId)).toEqual([{ attendee_id: request.attendee_id, attendee_type: 'current' }]);
  });

  it('declining or waitlisting deletes nothing, and takes a guest who was coming off the list', async () => {
    const eventId = await newEvent();
    const approved = await setStatus((await newRequest(eventId)).id, 'approved');
    const declined = await setStatus(approved.id, 'declined');
    expect(declined.attendee_id).toBe(approved.attendee_id);
    // Off the event's list (the page, the seats, the door), as a tombstone every replica learns of.
    expect(await currentAttendeesOf(eventId)).toEqual([]);
    const { data: links } = await admin
      .from('event_attendees')
      .select('_deleted')
      .eq('event_id', eventId)
      .eq('attendee_id', approved.attendee_id!);
    expect(links).toEqual([{ _deleted: true }]);
    const { data: attendee } = await admin
      .from('attendees')
      .select('_deleted')
      .eq('id', approved.attendee_id!)
      .single();
    expect(attendee).toEqual({ _deleted: false });

    const waitlisted = await setStatus((await newRequest(eventId)).id, 'waitlisted');
    expect(waitlisted.attendee_id).toBeNull();
    expect(await currentAttendeesOf(eventId)).toEqual([]);

    // Invited, then waitlisted: off the list too; approved again: back on it, once.
    const invited = await setStatus((await newRequest(eventId)).id, 'invited');
    expect(await currentAttendeesOf(eventId)).toHaveLength(1);
    await setStatus(invited.id, 'waitlisted');
    expect(await currentAttendeesOf(eventId)).toEqual([]);
    await setStatus(invited.id, 'approved');
    expect(await currentAttendeesOf(eventId)).toEqual([{ attendee_id: invited.attendee_id, attendee_type: 'current' }]);
  });

  it('a guest taken off the event stays off when their approved request is edited, and comes back when it is approved again', async () => {
    const eventId = await newEvent();
    const approved = await setStatus((await newRequest(eventId)).id, 'approved');
    await admin
      .from('event_attendees')
      .delete()
      .eq('event_id', eventId)
      .eq('attendee_id', approved.attendee_id!)
      .throwOnError();
    expect(await currentAttendeesOf(eventId)).toEqual([]);

    // An edit of the request's details (the guest's own link, an admin's correction, a repeated push).
    const { data: edited } = await admin
      .from('invite_requests')
      .update({ company: 'US Navy', status: 'approved', attendee_id: null })
      .eq('id', approved.id)
      .select()
      .single()
      .throwOnError();
    expect((edited as Request).attendee_id).toBe(approved.attendee_id);
    expect(await currentAttendeesOf(eventId)).toEqual([]);

    // Approved again after a decline: back on the event, once.
    await setStatus(approved.id, 'declined');
    await setStatus(approved.id, 'approved');
    expect(await currentAttendeesOf(eventId)).toEqual([
      { attendee_id: approved.attendee_id, attendee_type: 'current' },
    ]);
  });

  it('keeps one live request per event and address', async () => {
    const eventId = await newEvent();
    const first = await newRequest(eventId);
    const again = await admin
      .from('invite_requests')
      .insert({ event_id: eventId, name: 'Twice', email: first.email.toUpperCase(), consent: true });
    expect(again.error?.code).toBe('23505');
    // The same address may ask for another event.
    await expect(newRequest(await newEvent(), { email: first.email })).resolves.toMatchObject({ status: 'pending' });
  });

  it('refuses a request for a deleted event, and a deleted event takes its requests with it', async () => {
    const eventId = await newEvent();
    const request = await newRequest(eventId);
    expect((await admin.from('events').delete().eq('id', eventId)).error).toBeNull();
    const { data } = await admin.from('invite_requests').select('_deleted').eq('id', request.id).single();
    expect(data).toEqual({ _deleted: true });
    await expect(newRequest(eventId)).rejects.toThrow();
  });
});

describe("the server's columns", () => {
  it('makes the guest token itself, and keeps it whatever a client sends', async () => {
    const eventId = await newEvent();
    const request = await newRequest(eventId, { guest_token: 'chosen-by-the-client' });
    expect(request.guest_token).toMatch(/^[0-9a-f]{64}$/);
    const { data } = await admin
      .from('invite_requests')
      .update({ guest_token: 'x'.repeat(64), name: 'Renamed' })
      .eq('id', request.id)
      .select('guest_token, name')
      .single();
    expect(data).toEqual({ guest_token: request.guest_token, name: 'Renamed' });
    const other = await newRequest(eventId);
    expect(other.guest_token).not.toBe(request.guest_token);
  });

  it('moves the status time with the status only (a repeated push changes nothing of it)', async () => {
    const request = await newRequest(await newEvent());
    const renamed = await admin
      .from('invite_requests')
      .update({ name: 'New name', status_changed_at: '2001-01-01T00:00:00Z' })
      .eq('id', request.id)
      .select()
      .single();
    expect((renamed.data as Request).status_changed_at).toBe(request.status_changed_at);
    const approved = await setStatus(request.id, 'approved');
    expect(Date.parse(approved.status_changed_at)).toBeGreaterThan(Date.parse(request.status_changed_at));
    const again = await setStatus(request.id, 'approved');
    expect(again.status_changed_at).toBe(approved.status_changed_at);
    expect(Date.parse(again._modified)).toBeGreaterThan(Date.parse(approved._modified));
  });

  it('takes only the five statuses', async () => {
    const request = await newRequest(await newEvent());
    const { error } = await admin.from('invite_requests').update({ status: 'maybe' }).eq('id', request.id);
    expect(error?.code).toBe('23514');
  });
});

describe('capacity', () => {
  it('is optional, a whole number from 1, and anyone may read it', async () => {
    const eventId = await newEvent({ capacity: 40 });
    const { data } = await backend.anonClient().from('events').select('capacity').eq('id', eventId).single();
    expect(data).toEqual({ capacity: 40 });
    const zero = await admin.from('events').update({ capacity: 0 }).eq('id', eventId);
    expect(zero.error?.code).toBe('23514');
    const none = await admin.from('events').update({ capacity: null }).eq('id', eventId).select('capacity').single();
    expect(none.data).toEqual({ capacity: null });
  });
});

describe('privacy', () => {
  it('no anonymous visitor or plain user reads a request, even by its id or token', async () => {
    const request = await newRequest(await newEvent());
    const user = (await backend.newUser()).client;
    for (const client of [backend.anonClient(), user]) {
      const byId = await client.from('invite_requests').select('*').eq('id', request.id);
      expect(byId.data ?? []).toEqual([]);
      const byToken = await client.from('invite_requests').select('id').eq('guest_token', request.guest_token);
      expect(byToken.data ?? []).toEqual([]);
      const update = await client.from('invite_requests').update({ status: 'approved' }).eq('id', request.id).select();
      expect(update.data ?? []).toEqual([]);
    }
    const { data } = await service.from('invite_requests').select('status').eq('id', request.id).single();
    expect(data).toEqual({ status: 'pending' });
  });
});
