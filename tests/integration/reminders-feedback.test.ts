/**
 * Before and after the event (issue 31): reminders to approved and invited guests at 9:00 the day
 * before and 7:00 on the day, on the venue's clock, and a feedback request to each guest who was
 * checked in, each exactly once per guest and kind, whatever the runs (repeated, two at once, after
 * a restart) or the schedule do; the guests' answers admins only, through every door; a consented
 * quote published as a testimonial, and no other. The clock of `queue_event_messages` is named by
 * the stories (its `at`); the sender's own runs use now(), which finds nothing due for events in 2047.
 * Messages are read back from the local mailbox as the guest reads them. On PGlite and
 * (TEST_DATABASE_URL) PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { freshPostgresDatabase, startTestBackend, type TestBackend } from '../support/backend.ts';
import { decodeQrPng } from '../support/qr-codes.ts';
import { GUEST_CODE_CONTENT_ID } from '../../supabase/functions/_shared/guest-messages.ts';
import { instantOf } from '../../supabase/functions/_shared/portable/time-zones.ts';

const SITE = 'http://localhost:4173';

let backend: TestBackend;
let admin: SupabaseClient;
let dataDir = '';
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;

/** A backend on the same data (PGlite folder or PostgreSQL database) every time; no timer: runs are the stories'. */
const start = () =>
  startTestBackend({
    siteUrl: SITE,
    dataDir,
    ...(postgres ? { databaseUrl: postgres.url } : {}),
    config: { guestMessagesIntervalMs: 0 },
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reminders-'));
  if (process.env.TEST_DATABASE_URL) postgres = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
  backend = await start();
  admin = await backend.adminClient();
});

afterAll(async () => {
  await backend?.stop();
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const unique = () => randomBytes(4).toString('hex');

async function ok<T>(promise: PromiseLike<{ data: unknown; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await promise;
  if (error) throw new Error(error.message);
  return data as T;
}

interface EventRow {
  id: string;
  slug: string;
  title: string;
  start_date: string;
  end_date: string;
  time_zone: string;
  _modified: string;
}

async function createEvent(fields: Record<string, unknown>): Promise<EventRow> {
  const slug = `edition-${unique()}`;
  return ok(
    admin
      .from('events')
      .insert({ slug, title: `CDO Vision ${slug}`, location: 'The Shard, London', ...fields })
      .select('id, slug, title, start_date, end_date, time_zone, _modified')
      .single(),
  );
}

interface Guest {
  id: string;
  email: string;
  status: string;
  guest_token: string;
  attendee_id: string | null;
  _modified: string;
}

async function invite(eventId: string, status: string, name = 'Ada Lovelace'): Promise<Guest> {
  return ok(
    admin
      .from('invite_requests')
      .insert({
        event_id: eventId,
        name,
        email: `guest-${unique()}@corp.example`,
        company: 'Analytical Engines',
        job_title: 'Chief Data Officer',
        consent: true,
        status,
      })
      .select('id, email, status, guest_token, attendee_id, _modified')
      .single(),
  );
}

async function queueAt(
  at: string | Date,
  on: TestBackend = backend,
): Promise<{ reminders: number; feedback_requests: number }> {
  return ok(on.serviceClient().rpc('queue_event_messages', { at: new Date(at).toISOString() }));
}

interface OutboxRow {
  kind: string;
  email: string;
  sent: boolean;
  cancelled: boolean;
}

async function outboxOf(eventId: string, on: TestBackend = backend): Promise<OutboxRow[]> {
  const { rows } = await on.services.db.query<OutboxRow>(
    `select m.kind, coalesce(r.email, a.email) as email, m.sent_at is not null as sent, m.cancelled_at is not null as cancelled
       from private.guest_messages m
       left join public.invite_requests r on r.id = m.request_id
       left join private.feedback_requests f on f.id = m.feedback_request_id
       left join public.attendees a on a.id = f.attendee_id
      where coalesce(r.event_id, f.event_id) = $1 and m.kind in ('reminder_day_before', 'reminder_morning', 'feedback_request')
      order by m.kind, 2`,
    [eventId],
  );
  return rows;
}

async function runSender(on: TestBackend = backend): Promise<{ sent: number; failed: number }> {
  const { data, error } = await on.serviceClient().functions.invoke('send-guest-messages', { body: {} });
  if (error) throw error;
  return data as { sent: number; failed: number };
}

interface Mail {
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; url: string; contentId: string | null }[];
}

async function mailTo(address: string, on: TestBackend = backend): Promise<Mail[]> {
  const response = await fetch(`${on.url}/mailbox/api/messages?to=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Mail[]).reverse();
}

const minutes = (value: string | Date, n: number) => new Date(new Date(value).getTime() + n * 60_000);

/** The instant `zone`'s clock reads `date` `time` (Intl, not the database: the two must agree). */
function venueInstant(date: string, time: string, zone: string): Date {
  const found = instantOf({ date, time }, zone);
  if (found.kind !== 'exact') throw new Error(`${date} ${time} in ${zone} is ${found.kind}`);
  return found.instant;
}

describe('reminders', () => {
  it('go at 9:00 the day before and 7:00 on the day on the venue clock, across a summer-time change', async () => {
    // London's clocks go forward on Sunday 31 March 2047; New York's on Sunday 10 March; Kathmandu keeps +5:45.
    const cases = [
      { zone: 'Europe/London', start: '2047-04-01T08:30:00Z', dayBefore: '2047-03-31', day: '2047-04-01' },
      { zone: 'Europe/London', start: '2047-03-31T09:00:00Z', dayBefore: '2047-03-30', day: '2047-03-31' },
      { zone: 'America/New_York', start: '2047-03-11T13:00:00Z', dayBefore: '2047-03-10', day: '2047-03-11' },
      { zone: 'Asia/Kathmandu', start: '2047-03-11T03:15:00Z', dayBefore: '2047-03-10', day: '2047-03-11' },
    ];
    for (const { zone, start, dayBefore, day } of cases) {
      const { rows } = await backend.services.db.query<{ day_before_at: Date; morning_at: Date }>(
        'select day_before_at, morning_at from private.reminder_times($1::timestamptz, $2)',
        [start, zone],
      );
      expect(new Date(rows[0]!.day_before_at).toISOString(), `${zone} ${start}`).toBe(
        venueInstant(dayBefore, '09:00', zone).toISOString(),
      );
      expect(new Date(rows[0]!.morning_at).toISOString(), `${zone} ${start}`).toBe(
        venueInstant(day, '07:00', zone).toISOString(),
      );
    }
    // The change day itself: 9:00 BST on Sunday 31 March is 08:00 UTC, a week before 9:00 GMT was 09:00 UTC.
    expect(venueInstant('2047-03-31', '09:00', 'Europe/London').toISOString()).toBe('2047-03-31T08:00:00.000Z');

    // And the queue keeps that hour: nothing a minute before 9:00 BST, the reminder at it.
    const event = await createEvent({
      start_date: '2047-04-01T08:30:00Z',
      end_date: '2047-04-01T16:00:00Z',
      time_zone: 'Europe/London',
    });
    await invite(event.id, 'approved');
    await queueAt('2047-03-31T07:59:00Z');
    expect(await outboxOf(event.id)).toEqual([]);
    await queueAt('2047-03-31T08:00:00Z');
    expect((await outboxOf(event.id)).map((row) => row.kind)).toEqual(['reminder_day_before']);
  });

  it('show the admin which are waiting, being tried again, given up after their 10 attempts, sent or no longer applying', async () => {
    const event = await createEvent({ start_date: '2047-05-04T09:00:00Z', end_date: '2047-05-04T17:00:00Z' });
    const guest = await invite(event.id, 'approved');
    await queueAt('2047-05-03T09:00:00Z');
    const statusOf = async () => {
      const [message] = await ok<{ kind: string; email: string; failing: boolean; given_up: boolean }[]>(
        admin.rpc('event_guest_messages', { target_event: event.id }),
      );
      return message;
    };
    const fail = (attempts: number) =>
      backend.services.db.query(
        `update private.guest_messages m set attempts = $2, last_error = 'the mail provider refused the message (503)'
           from public.invite_requests r where r.id = m.request_id and r.event_id = $1 and m.kind = 'reminder_day_before'`,
        [event.id, attempts],
      );
    expect(await statusOf()).toMatchObject({
      kind: 'reminder_day_before',
      email: guest.email,
      failing: false,
      given_up: false,
    });
    await fail(3);
    expect(await statusOf()).toMatchObject({ failing: true, given_up: false });
    await fail(10);
    expect(await statusOf()).toMatchObject({ failing: false, given_up: true });
  });

  it('reach approved and invited guests once per kind, through repeated, concurrent runs, a schedule change and a restart; none to declined, waitlisted or removed guests', async () => {
    const event = await createEvent({
      start_date: '2047-05-20T05:00:00Z', // 9:00 AM in Dubai
      end_date: '2047-05-20T13:00:00Z',
      time_zone: 'Asia/Dubai',
    });
    const approved = await invite(event.id, 'approved', 'Grace Hopper');
    const invited = await invite(event.id, 'invited', 'Katherine Johnson');
    const declined = await invite(event.id, 'declined');
    const waitlisted = await invite(event.id, 'waitlisted');
    const pending = await invite(event.id, 'pending');
    const removed = await invite(event.id, 'approved', 'Removed Guest');
    const declinedLater = await invite(event.id, 'approved', 'Declined Later');
    await ok(admin.from('event_attendees').delete().eq('event_id', event.id).eq('attendee_id', removed.attendee_id!));
    // Their messages about the invitation itself go first, so the runs below send reminders only.
    await runSender();

    const dayBefore = venueInstant('2047-05-19', '09:00', 'Asia/Dubai'); // 05:00 UTC
    expect(dayBefore.toISOString()).toBe('2047-05-19T05:00:00.000Z');
    // Two runs at once, then the same run again: one message per guest.
    await Promise.all([queueAt(dayBefore), queueAt(dayBefore), queueAt(minutes(dayBefore, 1))]);
    await queueAt(minutes(dayBefore, 30));
    const queued = await outboxOf(event.id);
    expect(queued.map((row) => row.email).sort()).toEqual([approved.email, invited.email, declinedLater.email].sort());
    for (const nobody of [declined, waitlisted, pending, removed]) {
      expect(queued.some((row) => row.email === nobody.email)).toBe(false);
    }

    // Declined before the send: the reminder queued for them is cancelled, not sent.
    await ok(admin.from('invite_requests').update({ status: 'declined' }).eq('id', declinedLater.id));

    // The event moves a day later after the reminders were queued: a new 'day before' comes, and
    // still nobody gets a second one.
    await ok(
      admin
        .from('events')
        .update({ start_date: '2047-05-21T05:00:00Z', end_date: '2047-05-21T13:00:00Z' })
        .eq('id', event.id),
    );
    await queueAt('2047-05-20T05:00:00Z');

    // A restart in between: what was queued is still there, and nothing is queued twice.
    await backend.stop();
    backend = await start();
    admin = await backend.adminClient();
    await queueAt('2047-05-20T05:30:00Z');
    expect((await outboxOf(event.id)).filter((row) => row.kind === 'reminder_day_before')).toHaveLength(3);

    // The two reminders, and the decline's own message.
    expect((await runSender()).sent).toBe(3);
    expect(await runSender()).toMatchObject({ sent: 0, failed: 0 });
    expect(await outboxOf(event.id)).toEqual(
      expect.arrayContaining([
        { kind: 'reminder_day_before', email: declinedLater.email, sent: false, cancelled: true },
        { kind: 'reminder_day_before', email: approved.email, sent: true, cancelled: false },
      ]),
    );
    expect((await mailTo(declinedLater.email)).map((mail) => mail.subject)).toEqual([
      `Your place is confirmed: ${event.title}`,
      `About your request: ${event.title}`,
    ]);

    // The guest reads it: the venue, the start on the venue's clock, the pass's QR code and the .ics.
    const [reminder, ...more] = (await mailTo(approved.email)).filter((mail) => mail.subject.startsWith('Tomorrow'));
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe(`Tomorrow: ${event.title}`);
    expect(reminder!.text).toContain('Dear Grace Hopper,');
    expect(reminder!.text).toContain('is tomorrow: starting at 9:00 AM Dubai time (GST)');
    expect(reminder!.text).toContain('Venue: The Shard, London');
    const link = `${SITE}/events/${event.id}#guest=${approved.guest_token}`;
    expect(reminder!.text).toContain(link);
    const code = reminder!.attachments.find((attachment) => attachment.contentId === GUEST_CODE_CONTENT_ID)!;
    const png = new Uint8Array(await (await fetch(`${backend.url}${code.url}`)).arrayBuffer());
    expect(await decodeQrPng(png)).toBe(link);
    const ics = reminder!.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'))!;
    expect(await (await fetch(`${backend.url}${ics.url}`)).text()).toContain('DTSTART;TZID=Asia/Dubai:20470521T090000');

    // The morning of the event: one more each, at 7:00 in Dubai.
    await queueAt(minutes(venueInstant('2047-05-21', '07:00', 'Asia/Dubai'), -1));
    expect((await outboxOf(event.id)).filter((row) => row.kind === 'reminder_morning')).toEqual([]);
    await Promise.all([
      queueAt(venueInstant('2047-05-21', '07:00', 'Asia/Dubai')),
      queueAt(venueInstant('2047-05-21', '07:00', 'Asia/Dubai')),
    ]);
    expect((await runSender()).sent).toBe(2);
    const morning = (await mailTo(invited.email)).filter((mail) => mail.subject === `Today: ${event.title}`);
    expect(morning).toHaveLength(1);
    expect(morning[0]!.text).toContain('is today: starting at 9:00 AM Dubai time (GST)');
  });

  it('a reminder never reaches a guest before the message confirming their place', async () => {
    const event = await createEvent({
      start_date: '2047-06-10T08:00:00Z',
      end_date: '2047-06-10T16:00:00Z',
      time_zone: 'Europe/London',
    });
    const guest = await invite(event.id, 'approved', 'Mary Jackson');
    const kindsClaimed = async () => {
      const claimed = await ok<{ kind: string; event: { id: string } }[]>(
        backend.serviceClient().rpc('claim_guest_messages', { max_messages: 100 }),
      );
      return claimed.filter((message) => message.event.id === event.id).map((message) => message.kind);
    };
    // A sender takes the confirmation and has not sent it yet (its send failed, or is under way) ...
    expect(await kindsClaimed()).toEqual(['approved']);
    // ... when the reminder falls due.
    expect((await queueAt(venueInstant('2047-06-09', '09:00', 'Europe/London'))).reminders).toBe(1);
    expect(await kindsClaimed()).toEqual([]);

    // The confirmation's retry is due: it goes first, then the reminder.
    await backend.services.db.query(
      `update private.guest_messages set next_attempt_at = now() where request_id = $1 and kind = 'approved'`,
      [guest.id],
    );
    expect((await runSender()).sent).toBe(2);
    expect((await mailTo(guest.email)).map((mail) => mail.subject)).toEqual([
      `Your place is confirmed: ${event.title}`,
      `Tomorrow: ${event.title}`,
    ]);
  });

  it('none for an event that has started, nor a switched-off reminder, nor one whose time has passed', async () => {
    const event = await createEvent({
      start_date: '2047-06-10T08:00:00Z',
      end_date: '2047-06-10T16:00:00Z',
      time_zone: 'UTC',
      reminder_morning: false,
    });
    await invite(event.id, 'approved');
    // The morning reminder is off; the day before's has passed by the morning of the event.
    await queueAt('2047-06-10T07:30:00Z');
    // The event has started.
    await queueAt('2047-06-10T08:00:00Z');
    expect(await outboxOf(event.id)).toEqual([]);
    // An early start, before the morning reminder's 7:00: that reminder never goes.
    const early = await createEvent({
      start_date: '2047-06-12T06:00:00Z',
      end_date: '2047-06-12T10:00:00Z',
      time_zone: 'UTC',
    });
    await invite(early.id, 'approved');
    await queueAt('2047-06-12T07:30:00Z');
    expect(await outboxOf(early.id)).toEqual([]);

    // Queued, then switched off before it went: cancelled.
    const later = await createEvent({
      start_date: '2047-06-20T08:00:00Z',
      end_date: '2047-06-20T16:00:00Z',
      time_zone: 'UTC',
    });
    const guest = await invite(later.id, 'invited');
    await queueAt('2047-06-19T09:00:00Z');
    await ok(admin.from('events').update({ reminder_day_before: false }).eq('id', later.id));
    await runSender();
    expect(await outboxOf(later.id)).toEqual([
      { kind: 'reminder_day_before', email: guest.email, sent: false, cancelled: true },
    ]);
  });

  it("say 'tomorrow' only before the venue's midnight: none is queued on the event's day, and one still waiting then is cancelled", async () => {
    // Approved at 01:30 in Dubai on the day of a 9:00 start (5:30 PM the evening before in New York).
    const event = await createEvent({
      start_date: venueInstant('2047-07-10', '09:00', 'Asia/Dubai').toISOString(),
      end_date: venueInstant('2047-07-10', '13:00', 'Asia/Dubai').toISOString(),
      time_zone: 'Asia/Dubai',
    });
    await invite(event.id, 'approved');
    await queueAt(venueInstant('2047-07-10', '01:30', 'Asia/Dubai'));
    expect(await outboxOf(event.id)).toEqual([]);
    // A minute before that midnight it is still the day before.
    await queueAt(venueInstant('2047-07-09', '23:59', 'Asia/Dubai'));
    expect((await outboxOf(event.id)).map((row) => row.kind)).toEqual(['reminder_day_before']);

    // Queued the evening before, still unsent once the venue's day of the event has begun (the sender
    // was down): it is cancelled, not sent. The sender's clock is now(), so the event is today, a few
    // hours ahead, in a zone where it is now between 1:00 and 18:00.
    const zone = ['UTC', 'Asia/Dubai', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Honolulu', 'America/Bogota'].find(
      (candidate) => {
        const hour = Number(
          new Intl.DateTimeFormat('en-GB', { timeZone: candidate, hour: '2-digit', hourCycle: 'h23' }).format(
            new Date(),
          ),
        );
        return hour >= 1 && hour < 18;
      },
    )!;
    const today = await createEvent({
      start_date: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      end_date: new Date(Date.now() + 5 * 3_600_000).toISOString(),
      time_zone: zone,
      reminder_morning: false,
    });
    const guest = await invite(today.id, 'approved');
    await runSender();
    const { rows } = await backend.services.db.query<{ day_before_at: Date }>(
      'select day_before_at from private.reminder_times($1::timestamptz, $2)',
      [today.start_date, zone],
    );
    await queueAt(minutes(rows[0]!.day_before_at, 1));
    expect(await outboxOf(today.id)).toEqual([
      { kind: 'reminder_day_before', email: guest.email, sent: false, cancelled: false },
    ]);
    await runSender();
    expect(await outboxOf(today.id)).toEqual([
      { kind: 'reminder_day_before', email: guest.email, sent: false, cancelled: true },
    ]);
    expect((await mailTo(guest.email)).filter((mail) => mail.subject.startsWith('Tomorrow'))).toEqual([]);
  });
});

/** A guest on a past event, checked in (or not) at the door. */
async function attendee(name: string): Promise<{ id: string; email: string }> {
  return ok(
    admin
      .from('attendees')
      .insert({
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}-${unique()}@corp.example`,
        company: 'Initech',
        job_title: 'CDO',
      })
      .select('id, email')
      .single(),
  );
}

async function checkIn(eventId: string, attendeeId: string): Promise<string> {
  const row = await ok(
    admin
      .from('check_ins')
      .insert({
        event_id: eventId,
        attendee_id: attendeeId,
        device_id: 'front-desk',
        checked_in_at: new Date().toISOString(),
      })
      .select('id')
      .single(),
  );
  return (row as { id: string }).id;
}

/** The feedback link's token of a guest asked for feedback (what their mail carries). */
async function feedbackLinkOf(eventId: string, attendeeId: string): Promise<string> {
  const { rows } = await backend.services.db.query<{ token: string }>(
    'select token from private.feedback_requests where event_id = $1 and attendee_id = $2',
    [eventId, attendeeId],
  );
  return rows[0]!.token;
}

const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

async function feedback(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${backend.url}/functions/v1/guest-feedback`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${backend.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('feedback', () => {
  let event: EventRow;
  let came: { id: string; email: string };
  let token = '';
  let sessionId = '';

  it('is asked once of each checked-in guest, after the delay, never of no-shows or of events over 14 days ago', async () => {
    event = await createEvent({ start_date: hoursAgo(8), end_date: hoursAgo(3), time_zone: 'Europe/Lisbon' });
    const session = await ok(
      admin
        .from('sessions')
        .insert({ event_id: event.id, title: 'Data products that pay', start_time: hoursAgo(7), end_time: hoursAgo(6) })
        .select('id')
        .single(),
    );
    sessionId = (session as { id: string }).id;
    came = await attendee('Ada Present');
    const undone = await attendee('Bob Undone');
    const noShow = await attendee('Carl Noshow');
    for (const guest of [came, undone, noShow]) {
      await ok(admin.from('event_attendees').insert({ event_id: event.id, attendee_id: guest.id }));
    }
    await checkIn(event.id, came.id);
    await checkIn(event.id, came.id); // a second phone
    const wrong = await checkIn(event.id, undone.id);
    await ok(
      admin.from('check_ins').insert({
        event_id: event.id,
        undoes: wrong,
        device_id: 'front-desk',
        checked_in_at: new Date().toISOString(),
      }),
    );
    const walkInEmail = `walk-in-${unique()}@corp.example`;
    await ok(
      admin.from('check_ins').insert({
        event_id: event.id,
        device_id: 'front-desk',
        checked_in_at: new Date().toISOString(),
        walk_in_name: 'Dana Walkin',
        walk_in_email: walkInEmail,
      }),
    );

    const old = await createEvent({ start_date: hoursAgo(15 * 24 + 5), end_date: hoursAgo(15 * 24) });
    const oldGuest = await attendee('Eve Longago');
    await checkIn(old.id, oldGuest.id);
    const soon = await createEvent({ start_date: hoursAgo(4), end_date: hoursAgo(1) });
    const soonGuest = await attendee('Finn Recent');
    await checkIn(soon.id, soonGuest.id);

    await Promise.all([queueAt(new Date()), queueAt(new Date())]);
    await queueAt(new Date());
    expect(await outboxOf(event.id)).toEqual(
      [
        { kind: 'feedback_request', email: came.email, sent: false, cancelled: false },
        { kind: 'feedback_request', email: walkInEmail, sent: false, cancelled: false },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(await outboxOf(old.id)).toEqual([]);
    // Two hours after the end by default: not yet for the event that ended an hour ago.
    expect(await outboxOf(soon.id)).toEqual([]);
    await queueAt(minutes(new Date(), 61));
    expect(await outboxOf(soon.id)).toHaveLength(1);

    // A restart changes nothing: nobody is asked twice.
    await backend.stop();
    backend = await start();
    admin = await backend.adminClient();
    await queueAt(new Date());
    expect(await outboxOf(event.id)).toHaveLength(2);

    await runSender();
    expect(await mailTo(noShow.email)).toEqual([]);
    expect(await mailTo(undone.email)).toEqual([]);
    const [request, ...more] = await mailTo(came.email);
    expect(more).toEqual([]);
    expect(request!.subject).toBe(`How was ${event.title}?`);
    expect(request!.attachments).toEqual([]);
    const match = new RegExp(`${SITE}/events/${event.id}#feedback=([0-9a-f]{64})`).exec(request!.text);
    expect(match, request!.text).not.toBeNull();
    token = match![1]!;
    expect(request!.html).toContain(`#feedback=${token}`);
  });

  it('the link opens the form, takes the answer, and the same link changes it until feedback closes; the token is in no log', async () => {
    // The backend runs in this process: whatever it logs (its terminal, a function's console, which
    // is the function log on hosted Supabase) passes through here.
    const written: string[] = [];
    const record = (...parts: unknown[]) => void written.push(parts.map(String).join(' '));
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (record(chunk), true)),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => (record(chunk), true)),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
        vi.spyOn(console, method).mockImplementation(record),
      ),
    ];
    onTestFinished(() => spies.forEach((spy) => spy.mockRestore()));
    const form = await feedback({ token });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({
      event: { id: event.id, title: event.title },
      guest: { name: 'Ada Present' },
      open: true,
      answer: null,
      sessions: [{ id: sessionId, title: 'Data products that pay' }],
    });
    const answer = {
      rating: 4,
      valuable_session_id: sessionId,
      do_differently: 'Longer breaks',
      quote: 'The best room of peers I have been in.',
      quote_consent: false,
    };
    // Each answer taken comes back with the form as it left it; the next is made from its version.
    const first = await feedback({ token, answer });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      form: { open: true, answer: { rating: 4, quote_consent: false } },
    });
    const version = (first.body.form as { answer: { updated_at: string } }).answer.updated_at;
    const changed = await feedback({ token, based_on: version, answer: { ...answer, rating: 5, quote_consent: true } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ form: { answer: { rating: 5, quote_consent: true } } });
    expect((await feedback({ token })).body.answer).toMatchObject({ rating: 5, quote_consent: true });
    const rows = await ok(admin.from('feedback_responses').select('rating, quote_consent').eq('event_id', event.id));
    expect(rows).toEqual([{ rating: 5, quote_consent: true }]);

    expect((await feedback({ token, answer: { ...answer, rating: 6 } })).status).toBe(400);
    expect((await feedback({ token: 'f'.repeat(64) })).status).toBe(404);
    expect((await feedback({ token: 'f'.repeat(64), answer })).status).toBe(404);
    expect(written.filter((line) => line.includes(token))).toEqual([]);
  });

  it('an admin publishes a consented quote as a testimonial; a quote without consent never is', async () => {
    const [response] = await ok<{ id: string }[]>(
      admin.from('feedback_responses').select('id, testimonial_id').eq('event_id', event.id),
    );
    const id = await ok(admin.rpc('publish_feedback_quote', { response_id: response!.id }));
    const testimonial = await ok(
      admin.from('testimonials').select('event_id, name, job_title, company, quote, rating').eq('id', id).single(),
    );
    expect(testimonial).toEqual({
      event_id: event.id,
      name: 'Ada Present',
      job_title: 'CDO',
      company: 'Initech',
      quote: 'The best room of peers I have been in.',
      rating: 5,
    });
    // Publishing again gives the same testimonial.
    expect(await ok(admin.rpc('publish_feedback_quote', { response_id: response!.id }))).toBe(id);
    // Anyone reads the testimonial; the guest takes the consent back and it goes, as a tombstone
    // written after it (a replica pulls changes by _modified: a row really deleted never reaches it).
    const [published] = await ok<{ _deleted: boolean; _modified: string }[]>(
      backend.anonClient().from('testimonials').select('_deleted, _modified').eq('id', id),
    );
    expect(published!._deleted).toBe(false);
    const answer = { rating: 5, quote: 'The best room of peers I have been in.', quote_consent: false };
    expect((await feedback({ token, answer })).status).toBe(200);
    const [withdrawn] = await ok<Record<string, unknown>[]>(
      backend
        .anonClient()
        .from('testimonials')
        .select('_deleted, _modified, name, job_title, company, photo_url, quote')
        .eq('id', id),
    );
    expect(withdrawn!._deleted).toBe(true);
    expect(new Date(withdrawn!._modified as string).getTime()).toBeGreaterThan(
      new Date(published!._modified).getTime(),
    );
    // The tombstone, which anyone reads, keeps neither the words nor who said them.
    expect(withdrawn).toMatchObject({
      name: 'Withdrawn',
      job_title: null,
      company: null,
      photo_url: null,
      quote: 'Withdrawn',
    });
    const refused = await admin.rpc('publish_feedback_quote', { response_id: response!.id });
    expect(refused.error?.message).toBe('This quote was given without consent to publish it');
    // No admin brings it back (an edit that lost against the withdrawal, re-applied), whatever it writes.
    const revived = await admin
      .from('testimonials')
      .update({ _deleted: false, quote: 'The best room of peers I have been in.', name: 'Ada Present' })
      .eq('id', id)
      .select('id');
    expect(revived.error).toMatchObject({
      code: '42501',
      message: 'This testimonial was withdrawn by its author and cannot be brought back',
    });
    expect(await ok(admin.from('testimonials').select('_deleted, quote').eq('id', id).single())).toEqual({
      _deleted: true,
      quote: 'Withdrawn',
    });
  });

  it("a link mailed to a record merged into another since shows the guest's answer, and taking consent back through it withdraws the testimonial", async () => {
    const edition = await createEvent({ start_date: hoursAgo(8), end_date: hoursAgo(3), time_zone: 'Europe/Lisbon' });
    // One person, two records, each checked in (two phones took her under two addresses).
    const kept = await attendee('Grace Kept');
    const removed = await attendee('Grace Removed');
    for (const record of [kept, removed]) {
      await ok(admin.from('event_attendees').insert({ event_id: edition.id, attendee_id: record.id }));
      await checkIn(edition.id, record.id);
    }
    await queueAt(new Date());
    const { rows } = await backend.services.db.query<{ token: string }>(
      'select token from private.feedback_requests where event_id = $1 and attendee_id = $2',
      [edition.id, removed.id],
    );
    const link = rows[0]!.token;
    const quote = 'Peers who actually ship.';
    expect((await feedback({ token: link, answer: { rating: 5, quote, quote_consent: true } })).status).toBe(200);
    const [response] = await ok<{ id: string }[]>(
      admin.from('feedback_responses').select('id').eq('event_id', edition.id),
    );
    const testimonial = await ok<string>(admin.rpc('publish_feedback_quote', { response_id: response!.id }));

    expect((await admin.rpc('merge_attendees', { kept: kept.id, removed: removed.id })).error).toBeNull();
    // The link in her mail still shows her answer, now the kept record's ...
    expect((await feedback({ token: link })).body.answer).toMatchObject({ quote, quote_consent: true });
    // ... and taking consent back through it takes the testimonial down: no second answer.
    expect((await feedback({ token: link, answer: { rating: 5, quote, quote_consent: false } })).status).toBe(200);
    expect(await ok(admin.from('testimonials').select('_deleted').eq('id', testimonial).single())).toEqual({
      _deleted: true,
    });
    expect(
      await ok(admin.from('feedback_responses').select('attendee_id, quote_consent').eq('event_id', edition.id)),
    ).toEqual([{ attendee_id: kept.id, quote_consent: false }]);
  });

  it('after feedback closes, the link still takes back consent to a quote, withdrawing its testimonial and changing nothing else; any other change is refused', async () => {
    const edition = await createEvent({ start_date: hoursAgo(8), end_date: hoursAgo(3) });
    const quote = 'A table of peers, not an audience.';
    const answer = { rating: 5, do_differently: 'More time to talk', quote, quote_consent: true };
    const guests = await Promise.all(['Hana Unticks', 'Ines Clears', 'Jon Keeps'].map((name) => attendee(name)));
    const links: string[] = [];
    const testimonials: string[] = [];
    for (const guest of guests) {
      await ok(admin.from('event_attendees').insert({ event_id: edition.id, attendee_id: guest.id }));
      await checkIn(edition.id, guest.id);
    }
    await queueAt(new Date());
    for (const guest of guests) {
      const link = await feedbackLinkOf(edition.id, guest.id);
      expect((await feedback({ token: link, answer })).status).toBe(200);
      const [response] = await ok<{ id: string }[]>(
        admin.from('feedback_responses').select('id').eq('event_id', edition.id).eq('attendee_id', guest.id),
      );
      links.push(link);
      testimonials.push(await ok<string>(admin.rpc('publish_feedback_quote', { response_id: response!.id })));
    }
    const [unticks, clears, keeps] = links as [string, string, string];
    // Feedback closes 30 days after the end; a published testimonial stays published with no deadline.
    await ok(
      admin
        .from('events')
        .update({ start_date: hoursAgo(31 * 24 + 5), end_date: hoursAgo(31 * 24) })
        .eq('id', edition.id),
    );

    // Given offline on day 29 with a lower rating, sent on day 31: the consent goes, the rating stays.
    const untick = await feedback({ token: unticks, answer: { ...answer, rating: 2, quote_consent: false } });
    expect(untick.status).toBe(200);
    expect(untick.body).toMatchObject({
      success: true,
      withdrawn: true,
      form: { open: false, answer: { rating: 5, quote, quote_consent: false } },
    });
    // The quote taken out counts as the consent taken back.
    const clear = await feedback({ token: clears, answer: { ...answer, quote: '' } });
    expect(clear.status).toBe(200);
    expect(clear.body).toMatchObject({ success: true, withdrawn: true });

    const live = async () =>
      (
        await ok<{ id: string; _deleted: boolean }[]>(
          admin.from('testimonials').select('id, _deleted').in('id', testimonials),
        )
      )
        .filter((row) => !row._deleted)
        .map((row) => row.id);
    expect(await live()).toEqual([testimonials[2]]);
    const answers = async () =>
      ok<Record<string, unknown>[]>(
        admin
          .from('feedback_responses')
          .select('attendee_id, rating, do_differently, quote, quote_consent')
          .eq('event_id', edition.id)
          .order('attendee_id'),
      );
    const stored = (consent: boolean[]) =>
      guests
        .map((guest, index) => ({
          attendee_id: guest.id,
          rating: 5,
          do_differently: 'More time to talk',
          quote,
          quote_consent: consent[index],
        }))
        .sort((a, b) => a.attendee_id.localeCompare(b.attendee_id));
    expect(await answers()).toEqual(stored([false, false, true]));
    const [response] = await ok<{ id: string }[]>(
      admin.from('feedback_responses').select('id').eq('event_id', edition.id).eq('attendee_id', guests[0]!.id),
    );
    const refused = await admin.rpc('publish_feedback_quote', { response_id: response!.id });
    expect(refused.error?.message).toBe('This quote was given without consent to publish it');

    // Anything else is refused as before: another rating, the consent given again, a quote changed.
    for (const [link, change] of [
      [unticks, { ...answer, rating: 1, quote_consent: false }],
      [unticks, answer],
      [keeps, { ...answer, rating: 1 }],
      [keeps, { ...answer, quote: 'Something else entirely.' }],
    ] as const) {
      const closed = await feedback({ token: link, answer: change });
      expect(closed.status).toBe(409);
      expect(closed.body).toMatchObject({
        success: false,
        error: 'Feedback for this event has closed. Thank you all the same.',
      });
    }
    expect(await answers()).toEqual(stored([false, false, true]));
    expect(await live()).toEqual([testimonials[2]]);
  });

  it('taking consent back withdraws every testimonial made from the quote, one an admin deleted and published again too', async () => {
    const edition = await createEvent({ start_date: hoursAgo(8), end_date: hoursAgo(3) });
    const guest = await attendee('Lee Twiceposted');
    await ok(admin.from('event_attendees').insert({ event_id: edition.id, attendee_id: guest.id }));
    await checkIn(edition.id, guest.id);
    await queueAt(new Date());
    const link = await feedbackLinkOf(edition.id, guest.id);
    const quote = 'Worth the flight.';
    expect((await feedback({ token: link, answer: { rating: 5, quote, quote_consent: true } })).status).toBe(200);
    const [response] = await ok<{ id: string }[]>(
      admin.from('feedback_responses').select('id').eq('event_id', edition.id),
    );
    const first = await ok<string>(admin.rpc('publish_feedback_quote', { response_id: response!.id }));
    // The admin deletes it, then publishes the quote again: a second testimonial.
    expect((await admin.from('testimonials').delete().eq('id', first)).error).toBeNull();
    const second = await ok<string>(admin.rpc('publish_feedback_quote', { response_id: response!.id }));
    expect(second).not.toBe(first);

    const seen = (await feedback({ token: link })).body.answer as { updated_at: string };
    expect(
      (await feedback({ token: link, based_on: seen.updated_at, answer: { rating: 5, quote, quote_consent: false } }))
        .status,
    ).toBe(200);
    const tombstones = await ok<Record<string, unknown>[]>(
      backend
        .anonClient()
        .from('testimonials')
        .select('id, _deleted, name, job_title, company, photo_url, quote')
        .in('id', [first, second])
        .order('id'),
    );
    expect(tombstones).toEqual(
      [first, second].sort().map((id) => ({
        id,
        _deleted: true,
        name: 'Withdrawn',
        job_title: null,
        company: null,
        photo_url: null,
        quote: 'Withdrawn',
      })),
    );
    // Neither comes back, whoever asks.
    for (const id of [first, second]) {
      const revived = await admin
        .from('testimonials')
        .update({ _deleted: false, quote, name: 'Lee Twiceposted' })
        .eq('id', id);
      expect(revived.error?.code, id).toBe('42501');
    }
  });

  it('an older answer waiting on another device cannot give back the consent taken back since: it is refused, saying why', async () => {
    const edition = await createEvent({ start_date: hoursAgo(8), end_date: hoursAgo(3) });
    const guest = await attendee('Kim Twodevices');
    await ok(admin.from('event_attendees').insert({ event_id: edition.id, attendee_id: guest.id }));
    await checkIn(edition.id, guest.id);
    await queueAt(new Date());
    const link = await feedbackLinkOf(edition.id, guest.id);
    const quote = 'Peers, not pitches.';
    expect((await feedback({ token: link, answer: { rating: 4, quote, quote_consent: true } })).status).toBe(200);
    const [response] = await ok<{ id: string }[]>(
      admin.from('feedback_responses').select('id').eq('event_id', edition.id),
    );
    const first = await ok<string>(admin.rpc('publish_feedback_quote', { response_id: response!.id }));

    // Her phone reads the form, goes offline and queues a better rating, consent still ticked.
    const seen = (await feedback({ token: link })).body.answer as { updated_at: string };
    const phone = { token: link, based_on: seen.updated_at, answer: { rating: 5, quote, quote_consent: true } };
    // On her laptop, from the same answer, she takes the consent back.
    const laptop = await feedback({
      token: link,
      based_on: seen.updated_at,
      answer: { rating: 4, quote, quote_consent: false },
    });
    expect(laptop.status).toBe(200);

    // The phone comes back online: its answer must not give the consent back.
    const stale = await feedback(phone);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      success: false,
      error: 'Your answer was changed on another device, so this one was not saved. Here is your answer as it is now.',
      form: { open: true, answer: { rating: 4, quote, quote_consent: false } },
    });
    // Nor may an answer that does not say what it was based on (kept by an older version of the app).
    expect((await feedback({ token: link, answer: phone.answer })).status).toBe(409);
    const stored = () =>
      ok(admin.from('feedback_responses').select('rating, quote_consent').eq('event_id', edition.id).single());
    expect(await stored()).toEqual({ rating: 4, quote_consent: false });
    expect(await ok(admin.from('testimonials').select('_deleted').eq('id', first).single())).toEqual({
      _deleted: true,
    });
    expect((await admin.rpc('publish_feedback_quote', { response_id: response!.id })).error?.message).toBe(
      'This quote was given without consent to publish it',
    );

    // Taking consent back is never refused, however old the answer it was based on.
    expect(
      (await feedback({ token: link, based_on: seen.updated_at, answer: { rating: 3, quote, quote_consent: false } }))
        .status,
    ).toBe(200);
    // Given again from the answer as it is now, the consent counts, and the quote may be published anew.
    const now = (await feedback({ token: link })).body.answer as { updated_at: string };
    expect(
      (await feedback({ token: link, based_on: now.updated_at, answer: { rating: 5, quote, quote_consent: true } }))
        .status,
    ).toBe(200);
    expect(await stored()).toEqual({ rating: 5, quote_consent: true });
    const second = await ok<string>(admin.rpc('publish_feedback_quote', { response_id: response!.id }));
    expect(second).not.toBe(first);
  });

  it('answers are admins only, through the table, realtime and the functions', async () => {
    const anon = backend.anonClient();
    const { client: user } = await backend.newUser();
    const anonRead = await anon.from('feedback_responses').select('id');
    expect(anonRead.error?.code).toBe('42501');
    expect(await ok(user.from('feedback_responses').select('id'))).toEqual([]);
    expect(await ok(admin.from('feedback_responses').select('id').eq('event_id', event.id))).toHaveLength(1);
    for (const client of [anon, user]) {
      expect(
        (await client.from('feedback_responses').insert({ event_id: event.id, attendee_id: came.id, rating: 1 })).error,
      ).not.toBeNull();
      expect((await client.rpc('feedback_form', { token })).error).not.toBeNull();
      expect((await client.rpc('submit_feedback', { token, answer: { rating: 1 } })).error).not.toBeNull();
      expect((await client.rpc('event_guest_messages', { target_event: event.id })).error).not.toBeNull();
      expect((await client.rpc('queue_event_messages', {})).error).not.toBeNull();
      const [response] = await ok<{ id: string }[]>(
        admin.from('feedback_responses').select('id').eq('event_id', event.id),
      );
      expect((await client.rpc('publish_feedback_quote', { response_id: response!.id })).error).not.toBeNull();
    }
    // The public rows a visitor's replica starts from carry no answer and no token.
    const publicRows = JSON.stringify(await ok(anon.rpc('public_rows')));
    expect(publicRows).not.toContain(token);
    expect(publicRows).not.toContain('Longer breaks');

    // Realtime: an admin hears a new answer, a visitor hears nothing of it.
    await admin.realtime.setAuth();
    const heard: Record<string, unknown[]> = { admin: [], anon: [] };
    const channels = await Promise.all(
      (['admin', 'anon'] as const).map(
        (who) =>
          new Promise<ReturnType<SupabaseClient['channel']>>((resolve) => {
            const client = who === 'admin' ? admin : anon;
            const channel = client
              .channel(`feedback-${who}-${unique()}`)
              .on('postgres_changes', { event: '*', schema: 'public', table: 'feedback_responses' }, (payload) =>
                heard[who]!.push(payload),
              )
              .subscribe((status) => {
                if (status === 'SUBSCRIBED') resolve(channel);
              });
          }),
      ),
    );
    expect((await feedback({ token, answer: { rating: 3, quote_consent: false } })).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (heard.admin!.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard.admin).toHaveLength(1);
    // A public change after it reaches the visitor, so anything about the answer would have come first.
    let markers = 0;
    await new Promise<void>((resolve) => {
      const channel = anon
        .channel(`marker-${unique()}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'videos' }, () => {
          markers += 1;
        })
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve();
        });
      channels.push(channel);
    });
    await ok(
      admin
        .from('videos')
        .insert({ title: `Marker ${unique()}`, video_url: 'https://www.youtube.com/embed/abcdefghijk' }),
    );
    const markerDeadline = Date.now() + 10_000;
    while (markers === 0 && Date.now() < markerDeadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(markers).toBe(1);
    expect(heard.anon).toEqual([]);
    await Promise.all(channels.map((channel) => channel.unsubscribe()));

    // The admin's view of what was sent.
    const sent = await ok(admin.rpc('event_guest_messages', { target_event: event.id }));
    expect(sent).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'feedback_request', email: came.email })]),
    );

    // Closed 30 days after the end: the link no longer changes the answer.
    await ok(
      admin
        .from('events')
        .update({ start_date: hoursAgo(31 * 24 + 5), end_date: hoursAgo(31 * 24) })
        .eq('id', event.id),
    );
    expect((await feedback({ token, answer: { rating: 1, quote_consent: false } })).status).toBe(409);
    expect((await feedback({ token })).body).toMatchObject({ open: false });
  });
});

describe('demo content', () => {
  let demo: TestBackend;
  beforeAll(async () => {
    demo = await startTestBackend({ seedWhenFresh: true, config: { guestMessagesIntervalMs: 0 } });
  });
  afterAll(async () => {
    await demo?.stop();
  });

  it('has a past edition with feedback of each kind and two testimonials from it, and an upcoming one with reminders scheduled', async () => {
    const { rows: paris } = await demo.services.db.query<{
      checked_in: number;
      answered: number;
      consented: number;
      without_consent: number;
      published: number;
      comments: number;
    }>(
      `select (select count(distinct c.attendee_id)::int from public.check_ins c where c.event_id = e.id) as checked_in,
              count(*)::int as answered,
              count(*) filter (where fr.quote_consent and fr.quote is not null)::int as consented,
              count(*) filter (where not fr.quote_consent and fr.quote is not null)::int as without_consent,
              count(t.id)::int as published,
              count(*) filter (where fr.do_differently is not null)::int as comments
         from public.events e
         join public.feedback_responses fr on fr.event_id = e.id
         left join public.testimonials t on t.id = fr.testimonial_id and not t._deleted
        where e.title like '%Paris%'
        group by e.id`,
    );
    expect(paris).toEqual([
      { checked_in: 10, answered: 8, consented: 3, without_consent: 1, published: 2, comments: 5 },
    ]);
    // The published ones are public testimonials of the edition, with the guest's own record.
    const anon = demo.anonClient();
    const { data: testimonials } = await anon
      .from('testimonials')
      .select('name')
      .like('quote', 'Thirty people who do my job%');
    expect(testimonials).toHaveLength(1);
    const { rows: linked } = await demo.services.db.query<{ name: string; same_photo: boolean }>(
      `select t.name, t.photo_url is not distinct from a.photo_url as same_photo
         from public.feedback_responses fr
         join public.testimonials t on t.id = fr.testimonial_id
         join public.attendees a on a.id = fr.attendee_id and a.name = t.name`,
    );
    expect(linked).toHaveLength(2);
    expect(linked.every((row) => row.same_photo)).toBe(true);

    // London's guests have both reminders ahead of them; nothing is due now, and nobody of the
    // past editions is asked for feedback (Paris ended 20 days ago).
    const { rows: london } = await demo.services.db.query<{ guests: number; day_before: boolean; morning: boolean }>(
      `select count(r.id)::int as guests, bool_and(e.reminder_day_before) as day_before, bool_and(e.reminder_morning) as morning
         from public.events e
         join public.invite_requests r on r.event_id = e.id and r.status in ('approved', 'invited')
        where e.title like '%London%'`,
    );
    expect(london[0]!.guests).toBeGreaterThan(0);
    expect(london[0]).toMatchObject({ day_before: true, morning: true });
    await ok(demo.serviceClient().rpc('queue_event_messages', {}));
    const { rows: unsent } = await demo.services.db.query<{ kind: string }>(
      `select kind from private.guest_messages where sent_at is null and cancelled_at is null
          and kind in ('reminder_day_before', 'reminder_morning', 'feedback_request')`,
    );
    expect(unsent.filter((row) => row.kind === 'feedback_request')).toEqual([]);
    expect(unsent.filter((row) => row.kind === 'reminder_day_before')).toEqual([]);
  });
});
