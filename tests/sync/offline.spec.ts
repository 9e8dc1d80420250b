/**
 * Offline and odd devices: a change made offline survives a reload of the page (the queue lives in
 * IndexedDB, not in memory), and a device whose clock is a day off changes nothing, because the
 * server's clock orders every change.
 */
import type { Route } from '@playwright/test';
import { expect, microseconds, test, type SyncClient } from './support/fixtures.ts';

/** Slow Wi-Fi: the client's first `method` request to `table` hangs until `release()`. */
async function holdFirst(client: SyncClient, table: string, method: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  await client.page.route(`${client.options.supabaseUrl}/rest/v1/${table}*`, async (route: Route) => {
    if (route.request().method() !== method || holding) return route.fallback();
    holding = true;
    await held;
    return route.fallback();
  });
  return { holding: () => holding, release };
}

/**
 * Slow Wi-Fi on the way back: the client's first `method` request to `table` reaches the server, which
 * commits it, then `meanwhile` runs (another admin's edit), and the answer hangs until `release()`.
 */
async function holdFirstAnswer(
  client: SyncClient,
  table: string,
  method: string,
  meanwhile: (id: string) => Promise<unknown>,
) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  await client.page.route(`${client.options.supabaseUrl}/rest/v1/${table}*`, async (route: Route) => {
    if (route.request().method() !== method || holding) return route.fallback();
    holding = true;
    const response = await route.fetch();
    await meanwhile(new URL(route.request().url()).searchParams.get('id')!.replace(/^eq\./, ''));
    await held;
    return route.fulfill({ response });
  });
  return { release };
}

test('an admin edits offline, reloads the page, and the change is sent once the connection is back', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const admin = await openClient();
  await admin.waitForDoc('events', id, () => true);

  await admin.goOffline();
  await admin.call('patch', 'events', id, { title: 'Edited in a tunnel' });
  await admin.reloadOffline();
  expect(await admin.get('events', id)).toMatchObject({ title: 'Edited in a tunnel' });
  // Still counted as waiting after the reload: the queue lives in IndexedDB. (The server's row is not
  // checked here: around a reload, Chromium very occasionally lets a request of the page through its
  // emulated offline mode, seen about once in twenty runs; a real network cut has no such gap.)
  await expect.poll(() => admin.status().then((status) => status.pendingChanges)).toBe(1);

  await admin.goOnline();
  await expect.poll(() => backend.row('events', id).then((row) => row?.title)).toBe('Edited in a tunnel');
  // (Not waiting for every pull to settle: after a reload served from the test's route cache, some
  // of the page's first pulls take seconds to fail and be retried; the push is what this is about.)
  await expect.poll(() => admin.status().then((status) => status.pendingChanges)).toBe(0);
  expect(await admin.call('conflicts')).toEqual([]);
});

test('an admin whose device clock is a day ahead cannot make an older edit win', async ({ openClient, backend }) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const day = 86_400_000;
  const ahead = await openClient({ clockOffsetMs: day });
  const onTime = await openClient();
  expect(await ahead.page.evaluate(() => Date.now())).toBeGreaterThan(Date.now() + day - 60_000);
  await ahead.waitForDoc('events', id, () => true);
  await onTime.waitForDoc('events', id, () => true);

  // The device from "tomorrow" edits first; the on-time device edits after it has seen that edit.
  await ahead.call('patch', 'events', id, { title: 'From tomorrow' });
  await onTime.waitForDoc('events', id, (doc) => doc.title === 'From tomorrow');
  const before = Date.now();
  await onTime.call('patch', 'events', id, { title: 'The later edit' });

  await ahead.waitForDoc('events', id, (doc) => doc.title === 'The later edit');
  await onTime.settled();
  await ahead.settled();
  const row = await backend.row('events', id);
  expect(row?.title).toBe('The later edit');
  // Stamped by the server's clock, not the device's.
  const stamp = Number(microseconds(String(row?._modified)) / 1000n);
  expect(stamp).toBeGreaterThanOrEqual(before - 5_000);
  expect(stamp).toBeLessThanOrEqual(Date.now() + 5_000);
  expect(await ahead.call('conflicts')).toEqual([]);
  expect(await onTime.call('conflicts')).toEqual([]);
});

test('a door phone on slow Wi-Fi: every undo reaches the server after the check-in it undoes, however many wait', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const eventId = event.id as string;
  const door = await openClient();
  await door.waitForDoc('events', eventId, () => true);

  // The first check-in's request hangs while the door goes on: more writes pile up than one push
  // batch used to hold (25), and RxDB sent its batches side by side: the undos at the end raced the
  // check-ins they undo, and were refused ('An undo must name a check-in of the same event').
  const hold = await holdFirst(door, 'check_ins', 'POST');
  const checkIn = (fields: Record<string, unknown>) =>
    door.call('insert', 'check_ins', {
      event_id: eventId,
      device_id: 'door-phone-1',
      checked_in_at: new Date().toISOString(),
      ...fields,
    });
  const walkIn = (n: number) => checkIn({ walk_in_name: `Walk-in ${n}`, walk_in_email: `walk-in-${n}@corp.example` });
  await walkIn(1);
  await expect.poll(hold.holding).toBe(true);
  for (let n = 2; n <= 22; n += 1) await walkIn(n);
  const mistaken = [];
  for (let n = 23; n <= 34; n += 1) mistaken.push(await walkIn(n));
  const undos = [];
  for (const checkedIn of mistaken) undos.push(await checkIn({ undoes: checkedIn.id }));
  hold.release();

  await expect.poll(async () => (await backend.rows('check_ins', 'event_id', eventId)).length).toBe(46);
  await door.settled();
  expect((await door.status()).errors).toEqual([]);
  for (const [n, undo] of undos.entries()) {
    expect((await backend.row('check_ins', undo.id as string))?.undoes).toBe(mistaken[n]!.id);
  }
});

test('an edit set back while it is still on its way: the server ends with the edit back, not the mistake', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const admin = await openClient();
  await admin.waitForDoc('events', id, () => true);

  // Slow Wi-Fi: the first edit's request hangs until the admin has set the title back.
  const hold = await holdFirst(admin, 'events', 'PATCH');
  await admin.call('patch', 'events', id, { title: 'Renamed by mistake' });
  await expect.poll(hold.holding).toBe(true);
  await admin.call('patch', 'events', id, { title: event.title });
  const mistakeAnswered = admin.page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/rest/v1/events'),
  );
  hold.release();
  expect((await mistakeAnswered).ok()).toBe(true);

  await expect.poll(() => backend.row('events', id).then((row) => row?.title)).toBe(event.title);
  await admin.settled();
  expect((await admin.get('events', id))?.title).toBe(event.title);
  expect(await admin.call('conflicts')).toEqual([]);
});

test('an approval set back while its answer is on its way, after another admin corrected the company: the server ends waitlisted, with the correction', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const request = await backend.insert('invite_requests', {
    event_id: event.id,
    name: 'Waitlisted Guest',
    email: `waitlisted.guest.${Date.now()}@example.org`,
    company: 'Acme',
    consent: true,
    status: 'waitlisted',
  });
  const id = request.id as string;
  const admin = await openClient();
  await admin.waitForDoc('invite_requests', id, (doc) => doc.status === 'waitlisted');

  // The approval is committed, another admin corrects the company on top of it, and the approval's
  // answer is slow: the admin sets the request back meanwhile.
  const hold = await holdFirstAnswer(admin, 'invite_requests', 'PATCH', (requestId) =>
    backend.update('invite_requests', requestId, { company: 'Acme Corporation' }),
  );
  await admin.call('patch', 'invite_requests', id, { status: 'approved' });
  await expect.poll(() => backend.row('invite_requests', id).then((row) => row?.company)).toBe('Acme Corporation');
  await admin.call('patch', 'invite_requests', id, { status: 'waitlisted' });
  hold.release();

  await expect.poll(() => backend.row('invite_requests', id).then((row) => row?.status)).toBe('waitlisted');
  await admin.settled();
  expect(await backend.row('invite_requests', id)).toMatchObject({ status: 'waitlisted', company: 'Acme Corporation' });
  await admin.waitForDoc(
    'invite_requests',
    id,
    (doc) => doc.status === 'waitlisted' && doc.company === 'Acme Corporation',
  );
  expect(await admin.call('conflicts')).toEqual([]);
});

test('an approval set back while its answer is on its way, after another admin deleted the request: the delete wins and the edit back is kept', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const request = await backend.insert('invite_requests', {
    event_id: event.id,
    name: 'Waitlisted Guest',
    email: `waitlisted.guest.${Date.now()}@example.org`,
    consent: true,
    status: 'waitlisted',
  });
  const id = request.id as string;
  const admin = await openClient();
  await admin.waitForDoc('invite_requests', id, (doc) => doc.status === 'waitlisted');

  const hold = await holdFirstAnswer(admin, 'invite_requests', 'PATCH', (requestId) =>
    backend.update('invite_requests', requestId, { _deleted: true }),
  );
  await admin.call('patch', 'invite_requests', id, { status: 'approved' });
  await expect.poll(() => backend.row('invite_requests', id).then((row) => row?._deleted)).toBe(true);
  await admin.call('patch', 'invite_requests', id, { status: 'waitlisted' });
  hold.release();

  await admin.waitForDoc('invite_requests', id, null);
  await admin.settled();
  const [conflict] = await admin.call('conflicts');
  expect(conflict).toMatchObject({ table: 'invite_requests', docId: id, fields: ['status'] });
  expect(conflict!.local.status).toBe('waitlisted');
  expect(await backend.row('invite_requests', id)).toMatchObject({ _deleted: true, status: 'approved' });
});
