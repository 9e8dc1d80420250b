/**
 * Attendee e-mail is personal data (docs/decisions/002-attendee-email.md): a visitor's replica is
 * filled with the anon key and must never hold it, not in a document, not anywhere in the browser's
 * storage. An admin's replica does hold it.
 */
import { expect, test } from './support/fixtures.ts';
import { TABLES } from './support/driver.ts';

test("a visitor's replica holds the attendees but none of their e-mail addresses", async ({ openClient, backend }) => {
  const { data: attendees } = await backend.service.from('attendees').select('id,name,email').eq('_deleted', false);
  expect(attendees!.length).toBeGreaterThan(0);

  const visitor = await openClient({ mode: 'public' });
  await visitor.call('awaitInitialPull', TABLES);
  const local = await visitor.call('all', 'attendees');
  expect(local).toHaveLength(attendees!.length);
  expect(local.filter((doc) => 'email' in doc)).toEqual([]);

  const stored = await visitor.call('dumpBrowserStorage');
  expect(stored).toContain(attendees![0]!.name as string);
  const leaked = attendees!.filter((a) => stored.toLowerCase().includes(String(a.email).toLowerCase()));
  expect(leaked).toEqual([]);
  // Not even an empty e-mail field in a stored attendee document (the schema may name the field).
  const attendeeStores = stored.split('\n').filter((line) => /--attendees\/docs:|rx-replication-meta/.test(line));
  expect(attendeeStores.length).toBeGreaterThan(0);
  expect(attendeeStores.filter((line) => /"email":"/.test(line))).toEqual([]);
  // The pulls never even asked for the column.
  const attendeeReads = visitor.restRequests.filter((r) => r.includes('/rest/v1/attendees'));
  expect(attendeeReads.length).toBeGreaterThan(0);
  for (const read of attendeeReads) expect(decodeURIComponent(read)).not.toMatch(/[?&,(]email\b|select=\*/);
});

test("an admin's replica has the e-mail addresses", async ({ openClient, backend }) => {
  const attendee = await backend.insert('attendees', { name: 'Ada Lovelace', email: 'ada.sync@example.org' });
  const admin = await openClient();
  await admin.waitForDoc('attendees', attendee.id as string, (doc) => doc.email === 'ada.sync@example.org');
});
