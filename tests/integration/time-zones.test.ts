/**
 * Every event has the venue's time zone (issue 28): an IANA name the database knows, never null, the
 * series' default for a writer that names none. Against the real backend over HTTP, on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend({ seedWhenFresh: true });
  admin = await backend.adminClient();
});

afterAll(async () => {
  await backend?.stop();
});

const EVENT = { title: 'Dinner', start_date: '2031-05-01T18:00:00Z', end_date: '2031-05-01T22:00:00Z' };

async function insertEvent(fields: Record<string, unknown>) {
  return admin
    .from('events')
    .insert({ ...EVENT, ...fields })
    .select('id, time_zone')
    .single();
}

describe("the venue's time zone", () => {
  it('is stored as the admin names it, and refused with a clear 400 when the database knows no such zone', async () => {
    const dubai = await insertEvent({ time_zone: 'Asia/Dubai' });
    expect(dubai.error).toBeNull();
    expect(dubai.data?.time_zone).toBe('Asia/Dubai');

    for (const zone of ['Mars/Olympus_Mons', 'Europe/Lisbon ', 'GMT+4; drop table events']) {
      const refused = await insertEvent({ time_zone: zone });
      expect(refused.status, zone).toBe(400);
      expect(refused.error?.message, zone).toMatch(/time zone/i);
    }
    const changed = await admin.from('events').update({ time_zone: 'Nowhere/Else' }).eq('id', dubai.data!.id).select();
    expect(changed.status).toBe(400);
    expect(changed.error?.message).toContain("Unknown time zone 'Nowhere/Else'");
  });

  it("is the series' default for a writer that names none or sends null: UTC unless the project sets one", async () => {
    const unnamed = await insertEvent({});
    expect(unnamed.data?.time_zone).toBe('UTC');
    const nulled = await insertEvent({ time_zone: null });
    expect(nulled.error).toBeNull();
    expect(nulled.data?.time_zone).toBe('UTC');

    const { rows } = await backend.services.db.query<{ zone: string }>(
      `select set_config('app.default_time_zone', 'Europe/London', false), private.default_time_zone() as zone`,
    );
    expect(rows[0]?.zone).toBe('Europe/London');
  });

  it('is the real zone of each city in the demo content', async () => {
    const { data } = await backend
      .anonClient()
      .from('events')
      .select('title, time_zone')
      .like('title', 'CDO Vision %')
      .eq('_deleted', false);
    const zones = Object.fromEntries(
      (data ?? []).map((row) => [String(row.title).replace(/ \d{4}$/, ''), row.time_zone]),
    );
    expect(zones).toMatchObject({
      'CDO Vision Tokyo': 'Asia/Tokyo',
      'CDO Vision Dubai': 'Asia/Dubai',
      'CDO Vision Lisbon': 'Europe/Lisbon',
      'CDO Vision São Paulo': 'America/Sao_Paulo',
    });
  });
});
