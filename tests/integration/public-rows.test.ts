/**
 * public_rows(): every live row of every public table in one answer, which a first visit's service
 * worker holds so that the site is offline-ready without waiting for the replica's pulls
 * (docs/decisions/016-offline-from-the-first-visit.md). It must answer what the replica's pulls would
 * (the same tables, the same columns) and nothing the table API would not show anon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_TABLE_NAMES } from '../../sync/schema/types.ts';
import { pulledColumns } from '../../sync/replication/pull.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let admin: SupabaseClient;
const day = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.now() + days * day).toISOString();
const secretEmail = 'hidden.person@example.org';
let live: { id: string };
let removed: { id: string };

async function insert<T>(table: string, row: Record<string, unknown>): Promise<T> {
  const { data, error } = await admin.from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as T;
}

async function publicRows(headers: Record<string, string>): Promise<Response> {
  return fetch(`${backend.url}/rest/v1/rpc/public_rows`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
}

const anonHeaders = () => ({ apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` });

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.adminClient();
  live = await insert('events', { title: 'Lisbon Dinner', start_date: at(5), end_date: at(5.2) });
  removed = await insert('events', { title: 'Withdrawn Oslo', start_date: at(9), end_date: at(9.2) });
  await admin.from('events').delete().eq('id', removed.id);
  const person = await insert<{ id: string }>('attendees', { name: 'Hidden Person', email: secretEmail });
  await insert('event_attendees', { event_id: live.id, attendee_id: person.id, attendee_type: 'current' });
});

afterAll(async () => {
  await backend?.stop();
});

describe('public_rows, for a visitor', () => {
  it('answers every replicated table with the columns a visitor pulls, as the table API answers them', async () => {
    const response = await publicRows(anonHeaders());
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Record<string, Record<string, unknown>[]>;
    expect(Object.keys(answer).sort()).toEqual([...PUBLIC_TABLE_NAMES].sort());
    for (const table of PUBLIC_TABLE_NAMES) {
      for (const row of answer[table]!) expect(Object.keys(row).sort()).toEqual(pulledColumns(table, 'public').sort());
    }
    const { data: fromTable } = await backend
      .anonClient()
      .from('events')
      .select(pulledColumns('events', 'public').join(','))
      .eq('id', live.id)
      .single();
    expect(answer.events!.find((row) => row.id === live.id)).toEqual(fromTable);
  });

  it('leaves out soft-deleted rows and every attendee e-mail', async () => {
    const answer = (await (await publicRows(anonHeaders())).json()) as Record<string, Record<string, unknown>[]>;
    expect(answer.events!.map((row) => row.id)).toContain(live.id);
    expect(answer.events!.map((row) => row.id)).not.toContain(removed.id);
    expect(answer.events!.every((row) => row._deleted === false)).toBe(true);
    expect(JSON.stringify(answer)).not.toContain(secretEmail);
    expect(answer.attendees!.find((row) => row.name === 'Hidden Person')).not.toHaveProperty('email');
  });

  it('is for visitors only: a signed-in user is refused (their replica pulls the tables)', async () => {
    const { client } = await backend.newUser();
    const { error } = await client.rpc('public_rows');
    expect(error?.code).toBe('42501');
  });
});
