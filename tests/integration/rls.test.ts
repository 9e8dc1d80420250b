/**
 * The row-level-security matrix: anonymous, a signed-up non-admin and an admin, against every table,
 * for select, insert, update and delete, through supabase-js over HTTP. Each cell asserts exactly
 * what that caller may do, and that a refused write changed nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let service: SupabaseClient;
const callers = {} as Record<'anon' | 'user' | 'admin', SupabaseClient>;
let userId = '';
let spareUserId = '';

/** Public attendee columns: everything but the e-mail address. */
const ATTENDEE_PUBLIC =
  'id,name,company,job_title,photo_url,company_logo_url,bio,linkedin_url,priorities,current_focus,future_focus,registered_at';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${(counter += 1)}-${Math.random().toString(36).slice(2, 8)}`;

async function insertAsService(table: string, row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { data, error } = await service.from(table).insert(row).select().single();
  if (error) throw new Error(`seeding ${table}: ${error.message}`);
  return data as Record<string, unknown>;
}

/** A valid new row for each table, creating the parents it needs with the service role. */
const builders: Record<string, () => Promise<Record<string, unknown>>> = {
  events: async () => ({
    title: unique('Event'),
    start_date: '2031-03-01T18:00:00Z',
    end_date: '2031-03-01T22:00:00Z',
  }),
  attendees: async () => ({ name: unique('Ada'), email: `${unique('ada')}@example.com` }),
  sponsors_library: async () => ({ name: unique('Sponsor') }),
  sponsor_tiers: async () => ({ name: unique('Tier'), color: 'hsl(45 90% 50%)', display_order: 1 }),
  testimonials: async () => ({ name: unique('Quoter'), quote: 'Worth every minute.' }),
  videos: async () => ({ title: unique('Video'), video_url: 'https://www.youtube.com/watch?v=abcdefghijk' }),
  admin_invites: async () => ({ email: `${unique('invitee')}@example.com` }),
  invite_requests: async () => ({
    event_id: (await insertAsService('events', await builders.events!())).id,
    name: unique('Guest'),
    email: `${unique('guest')}@example.com`,
    consent: true,
  }),
  check_ins: async () => ({
    event_id: (await insertAsService('events', await builders.events!())).id,
    attendee_id: (await insertAsService('attendees', await builders.attendees!())).id,
    device_id: unique('device'),
    checked_in_at: '2031-03-01T18:05:00Z',
  }),
  event_attendees: async () => ({
    event_id: (await insertAsService('events', await builders.events!())).id,
    attendee_id: (await insertAsService('attendees', await builders.attendees!())).id,
    attendee_type: 'current',
  }),
  event_sponsors: async () => ({
    event_id: (await insertAsService('events', await builders.events!())).id,
    sponsor_id: (await insertAsService('sponsors_library', await builders.sponsors_library!())).id,
    tier_id: (await insertAsService('sponsor_tiers', await builders.sponsor_tiers!())).id,
    display_order: 1,
  }),
  sessions: async () => ({
    event_id: (await insertAsService('events', await builders.events!())).id,
    title: unique('Session'),
    start_time: '2031-03-01T18:00:00Z',
    end_time: '2031-03-01T19:00:00Z',
  }),
  session_speakers: async () => ({
    session_id: (await insertAsService('sessions', await builders.sessions!())).id,
    attendee_id: (await insertAsService('attendees', await builders.attendees!())).id,
    display_order: 0,
  }),
  event_gallery: async () => ({
    event_id: (await insertAsService('events', await builders.events!())).id,
    image_url: '/demo/gallery/test.webp',
    display_order: 0,
  }),
  user_roles: async () => {
    const { data, error } = await service.auth.admin.createUser({
      email: `${unique('role')}@example.com`,
      password: 'a-password',
      email_confirm: true,
    });
    if (error || !data.user) throw new Error(`creating a user: ${error?.message}`);
    return { user_id: data.user.id, role: 'admin' };
  },
};

/** The column that identifies a row of each table, and one harmless column to update. */
type Who = 'anon' | 'user' | 'admin';
const tables: Record<
  string,
  { key: string; update: Record<string, unknown> | ((who: Who) => Record<string, unknown>); select?: string }
> = {
  events: { key: 'id', update: { subheading: 'Changed' } },
  attendees: { key: 'id', update: { company: 'Changed Ltd' }, select: ATTENDEE_PUBLIC },
  event_attendees: { key: 'id', update: { attendee_type: 'past' } },
  sponsors_library: { key: 'id', update: { description: 'Changed' } },
  sponsor_tiers: { key: 'id', update: { name: 'Changed tier' } },
  event_sponsors: { key: 'id', update: { display_order: 9 } },
  sessions: { key: 'id', update: { room: 'Changed room' } },
  session_speakers: { key: 'id', update: { display_order: 9 } },
  event_gallery: { key: 'id', update: { caption: 'Changed' } },
  testimonials: { key: 'id', update: { company: 'Changed' } },
  videos: { key: 'id', update: { description: 'Changed' } },
  admin_invites: { key: 'email', update: { created_at: '2030-01-01T00:00:00Z' } },
  invite_requests: { key: 'id', update: { status: 'declined' } },
  // Check-ins are append-only: an update may repeat what the row holds, nothing more.
  check_ins: { key: 'id', update: { _deleted: false } },
  // The escalation a non-admin would try: moving an admin role onto itself.
  user_roles: { key: 'user_id', update: (who) => ({ user_id: who === 'admin' ? spareUserId : userId }) },
};

const ADMIN_ONLY_TABLES = ['admin_invites', 'user_roles', 'invite_requests', 'check_ins'];
/** Append-only tables: their rows are never deleted, by anyone. */
const NOBODY_DELETES = ['check_ins'];
const PUBLIC_TABLES = Object.keys(tables).filter((t) => !ADMIN_ONLY_TABLES.includes(t));

async function serviceRow(table: string, key: string, value: unknown) {
  const { data, error } = await service.from(table).select('*').eq(key, value).maybeSingle();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown> | null;
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  callers.anon = backend.anonClient();
  const user = await backend.newUser();
  callers.user = user.client;
  userId = user.id;
  callers.admin = await backend.adminClient();
  spareUserId = (await backend.newUser()).id;
  // Every table has at least one live row to see.
  for (const table of Object.keys(tables)) await insertAsService(table, await builders[table]!());
});

afterAll(async () => {
  await backend?.stop();
});

describe('select', () => {
  for (const table of PUBLIC_TABLES) {
    it(`anyone may read public ${table}`, async () => {
      for (const who of ['anon', 'admin'] as const) {
        const { data, error } = await callers[who].from(table).select(tables[table]!.select ?? '*');
        expect(error, `${who} reading ${table}`).toBeNull();
        expect(data!.length, `${who} reading ${table}`).toBeGreaterThan(0);
      }
    });
  }

  for (const table of ADMIN_ONLY_TABLES) {
    it(`only admins read ${table}`, async () => {
      const anon = await callers.anon.from(table).select('*');
      expect(anon.data ?? []).toEqual([]);
      const user = await callers.user.from(table).select('*');
      expect(user.data ?? []).toEqual([]);
      const admin = await callers.admin.from(table).select('*');
      expect(admin.error).toBeNull();
      expect(admin.data!.length).toBeGreaterThan(0);
    });
  }

  it('a user reads their own admin role, as the app checks it', async () => {
    const { data: adminUser } = await callers.admin.auth.getUser();
    const { data, error } = await callers.admin
      .from('user_roles')
      .select('role')
      .eq('user_id', adminUser.user!.id)
      .eq('role', 'admin')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ role: 'admin' });
    const none = await callers.user
      .from('user_roles')
      .select('role')
      .eq('user_id', userId)
      .eq('role', 'admin')
      .maybeSingle();
    expect(none.data).toBeNull();
  });
});

describe('attendee e-mail never reaches an anonymous visitor', () => {
  it('is refused by select=*', async () => {
    const { data, error } = await callers.anon.from('attendees').select('*');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });

  it('is refused by select=email', async () => {
    const { data, error } = await callers.anon.from('attendees').select('id,email');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });

  it('cannot be probed with a filter or an ordering on it', async () => {
    const { data: known } = await service.from('attendees').select('email').limit(1).single();
    const filtered = await callers.anon
      .from('attendees')
      .select('id')
      .eq('email', (known as { email: string }).email);
    expect(filtered.data).toBeNull();
    expect(filtered.error?.code).toBe('42501');
    const ordered = await callers.anon.from('attendees').select('id').order('email');
    expect(ordered.data).toBeNull();
  });

  it('is refused through embeds from event_attendees and session_speakers', async () => {
    for (const [table, embed] of [
      ['event_attendees', 'attendees(*)'],
      ['event_attendees', 'attendees(email)'],
      ['session_speakers', 'attendees(id,email)'],
    ] as const) {
      const { data, error } = await callers.anon.from(table).select(`id, ${embed}`);
      expect(data, `${table} ${embed}`).toBeNull();
      expect(error?.code, `${table} ${embed}`).toBe('42501');
    }
  });

  it('public attendee fields stay readable through an embed', async () => {
    const { data, error } = await callers.anon
      .from('event_attendees')
      .select(`attendee_type, attendees(${ATTENDEE_PUBLIC})`);
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toContain('@example.com');
  });

  it('admins read e-mail addresses', async () => {
    const { data, error } = await callers.admin.from('attendees').select('email').limit(1);
    expect(error).toBeNull();
    expect((data as { email: string }[])[0]!.email).toContain('@');
  });
});

describe('an attendee on no list is not public', () => {
  async function anonSees(attendeeId: string): Promise<boolean> {
    const { data, error } = await callers.anon.from('attendees').select('id').eq('id', attendeeId);
    expect(error).toBeNull();
    return data!.length === 1;
  }
  async function stampOf(attendeeId: string): Promise<string> {
    return String((await serviceRow('attendees', 'id', attendeeId))!._modified);
  }

  it('a guest declined after their approval leaves the public API with their link', async () => {
    const request = await insertAsService('invite_requests', await builders.invite_requests!());
    const approved = await callers.admin
      .from('invite_requests')
      .update({ status: 'approved' })
      .eq('id', request.id)
      .select('attendee_id')
      .single();
    expect(approved.error).toBeNull();
    const attendeeId = String(approved.data!.attendee_id);
    expect(await anonSees(attendeeId)).toBe(true);

    const declined = await callers.admin.from('invite_requests').update({ status: 'declined' }).eq('id', request.id);
    expect(declined.error).toBeNull();
    expect(await anonSees(attendeeId)).toBe(false);
    // The link's tombstone would say who was taken off which event: visitors and signed-in
    // non-admins read live links only, and learn of the removal by the link's id and stamp.
    for (const who of ['anon', 'user'] as const) {
      const links = await callers[who].from('event_attendees').select('id').eq('attendee_id', attendeeId);
      expect(links.error).toBeNull();
      expect(links.data, who).toEqual([]);
    }
    const tombstone = await callers.admin
      .from('event_attendees')
      .select('id, _modified, _deleted')
      .eq('attendee_id', attendeeId)
      .single();
    expect(tombstone.data).toMatchObject({ _deleted: true });
    const removal = await callers.anon.from('removed_links').select('*').eq('id', tombstone.data!.id);
    expect(removal.data).toEqual([
      { id: tombstone.data!.id, table_name: 'event_attendees', _modified: tombstone.data!._modified },
    ]);
    const everything = await callers.anon.rpc('public_rows');
    expect(JSON.stringify(everything.data)).not.toContain(attendeeId);
    expect((await callers.admin.from('attendees').select('id').eq('id', attendeeId)).data).toHaveLength(1);
  });

  it('is seen as a speaker, and listed again with a new stamp that a pull after the old one finds', async () => {
    const attendee = await insertAsService('attendees', await builders.attendees!());
    const id = String(attendee.id);
    expect(await anonSees(id)).toBe(false);

    const speaker = await insertAsService('session_speakers', {
      session_id: (await insertAsService('sessions', await builders.sessions!())).id,
      attendee_id: id,
      display_order: 0,
    });
    expect(await anonSees(id)).toBe(true);
    const listedAt = await stampOf(id);
    expect(listedAt > String(attendee._modified)).toBe(true);

    // A second link lists someone already listed: no new stamp.
    const event = await insertAsService('events', await builders.events!());
    const link = await insertAsService('event_attendees', { event_id: event.id, attendee_id: id });
    expect(await stampOf(id)).toBe(listedAt);

    expect((await callers.admin.from('session_speakers').delete().eq('id', speaker.id)).error).toBeNull();
    expect((await callers.admin.from('event_attendees').delete().eq('id', link.id)).error).toBeNull();
    expect(await anonSees(id)).toBe(false);
    const hiddenAt = await stampOf(id);
    expect((await callers.anon.from('session_speakers').select('id').eq('id', speaker.id)).data).toEqual([]);
    const removals = await callers.anon.from('removed_links').select('id, table_name').in('id', [speaker.id, link.id]);
    expect(removals.data).toEqual(
      expect.arrayContaining([
        { id: speaker.id, table_name: 'session_speakers' },
        { id: link.id, table_name: 'event_attendees' },
      ]),
    );

    // Brought back: the visitor whose checkpoint passed the old stamp pulls the row again.
    expect(
      (await callers.admin.from('event_attendees').update({ _deleted: false }).eq('id', link.id)).error,
    ).toBeNull();
    const pulled = await callers.anon.from('attendees').select('id,_modified').gt('_modified', hiddenAt);
    expect(pulled.data!.map((row) => row.id)).toContain(id);
    // The link brought back is stamped after its removal: a pull in stamp order ends with it live.
    const back = await callers.anon.from('event_attendees').select('_modified').eq('id', link.id).single();
    const removed = await callers.anon.from('removed_links').select('_modified').eq('id', link.id).single();
    expect(String(back.data!._modified) > String(removed.data!._modified)).toBe(true);
  });

  it('nobody writes removed_links but the server', async () => {
    const row = { id: crypto.randomUUID(), table_name: 'event_attendees', _modified: new Date().toISOString() };
    for (const who of ['anon', 'user', 'admin'] as const) {
      expect((await callers[who].from('removed_links').insert(row)).error?.code, who).toBe('42501');
      const { error } = await callers[who].from('removed_links').delete().eq('table_name', 'event_attendees');
      expect(error?.code, who).toBe('42501');
    }
    expect(await serviceRow('removed_links', 'id', row.id)).toBeNull();
  });
});

describe('insert', () => {
  for (const table of Object.keys(tables)) {
    it(`only admins insert into ${table}`, async () => {
      for (const who of ['anon', 'user'] as const) {
        const row = await builders[table]!();
        const { error } = await callers[who].from(table).insert(row);
        expect(error?.code, `${who} inserting into ${table}`).toBe('42501');
        const key = tables[table]!.key;
        if (row[key] !== undefined) expect(await serviceRow(table, key, row[key])).toBeNull();
      }
      const row = await builders[table]!();
      const { data, error } = await callers.admin.from(table).insert(row).select(tables[table]!.key).single();
      expect(error, `admin inserting into ${table}`).toBeNull();
      expect(data).toBeTruthy();
    });
  }
});

describe('update', () => {
  for (const table of Object.keys(tables)) {
    it(`only admins update ${table}`, async () => {
      const { key } = tables[table]!;
      const changes = (who: Who) => {
        const update = tables[table]!.update;
        return typeof update === 'function' ? update(who) : update;
      };
      const row = await insertAsService(table, await builders[table]!());
      const before = await serviceRow(table, key, row[key]);
      for (const who of ['anon', 'user'] as const) {
        const { data } = await callers[who]
          .from(table)
          .update(changes(who))
          .eq(key, row[key] as string)
          .select(key);
        expect(data ?? [], `${who} updating ${table}`).toEqual([]);
        expect(await serviceRow(table, key, row[key])).toEqual(before);
      }
      const { data, error } = await callers.admin
        .from(table)
        .update(changes('admin'))
        .eq(key, row[key] as string)
        .select(key);
      expect(error, `admin updating ${table}`).toBeNull();
      expect(data).toHaveLength(1);
    });
  }
});

describe('delete', () => {
  for (const table of Object.keys(tables)) {
    it(
      NOBODY_DELETES.includes(table) ? `nobody deletes from ${table}` : `only admins delete from ${table}`,
      async () => {
        const { key } = tables[table]!;
        const row = await insertAsService(table, await builders[table]!());
        const before = await serviceRow(table, key, row[key]);
        for (const who of ['anon', 'user'] as const) {
          await callers[who]
            .from(table)
            .delete()
            .eq(key, row[key] as string);
          expect(await serviceRow(table, key, row[key]), `${who} deleting from ${table}`).toEqual(before);
        }
        const { error } = await callers.admin
          .from(table)
          .delete()
          .eq(key, row[key] as string);
        if (NOBODY_DELETES.includes(table)) {
          // Not even an admin (tests/integration/check-ins.test.ts): an undo is the only way out.
          expect(error?.code, `admin deleting from ${table}`).toBe('42501');
          expect(await serviceRow(table, key, row[key])).toEqual(before);
          return;
        }
        expect(error, `admin deleting from ${table}`).toBeNull();
        const after = await serviceRow(table, key, row[key]);
        // Replicated tables keep a tombstone that offline clients pull; the others lose the row.
        if (after) expect(after._deleted).toBe(true);
      },
    );
  }
});

describe('a non-admin cannot make itself admin', () => {
  it('not by inserting its own role', async () => {
    const { error } = await callers.user.from('user_roles').insert({ user_id: userId, role: 'admin' });
    expect(error?.code).toBe('42501');
  });

  it('not by inviting its own e-mail', async () => {
    const { data: me } = await callers.user.auth.getUser();
    const { error } = await callers.user.from('admin_invites').insert({ email: me.user!.email });
    expect(error?.code).toBe('42501');
  });

  it('not by calling the admin list or any function', async () => {
    const { error } = await callers.user.rpc('get_admin_users');
    expect(error).not.toBeNull();
    const { error: anonError } = await callers.anon.rpc('get_admin_users');
    expect(anonError).not.toBeNull();
  });

  it('not by editing its token: a re-signed or altered role claim is refused', async () => {
    const { data } = await callers.user.auth.getSession();
    const [header, payload, signature] = data.session!.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url'),
      signature,
    ].join('.');
    const response = await fetch(`${backend.url}/rest/v1/user_roles?select=*`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(response.status).toBe(401);
  });

  it('and after all of that it is still not an admin', async () => {
    const { data } = await service.from('user_roles').select('user_id').eq('user_id', userId);
    expect(data).toEqual([]);
  });

  it('admins list admin users', async () => {
    const { data, error } = await callers.admin.rpc('get_admin_users');
    expect(error).toBeNull();
    expect((data as { email: string }[]).map((row) => row.email)).toContain(backend.admin.email);
  });
});
