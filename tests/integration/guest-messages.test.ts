/**
 * Messages to guests go out exactly once per status change, whatever the pushes: a repeated sync
 * push, two admins at once, a change back and forth. The local backend sends them on its timer (a
 * hosted project's schedule) through the send-guest-messages function into its mailbox, where these
 * stories read them as the guest would; a failing provider leaves the message to be tried again.
 * Only the project itself may send or claim messages. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { sendJson, startFakeServer, type FakeServer } from '../support/fake-http.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { decodeQrPng } from '../support/qr-codes.ts';
import { GUEST_CODE_CONTENT_ID } from '../../supabase/functions/_shared/guest-messages.ts';
import { localDateTimeOf } from '../../supabase/functions/_shared/portable/time-zones.ts';

const SITE = 'http://localhost:4173';

let backend: TestBackend;
let admin: SupabaseClient;
let event: { id: string; slug: string; title: string };

beforeAll(async () => {
  // The timer runs often here so that the stories need not wait a second per message.
  backend = await startTestBackend({ siteUrl: SITE, config: { guestMessagesIntervalMs: 100 } });
  admin = await backend.adminClient();
  event = await createEvent(backend);
});

afterAll(async () => {
  await backend?.stop();
});

async function createEvent(on: TestBackend) {
  const slug = `summit-${randomBytes(4).toString('hex')}`;
  const { data, error } = await on
    .serviceClient()
    .from('events')
    .insert({
      slug,
      title: 'CDO Vision Lisbon Summit',
      location: 'Palácio Chiado, Lisbon',
      start_date: '2027-05-20T08:30:00Z',
      end_date: '2027-05-20T17:30:00Z',
    })
    .select('id, slug, title')
    .single();
  if (error) throw error;
  return data as { id: string; slug: string; title: string };
}

const guestEmail = () => `guest-${randomBytes(4).toString('hex')}@corp.example`;

interface RequestRow {
  id: string;
  email: string;
  status: string;
  guest_token: string;
  _modified: string;
}

const ROW = 'id, email, status, guest_token, _modified';

async function requestInvite(
  client: SupabaseClient,
  fields: Record<string, unknown> = {},
  eventId = event.id,
): Promise<RequestRow> {
  const { data, error } = await client
    .from('invite_requests')
    .insert({
      event_id: eventId,
      name: 'Grace Hopper',
      email: guestEmail(),
      company: 'Navy',
      job_title: 'Chief Data Officer',
      // Only the request form gives consent: a guest the team invites has none.
      consent: fields.status !== 'invited',
      ...fields,
    })
    .select(ROW)
    .single();
  if (error) throw error;
  return data as RequestRow;
}

/** An admin's edit as the sync engine pushes it: the new status, on top of the row it last saw. */
async function pushStatus(client: SupabaseClient, base: RequestRow, status: string): Promise<RequestRow[]> {
  const { data, error } = await client
    .from('invite_requests')
    .update({ status })
    .eq('id', base.id)
    .eq('_modified', base._modified)
    .select(ROW);
  if (error) throw error;
  return data as RequestRow[];
}

interface Mail {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; url: string; contentId: string | null }[];
}

/** The personal link's QR code a message shows inline, read back from the image the mailbox holds. */
async function codeIn(message: Mail, on: TestBackend = backend): Promise<string | null> {
  const image = message.attachments.find((attachment) => attachment.contentId === GUEST_CODE_CONTENT_ID);
  expect(image, 'the message carries the QR code image').toBeDefined();
  expect(image!.contentType).toBe('image/png');
  expect(message.html).toContain(`src="cid:${GUEST_CODE_CONTENT_ID}"`);
  const png = new Uint8Array(await (await fetch(`${on.url}${image!.url}`)).arrayBuffer());
  return decodeQrPng(png);
}

/** What the local mailbox holds for an address, oldest first. */
async function mailTo(address: string, on: TestBackend = backend): Promise<Mail[]> {
  const response = await fetch(`${on.url}/mailbox/api/messages?to=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Mail[]).reverse();
}

interface OutboxRow {
  id: string;
  kind: string;
  sent_at: string | Date | null;
  attempts: number;
  last_error: string | null;
}

async function outbox(requestId: string, on: TestBackend = backend): Promise<OutboxRow[]> {
  const { rows } = await on.services.db.query<OutboxRow>(
    'select id, kind, sent_at, attempts, last_error from private.guest_messages where request_id = $1 order by created_at',
    [requestId],
  );
  return rows;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until every message the request is owed has gone out, then returns the guest's mail. */
async function sentMail(request: RequestRow, count: number): Promise<Mail[]> {
  const address = request.email;
  await waitFor(`${count} messages sent for ${address}`, async () => {
    const rows = await outbox(request.id);
    return rows.length === count && rows.every((row) => row.sent_at !== null);
  });
  const mail = await mailTo(address);
  // Nothing more is owed: a run of the sender now sends nothing, and the guest's mail stays as it was.
  const { data, error } = await backend.serviceClient().functions.invoke('send-guest-messages', { body: {} });
  expect(error).toBeNull();
  expect(data).toMatchObject({ success: true, sent: 0, failed: 0 });
  expect(await mailTo(address)).toHaveLength(mail.length);
  return mail;
}

describe('messages to guests', () => {
  it('a new request gets one "received" message, addressed to the guest, with no personal link', async () => {
    const request = await requestInvite(admin);
    const mail = await sentMail(request, 1);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: [request.email],
      subject: `We have your request: ${event.title}`,
      attachments: [],
    });
    expect(mail[0]!.text).toContain('Dear Grace Hopper,');
    expect(mail[0]!.text).toContain('Venue: Palácio Chiado, Lisbon');
    expect(mail[0]!.text).not.toContain(request.guest_token);
    expect(mail[0]!.html).not.toContain(request.guest_token);
  });

  it('an approval pushed twice (a repeated sync push) sends one message, with the personal link, its QR code and the .ics', async () => {
    const request = await requestInvite(admin);
    const [approved] = await pushStatus(admin, request, 'approved');
    expect(approved?.status).toBe('approved');
    // The same push again: its base is gone, so it changes nothing ...
    expect(await pushStatus(admin, request, 'approved')).toEqual([]);
    // ... and pushed again on top of the new row, the same value is no status change either.
    expect((await pushStatus(admin, approved!, 'approved'))[0]?.status).toBe('approved');

    const mail = await sentMail(request, 2);
    expect(mail.map((message) => message.subject)).toEqual([
      `We have your request: ${event.title}`,
      `Your place is confirmed: ${event.title}`,
    ]);
    const confirmation = mail[1]!;
    const link = `${SITE}/events/${event.id}#guest=${request.guest_token}`;
    expect(confirmation.text).toContain(link);
    expect(confirmation.html).toContain(`href="${link}"`);
    expect(confirmation.attachments).toEqual([
      expect.objectContaining({
        filename: 'cdo-vision-lisbon-summit.ics',
        contentType: 'text/calendar; charset=utf-8',
      }),
      expect.objectContaining({ filename: 'your-code.png', contentType: 'image/png' }),
    ]);
    // The QR code shown in the message is the personal link, for the door's scanner.
    expect(await codeIn(confirmation)).toBe(link);
    const ics = await (await fetch(`${backend.url}${confirmation.attachments[0]!.url}`)).text();
    expect(ics).toContain(`UID:event-${event.id}@cdo-vision`);
    expect(ics).toContain('DTSTART:20270520T083000Z');
    expect(ics).not.toContain(request.guest_token);
  });

  it('two admins approving the same request at once send one message', async () => {
    const request = await requestInvite(admin);
    const [first, second] = await Promise.all([backend.adminClient(), backend.adminClient()]);
    const results = await Promise.all([
      first!.from('invite_requests').update({ status: 'approved' }).eq('id', request.id).select('status'),
      second!.from('invite_requests').update({ status: 'approved' }).eq('id', request.id).select('status'),
    ]);
    for (const result of results) expect(result.error).toBeNull();
    const mail = await sentMail(request, 2);
    expect(mail.map((message) => message.subject)).toEqual([
      `We have your request: ${event.title}`,
      `Your place is confirmed: ${event.title}`,
    ]);
  });

  it('approve, decline, approve again: one message per change, the .ics and the code only with the approvals', async () => {
    const request = await requestInvite(admin);
    let row = request;
    for (const status of ['approved', 'declined', 'approved']) {
      [row] = (await pushStatus(admin, row, status)) as [RequestRow];
      expect(row.status).toBe(status);
    }
    const mail = await sentMail(request, 4);
    expect(mail.map((message) => [message.subject, message.attachments.length])).toEqual([
      [`We have your request: ${event.title}`, 0],
      [`Your place is confirmed: ${event.title}`, 2],
      [`About your request: ${event.title}`, 0],
      [`Your place is confirmed: ${event.title}`, 2],
    ]);
    expect((await outbox(request.id)).map((message) => message.kind)).toEqual([
      'received',
      'approved',
      'declined',
      'approved',
    ]);
  });

  it('an invited guest gets the invitation with the link, its QR code and the .ics; a waitlisted one hears without', async () => {
    const invited = await requestInvite(admin, { status: 'invited' });
    const [invitation] = await sentMail(invited, 1);
    expect(invitation).toMatchObject({ subject: `You're invited: ${event.title}` });
    const link = `${SITE}/events/${event.id}#guest=${invited.guest_token}`;
    expect(invitation!.text).toContain(link);
    expect(invitation!.attachments).toHaveLength(2);
    expect(await codeIn(invitation!)).toBe(link);

    const waiting = await requestInvite(admin);
    await pushStatus(admin, waiting, 'waitlisted');
    const mail = await sentMail(waiting, 2);
    expect(mail[1]).toMatchObject({ subject: `You're on the waitlist: ${event.title}`, attachments: [] });
    expect(mail[1]!.text).not.toContain(waiting.guest_token);
  });

  it('a guest the team invited and then declined hears of the invitation, then that it is taken back', async () => {
    const invited = await requestInvite(admin, { status: 'invited' });
    await pushStatus(admin, invited, 'declined');
    const mail = await sentMail(invited, 2);
    expect(mail.map((message) => message.subject)).toEqual([
      `You're invited: ${event.title}`,
      `About your invitation: ${event.title}`,
    ]);
    expect(mail[1]!.text).toContain(`we can no longer offer you a place at ${event.title}`);
    expect(mail[1]!.text).toContain('because the CDO Vision team invited you to this event.');
    expect(mail[1]!.text).not.toContain('you asked for an invitation');
  });

  it('an invite or an approval recorded after the edition is over mails the guest no place, and is not tried again', async () => {
    const { data: over, error } = await backend
      .serviceClient()
      .from('events')
      .insert({
        slug: `over-${randomBytes(4).toString('hex')}`,
        title: 'CDO Vision Lisbon Dinner',
        start_date: new Date(Date.now() - 30 * 3_600_000).toISOString(),
        end_date: new Date(Date.now() - 26 * 3_600_000).toISOString(),
      })
      .select('id')
      .single();
    if (error) throw error;
    const invited = await requestInvite(admin, { status: 'invited' }, over.id);
    const asked = await requestInvite(admin, {}, over.id);
    await pushStatus(admin, asked, 'approved');
    const settled = async (request: RequestRow) =>
      (
        await backend.services.db.query<{ kind: string; sent: boolean; cancelled: boolean }>(
          `select kind, sent_at is not null as sent, cancelled_at is not null as cancelled
             from private.guest_messages where request_id = $1 order by created_at`,
          [request.id],
        )
      ).rows;
    const done = async (request: RequestRow, count: number) => {
      const rows = await settled(request);
      return rows.length === count && rows.every((row) => row.sent || row.cancelled);
    };
    await waitFor('the invitation settled', () => done(invited, 1));
    await waitFor('the request and its approval settled', () => done(asked, 2));
    expect(await settled(invited)).toEqual([{ kind: 'invited', sent: false, cancelled: true }]);
    expect(await settled(asked)).toEqual([
      { kind: 'received', sent: true, cancelled: false },
      { kind: 'approved', sent: false, cancelled: true },
    ]);
    expect(await mailTo(invited.email)).toEqual([]);
    expect((await mailTo(asked.email)).map((mail) => mail.subject)).toEqual([
      'We have your request: CDO Vision Lisbon Dinner',
    ]);
    // Declined afterwards, the guest the team recorded hears nothing: no invitation reached them to take back.
    await pushStatus(admin, invited, 'declined');
    await waitFor('the decline settled', () => done(invited, 2));
    expect(await settled(invited)).toEqual([
      { kind: 'invited', sent: false, cancelled: true },
      { kind: 'declined', sent: false, cancelled: true },
    ]);
    expect(await mailTo(invited.email)).toEqual([]);
  });
});

describe("messages give the venue's date and times", () => {
  it("a guest invited to a Dubai edition reads 9:00 AM – 1:00 PM Dubai time (GST), and gets the .ics in Dubai's zone", async () => {
    const { data: dubai, error } = await backend
      .serviceClient()
      .from('events')
      .insert({
        slug: `dubai-${randomBytes(4).toString('hex')}`,
        title: 'CDO Vision Dubai 2047',
        location: 'Museum of the Future, Dubai',
        // 9:00 AM to 1:00 PM in Dubai (UTC+4).
        start_date: '2047-03-10T05:00:00Z',
        end_date: '2047-03-10T09:00:00Z',
        time_zone: 'Asia/Dubai',
      })
      .select('id')
      .single();
    if (error) throw error;
    const invited = await requestInvite(admin, { status: 'invited' }, (dubai as { id: string }).id);
    const [invitation] = await sentMail(invited, 1);
    expect(invitation!.text).toContain('When: Sunday, 10 March 2047, 9:00 AM – 1:00 PM Dubai time (GST)\n');
    expect(invitation!.html).toContain('Sunday, 10 March 2047, 9:00 AM – 1:00 PM Dubai time (GST)');

    const attachment = invitation!.attachments.find((file) => file.filename === 'cdo-vision-dubai-2047.ics');
    const ics = await (await fetch(`${backend.url}${attachment!.url}`)).text();
    expect(ics).toContain('DTSTART;TZID=Asia/Dubai:20470310T090000');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone.tzid).toBe('Asia/Dubai');
    expect([event.startDate.hour, event.endDate.hour]).toEqual([9, 13]);
    expect(event.startDate.toJSDate().toISOString()).toBe('2047-03-10T05:00:00.000Z');
    // A guest flying in from Los Angeles: the evening before, on their own clock.
    expect(localDateTimeOf(event.startDate.toJSDate(), 'America/Los_Angeles')).toEqual({
      date: '2047-03-09',
      time: '21:00',
    });
  });
});

describe('who may send guest messages', () => {
  async function invokeSender(client: SupabaseClient): Promise<{ status: number; body: unknown }> {
    const { data, error } = await client.functions.invoke('send-guest-messages', { body: {} });
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response;
      return { status: response.status, body: await response.json() };
    }
    if (error) throw error;
    return { status: 200, body: data };
  }

  it('anon, a plain user and even an admin can neither claim nor finish messages, nor run the function', async () => {
    const user = await backend.newUser();
    for (const [who, client] of [
      ['anon', backend.anonClient()],
      ['user', user.client],
      ['admin', admin],
    ] as const) {
      const claim = await client.rpc('claim_guest_messages', { max_messages: 5 });
      expect(claim.error?.code, who).toBe('42501');
      expect(claim.data, who).toBeNull();
      const finish = await client.rpc('finish_guest_message', { message_id: crypto.randomUUID() });
      expect(finish.error?.code, who).toBe('42501');
      expect(await invokeSender(client), who).toEqual({
        status: 401,
        body: { success: false, error: 'Not authenticated' },
      });
    }
    const forged = await fetch(`${backend.url}/functions/v1/send-guest-messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.serviceRoleKey}x` },
    });
    expect(forged.status).toBe(401);
    expect(await invokeSender(backend.serviceClient())).toMatchObject({ status: 200, body: { success: true } });
  });
});

describe('a mail provider that fails', () => {
  let quiet: TestBackend;
  let quietEvent: { id: string; title: string };
  let provider: FakeServer;

  beforeAll(async () => {
    provider = await startFakeServer((_, response) =>
      sendJson(response, 503, { name: 'internal_server_error', message: 'Service unavailable' }),
    );
    // No timer here: each run is the test's own call, so its answer counts every message.
    quiet = await startTestBackend({
      siteUrl: SITE,
      config: {
        guestMessagesIntervalMs: 0,
        functionsEnv: { MAIL_API_URL: provider.url, MAIL_API_KEY: 're_test' },
      },
    });
    quietEvent = await createEvent(quiet);
  });

  afterAll(async () => {
    await quiet?.stop();
    await provider?.close();
  });

  async function run(): Promise<unknown> {
    const { data, error } = await quiet.serviceClient().functions.invoke('send-guest-messages', { body: {} });
    if (error) throw error;
    return data;
  }

  /** Lets the time of each unsent message's next try arrive, as the backoff's minutes would. */
  async function retryNow(): Promise<void> {
    await quiet.services.db.query('update private.guest_messages set next_attempt_at = now() where sent_at is null');
  }

  it('leaves the message to be tried again later, and sends it then, once, with the same idempotency key', async () => {
    const request = await requestInvite(await quiet.adminClient(), {}, quietEvent.id);
    expect(await run()).toEqual({ success: true, sent: 0, failed: 1 });
    const [failed] = await outbox(request.id, quiet);
    expect(failed).toMatchObject({ kind: 'received', sent_at: null, attempts: 1 });
    expect(failed!.last_error).toContain('the mail provider refused the message (503): Service unavailable');

    provider.reply = (_, response) => sendJson(response, 200, { id: 'provider-id-1' });
    // Not before its time: the next try waits a minute.
    expect(await run()).toEqual({ success: true, sent: 0, failed: 0 });
    await retryNow();
    expect(await run()).toEqual({ success: true, sent: 1, failed: 0 });
    expect(await outbox(request.id, quiet)).toEqual([
      expect.objectContaining({ kind: 'received', attempts: 2, last_error: null, sent_at: expect.anything() }),
    ]);
    expect(provider.requests.map((sent) => sent.headers['idempotency-key'])).toEqual([failed!.id, failed!.id]);
    expect(JSON.parse(provider.requests[1]!.body)).toMatchObject({
      to: [request.email],
      subject: `We have your request: ${quietEvent.title}`,
    });
    expect(await run()).toEqual({ success: true, sent: 0, failed: 0 });
  });

  it('two senders at once send each message once', async () => {
    // A provider that takes every message, whatever the test before left it doing.
    provider.reply = (_, response) => sendJson(response, 200, { id: crypto.randomUUID() });
    provider.requests.length = 0;
    const quietAdmin = await quiet.adminClient();
    for (let n = 0; n < 6; n += 1) await requestInvite(quietAdmin, {}, quietEvent.id);
    const runs = (await Promise.all([run(), run()])) as { sent: number; failed: number }[];
    expect(runs[0]!.sent + runs[1]!.sent).toBe(6);
    expect(runs[0]!.failed + runs[1]!.failed).toBe(0);
    const keys = provider.requests.map((sent) => sent.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(6);
    expect(keys).toHaveLength(6);
  });

  it('the decline of a guest the team invited waits for their invitation, whose send failed, and follows it', async () => {
    // The provider takes every message but the invitation's first try.
    let invitationTries = 0;
    provider.reply = (request, response) => {
      const subject = (JSON.parse(request.body) as { subject: string }).subject;
      if (subject.startsWith("You're invited") && (invitationTries += 1) === 1)
        sendJson(response, 503, { name: 'internal_server_error', message: 'Service unavailable' });
      else sendJson(response, 200, { id: crypto.randomUUID() });
    };
    provider.requests.length = 0;
    const quietAdmin = await quiet.adminClient();
    const row = await requestInvite(quietAdmin, { status: 'invited' }, quietEvent.id);
    expect(await run()).toEqual({ success: true, sent: 0, failed: 1 });
    // The team declines while the invitation waits for its next try: the decline waits too.
    await pushStatus(quietAdmin, row, 'declined');
    expect(await run()).toEqual({ success: true, sent: 0, failed: 0 });
    expect((await outbox(row.id, quiet)).map(({ kind, attempts }) => [kind, attempts])).toEqual([
      ['invited', 1],
      ['declined', 0],
    ]);
    await retryNow();
    expect(await run()).toEqual({ success: true, sent: 2, failed: 0 });
    expect(provider.requests.map((sent) => (JSON.parse(sent.body) as { subject: string }).subject)).toEqual([
      `You're invited: ${quietEvent.title}`,
      `You're invited: ${quietEvent.title}`,
      `About your invitation: ${quietEvent.title}`,
    ]);
  });

  it("admins see which requests' last status message has not reached the guest: being tried, or given up", async () => {
    provider.reply = (_, response) =>
      sendJson(response, 550, { name: 'validation_error', message: 'Mailbox does not exist' });
    const quietAdmin = await quiet.adminClient();
    const otherEvent = await createEvent(quiet);
    const row = await requestInvite(quietAdmin, {}, quietEvent.id);
    const elsewhere = await requestInvite(quietAdmin, {}, otherEvent.id);
    await run();
    const undelivered = async (target?: string) => {
      const { data, error } = await quietAdmin.rpc('undelivered_guest_mail', target ? { target_event: target } : {});
      expect(error).toBeNull();
      return (data as { request_id: string; kind: string; given_up: boolean }[]).filter((mail) =>
        [row.id, elsewhere.id].includes(mail.request_id),
      );
    };
    expect(await undelivered(quietEvent.id)).toEqual([{ request_id: row.id, kind: 'received', given_up: false }]);
    expect((await undelivered()).map((mail) => mail.request_id).sort()).toEqual([row.id, elsewhere.id].sort());

    // Refused on all its tries: the sender gives it up, and the admin is told so.
    for (let attempt = 1; attempt < 10; attempt += 1) {
      await retryNow();
      await run();
    }
    expect(await outbox(row.id, quiet)).toEqual([expect.objectContaining({ kind: 'received', attempts: 10 })]);
    expect(await undelivered(quietEvent.id)).toEqual([{ request_id: row.id, kind: 'received', given_up: true }]);

    // A decision sends the guest a newer message, which tells them instead: nothing undelivered until it fails too.
    await pushStatus(quietAdmin, row, 'approved');
    expect(await undelivered(quietEvent.id)).toEqual([]);

    // Only admins may read it.
    const user = await quiet.newUser();
    for (const client of [quiet.anonClient(), user.client]) {
      const { data, error } = await client.rpc('undelivered_guest_mail', { target_event: quietEvent.id });
      expect(data).toBeNull();
      expect(error).not.toBeNull();
    }
    // What this story leaves unsent is not the next one's to send.
    await quiet.services.db.query('update private.guest_messages set cancelled_at = now() where sent_at is null');
  });

  it('an approval whose send failed is not sent after the decline that followed it went out', async () => {
    // The provider takes every message but the approval's first try.
    let approvalTries = 0;
    provider.reply = (request, response) => {
      const subject = (JSON.parse(request.body) as { subject: string }).subject;
      if (subject.startsWith('Your place is confirmed') && (approvalTries += 1) === 1)
        sendJson(response, 503, { name: 'internal_server_error', message: 'Service unavailable' });
      else sendJson(response, 200, { id: crypto.randomUUID() });
    };
    provider.requests.length = 0;
    const quietAdmin = await quiet.adminClient();
    let row = await requestInvite(quietAdmin, {}, quietEvent.id);
    expect(await run()).toEqual({ success: true, sent: 1, failed: 0 });
    [row] = (await pushStatus(quietAdmin, row, 'approved')) as [RequestRow];
    expect(await run()).toEqual({ success: true, sent: 0, failed: 1 });
    // The admin declines while the approval waits for its next try; the decline goes out.
    await pushStatus(quietAdmin, row, 'declined');
    expect(await run()).toEqual({ success: true, sent: 1, failed: 0 });
    // The approval's time to try again comes: it is not sent, and the guest's last message is the decline.
    await retryNow();
    expect(await run()).toEqual({ success: true, sent: 0, failed: 0 });
    expect(provider.requests.map((sent) => (JSON.parse(sent.body) as { subject: string }).subject)).toEqual([
      `We have your request: ${quietEvent.title}`,
      `Your place is confirmed: ${quietEvent.title}`,
      `About your request: ${quietEvent.title}`,
    ]);
    const { rows } = await quiet.services.db.query<{ kind: string; sent: boolean; cancelled: boolean }>(
      `select kind, sent_at is not null as sent, cancelled_at is not null as cancelled
         from private.guest_messages where request_id = $1 order by created_at`,
      [row.id],
    );
    expect(rows).toEqual([
      { kind: 'received', sent: true, cancelled: false },
      { kind: 'approved', sent: false, cancelled: true },
      { kind: 'declined', sent: true, cancelled: false },
    ]);
  });
});
