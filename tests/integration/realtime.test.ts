/**
 * Realtime postgres_changes against the real local backend: supabase-js (realtime-js) clients as
 * the app and the sync engine use them, plus a raw WebSocket for what realtime-js hides (the
 * frames themselves, the `columns` list, heartbeats, the API-key check on the upgrade). Writes go
 * through the table API over HTTP, as an admin's would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  RealtimeClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
  type WebSocketLikeConstructor,
} from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { forgedTokens } from './auth-helpers.ts';

type Row = Record<string, unknown>;

/** A change as realtime-js hands it to a callback, and when it arrived. */
interface Change {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Row;
  old: Row;
  errors: unknown;
  receivedAt: number;
}

interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  table: string;
  filter?: string;
}

/** A channel that records what it receives, per binding, and every status it goes through. */
interface Listener {
  channel: RealtimeChannel;
  /** Changes per binding, in the order the bindings were given. */
  changes: Change[][];
  statuses: string[];
  errors: string[];
  /** System messages (the server's word on the channel's postgres_changes). */
  system: Row[];
}

let backend: TestBackend;
let admin: SupabaseClient;
let anon: SupabaseClient;
const cleanups: (() => Promise<unknown>)[] = [];

let counter = 0;
const unique = (prefix: string) => `${prefix}-${(counter += 1)}-${Math.random().toString(36).slice(2, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a change may take to arrive before a test gives up. Deliveries take milliseconds; the
 * margin is for a loaded CI machine. The latency promise itself (one second) is asserted apart.
 */
const ARRIVAL_MS = 10_000;

async function waitFor<T>(
  read: () => T | undefined | false,
  timeoutMs: number,
  what: string,
  seen?: () => unknown,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${seen ? `; got ${JSON.stringify(seen())}` : ''}`,
      );
    }
    await sleep(10);
  }
}

/** Subscribes `client` to `bindings` on a fresh channel and resolves once it is SUBSCRIBED. */
async function listen(
  client: SupabaseClient | RealtimeClient,
  bindings: Binding[],
  options: { expect?: 'SUBSCRIBED' | 'CHANNEL_ERROR' } = {},
): Promise<Listener> {
  const channel = client.channel(unique('room'));
  const listener: Listener = { channel, changes: bindings.map(() => []), statuses: [], errors: [], system: [] };
  bindings.forEach((binding, i) => {
    channel.on('postgres_changes', { schema: 'public', ...binding }, (payload: RealtimePostgresChangesPayload<Row>) => {
      listener.changes[i]!.push({
        ...payload,
        new: payload.new as Row,
        old: payload.old as Row,
        receivedAt: Date.now(),
      });
    });
  });
  channel.on('system', {}, (payload: Row) => listener.system.push(payload));
  channel.subscribe((status, error) => {
    listener.statuses.push(status);
    if (error) listener.errors.push(error.message);
  });
  cleanups.push(() => ('removeChannel' in client ? client.removeChannel(channel) : channel.unsubscribe()));
  const wanted = options.expect ?? 'SUBSCRIBED';
  await waitFor(() => listener.statuses.includes(wanted), 5000, `${wanted} on ${channel.topic}`);
  return listener;
}

async function write<T = Row>(promise: PromiseLike<{ data: T | null; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await promise;
  if (error) throw new Error(error.message);
  return data as T;
}

/**
 * An attendee made by an approval: the request's trigger creates them with their place on the event,
 * in one transaction, so that anonymous subscribers (who see listed attendees only) get the INSERT.
 */
async function approvedGuest(name: string, email: string): Promise<Row> {
  const event = await write<Row>(
    admin
      .from('events')
      .insert({ title: unique('Event'), start_date: '2031-03-01T18:00:00Z', end_date: '2031-03-01T22:00:00Z' })
      .select('id')
      .single(),
  );
  const request = await write<Row>(
    admin.from('invite_requests').insert({ event_id: event.id, name, email, consent: true }).select('id').single(),
  );
  const approved = await write<Row>(
    admin.from('invite_requests').update({ status: 'approved' }).eq('id', request.id).select('attendee_id').single(),
  );
  return write<Row>(admin.from('attendees').select().eq('id', approved.attendee_id).single());
}

/**
 * Resolves once every change committed before the call has been sent to `client`, so that a test can
 * show that something did NOT arrive without a fixed sleep. The server hands changes on in commit
 * order, one batch after another, over one socket per client: once a marker row written now reaches
 * a channel of `client`, any earlier change bound for another of its channels has arrived before it.
 */
async function allDelivered(client: SupabaseClient | RealtimeClient): Promise<void> {
  const title = unique('Delivery marker');
  const marker = await listen(client, [{ event: 'INSERT', table: 'videos', filter: `title=eq.${title}` }]);
  await write(admin.from('videos').insert({ title, video_url: 'https://www.youtube.com/embed/abcdefghijk' }));
  await waitFor(() => marker.changes[0]!.length > 0, ARRIVAL_MS, `the marker ${title}`);
}

/**
 * Resolves once the server has handled every frame `client` sent before the call (a token swap, say):
 * it handles one socket's frames one after another, so a channel joined now is answered after them.
 */
async function framesHandled(client: RealtimeClient): Promise<void> {
  await listen(client, []);
}

/** A Postgres timestamp as microseconds since the epoch (Date keeps milliseconds only). */
function microseconds(timestamp: string): number {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(timestamp);
  if (!match) throw new Error(`not a timestamp: ${timestamp}`);
  return Date.parse(`${match[1]}${match[3]}`) * 1000 + Number((match[2] ?? '').padEnd(6, '0'));
}

const newEvent = () => ({
  title: unique('Roundtable'),
  start_date: '2031-05-01T18:00:00Z',
  end_date: '2031-05-01T22:00:00Z',
});

/** A RealtimeClient of our own, so the test decides which token each join carries. */
function realtimeClient(apikey = backend.anonKey): RealtimeClient {
  const client = new RealtimeClient(`${backend.url.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey },
    transport: WebSocket as unknown as WebSocketLikeConstructor,
  });
  cleanups.push(() => client.disconnect());
  return client;
}

/** A bare WebSocket speaking the protocol by hand, for what realtime-js does not show. */
interface RawSocket {
  frames: unknown[];
  send(frame: unknown): void;
  next(match: (frame: unknown) => boolean, what: string): Promise<unknown>;
  close(): void;
}

async function rawSocket(query: string): Promise<RawSocket> {
  const ws = new WebSocket(`${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`);
  const frames: unknown[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next: (match, what) => waitFor(() => frames.find(match), 3000, what),
    close: () => ws.close(),
  };
}

/** The HTTP status of an upgrade the server refuses. */
function refusedUpgrade(query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`);
    ws.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.once('error', () => undefined);
  });
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.adminClient();
  await admin.realtime.setAuth();
  anon = backend.anonClient();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await backend?.stop();
});

describe('postgres_changes with supabase-js', () => {
  it('a visitor sees an event inserted, updated and deleted by an admin within a second of each write', async () => {
    const listener = await listen(anon, [{ event: '*', table: 'events' }]);
    const seen = listener.changes[0]!;

    const created = await write<Row>(admin.from('events').insert(newEvent()).select().single());
    let writtenAt = Date.now();
    const insert = await waitFor(
      () => seen.find((c) => c.eventType === 'INSERT' && c.new.id === created.id),
      ARRIVAL_MS,
      'the INSERT',
    );
    expect(insert.receivedAt - writtenAt).toBeLessThan(1000);
    expect(insert).toMatchObject({ schema: 'public', table: 'events', old: {}, errors: null });
    expect(insert.new).toMatchObject({ title: created.title, _deleted: false, why_attend: [] });
    expect(Date.parse(insert.commit_timestamp)).not.toBeNaN();
    // The same values the table API returns, formatted the same way (the sync engine compares them).
    expect(insert.new._modified).toBe(created._modified);

    await write(admin.from('events').update({ subheading: 'Now with dinner' }).eq('id', created.id).select());
    writtenAt = Date.now();
    const update = await waitFor(
      () => seen.find((c) => c.eventType === 'UPDATE' && c.new.subheading === 'Now with dinner'),
      ARRIVAL_MS,
      'the UPDATE',
    );
    expect(update.receivedAt - writtenAt).toBeLessThan(1000);
    // Without replica identity full, hosted Supabase sends the primary key as the old record.
    expect(update.old).toEqual({ id: created.id });

    await write(admin.from('events').delete().eq('id', created.id));
    writtenAt = Date.now();
    const softDelete = await waitFor(
      () => seen.find((c) => c.eventType === 'UPDATE' && c.new._deleted === true),
      ARRIVAL_MS,
      'the soft delete',
    );
    expect(softDelete.receivedAt - writtenAt).toBeLessThan(1000);
    expect(softDelete.new.id).toBe(created.id);
    expect(seen.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
  });

  it('a filter on the id only brings that row', async () => {
    const id = randomUUID();
    const listener = await listen(anon, [{ event: '*', table: 'events', filter: `id=eq.${id}` }]);
    await write(admin.from('events').insert(newEvent()));
    await write(admin.from('events').insert({ ...newEvent(), id }));
    await write(admin.from('events').update({ location: 'Zürich' }).eq('id', id).select());
    const seen = listener.changes[0]!;
    await waitFor(
      () => seen.length === 2,
      ARRIVAL_MS,
      'two changes of the filtered row',
      () => seen,
    );
    await allDelivered(anon);
    expect(seen.map((c) => [c.eventType, c.new.id])).toEqual([
      ['INSERT', id],
      ['UPDATE', id],
    ]);
  });

  it('filters compare as Postgres does: neq, lt, lte, gt, gte and in with quoted values', async () => {
    const tag = unique('tier');
    const names = ['Gold', 'Silver, plus', 'Bronze'].map((n) => `${n} ${tag}`);
    const listener = await listen(anon, [
      { event: 'INSERT', table: 'sponsor_tiers', filter: 'display_order=gt.5' },
      { event: 'INSERT', table: 'sponsor_tiers', filter: 'display_order=lte.2' },
      { event: 'INSERT', table: 'sponsor_tiers', filter: `name=in.("${names[0]}","${names[1]}")` },
      {
        event: 'INSERT',
        table: 'sponsor_tiers',
        filter: `name=neq.${names[0]},display_order=gte.2,display_order=lt.10`,
      },
    ]);
    await write(
      admin.from('sponsor_tiers').insert([
        { name: names[0], color: '#d4af37', display_order: 10 },
        { name: names[1], color: '#c0c0c0', display_order: 2 },
        { name: names[2], color: '#cd7f32', display_order: 1 },
      ]),
    );
    await waitFor(
      () => listener.changes[1]!.length === 2,
      ARRIVAL_MS,
      'the lte filter',
      () => listener.changes,
    );
    await allDelivered(anon);
    expect(listener.changes.map((c) => c.map((change) => change.new.name))).toEqual([
      [names[0]],
      [names[1], names[2]],
      [names[0], names[1]],
      [names[1]],
    ]);
  });

  it('event-specific bindings get only their own events, a hard delete included', async () => {
    const listener = await listen(anon, [
      { event: 'INSERT', table: 'testimonials' },
      { event: 'UPDATE', table: 'testimonials' },
      { event: 'DELETE', table: 'testimonials' },
    ]);
    const [inserts, updates, deletes] = listener.changes as [Change[], Change[], Change[]];
    const created = await write<Row>(
      admin
        .from('testimonials')
        .insert({ name: unique('Quoter'), quote: 'Worth every minute.' })
        .select()
        .single(),
    );
    await write(admin.from('testimonials').update({ rating: 4 }).eq('id', created.id).select());
    // Only the service role really deletes (maintenance); the row cannot be read again, so the
    // DELETE carries its primary key.
    await write(backend.serviceClient().from('testimonials').delete().eq('id', created.id));
    await waitFor(
      () => deletes.length === 1,
      ARRIVAL_MS,
      'the DELETE',
      () => listener.changes,
    );
    await allDelivered(anon);
    expect(inserts.map((c) => c.eventType)).toEqual(['INSERT']);
    expect(updates.map((c) => [c.eventType, c.new.rating])).toEqual([['UPDATE', 4]]);
    expect(deletes.map((c) => [c.eventType, c.old, c.new])).toEqual([['DELETE', { id: created.id }, {}]]);
  });

  it('changes of one table arrive in commit order, also when written concurrently', async () => {
    const listener = await listen(anon, [{ event: 'INSERT', table: 'videos' }]);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        write(
          admin
            .from('videos')
            .insert({ title: unique(`Clip ${i}`), video_url: 'https://www.youtube.com/embed/abcdefghijk' }),
        ),
      ),
    );
    const seen = listener.changes[0]!;
    await waitFor(
      () => seen.length === 12,
      ARRIVAL_MS,
      'twelve inserts',
      () => seen.length,
    );
    // _modified is the commit-ordered change clock (decision 001): it must only go up.
    const stamps = seen.map((c) => microseconds(String(c.new._modified)));
    expect(stamps.every((stamp, i) => i === 0 || stamp > stamps[i - 1]!)).toBe(true);
  });

  it('after the server drops the connection, realtime-js reconnects, rejoins and gets later writes', async () => {
    const listener = await listen(anon, [{ event: 'INSERT', table: 'sponsors_library' }]);
    const subscribedBefore = listener.statuses.filter((s) => s === 'SUBSCRIBED').length;
    backend.realtime.dropAllConnections();
    await waitFor(() => listener.statuses.includes('CHANNEL_ERROR'), 2000, 'the channel to notice');
    await waitFor(
      () => listener.statuses.filter((s) => s === 'SUBSCRIBED').length > subscribedBefore,
      10_000,
      'the rejoin after reconnecting',
    );
    const created = await write<Row>(
      admin
        .from('sponsors_library')
        .insert({ name: unique('Sponsor') })
        .select()
        .single(),
    );
    await waitFor(
      () => listener.changes[0]!.find((c) => c.new.id === created.id),
      ARRIVAL_MS,
      'a write after the reconnect',
    );
  });
});

describe('the change feed on PostgreSQL', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'when the connection that listens for changes drops, clients are cut off, resubscribe and get later writes',
    async () => {
      const listener = await listen(anon, [{ event: 'INSERT', table: 'sponsors_library' }]);
      const subscribedBefore = listener.statuses.filter((s) => s === 'SUBSCRIBED').length;
      const { rows } = await backend.services.db.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query ilike 'listen realtime_local_changes%'`,
      );
      expect(rows).toEqual([{ ended: true }]);
      // Changes may have been lost while it was away, so every socket is dropped: clients resync.
      await waitFor(() => listener.statuses.includes('CHANNEL_ERROR'), 5000, 'the socket to be dropped');
      await waitFor(
        () => listener.statuses.filter((s) => s === 'SUBSCRIBED').length > subscribedBefore,
        10_000,
        'the rejoin',
      );
      const created = await write<Row>(
        admin
          .from('sponsors_library')
          .insert({ name: unique('Sponsor') })
          .select()
          .single(),
      );
      await waitFor(
        () => listener.changes[0]!.find((c) => c.new.id === created.id),
        1000,
        'a write after the reconnect',
      );
    },
  );
});

describe('row security per subscriber', () => {
  it('an anonymous subscriber never sees an attendee e-mail, while an admin subscriber does', async () => {
    const visitor = await listen(anon, [{ event: '*', table: 'attendees' }]);
    const staff = await listen(admin, [{ event: '*', table: 'attendees' }]);
    const email = `${unique('ada')}@example.com`;
    const created = await approvedGuest(unique('Ada'), email);
    await write(
      admin
        .from('attendees')
        .update({ email: `new-${email}`, company: 'Analytical Engines' })
        .eq('id', created.id)
        .select(),
    );

    await waitFor(
      () => staff.changes[0]!.length === 2 && visitor.changes[0]!.length === 2,
      ARRIVAL_MS,
      'both subscribers',
      () => [staff.changes, visitor.changes],
    );
    expect(staff.changes[0]!.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE']);
    // A row is read when its change is delivered (delivery.ts): the insert may already carry the
    // update's address when the update committed first. The last change has the latest.
    expect([email, `new-${email}`]).toContain(staff.changes[0]![0]!.new.email);
    expect(staff.changes[0]![1]!.new.email).toBe(`new-${email}`);
    for (const change of visitor.changes[0]!) {
      expect(change.new).not.toHaveProperty('email');
      expect(change.new).toMatchObject({ id: created.id, name: created.name });
      expect(JSON.stringify(change)).not.toContain(email);
    }
    expect(visitor.changes[0]![1]!.new.company).toBe('Analytical Engines');
  });

  it('an anonymous subscriber cannot filter on the e-mail column (it would be an oracle)', async () => {
    const listener = await listen(realtimeClient(), [
      { event: '*', table: 'attendees', filter: 'email=eq.ada@example.com' },
    ]);
    await waitFor(() => listener.system.length > 0, ARRIVAL_MS, 'the system message');
    expect(listener.system[0]).toMatchObject({ status: 'error', extension: 'postgres_changes' });
    expect(String(listener.system[0]!.message)).toContain('permission denied for column email');
  });

  it('a signed-in non-admin sees no attendee rows, as through the table API', async () => {
    const { client } = await backend.newUser();
    await client.realtime.setAuth();
    const member = await listen(client, [{ event: '*', table: 'attendees' }]);
    const staff = await listen(admin, [{ event: '*', table: 'attendees' }]);
    await write(admin.from('attendees').insert({ name: unique('Grace'), email: `${unique('grace')}@example.com` }));
    await waitFor(
      () => staff.changes[0]!.length === 1,
      ARRIVAL_MS,
      'the admin subscriber',
      () => staff.changes,
    );
    await allDelivered(client);
    expect(member.changes[0]).toEqual([]);
  });

  it('admin-only tables (user_roles, admin_invites) reach admin subscribers only', async () => {
    // Neither table is published (hosted sends nothing for them); publish them here to prove that
    // row security would still keep them from everyone but admins.
    const notPublished = await listen(admin, [{ event: '*', table: 'admin_invites' }]);
    await waitFor(() => notPublished.system.length > 0, ARRIVAL_MS, 'the system message');
    expect(notPublished.system[0]).toMatchObject({ status: 'error', extension: 'postgres_changes' });
    expect(String(notPublished.system[0]!.message)).toContain('Unable to subscribe to changes');
    await backend.services.db.exec(
      'alter publication supabase_realtime add table public.user_roles, public.admin_invites',
    );

    const { client: memberClient } = await backend.newUser();
    await memberClient.realtime.setAuth();
    const bindings: Binding[] = [
      { event: '*', table: 'user_roles' },
      { event: '*', table: 'admin_invites' },
    ];
    const member = await listen(memberClient, bindings);
    const visitor = await listen(anon, bindings);
    const staff = await listen(admin, bindings);

    const invitee = `${unique('invitee')}@example.com`;
    await write(admin.from('admin_invites').insert({ email: invitee }));
    // The local feed reads an inserted row when it delivers the change (delivery.ts): a row deleted
    // before then sends no INSERT, only its DELETE. So the delete waits for the insert's delivery.
    const [roles, invites] = staff.changes as [Change[], Change[]];
    await waitFor(
      () => invites.length === 1,
      ARRIVAL_MS,
      'the invite INSERT',
      () => staff.changes,
    );
    await write(admin.from('admin_invites').delete().eq('email', invitee));
    const { id: otherUserId } = await backend.newUser();
    const role = await write<Row>(
      admin.from('user_roles').insert({ user_id: otherUserId, role: 'admin' }).select().single(),
    );
    await waitFor(
      () => roles.length === 1,
      ARRIVAL_MS,
      'the role INSERT',
      () => staff.changes,
    );
    await write(admin.from('user_roles').delete().eq('id', role.id));

    await waitFor(
      () => roles.length === 2 && invites.length === 2,
      ARRIVAL_MS,
      'the admin subscriber',
      () => staff.changes,
    );
    expect(invites.map((c) => [c.eventType, c.eventType === 'DELETE' ? c.old : c.new.email])).toEqual([
      ['INSERT', invitee],
      ['DELETE', { email: invitee }],
    ]);
    expect(roles.map((c) => [c.eventType, c.eventType === 'DELETE' ? c.old : c.new.user_id])).toEqual([
      ['INSERT', otherUserId],
      ['DELETE', { id: role.id }],
    ]);
    await Promise.all([allDelivered(memberClient), allDelivered(anon)]);
    expect(member.changes).toEqual([[], []]);
    expect(visitor.changes).toEqual([[], []]);
  });
  it('invite requests (published, for the admin replica) reach admin subscribers only', async () => {
    const { client: memberClient } = await backend.newUser();
    await memberClient.realtime.setAuth();
    const bindings: Binding[] = [{ event: '*', table: 'invite_requests' }];
    const member = await listen(memberClient, bindings);
    const visitor = await listen(anon, bindings);
    const staff = await listen(admin, bindings);

    const event = await write<Row>(
      admin
        .from('events')
        .insert({ title: unique('Dinner'), start_date: '2031-01-01T18:00:00Z', end_date: '2031-01-01T22:00:00Z' })
        .select()
        .single(),
    );
    const email = `${unique('guest')}@example.com`;
    const request = await write<Row>(
      admin
        .from('invite_requests')
        .insert({ event_id: event.id, name: 'Grace', email, consent: true })
        .select()
        .single(),
    );
    await write(admin.from('invite_requests').update({ status: 'approved' }).eq('id', request.id));

    const [changes] = staff.changes as [Change[]];
    await waitFor(
      () => changes.length === 2,
      ARRIVAL_MS,
      'the admin subscriber',
      () => staff.changes,
    );
    expect(changes.map((c) => [c.eventType, c.new.email, c.new.status])).toEqual([
      ['INSERT', email, 'pending'],
      ['UPDATE', email, 'approved'],
    ]);
    await Promise.all([allDelivered(memberClient), allDelivered(anon)]);
    expect(member.changes).toEqual([[]]);
    expect(visitor.changes).toEqual([[]]);
  });
});

describe('tokens', () => {
  it('a join with an expired or forged access token is refused', async () => {
    const user = await backend.newUser();
    const { data } = await user.client.auth.getSession();
    const forged = await forgedTokens(backend, data.session!.access_token);
    for (const [kind, token] of Object.entries(forged)) {
      const client = realtimeClient();
      await client.setAuth(token);
      const listener = await listen(client, [{ event: '*', table: 'events' }], { expect: 'CHANNEL_ERROR' });
      expect(listener.errors.join(' '), kind).toMatch(kind === 'expired' ? /expired/i : /invalid/i);
      expect(listener.statuses, kind).not.toContain('SUBSCRIBED');
    }
  });

  it('an attendee on no list reaches admin subscribers only, until a place on an event lists them', async () => {
    const visitor = await listen(anon, [{ event: '*', table: 'attendees' }]);
    const staff = await listen(admin, [{ event: '*', table: 'attendees' }]);
    const created = await write<Row>(
      admin
        .from('attendees')
        .insert({ name: unique('Mary'), email: `${unique('mary')}@example.com` })
        .select()
        .single(),
    );
    await allDelivered(anon);
    await waitFor(() => staff.changes[0]!.length === 1, ARRIVAL_MS, 'the insert, for the admin');
    expect(visitor.changes[0]).toEqual([]);

    const event = await write<Row>(
      admin
        .from('events')
        .insert({ title: unique('Event'), start_date: '2031-03-01T18:00:00Z', end_date: '2031-03-01T22:00:00Z' })
        .select('id')
        .single(),
    );
    await write(admin.from('event_attendees').insert({ event_id: event.id, attendee_id: created.id }).select());
    const listed = await waitFor(
      () => visitor.changes[0]![0],
      ARRIVAL_MS,
      'the listed attendee, for the visitor',
      () => visitor.changes,
    );
    expect(listed.eventType).toBe('UPDATE');
    expect(listed.new).toMatchObject({ id: created.id, name: created.name });
    expect(listed.new).not.toHaveProperty('email');
  });

  it('a token swapped mid-connection changes what the channel may see; a bad one closes it', async () => {
    const client = realtimeClient();
    const listener = await listen(client, [{ event: 'INSERT', table: 'attendees' }]);
    const seen = listener.changes[0]!;
    await approvedGuest(unique('Hedy'), `${unique('hedy')}@example.com`);
    await waitFor(
      () => seen.length === 1,
      ARRIVAL_MS,
      'the first insert',
      () => listener,
    );
    expect(seen[0]!.new).not.toHaveProperty('email');

    const { data } = await admin.auth.getSession();
    await client.setAuth(data.session!.access_token);
    await framesHandled(client);
    const email = `${unique('katherine')}@example.com`;
    await write(admin.from('attendees').insert({ name: unique('Katherine'), email }));
    await waitFor(
      () => seen.length === 2,
      ARRIVAL_MS,
      'the second insert',
      () => listener,
    );
    expect(seen[1]!.new.email).toBe(email);

    await client.setAuth(await backend.services.keys.sign({ role: 'authenticated', sub: randomUUID() }, -10));
    await waitFor(() => listener.statuses.includes('CLOSED'), 2000, 'the channel to close');
    expect(listener.system.at(-1)).toMatchObject({ status: 'error', extension: 'system' });
  });
});

describe('the WebSocket protocol', () => {
  it('the upgrade needs a valid API key', async () => {
    expect(await refusedUpgrade('vsn=2.0.0')).toBe(401);
    expect(await refusedUpgrade(`apikey=not-a-key&vsn=2.0.0`)).toBe(401);
    const user = await backend.newUser();
    const { data } = await user.client.auth.getSession();
    // A user's token is no API key.
    expect(await refusedUpgrade(`apikey=${data.session!.access_token}&vsn=2.0.0`)).toBe(401);
  });

  it('speaks vsn 2.0.0 arrays: heartbeat, join reply with binding ids, changes with columns, leave', async () => {
    const socket = await rawSocket(`apikey=${backend.anonKey}&vsn=2.0.0`);
    socket.send([null, '1', 'phoenix', 'heartbeat', {}]);
    expect(await socket.next((f) => (f as unknown[])[1] === '1', 'the heartbeat reply')).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);

    const bindings = [
      { event: '*', schema: 'public', table: 'attendees' },
      { event: 'UPDATE', schema: 'public', table: 'attendees', filter: 'company=eq.Nobody' },
    ];
    socket.send([
      '2',
      '2',
      'realtime:raw',
      'phx_join',
      { config: { postgres_changes: bindings }, access_token: backend.anonKey },
    ]);
    const reply = (await socket.next((f) => (f as unknown[])[1] === '2', 'the join reply')) as [
      string,
      string,
      string,
      string,
      Row,
    ];
    expect(reply.slice(0, 4)).toEqual(['2', '2', 'realtime:raw', 'phx_reply']);
    const response = reply[4] as { status: string; response: { postgres_changes: Row[] } };
    expect(response.status).toBe('ok');
    expect(response.response.postgres_changes).toEqual(bindings.map((b) => ({ ...b, id: expect.any(Number) })));
    const [allId, filteredId] = response.response.postgres_changes.map((b) => b.id);
    expect(allId).not.toBe(filteredId);
    expect(await socket.next((f) => (f as unknown[])[3] === 'system', 'the system message')).toEqual([
      '2',
      null,
      'realtime:raw',
      'system',
      { status: 'ok', extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', channel: 'raw' },
    ]);

    const created = await approvedGuest(unique('Barbara'), `${unique('barbara')}@example.com`);
    const change = (await socket.next((f) => (f as unknown[])[3] === 'postgres_changes', 'the change')) as unknown[];
    expect(change.slice(0, 4)).toEqual(['2', null, 'realtime:raw', 'postgres_changes']);
    const payload = change[4] as { ids: number[]; data: Row };
    expect(payload.ids).toEqual([allId]);
    expect(payload.data).toMatchObject({ schema: 'public', table: 'attendees', type: 'INSERT', errors: null });
    expect(payload.data).not.toHaveProperty('old_record');
    const columns = payload.data.columns as { name: string; type: string }[];
    expect(columns.map((c) => c.name)).not.toContain('email');
    expect(columns).toContainEqual({ name: 'id', type: 'uuid' });
    expect(columns).toContainEqual({ name: 'registered_at', type: 'timestamptz' });
    expect(columns).toContainEqual({ name: '_deleted', type: 'bool' });
    expect(Object.keys(payload.data.record as Row).sort()).toEqual(columns.map((c) => c.name).sort());
    expect((payload.data.record as Row).id).toBe(created.id);

    socket.send(['2', '3', 'realtime:raw', 'phx_leave', {}]);
    expect(await socket.next((f) => (f as unknown[])[1] === '3', 'the leave reply')).toEqual([
      '2',
      '3',
      'realtime:raw',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    socket.send([null, '4', 'realtime:raw', 'access_token', { access_token: backend.anonKey }]);
    expect(await socket.next((f) => (f as unknown[])[1] === '4', 'the reply for a left topic')).toEqual([
      null,
      '4',
      'realtime:raw',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    socket.close();
  });

  it('speaks vsn 1.0.0 objects', async () => {
    const socket = await rawSocket(`apikey=${backend.anonKey}&vsn=1.0.0`);
    socket.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null });
    expect(await socket.next((f) => (f as Row).ref === '1', 'the heartbeat reply')).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '1',
      join_ref: null,
    });
    socket.send({
      topic: 'realtime:v1',
      event: 'phx_join',
      payload: { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'videos' }] } },
      ref: '2',
      join_ref: '2',
    });
    await socket.next((f) => (f as Row).ref === '2', 'the join reply');
    await write(
      admin.from('videos').insert({ title: unique('Keynote'), video_url: 'https://www.youtube.com/embed/abcdefghijk' }),
    );
    const change = (await socket.next((f) => (f as Row).event === 'postgres_changes', 'the change')) as Row;
    expect(change).toMatchObject({
      topic: 'realtime:v1',
      join_ref: '2',
      ref: null,
      payload: { data: { type: 'INSERT', table: 'videos' } },
    });
    socket.close();
  });

  it('a socket may join at most 100 channels', async () => {
    const socket = await rawSocket(`apikey=${backend.anonKey}&vsn=2.0.0`);
    for (let i = 1; i <= 101; i += 1)
      socket.send([String(i), String(i), `realtime:many-${i}`, 'phx_join', { config: {} }]);
    const last = (await socket.next((f) => (f as unknown[])[1] === '101', 'the 101st reply')) as unknown[];
    expect(last[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringContaining('Too many channels') },
    });
    expect(socket.frames.filter((f) => ((f as unknown[])[4] as Row).status === 'ok')).toHaveLength(100);
    socket.close();
  });
});

describe('limits', () => {
  let quiet: TestBackend;

  beforeAll(async () => {
    quiet = await startTestBackend({ realtimeLimits: { idleTimeoutMs: 400 } });
  });

  afterAll(async () => {
    await quiet?.stop();
  });

  it('a socket that sends nothing, not even a heartbeat, is closed', async () => {
    const ws = new WebSocket(
      `${quiet.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${quiet.anonKey}&vsn=2.0.0`,
    );
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));
    const openedAt = Date.now();
    expect(await closed).toBe(1000);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(350);
    await waitFor(() => quiet.realtime.connectionCount() === 0, ARRIVAL_MS, 'the server to forget the socket');
  });
});
