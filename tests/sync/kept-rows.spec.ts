/**
 * A visitor's replica filled from rows kept apart from it (a first visit's service worker keeps every
 * public row at its install: docs/decisions/016-offline-from-the-first-visit.md): what a visit cut
 * short never pulled is readable offline, marked as of when it was kept, and never outlives the
 * server's own rows once the replica pulls.
 */
import type { TableName } from './support/driver.ts';
import { Backend, expect, test } from './support/fixtures.ts';

/** Every public row as the service worker's install fetches it (public_rows, anon). */
async function publicRows(backend: Backend): Promise<Record<string, unknown[]>> {
  const response = await fetch(`${backend.info.url}/rest/v1/rpc/public_rows`, {
    method: 'POST',
    headers: {
      apikey: backend.info.anonKey,
      authorization: `Bearer ${backend.info.anonKey}`,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown[]>;
}

/** A backend nobody answers at: a visitor whose connection is gone. */
function unreachable(backend: Backend): Backend {
  return new Backend({ ...backend.info, url: 'http://127.0.0.1:9' });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

test('offline, a replica that never pulled is filled from the kept rows as it starts, and says they are as old as they are', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const kept = { rows: await publicRows(backend), at: minutesAgo(3) };
  const visitor = await openClient({ mode: 'public', backend: unreachable(backend), keptRows: kept });

  await visitor.waitForDoc('events', event.id as string, (doc) => doc.title === event.title);
  const tables = Object.keys(kept.rows) as TableName[];
  await expect.poll(async () => (await visitor.status()).offlineReady).toBe(true);
  for (const table of tables) {
    expect(await visitor.call('count', table), table).toBe(kept.rows[table]!.length);
    expect(await visitor.call('pulledAt', table), table).toBe(kept.at);
  }
  // Nothing of the visitor's is written anywhere: the replica stays read-only otherwise.
  await expect(visitor.call('patch', 'events', event.id as string, { title: 'Defaced' })).rejects.toThrow(/read-only/);
});

test("rows kept after the replica's page opened fill nothing as it starts (that visit's pulls bring them), only when the page asks", async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const kept = { rows: await publicRows(backend), at: new Date(Date.now() + 60_000).toISOString() };
  const visitor = await openClient({ mode: 'public', backend: unreachable(backend), keptRows: kept });
  // It leads and has started its first pulls (they get no answer): past the moment it could fill.
  await expect.poll(async () => (await visitor.status()).syncing).toBe(true);
  expect(await visitor.call('count', 'events')).toBe(0);
  expect(await visitor.call('pulledAt', 'events')).toBeNull();

  await visitor.call('fillFromKeptRows');
  await visitor.waitForDoc('events', event.id as string, (doc) => doc.title === event.title);
  expect(await visitor.call('pulledAt', 'events')).toBe(kept.at);
});

test("online, the first pull brings the server's rows over the kept ones: a row renamed or deleted since it was kept shows as the server has it", async ({
  openClient,
  backend,
}) => {
  const renamed = await backend.createEvent();
  const deleted = await backend.createEvent();
  const kept = { rows: await publicRows(backend), at: minutesAgo(5) };
  await backend.update('events', renamed.id as string, { title: `${String(renamed.title)} (renamed)` });
  // Deleted as the back office deletes: a tombstone (decision 001).
  await backend.update('events', deleted.id as string, { _deleted: true });

  const visitor = await openClient({ mode: 'public', keptRows: kept });
  await visitor.call('awaitInitialPull', ['events']);
  await visitor.waitForDoc('events', renamed.id as string, (doc) => doc.title === `${String(renamed.title)} (renamed)`);
  await expect.poll(() => visitor.call('get', 'events', deleted.id as string)).toBeNull();
  // Pulled in this session: as fresh as anything the page fetched itself. (The time is recorded just
  // after the first pull ends, so it may land a moment after the rows.)
  await expect.poll(() => visitor.call('pulledAt', 'events')).not.toBe(kept.at);
});
