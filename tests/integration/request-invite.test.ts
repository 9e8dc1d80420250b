/**
 * The request-invite server function (supabase/functions/request-invite, migration
 * 20261127000200) against the real local backend over HTTP, as the event page calls it: what it
 * refuses and with which words per field, the honeypot (which meets the same checks and limits),
 * the limit per client address, the budget of messages per e-mail address (never a refusal), a
 * repeated request that changes nothing unless it carries the owner's token, answers that never
 * tell whether an address had asked before, closed events, and that nobody but admins reads a
 * request through any door it adds. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 *
 * The backend believes X-Forwarded-For from loopback here (TRUSTED_PROXIES), so each test can come
 * from client addresses of its own; the limits are 3 requests per client address and 2 messages per
 * e-mail address an hour.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

const PER_ADDRESS = 3;
const PER_EMAIL = 2;

let backend: TestBackend;
let admin: SupabaseClient;
let service: SupabaseClient;
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend({
    config: {
      trustedProxies: ['127.0.0.1', '::1'],
      functionsEnv: {
        INVITE_REQUEST_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
        INVITE_REQUEST_LIMIT_PER_EMAIL: String(PER_EMAIL),
        INVITE_REQUEST_LIMIT_WINDOW_SECONDS: '3600',
      },
    },
  });
  admin = await backend.adminClient();
  service = backend.serviceClient();
  eventId = await newEvent();
});

afterAll(async () => {
  await backend?.stop();
});

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const uniqueEmail = () => `exec-${hex(4)}@corp.example`;
/** A client address no other request of this file uses. */
let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

async function newEvent(fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await admin
    .from('events')
    .insert({
      title: `Dinner ${hex(4)}`,
      start_date: '2031-05-01T18:00:00Z',
      end_date: '2031-05-01T22:00:00Z',
      ...fields,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

/** A request as the form sends it, with `overrides`. */
function requestBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event_id: eventId,
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    company: 'Analytical Engines',
    job_title: 'Chief Data Officer',
    linkedin_url: 'https://www.linkedin.com/in/ada',
    reason: 'I run the data office of a bank.',
    consent: true,
    website: '',
    ...overrides,
  };
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, unknown>;
}

/** POSTs to the function as the browser does (anon key, JSON), from client address `from`. */
async function send(
  body: unknown,
  {
    from = newAddress(),
    method = 'POST',
    headers = {},
  }: { from?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${backend.url}/functions/v1/request-invite`, {
    method,
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${backend.anonKey}`,
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...headers,
    },
    ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the test looks at the status.
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

interface StoredRequest {
  id: string;
  event_id: string;
  name: string;
  email: string;
  company: string | null;
  job_title: string | null;
  linkedin_url: string | null;
  reason: string | null;
  consent: boolean;
  status: string;
  guest_token: string;
  attendee_id: string | null;
  created_at: string;
}

/** The live requests of an address (any event), as the service role sees them. */
async function storedFor(email: string): Promise<StoredRequest[]> {
  const { data, error } = await service
    .from('invite_requests')
    .select('*')
    .eq('email', email.trim().toLowerCase())
    .eq('_deleted', false);
  if (error) throw new Error(error.message);
  return data as StoredRequest[];
}

/** Every request the table holds, live or not (the tests of a file run one after another). */
async function storedRequestCount(): Promise<number> {
  const { rows } = await backend.services.db.query<{ n: number }>(
    'select count(*)::int as n from public.invite_requests',
  );
  return rows[0]!.n;
}

describe('a visitor asks for an invite', () => {
  it('is stored as a pending request, trimmed and with the e-mail address lower-cased', async () => {
    const email = uniqueEmail();
    const answer = await send(
      requestBody({ name: '  Ada Lovelace ', email: `  ${email.toUpperCase()} `, reason: '', linkedin_url: '' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const [stored, ...others] = await storedFor(email);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      event_id: eventId,
      name: 'Ada Lovelace',
      email,
      company: 'Analytical Engines',
      job_title: 'Chief Data Officer',
      linkedin_url: null,
      reason: null,
      consent: true,
      status: 'pending',
      attendee_id: null,
    });
    expect(stored?.guest_token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes any 8-4-4-4-12 event id, not only RFC 9562 ones (the demo events are md5-made ids)', async () => {
    // Version nibble 7, variant nibble 4: not an RFC 9562 UUID, as the seed's md5(...)::uuid ids are.
    const id = `bf455865-27be-7670-451f-${hex(6)}`;
    await newEvent({ id, title: 'An event whose id is not an RFC UUID' });
    const email = uniqueEmail();
    const answer = await send(requestBody({ email, event_id: id }));
    expect(answer.status).toBe(200);
    expect(await storedFor(email)).toEqual([expect.objectContaining({ event_id: id, status: 'pending' })]);
  });

  it('answers only POST, and a browser preflight', async () => {
    const answer = await send(undefined, { method: 'GET' });
    expect(answer.status).toBe(405);
    const preflight = await fetch(`${backend.url}/functions/v1/request-invite`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, x-client-info',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy();
  });
});

describe('what the function refuses', () => {
  const long = (length: number) => 'x'.repeat(length);
  it.each([
    ['name', 'missing', { name: undefined }, 'Enter your name'],
    ['name', 'blank', { name: '   ' }, 'Enter your name'],
    ['name', 'too long', { name: long(301) }, 'Your name must be 300 characters or fewer'],
    ['email', 'missing', { email: undefined }, 'Enter your work e-mail address'],
    ['email', 'empty', { email: '' }, 'Enter your work e-mail address'],
    ['email', 'no address', { email: 'ada at corp' }, 'Enter a valid e-mail address, like name@company.com'],
    ['email', 'no domain', { email: 'ada@localhost' }, 'Enter a valid e-mail address, like name@company.com'],
    [
      'email',
      'too long',
      { email: `${long(250)}@corp.example` },
      'Your e-mail address must be 254 characters or fewer',
    ],
    ['company', 'missing', { company: undefined }, 'Enter your company'],
    ['company', 'blank', { company: ' ' }, 'Enter your company'],
    ['company', 'too long', { company: long(301) }, 'Company must be 300 characters or fewer'],
    ['job_title', 'missing', { job_title: undefined }, 'Enter your job title'],
    ['job_title', 'too long', { job_title: long(301) }, 'Job title must be 300 characters or fewer'],
    [
      'linkedin_url',
      'no scheme',
      { linkedin_url: 'linkedin.com/in/ada' },
      'Enter the full address of your LinkedIn profile, starting with https://',
    ],
    [
      'linkedin_url',
      'not http(s)',
      { linkedin_url: 'javascript:alert(1)' },
      'Enter the full address of your LinkedIn profile, starting with https://',
    ],
    [
      'linkedin_url',
      'too long',
      { linkedin_url: `https://www.linkedin.com/in/${long(2030)}` },
      'The LinkedIn URL must be 2048 characters or fewer',
    ],
    ['reason', 'too long', { reason: long(2001) }, "'Why you' must be 2000 characters or fewer"],
    ['consent', 'unticked', { consent: false }, 'Tick the box to agree that we may contact you about this event'],
    ['consent', 'missing', { consent: undefined }, 'Tick the box to agree that we may contact you about this event'],
    ['consent', 'not a boolean', { consent: 'yes' }, 'Tick the box to agree that we may contact you about this event'],
    ['event_id', 'not an id', { event_id: 'not-an-id' }, 'This event could not be found'],
  ])('%s %s: a 400 naming the field, and nothing is stored', async (field, _case, overrides, message) => {
    const body = requestBody(overrides);
    const before = await storedRequestCount();
    const answer = await send(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      error: 'Some answers need correcting.',
      fields: { [field]: message },
    });
    expect(await storedRequestCount()).toBe(before);
  });

  it('names every field that needs correcting at once', async () => {
    const answer = await send({ event_id: eventId, email: 'nope', website: '' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields as object).sort()).toEqual(
      ['company', 'consent', 'email', 'job_title', 'name'].sort(),
    );
  });

  it('refuses a body that is no JSON object, and one over 16 KiB', async () => {
    for (const body of ['not json', '[1,2]', 'null', '"text"']) {
      const answer = await send(body);
      expect(answer.status, body).toBe(400);
      expect(answer.body).toEqual({ success: false, error: 'The request body must be a JSON object' });
    }
    const email = uniqueEmail();
    const huge = await send(requestBody({ email, reason: 'x'.repeat(17 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ success: false, error: 'The request is too large.' });
    expect(await storedFor(email)).toEqual([]);
  });
});

describe('the honeypot', () => {
  it('a filled honeypot gets the answer a real request gets, and nothing is stored', async () => {
    const real = await send(requestBody());
    const email = uniqueEmail();
    const robot = await send(requestBody({ email, website: 'https://spam.example' }));
    expect(robot.status).toBe(real.status);
    expect(robot.text).toBe(real.text);
    expect(await storedFor(email)).toEqual([]);
  });

  it('a robot meets every check and limit a person meets, so no answer shows where the trap is', async () => {
    const trap = { website: 'https://spam.example' };
    const pastEvent = await newEvent({ start_date: '2020-01-01T18:00:00Z', end_date: '2020-01-01T22:00:00Z' });
    for (const [what, body] of [
      ['a field to correct', requestBody({ name: ' ' })],
      ['an ended event', requestBody({ event_id: pastEvent })],
      ['an unknown event', requestBody({ event_id: crypto.randomUUID() })],
    ] as const) {
      const person = await send(body);
      const robot = await send({ ...body, ...trap });
      expect(robot.status, what).toBe(person.status);
      expect(robot.text, what).toBe(person.text);
    }
    const from = newAddress();
    const robotEmail = uniqueEmail();
    for (let index = 0; index < PER_ADDRESS; index += 1) {
      expect((await send(requestBody({ ...trap, email: robotEmail }), { from })).status).toBe(200);
    }
    const limited = await send(requestBody(trap), { from });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: 'Too many requests. Please try again later.' });
    expect(await storedFor(robotEmail)).toEqual([]);
  });
});

/** The messages owed to (or sent to) the requests of an address, oldest first. */
async function messagesFor(email: string): Promise<string[]> {
  const { rows } = await backend.services.db.query<{ kind: string }>(
    `select m.kind from private.guest_messages m join public.invite_requests r on r.id = m.request_id
      where r.email = $1 order by m.created_at, m.status_changed_at`,
    [email.trim().toLowerCase()],
  );
  return rows.map((row) => row.kind);
}

describe('limits', () => {
  it(`takes ${PER_ADDRESS} requests from one client address an hour, then answers 429 and stores nothing`, async () => {
    const from = newAddress();
    for (let index = 0; index < PER_ADDRESS; index += 1) {
      expect((await send(requestBody(), { from })).status).toBe(200);
    }
    const email = uniqueEmail();
    const limited = await send(requestBody({ email }), { from, headers: { origin: 'https://cdovision.example' } });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: 'Too many requests. Please try again later.' });
    expect(Number(limited.headers.get('retry-after'))).toBe(3600);
    // A page may read it (CORS), to say when the request it keeps goes again.
    expect(
      limited.headers
        .get('access-control-expose-headers')
        ?.toLowerCase()
        .split(/\s*,\s*/),
    ).toContain('retry-after');
    expect(await storedFor(email)).toEqual([]);

    // Another address is not held back.
    expect((await send(requestBody({ email }))).status).toBe(200);
    expect(await storedFor(email)).toHaveLength(1);
  });

  it('counts by the address the server saw, whatever edge header the caller writes (CF-Connecting-IP)', async () => {
    const from = newAddress();
    const spoofed = (index: number) => ({
      'cf-connecting-ip': `192.0.2.${index + 1}`,
      'x-real-ip': `192.0.2.${index + 1}`,
    });
    for (let index = 0; index < PER_ADDRESS; index += 1) {
      expect((await send(requestBody(), { from, headers: spoofed(index) })).status).toBe(200);
    }
    expect((await send(requestBody(), { from, headers: spoofed(PER_ADDRESS) })).status).toBe(429);
  });

  it('requests naming an address, however many, never lock its owner out of asking', async () => {
    const email = uniqueEmail();
    // A stranger names the address again and again, for several events, from several client addresses.
    const strangersEvents = [await newEvent(), await newEvent()];
    for (let index = 0; index < 6; index += 1) {
      const answer = await send(requestBody({ email, name: 'Mallory', event_id: strangersEvents[index % 2] }));
      expect(answer.status).toBe(200);
    }
    // The owner asks for another event: taken, as the first request of an address is.
    const ownersEvent = await newEvent();
    const own = await send(requestBody({ email, event_id: ownersEvent }));
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true });
    expect((await storedFor(email)).map((row) => row.event_id).sort()).toEqual(
      [...strangersEvents, ownersEvent].sort(),
    );
  });

  it(`mails an address at most ${PER_EMAIL} receipts and ${PER_EMAIL} 'already in' notes an hour, however many requests name it`, async () => {
    const email = uniqueEmail();
    for (let index = 0; index < 3; index += 1) {
      expect((await send(requestBody({ email, event_id: await newEvent() }))).status).toBe(200);
    }
    expect(await storedFor(email)).toHaveLength(3);
    expect(await messagesFor(email)).toEqual(['received', 'received']);
    const [first] = await storedFor(email);
    for (let index = 0; index < 3; index += 1) {
      expect((await send(requestBody({ email, event_id: first!.event_id }))).status).toBe(200);
    }
    expect(await messagesFor(email)).toEqual(['received', 'received', 'already_requested', 'already_requested']);
  });

  it('the limits are kept in the database, as SHA-256 of the addresses, where no API role reads them', async () => {
    const from = newAddress();
    const email = uniqueEmail();
    await send(requestBody({ email }), { from });
    const { rows } = await backend.services.db.query<{ bucket: string; attempts: number }>(
      `select bucket, attempts from private.invite_request_limits
        where bucket in (encode(sha256(convert_to($1, 'UTF8')), 'hex'), encode(sha256(convert_to($2, 'UTF8')), 'hex'))`,
      [`address:${from}`, `received:${email}`],
    );
    expect(rows.map((row) => row.attempts)).toEqual([1, 1]);
    const clear = await backend.services.db.query(
      `select 1 from private.invite_request_limits where bucket like '%' || $1 || '%' or bucket like '%' || $2 || '%'`,
      [from, email],
    );
    expect(clear.rows).toEqual([]);
    for (const client of [backend.anonClient(), (await backend.newUser()).client, admin, service]) {
      const { data, error } = await client.schema('private').from('invite_request_limits').select('*');
      expect(data ?? []).toEqual([]);
      expect(error).not.toBeNull();
    }
  });
});

/** A request for `email` that an admin approved: the guest is linked as an attendee. */
async function approvedRequest(email: string): Promise<StoredRequest> {
  expect((await send(requestBody({ email }))).status).toBe(200);
  const [first] = await storedFor(email);
  const approved = await admin
    .from('invite_requests')
    .update({ status: 'approved' })
    .eq('id', first?.id ?? '')
    .select()
    .single();
  expect(approved.error).toBeNull();
  const row = approved.data as StoredRequest;
  expect(row.attendee_id).not.toBeNull();
  return row;
}

/** The token of the link that changes request `id` (made when its owner is told someone asked again). */
async function editTokenOf(id: string): Promise<string | undefined> {
  const { rows } = await backend.services.db.query<{ token: string }>(
    'select token from private.invite_request_edit_tokens where request_id = $1',
    [id],
  );
  return rows[0]?.token;
}

const NEW_DETAILS = {
  name: 'Ada King',
  company: 'Lovelace & Co',
  job_title: 'Chief AI Officer',
  linkedin_url: '',
  reason: 'A new role.',
  status: 'declined',
  guest_token: 'f'.repeat(64),
  attendee_id: null,
};

describe('asking again', () => {
  it("a stranger's request with the same event and address changes nothing of the owner's request", async () => {
    const email = uniqueEmail();
    const before = await approvedRequest(email);
    const again = await send(requestBody({ email: email.toUpperCase(), ...NEW_DETAILS }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true });
    const rows = await storedFor(email);
    expect(rows).toEqual([expect.objectContaining({ ...before, _modified: expect.any(String) })]);
    expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', company: 'Analytical Engines', status: 'approved' });
  });

  it('the owner is mailed, a bounded number of times an hour, a link that lets them change the details', async () => {
    const email = uniqueEmail();
    expect((await send(requestBody({ email }))).status).toBe(200);
    for (let index = 0; index < PER_EMAIL + 2; index += 1) {
      expect((await send(requestBody({ email, name: 'Mallory' }))).status).toBe(200);
    }
    expect(await messagesFor(email)).toEqual(['received', ...Array<string>(PER_EMAIL).fill('already_requested')]);
  });

  it("the owner's link (the request's own edit token) changes the details, never the status, token or link", async () => {
    const email = uniqueEmail();
    const before = await approvedRequest(email);
    // Someone asks again: the owner is mailed the link that changes the request.
    expect((await send(requestBody({ email, name: 'Mallory' }))).status).toBe(200);
    const token = await editTokenOf(before.id);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(token).not.toBe(before.guest_token);
    // Another request's token is no key to this one, and neither is the guest's pass, which is in
    // the QR code shown at the door: nothing changes.
    const other = await approvedRequest(uniqueEmail());
    expect((await send(requestBody({ email: other.email, name: 'Mallory' }))).status).toBe(200);
    for (const wrong of [await editTokenOf(other.id), before.guest_token]) {
      expect((await send(requestBody({ email, ...NEW_DETAILS, update_token: wrong }))).status).toBe(200);
      expect((await storedFor(email))[0]).toMatchObject({ name: 'Ada Lovelace', company: 'Analytical Engines' });
    }

    const owner = await send(requestBody({ email, ...NEW_DETAILS, update_token: token }));
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ success: true });
    const rows = await storedFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: before.id,
      name: 'Ada King',
      company: 'Lovelace & Co',
      job_title: 'Chief AI Officer',
      linkedin_url: null,
      reason: 'A new role.',
      consent: true,
      status: 'approved',
      guest_token: before.guest_token,
      attendee_id: before.attendee_id,
      created_at: before.created_at,
    });
  });

  it('a submission sent again after its answer was lost is taken once: its owner is not told someone asked again', async () => {
    const email = uniqueEmail();
    const submission = { email, submission_id: crypto.randomUUID() };
    const first = await send(requestBody(submission));
    const again = await send(requestBody({ ...submission, name: 'Ada Again' }));
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(await storedFor(email)).toEqual([expect.objectContaining({ name: 'Ada Lovelace' })]);
    expect(await messagesFor(email)).toEqual(['received']);
    // Another submission naming the address is someone asking again, as before.
    expect((await send(requestBody({ email, submission_id: crypto.randomUUID() }))).status).toBe(200);
    expect(await messagesFor(email)).toEqual(['received', 'already_requested']);
    // An id that is no UUID is refused before anything is counted or stored.
    const bad = await send(requestBody({ email: uniqueEmail(), submission_id: 'not-an-id' }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ submission_id: 'This request could not be sent as it was; send it again' });
  });

  it('the answer for an address that had asked is the answer for a new one', async () => {
    const email = uniqueEmail();
    const fresh = await send(requestBody({ email }));
    const known = await send(requestBody({ email }));
    expect(known.status).toBe(fresh.status);
    expect(known.text).toBe(fresh.text);
    const headersOf = (answer: Answer) =>
      [...answer.headers.entries()].filter(([name]) => name !== 'date' && name !== 'content-length');
    expect(headersOf(known)).toEqual(headersOf(fresh));
  });
});

describe('closed events', () => {
  it('refuses a past event (400), a deleted one and an unknown one (404), and stores nothing', async () => {
    const past = await newEvent({ start_date: '2020-01-01T18:00:00Z', end_date: '2020-01-01T22:00:00Z' });
    const deleted = await newEvent();
    await admin.from('events').delete().eq('id', deleted);
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];

    const over = await send(requestBody({ email: emails[0], event_id: past }));
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      success: false,
      error: 'This event has ended, so it no longer takes invite requests.',
    });

    for (const [index, id] of [deleted, '00000000-0000-4000-8000-000000000000'].entries()) {
      const gone = await send(requestBody({ email: emails[index + 1], event_id: id }));
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ success: false, error: 'This event could not be found. It may have been removed.' });
    }
    for (const email of emails) expect(await storedFor(email)).toEqual([]);
  });
});

describe('privacy', () => {
  it('anon and a plain user read no request through the table, by guessing its id, or through the new RPC', async () => {
    const email = uniqueEmail();
    await send(requestBody({ email }));
    const [stored] = await storedFor(email);
    if (!stored) throw new Error('the request was not stored');
    const user = (await backend.newUser()).client;
    for (const client of [backend.anonClient(), user]) {
      const all = await client.from('invite_requests').select('*');
      expect(all.data ?? []).toEqual([]);
      const byId = await client.from('invite_requests').select('*').eq('id', stored.id);
      expect(byId.data ?? []).toEqual([]);
      const byEmail = await client.from('invite_requests').select('id').eq('email', email);
      expect(byEmail.data ?? []).toEqual([]);

      // The function's RPC is the service role's alone: calling it directly would skip the checks.
      const rpc = await client.rpc('submit_invite_request', {
        request: requestBody({ email: uniqueEmail() }),
        client_address: '198.51.100.1',
        address_limit: 1000,
        email_limit: 1000,
        window_seconds: 60,
      });
      expect(rpc.error).not.toBeNull();
      expect(rpc.data).toBeNull();
      const limits = await client.rpc('count_invite_request', { counted: 'x', window_length: '1 hour' });
      expect(limits.error).not.toBeNull();

      const insert = await client
        .from('invite_requests')
        .insert({ event_id: eventId, name: 'Mallory', email: uniqueEmail(), consent: true })
        .select();
      expect(insert.data ?? []).toEqual([]);
      expect(insert.error).not.toBeNull();
    }
    // The admin reads it, as the back office does.
    const { data } = await admin.from('invite_requests').select('id').eq('id', stored.id);
    expect(data).toEqual([{ id: stored.id }]);
  });
});
