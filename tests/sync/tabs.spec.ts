/**
 * One tab per browser replicates: a second tab of the same browser shares the replica (IndexedDB and
 * BroadcastChannel) but sends nothing to the server; its edits are pushed by the leading tab, and
 * when the leading tab closes another one takes over.
 */
import { expect, test } from './support/fixtures.ts';

test('two tabs of one browser: only one replicates, both see the same data', async ({
  openClient,
  openTab,
  backend,
}) => {
  const event = await backend.createEvent();
  const id = event.id as string;
  const first = await openClient();
  await first.waitForDoc('events', id, () => true);
  const second = await openTab(first);

  expect(await first.call('isLeader')).toBe(true);
  expect(await second.call('isLeader')).toBe(false);
  await second.waitForDoc('events', id, () => true);

  // An edit in the second tab is pushed by the first.
  const before = second.restRequests.length;
  await second.call('patch', 'events', id, { title: 'Edited in the second tab' });
  await expect.poll(() => backend.row('events', id).then((row) => row?.title)).toBe('Edited in the second tab');
  await first.waitForDoc('events', id, (doc) => doc.title === 'Edited in the second tab');
  // A change on the server reaches both tabs.
  await backend.update('events', id, { location: 'Changed on the server' });
  await second.waitForDoc('events', id, (doc) => doc.location === 'Changed on the server');
  await first.settled();
  expect(second.restRequests.slice(before)).toEqual([]);
  expect((await second.status()).pendingChanges).toBe(0);

  // The leading tab closes: the other one takes over.
  await first.page.close();
  await expect.poll(() => second.call('isLeader'), { timeout: 15_000 }).toBe(true);
  await backend.update('events', id, { location: 'After the first tab closed' });
  await second.waitForDoc('events', id, (doc) => doc.location === 'After the first tab closed');
});
