/**
 * Offline and odd devices: a change made offline survives a reload of the page (the queue lives in
 * IndexedDB, not in memory), and a device whose clock is a day off changes nothing, because the
 * server's clock orders every change.
 */
import { expect, microseconds, test } from './support/fixtures.ts';

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
