/**
 * A row committed late by a slow transaction is still pulled. The server's change clock
 * (docs/decisions/001-soft-deletes.md) makes every writer to a replicated table wait for the one
 * before it to commit, so a row that commits later always carries a later `_modified` and a pull by
 * checkpoint cannot step over it. This runs on PostgreSQL, where transactions do run side by side
 * (PGlite has a single connection and serialises them anyway).
 */
import { Backend, control, expect, test } from './support/fixtures.ts';
import type { BackendInfo } from './support/serve.ts';

test('an event inserted by a slow transaction reaches a visitor even though another write started after it', async ({
  openClient,
}) => {
  // The first call starts a PostgreSQL cluster and a backend on it.
  test.slow();
  const backend = new Backend(await control<BackendInfo>('POST', '/postgres'));
  const visitor = await openClient({ mode: 'public', backend });
  await visitor.call('awaitInitialPull', ['events']);

  // A transaction inserts an event and stays open.
  const slowId = crypto.randomUUID();
  const { handle } = await control<{ handle: string }>('POST', '/transactions', {
    sql: `insert into public.events (id, title, start_date, end_date)
          values ($1, 'Committed late', now() + interval '40 days', now() + interval '41 days')`,
    params: [slowId],
  });
  let handleCommitted = false;
  try {
    // Meanwhile an admin's app writes another event through the API.
    const fast = backend.createEvent({ title: 'Written while the slow one was open' });
    // It waits for the slow transaction (or, were the clock broken, commits at once).
    await expect
      .poll(async () => {
        const { waiting } = await control<{ waiting: number }>('GET', '/postgres/lock-waits');
        const done = await Promise.race([fast.then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]);
        return waiting > 0 || done;
      })
      .toBe(true);
    // The visitor pulls in between: whatever it gets, its checkpoint must not pass the slow row.
    const pullsBefore = visitor.restRequests.length;
    await visitor.call('resync');
    await expect.poll(() => visitor.restRequests.length).toBeGreaterThan(pullsBefore);
    await visitor.settled();
    expect(await visitor.get('events', slowId)).toBeNull();

    await control('POST', '/transactions/commit', { handle });
    handleCommitted = true;
    const fastRow = await fast;
    await visitor.waitForDoc('events', fastRow.id as string, () => true);
    await visitor.waitForDoc('events', slowId, (doc) => doc.title === 'Committed late');
  } finally {
    if (!handleCommitted) await control('POST', '/transactions/commit', { handle });
  }
});
