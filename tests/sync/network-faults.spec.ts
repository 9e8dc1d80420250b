/**
 * The venue Wi-Fi drops in the middle of a push: before the request reaches the server, or after
 * the server committed but before its answer arrives. Either way the admin's change lands exactly
 * once and the browser ends with the server's version, with no conflict and no error left behind.
 * An edit made while the answer is missing goes on top of the write that landed (a field another
 * admin changed beside it keeps their value, or is a conflict when the edit changed it too), and a
 * realtime message that comes late does not take the replica back.
 */
import type { Route, WebSocketRoute } from '@playwright/test';
import { expect, sameInstant, test, type Backend, type Fixtures, type SyncClient } from './support/fixtures.ts';

type Fault = 'before-commit' | 'after-commit';

/** Breaks the first `method` request to `table` of the client's page, as the given fault. */
async function breakFirst(client: SyncClient, table: string, method: string, fault: Fault) {
  let broken = 0;
  await client.page.route(`${client.options.supabaseUrl}/rest/v1/${table}*`, async (route: Route) => {
    if (route.request().method() !== method || broken > 0) return route.fallback();
    broken += 1;
    if (fault === 'before-commit') return route.abort('internetdisconnected');
    await route.fetch(); // The server handles and commits the write...
    return route.abort('connectionreset'); // ...and the answer never arrives.
  });
  return () => broken;
}

async function expectConverged(client: SyncClient, backend: Backend, id: string) {
  await client.settled();
  const row = await backend.row('events', id);
  const local = await client.get('events', id);
  expect(local).toMatchObject({ title: row?.title, location: row?.location, why_attend: row?.why_attend });
  expect(sameInstant(String(local?.modified), String(row?._modified))).toBe(true);
  expect(await client.call('conflicts')).toEqual([]);
  expect((await client.status()).errors).toEqual([]);
}

for (const fault of ['before-commit', 'after-commit'] as const) {
  test(`an event created while the network drops mid-push (${fault}) is stored exactly once`, async ({
    openClient,
    backend,
  }) => {
    const admin = await openClient();
    await admin.call('awaitInitialPull', ['events']);
    const brokenCount = await breakFirst(admin, 'events', 'POST', fault);
    const title = `Created through a flaky network (${fault}) ${Date.now()}`;
    const created = await admin.call('insert', 'events', {
      title,
      location: 'Madrid',
      start_date: '2027-05-10T09:00:00.000Z',
      end_date: '2027-05-10T17:00:00.000Z',
      why_attend: ['One', 'Two'],
    });
    await expect.poll(() => backend.rows('events', 'title', title).then((rows) => rows.length)).toBe(1);
    await expectConverged(admin, backend, created.id as string);
    expect(brokenCount()).toBe(1);
    expect(await backend.rows('events', 'title', title)).toHaveLength(1);
  });

  test(`an edit sent while the network drops mid-push (${fault}) lands once and the browser converges`, async ({
    openClient,
    backend,
  }) => {
    const event = await backend.createEvent();
    const id = event.id as string;
    const admin = await openClient();
    await admin.waitForDoc('events', id, () => true);
    const brokenCount = await breakFirst(admin, 'events', 'PATCH', fault);
    await admin.call('patch', 'events', id, { location: `Edited (${fault})`, why_attend: ['Peers'] });
    await expect.poll(() => backend.row('events', id).then((row) => row?.location)).toBe(`Edited (${fault})`);
    await expectConverged(admin, backend, id);
    expect(brokenCount()).toBe(1);
    expect(await backend.row('events', id)).toMatchObject({ why_attend: ['Peers'] });
  });
}

test('an event whose creation answer was lost, corrected meanwhile by another admin: the retry keeps the correction', async ({
  openClient,
  backend,
}) => {
  const admin = await openClient();
  await admin.call('awaitInitialPull', ['events']);
  const title = `Created, then corrected elsewhere ${Date.now()}`;
  let broken = 0;
  await admin.page.route(`${admin.options.supabaseUrl}/rest/v1/events*`, async (route: Route) => {
    if (route.request().method() !== 'POST' || broken > 0) return route.fallback();
    broken += 1;
    await route.fetch(); // The server commits the new event...
    const { id } = route.request().postDataJSON() as { id: string };
    await backend.update('events', id, { location: 'Madrid, Palacio de Cibeles' }); // ...another admin corrects it...
    return route.abort('connectionreset'); // ...and the first admin's answer never arrives.
  });
  const { id: created } = await admin.call('insert', 'events', {
    title,
    location: 'Madrid',
    start_date: '2027-05-10T09:00:00.000Z',
    end_date: '2027-05-10T17:00:00.000Z',
  });

  await admin.waitForDoc('events', created as string, (local) => local.location === 'Madrid, Palacio de Cibeles');
  await admin.settled();
  expect(broken).toBe(1);
  expect(await backend.row('events', created as string)).toMatchObject({
    title,
    location: 'Madrid, Palacio de Cibeles',
  });
  expect(await admin.call('conflicts')).toEqual([]);
  expect((await admin.status()).errors).toEqual([]);
});

/**
 * The client's first `method` request to `table` reaches the server, which commits it; then `meanwhile`
 * runs (another admin's edit), the venue Wi-Fi drops for good, and the answer never arrives.
 */
async function loseFirstAnswerAndGoOffline(
  client: SyncClient,
  table: string,
  method: string,
  meanwhile: (id: string) => Promise<unknown> = async () => undefined,
) {
  let taken = false;
  let lost = false;
  await client.page.route(`${client.options.supabaseUrl}/rest/v1/${table}*`, async (route: Route) => {
    if (route.request().method() !== method || taken) return route.fallback();
    taken = true;
    await route.fetch();
    await meanwhile(new URL(route.request().url()).searchParams.get('id')!.replace(/^eq\./, ''));
    await client.goOffline();
    await route.abort('connectionreset');
    lost = true;
  });
  return () => lost;
}

test('an edit whose answer was lost, set back offline before the retry: the server ends with the edit back', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const admin = await openClient();
  await admin.waitForDoc('events', id, () => true);

  const lost = await loseFirstAnswerAndGoOffline(admin, 'events', 'PATCH');
  await admin.call('patch', 'events', id, { title: 'Renamed by mistake' });
  await expect.poll(lost).toBe(true);
  expect((await backend.row('events', id))?.title).toBe('Renamed by mistake');
  await admin.call('patch', 'events', id, { title: event.title });

  await admin.goOnline();
  await expect.poll(() => backend.row('events', id).then((row) => row?.title)).toBe(event.title);
  await admin.settled();
  expect((await admin.get('events', id))?.title).toBe(event.title);
  expect(await admin.call('conflicts')).toEqual([]);
  // Offline, the realtime channel broke too: its error stays until it has joined again, on
  // realtime-js's own retry timer, which may come after the pulls and pushes have settled.
  await expect.poll(async () => (await admin.status()).errors).toEqual([]);
});

/**
 * A waitlisted request the admin approves: the approval is committed (the guest is put on the
 * event's list), another admin corrects the guest's company to 'Acme Corporation', and the answer is
 * lost, the admin now offline: the approval's retry waits for the connection.
 */
async function approvalWithLostAnswer(openClient: Fixtures['openClient'], backend: Backend) {
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
  const lost = await loseFirstAnswerAndGoOffline(admin, 'invite_requests', 'PATCH', (requestId) =>
    backend.update('invite_requests', requestId, { company: 'Acme Corporation' }),
  );
  await admin.call('patch', 'invite_requests', id, { status: 'approved' });
  await expect.poll(lost).toBe(true);
  return { admin, id };
}

test('an approval whose answer was lost, set back to waitlisted offline while another admin corrected the company: the server ends waitlisted, with the correction', async ({
  openClient,
  backend,
}) => {
  const { admin, id } = await approvalWithLostAnswer(openClient, backend);
  expect(await backend.row('invite_requests', id)).toMatchObject({ status: 'approved', company: 'Acme Corporation' });
  // Approved by mistake: set back while offline.
  await admin.call('patch', 'invite_requests', id, { status: 'waitlisted' });

  await admin.goOnline();
  await expect.poll(() => backend.row('invite_requests', id).then((row) => row?.status)).toBe('waitlisted');
  await admin.settled();
  expect(await backend.row('invite_requests', id)).toMatchObject({ status: 'waitlisted', company: 'Acme Corporation' });
  expect(await admin.get('invite_requests', id)).toMatchObject({ status: 'waitlisted', company: 'Acme Corporation' });
  expect(await admin.call('conflicts')).toEqual([]);
  // Offline, the realtime channel broke too: its error stays until it has joined again, on
  // realtime-js's own retry timer, which may come after the pulls and pushes have settled.
  await expect.poll(async () => (await admin.status()).errors).toEqual([]);
});

test('an approval whose answer was lost, then the company edited offline while another admin corrected it: a conflict, not an overwrite', async ({
  openClient,
  backend,
}) => {
  const { admin, id } = await approvalWithLostAnswer(openClient, backend);
  // Offline, the admin edits the company too: the same field as the other admin.
  await admin.call('patch', 'invite_requests', id, { company: 'Acme Inc.' });

  await admin.goOnline();
  await expect.poll(() => admin.call('conflicts').then((conflicts) => conflicts.length)).toBe(1);
  await admin.settled();
  const [conflict] = await admin.call('conflicts');
  expect(conflict).toMatchObject({ table: 'invite_requests', docId: id, fields: ['company'] });
  expect(conflict!.local.company).toBe('Acme Inc.');
  expect(await backend.row('invite_requests', id)).toMatchObject({ status: 'approved', company: 'Acme Corporation' });
  expect(await admin.get('invite_requests', id)).toMatchObject({ status: 'approved', company: 'Acme Corporation' });
});

/**
 * Realtime messages to the client that `hold` picks wait until `release()`; the others pass. The
 * page is loaded again, so that its socket goes through this, and the engine opened again.
 */
async function holdRealtimeMessages(client: SyncClient, hold: (message: string) => boolean) {
  const held: string[] = [];
  let page: WebSocketRoute | null = null;
  let holding = true;
  let joined = false;
  await client.page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    page = ws;
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (typeof message !== 'string') return ws.send(message);
      const joinAnswered = message.includes('"realtime:sync-') && message.includes('phx_reply');
      if (joinAnswered && message.includes('"ok"')) joined = true;
      if (holding && hold(message)) held.push(message);
      else ws.send(message);
    });
  });
  await client.load();
  await client.open();
  await expect.poll(() => joined, { timeout: 30_000 }).toBe(true);
  await client.settled();
  return {
    held: () => held.length,
    release() {
      holding = false;
      for (const message of held.splice(0)) page!.send(message);
    },
  };
}

test('the echo of an earlier edit of ours that comes late does not take the replica back, nor the next edit the server', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const other = await backend.createEvent();
  const id = event.id as string;
  const admin = await openClient();
  await admin.waitForDoc('events', id, () => true);
  await admin.settled();

  // The realtime message of the first rename is held up on the way; the second's comes as usual.
  const late = await holdRealtimeMessages(admin, (message) => message.includes('First rename'));
  await admin.call('patch', 'events', id, { title: 'First rename' });
  await expect.poll(late.held).toBe(1);
  await admin.settled();
  await admin.call('patch', 'events', id, { title: 'Second rename' });
  await expect.poll(() => backend.row('events', id).then((row) => row?.title)).toBe('Second rename');
  await admin.settled();
  await admin.call('watch', 'events', id, 'title');

  // The late message comes, then one of another admin's edit of another event: once that shows, the
  // late one has been handled.
  late.release();
  await backend.update('events', other.id as string, { location: 'After the late message' });
  await admin.waitForDoc('events', other.id as string, (doc) => doc.location === 'After the late message');
  expect((await admin.call('arrivals')).map((arrival) => arrival.value)).toEqual(['Second rename']);
  await admin.call('patch', 'events', id, { location: 'Porto' });

  await expect.poll(() => backend.row('events', id).then((row) => row?.location)).toBe('Porto');
  await admin.settled();
  expect(await backend.row('events', id)).toMatchObject({ title: 'Second rename', location: 'Porto' });
  expect(await admin.get('events', id)).toMatchObject({ title: 'Second rename', location: 'Porto' });
  expect(await admin.call('conflicts')).toEqual([]);
});
