/**
 * The venue Wi-Fi drops in the middle of a push: before the request reaches the server, or after
 * the server committed but before its answer arrives. Either way the admin's change lands exactly
 * once and the browser ends with the server's version, with no conflict and no error left behind.
 */
import type { Route } from '@playwright/test';
import { expect, sameInstant, test, type Backend, type SyncClient } from './support/fixtures.ts';

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
