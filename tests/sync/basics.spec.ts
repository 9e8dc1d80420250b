/**
 * The replica fills from the backend and follows it live: the first full pull, an admin's edit
 * reaching another browser through realtime, and a new event created in the back office.
 */
import { startCountingProxy } from './support/counting-proxy.ts';
import { Backend, control, expect, sameInstant, test } from './support/fixtures.ts';
import { PUBLIC_TABLES } from './support/driver.ts';

test('a visitor opening the site gets every published table in the local replica', async ({ openClient, backend }) => {
  const visitor = await openClient({ mode: 'public', pullBatchSize: 50 });
  await visitor.call('awaitInitialPull', PUBLIC_TABLES);
  const { count } = await backend.service
    .from('event_attendees')
    .select('id', { count: 'exact', head: true })
    .eq('_deleted', false);
  // More rows than one pull batch: the checkpoint pages through them.
  expect(count).toBeGreaterThan(50);
  expect(await visitor.call('count', 'event_attendees')).toBe(count);
  const status = await visitor.status();
  expect(status).toMatchObject({ mode: 'public', leader: true, online: true, pendingChanges: 0, errors: [] });
  // A visitor's replica is read-only: nothing could ever be pushed from it.
  const [event] = await visitor.call('all', 'events');
  await expect(visitor.call('patch', 'events', event!.id as string, { title: 'Defaced' })).rejects.toThrow(/read-only/);
  expect(visitor.restRequests.filter((request) => !request.startsWith('GET'))).toEqual([]);
});

test("a visitor's replica fills and follows realtime without one CORS preflight: each pull is one round trip", async ({
  openClient,
  backend,
}) => {
  const proxy = await startCountingProxy(backend.info.url);
  try {
    const visitor = await openClient({
      mode: 'public',
      pullBatchSize: 50,
      backend: new Backend({ ...backend.info, url: proxy.url }),
    });
    await visitor.call('awaitInitialPull', PUBLIC_TABLES);
    // An admin's edit reaches the visitor through realtime, which pulls the table again.
    const event = await backend.createEvent();
    await visitor.waitForDoc('events', event.id as string, (doc) => doc.title === event.title);
    const reads = proxy.requests.filter((request) => request.startsWith('GET /rest/v1/'));
    // Every table, and more than one page of the largest.
    expect(reads.length).toBeGreaterThan(PUBLIC_TABLES.length);
    expect(proxy.requests.filter((request) => request.startsWith('OPTIONS'))).toEqual([]);
  } finally {
    await proxy.close();
  }
});

test('an admin renames an event and a visitor sees it without reloading', async ({ openClient, backend }) => {
  const event = await backend.createEvent();
  const admin = await openClient();
  const visitor = await openClient({ mode: 'public' });
  await visitor.waitForDoc('events', event.id as string, (doc) => doc.title === event.title);
  await admin.waitForDoc('events', event.id as string, () => true);

  await admin.call('patch', 'events', event.id as string, { title: 'Renamed by the admin' });
  await visitor.waitForDoc('events', event.id as string, (doc) => doc.title === 'Renamed by the admin');
  await admin.settled();
  const row = await backend.row('events', event.id as string);
  expect(row).toMatchObject({ title: 'Renamed by the admin', why_attend: ['Peers', 'Ideas'] });
  // The local copy carries the server's stamp of the accepted write.
  const local = await admin.get('events', event.id as string);
  expect(sameInstant(String(local?.modified), String(row!._modified))).toBe(true);

  // An edit of a row that is not there is refused and leaves nothing waiting to sync.
  await expect(admin.call('patch', 'events', crypto.randomUUID(), { title: 'Nowhere' })).rejects.toThrow(
    /does not exist/,
  );
  await admin.settled();
});

test("a change realtime brings whole shows in a visitor's replica before the pull it signals answers; that pull still follows", async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const visitor = await openClient({ mode: 'public' });
  await visitor.waitForDoc('events', id, () => true);
  // Its realtime channel is joined once the pull every join makes (from the checkpoint) went out.
  const fromCheckpoint = (request: string) => request.startsWith('GET ') && /\/rest\/v1\/events\?.*\bor=/.test(request);
  await expect.poll(() => visitor.restRequests.some(fromCheckpoint), { timeout: 30_000 }).toBe(true);
  await visitor.settled();

  // From now on the visitor's pulls of events answer that nothing changed: only the message can
  // bring the change. (A pull left unanswered would hold up the replication's queue behind it.)
  const pullsAfter: string[] = [];
  await visitor.page.route(
    (url) => url.pathname === '/rest/v1/events',
    async (route) => {
      pullsAfter.push(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: '[]',
      });
    },
  );
  await backend.update('events', id, { title: `${String(event.title)} (renamed)` });
  await visitor.waitForDoc('events', id, (doc) => doc.title === `${String(event.title)} (renamed)`);
  await expect.poll(() => pullsAfter.length, { timeout: 10_000 }).toBeGreaterThan(0);
});

test('an admin creates an event with its list of reasons to attend, and the server stores exactly that', async ({
  openClient,
  backend,
}) => {
  const admin = await openClient();
  const suffix = Math.random().toString(36).slice(2, 8);
  const created = await admin.call('insert', 'events', {
    title: `Created in the back office ${suffix}`,
    start_date: '2027-03-01T09:00:00.000Z',
    end_date: '2027-03-01T17:00:00.000Z',
    why_attend: ['Peers', 'Ideas, with a comma', 'Quotes "inside"'],
  });
  const id = created.id as string;
  await expect
    .poll(() => backend.row('events', id).then((row) => row?.why_attend))
    .toEqual(['Peers', 'Ideas, with a comma', 'Quotes "inside"']);
  // The server generated the slug; the local document has it once the push is answered.
  const row = await backend.row('events', id);
  expect(row?.slug).toBe(`created-in-the-back-office-${suffix}`);
  await admin.waitForDoc('events', id, (doc) => doc.slug === `created-in-the-back-office-${suffix}`);
  await admin.settled();
});

test('a visitor whose live connection dropped catches up with what changed meanwhile once it reconnects', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const visitor = await openClient({ mode: 'public' });
  await visitor.waitForDoc('events', id, () => true);
  await visitor.settled();

  // The server cuts every realtime socket; the change happens before the client is back.
  await control('POST', '/realtime/drop');
  await backend.update('events', id, { location: 'Changed while the socket was down' });
  await visitor.waitForDoc('events', id, (doc) => doc.location === 'Changed while the socket was down');
});
