/**
 * Writes the server refuses for good are shown, kept and not retried forever: an admin who loses the
 * admin role while offline finds the queued edits refused by row-level security, with the typed data
 * kept in the error list, and the replica back on the server's version. A check the server enforces
 * (a rating of 9 stars) is refused the same way, without holding up the other changes.
 */
import type { Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

test('an admin demoted while offline sees the queued edits refused, with the data kept, and they are not retried', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const user = await backend.createAdmin();
  const admin = await openClient({ credentials: { email: user.email, password: user.password } });
  await admin.waitForDoc('events', id, () => true);

  await admin.goOffline();
  await admin.call('patch', 'events', id, { title: 'Edited before being demoted' });
  const created = await admin.call('insert', 'events', {
    title: 'Created before being demoted',
    start_date: '2027-06-01T09:00:00.000Z',
    end_date: '2027-06-01T17:00:00.000Z',
  });
  await backend.demote(user.id);
  await admin.goOnline();

  await expect
    .poll(() => admin.status().then((status) => status.errors.filter((e) => e.kind === 'refused').length))
    .toBe(2);
  await admin.settled();
  const errors = (await admin.status()).errors;
  const edit = errors.find((e) => e.id === id);
  expect(edit).toMatchObject({ kind: 'refused', table: 'events', code: '42501' });
  expect(edit?.local?.title).toBe('Edited before being demoted');
  const insert = errors.find((e) => e.id === created.id);
  expect(insert).toMatchObject({ kind: 'refused', table: 'events', code: '42501' });
  expect(insert?.local?.title).toBe('Created before being demoted');

  // The replica is back on the server's version; nothing reached the server.
  await admin.waitForDoc('events', id, (doc) => doc.title === event.title);
  await admin.waitForDoc('events', created.id as string, null);
  expect((await backend.row('events', id))?.title).toBe(event.title);
  expect(await backend.row('events', created.id as string)).toBeNull();

  // Not retried: another full round sends nothing more.
  const writes = () => admin.restRequests.filter((r) => !r.startsWith('GET') && !r.startsWith('HEAD')).length;
  const sent = writes();
  const pulls = admin.restRequests.length;
  await admin.call('resync');
  await expect.poll(() => admin.restRequests.length).toBeGreaterThan(pulls);
  await admin.settled();
  expect(writes()).toBe(sent);

  // Once read, the admin dismisses them.
  for (const entry of await admin.call('errors')) await admin.call('dismissError', entry.key);
  expect((await admin.status()).errors).toEqual([]);
});

test('a change the server refuses by a check is shown and the other changes still go through', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const testimonial = await backend.insert('testimonials', {
    event_id: event.id,
    name: 'Grace',
    quote: 'Worth the trip.',
    rating: 5,
  });
  const admin = await openClient();
  await admin.waitForDoc('testimonials', testimonial.id as string, () => true);
  await admin.waitForDoc('events', event.id as string, () => true);

  await admin.goOffline();
  await admin.call('patch', 'testimonials', testimonial.id as string, { rating: 9 });
  await admin.call('patch', 'events', event.id as string, { location: 'Still goes through' });
  await admin.goOnline();

  await expect
    .poll(() => backend.row('events', event.id as string).then((row) => row?.location))
    .toBe('Still goes through');
  await expect
    .poll(() => admin.status().then((status) => status.errors.find((e) => e.kind === 'refused')?.code))
    .toBe('23514');
  await admin.waitForDoc('testimonials', testimonial.id as string, (doc) => doc.rating === 5);
  await admin.settled();
  const [refused] = (await admin.status()).errors;
  expect(refused?.local?.rating).toBe(9);
  expect((await backend.row('testimonials', testimonial.id as string))?.rating).toBe(5);
});

test('a session made with its new event waits for the event when the session reaches the server first', async ({
  openClient,
  backend,
}) => {
  const admin = await openClient();
  await admin.call('awaitInitialPull', ['events', 'sessions']);
  // Tables push side by side: the event's request is held until the session's has had its answer.
  let sessionAnswered!: () => void;
  const sessionTried = new Promise<void>((resolve) => (sessionAnswered = resolve));
  const sessionStatuses: number[] = [];
  await admin.page.route(`${admin.options.supabaseUrl}/rest/v1/sessions*`, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    sessionStatuses.push(response.status());
    sessionAnswered();
    return route.fulfill({ response });
  });
  await admin.page.route(`${admin.options.supabaseUrl}/rest/v1/events*`, async (route: Route) => {
    if (route.request().method() === 'POST') await sessionTried;
    return route.fallback();
  });

  const event = await admin.call('insert', 'events', {
    title: `Made with its programme ${Date.now()}`,
    start_date: '2027-06-01T09:00:00.000Z',
    end_date: '2027-06-01T17:00:00.000Z',
  });
  const session = await admin.call('insert', 'sessions', {
    event_id: event.id,
    title: 'Opening keynote',
    start_time: '2027-06-01T09:00:00.000Z',
    end_time: '2027-06-01T10:00:00.000Z',
  });

  await expect
    .poll(() => backend.row('sessions', session.id as string).then((row) => row?.title))
    .toBe('Opening keynote');
  await admin.settled();
  expect(sessionStatuses[0]).toBe(409); // The first try was refused: the event was not there yet.
  expect(await admin.get('sessions', session.id as string)).toMatchObject({ event_id: event.id });
  expect((await admin.status()).errors).toEqual([]);
});
