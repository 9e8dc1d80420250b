/**
 * A bulk edit (issue 15: an admin approves many requests for an invite at once) is one local write
 * and a push that sends each batch of its identical updates in one request. Those updates cannot
 * depend on each other, but other writes can depend on earlier ones, so they still go one by one in
 * the order they were made; and a row someone else changed meanwhile is still a conflict, kept for
 * the admin.
 */
import { expect, test } from './support/fixtures.ts';

test('an admin approves 30 requests in one go offline; all reach the server except one another admin declined meanwhile, which is kept as a conflict', async ({
  openClient,
  backend,
}) => {
  const event = await backend.createEvent();
  const requests = [];
  for (let n = 0; n < 30; n += 1) {
    requests.push(
      await backend.insert('invite_requests', {
        event_id: event.id,
        name: `Bulk Guest ${n}`,
        email: `bulk.guest.${n}.${Date.now()}@example.org`,
        consent: true,
      }),
    );
  }
  const ids = requests.map((request) => request.id as string);
  const overtaken = ids[7]!;
  const admin = await openClient();
  for (const id of ids) await admin.waitForDoc('invite_requests', id, (doc) => doc.status === 'pending');

  await admin.goOffline();
  const { missing } = await admin.call(
    'patchMany',
    'invite_requests',
    [...ids, '00000000-0000-4000-8000-000000000000'].map((id) => ({ id, patch: { status: 'approved' } })),
  );
  expect(missing).toEqual(['00000000-0000-4000-8000-000000000000']);
  expect((await admin.status()).pendingChanges).toBe(30);
  expect(await admin.get('invite_requests', overtaken)).toMatchObject({ status: 'approved' });
  await backend.update('invite_requests', overtaken, { status: 'declined' });

  const before = admin.restRequests.length;
  await admin.goOnline();
  await admin.settled();
  // Thirty rows in pushes of at most 25: two requests, and one more for the overtaken row, which is
  // tried alone to find out why the server did not take it.
  const updates = admin.restRequests.slice(before).filter((request) => request.startsWith('PATCH '));
  expect(updates.length).toBeLessThanOrEqual(4);
  for (const id of ids) {
    const row = await backend.row('invite_requests', id);
    if (id === overtaken) expect(row).toMatchObject({ status: 'declined', attendee_id: null });
    else expect(row).toMatchObject({ status: 'approved', attendee_id: expect.any(String) });
  }
  const conflicts = await admin.call('conflicts');
  expect(conflicts).toHaveLength(1);
  expect(conflicts[0]).toMatchObject({ table: 'invite_requests', docId: overtaken, fields: ['status'] });
  expect(conflicts[0]!.local.status).toBe('approved');
  expect(await admin.get('invite_requests', overtaken)).toMatchObject({ status: 'declined' });
  expect((await admin.status()).pendingChanges).toBe(0);
});

test('edits that depend on the one before still reach the server in order: a slug freed by one event and taken by the next', async ({
  openClient,
  backend,
}) => {
  const first = await backend.createEvent();
  const second = await backend.createEvent();
  const slug = first.slug as string;
  const admin = await openClient();
  await admin.waitForDoc('events', second.id as string, () => true);

  await admin.goOffline();
  await admin.call('patch', 'events', first.id as string, { slug: `${slug}-old` });
  await admin.call('patch', 'events', second.id as string, { slug });
  await admin.goOnline();
  await admin.settled();
  expect(await backend.row('events', first.id as string)).toMatchObject({ slug: `${slug}-old` });
  expect(await backend.row('events', second.id as string)).toMatchObject({ slug });
  expect(await admin.call('errors')).toEqual([]);
});
