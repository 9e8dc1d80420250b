/**
 * Attendee e-mail is personal data (docs/decisions/002-attendee-email.md): a visitor's replica is
 * filled with the anon key and must never hold it, not in a document, not anywhere in the browser's
 * storage. An admin's replica does hold it. Invite requests are admins' alone: a visitor's replica
 * neither opens their collection nor asks the server for them.
 */
import { randomUUID } from 'node:crypto';
import { control, expect, test, type Backend } from './support/fixtures.ts';
import { PUBLIC_TABLES, TABLES } from './support/driver.ts';

/** Live attendees that a live place on an event or among a session's speakers lists. */
async function listedAttendees(backend: Backend) {
  const links = await Promise.all(
    (['event_attendees', 'session_speakers'] as const).map(async (table) => {
      const { data } = await backend.service.from(table).select('attendee_id').eq('_deleted', false);
      return (data ?? []).map((row) => String(row.attendee_id));
    }),
  );
  const { data } = await backend.service
    .from('attendees')
    .select('id,name,email')
    .eq('_deleted', false)
    .in('id', [...new Set(links.flat())]);
  return data!;
}

test("a visitor's replica holds the listed attendees but none of their e-mail addresses", async ({
  openClient,
  backend,
}) => {
  const unlisted = await backend.insert('attendees', {
    name: `Unlisted ${randomUUID().slice(0, 8)}`,
    email: `unlisted.${randomUUID().slice(0, 8)}@example.org`,
  });
  const attendees = await listedAttendees(backend);
  expect(attendees.length).toBeGreaterThan(0);

  const visitor = await openClient({ mode: 'public' });
  await visitor.call('awaitInitialPull', PUBLIC_TABLES);
  const local = await visitor.call('all', 'attendees');
  expect(local.map((doc) => doc.id).sort()).toEqual(attendees.map((a) => a.id).sort());
  expect(local.filter((doc) => 'email' in doc)).toEqual([]);

  const stored = await visitor.call('dumpBrowserStorage');
  expect(stored).toContain(attendees[0]!.name);
  expect(stored).not.toContain(unlisted.name as string);
  const leaked = attendees.filter((a) => stored.toLowerCase().includes(String(a.email).toLowerCase()));
  expect(leaked).toEqual([]);
  // Not even an empty e-mail field in a stored attendee document (the schema may name the field).
  const attendeeStores = stored.split('\n').filter((line) => /--attendees\/docs:|rx-replication-meta/.test(line));
  expect(attendeeStores.length).toBeGreaterThan(0);
  expect(attendeeStores.filter((line) => /"email":"/.test(line))).toEqual([]);
  // The pulls never even asked for the column.
  const attendeeReads = visitor.restRequests.filter((r) => r.includes('/rest/v1/attendees'));
  expect(attendeeReads.length).toBeGreaterThan(0);
  for (const read of attendeeReads) expect(decodeURIComponent(read)).not.toMatch(/[?&,(]email\b|select=\*/);
});

test("a guest taken off an event leaves a visitor's replica, live and after a dropped connection, with no tombstone naming them", async ({
  openClient,
  backend,
}) => {
  const mark = randomUUID().slice(0, 8);
  const event = await backend.createEvent();
  const attendee = await backend.insert('attendees', { name: `Taken Off ${mark}`, email: `off.${mark}@example.org` });
  const link = await backend.insert('event_attendees', { event_id: event.id, attendee_id: attendee.id });
  const linkId = link.id as string;
  const visitor = await openClient({ mode: 'public' });
  await visitor.waitForDoc('event_attendees', linkId, (doc) => doc.attendee_id === attendee.id);
  // Past the pull that confirms a row realtime brought whole (a second after it), so that only
  // realtime's word of the removal can start the next pull.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await visitor.settled();

  // Taken off while the visitor is online: realtime tells of the removal, not of the tombstone.
  await backend.update('event_attendees', linkId, { _deleted: true });
  await visitor.waitForDoc('event_attendees', linkId, null);

  // Listed again, then taken off while the realtime socket is away: the pull on rejoining finds it.
  await backend.update('event_attendees', linkId, { _deleted: false });
  await visitor.waitForDoc('event_attendees', linkId, () => true);
  await visitor.settled();
  await control('POST', '/realtime/drop');
  await backend.update('event_attendees', linkId, { _deleted: true });
  await visitor.waitForDoc('event_attendees', linkId, null);

  // The server never told a visitor the link's attendee once it was off the list.
  const newcomer = await openClient({ mode: 'public' });
  await newcomer.call('awaitInitialPull', PUBLIC_TABLES);
  expect(await newcomer.get('event_attendees', linkId)).toBeNull();
  expect(await newcomer.call('dumpBrowserStorage')).not.toContain(attendee.id as string);
});

test("an admin's replica has the e-mail addresses", async ({ openClient, backend }) => {
  const email = `ada.${randomUUID().slice(0, 8)}@example.org`;
  const attendee = await backend.insert('attendees', { name: 'Ada Lovelace', email });
  const admin = await openClient();
  await admin.waitForDoc('attendees', attendee.id as string, (doc) => doc.email === email);
});

test("a visitor's replica has no invite requests, not even their collection; an admin's keeps them in step", async ({
  openClient,
  backend,
}) => {
  // Its own name and address on every run: approving links the guest as a (public) attendee.
  const mark = randomUUID().slice(0, 8);
  const event = await backend.createEvent();
  const request = await backend.insert('invite_requests', {
    event_id: event.id,
    name: `Grace Hopper ${mark}`,
    email: `grace.${mark}@example.org`,
    consent: true,
  });
  expect(PUBLIC_TABLES).not.toContain('invite_requests');
  expect(TABLES).toContain('invite_requests');

  const visitor = await openClient({ mode: 'public' });
  await visitor.call('awaitInitialPull', PUBLIC_TABLES);
  // The status follows the pulls' flags through a live query, a moment after the last is stored.
  await expect.poll(async () => (await visitor.status()).offlineReady).toBe(true);
  const stored = await visitor.call('dumpBrowserStorage');
  expect(stored).not.toContain('invite_requests');
  expect(stored).not.toContain(`grace.${mark}@example.org`);
  expect(stored).not.toContain(`Grace Hopper ${mark}`);
  expect(visitor.restRequests.filter((r) => r.includes('invite_requests'))).toEqual([]);

  // The admin approves offline; once back online the server has it, and has linked the guest.
  const admin = await openClient();
  await admin.waitForDoc('invite_requests', request.id as string, (doc) => doc.status === 'pending');
  await admin.goOffline();
  await admin.call('patch', 'invite_requests', request.id as string, { status: 'approved' });
  expect(await backend.row('invite_requests', request.id as string)).toMatchObject({ status: 'pending' });
  await admin.goOnline();
  await expect.poll(() => backend.row('invite_requests', request.id as string).then((r) => r?.status)).toBe('approved');
  const row = await backend.row('invite_requests', request.id as string);
  expect(row!.attendee_id).toEqual(expect.any(String));
  await admin.waitForDoc('invite_requests', request.id as string, (doc) => doc.attendee_id === row!.attendee_id);
  // Going offline early may have cut some of the admin's first pulls short; they finish once online.
  await expect.poll(async () => (await admin.status()).offlineReady, { timeout: 15_000 }).toBe(true);
});
