/**
 * Issue 15, 'Invite a list': an admin pastes (or picks) a CSV list of people to invite to an event,
 * sees what each row will do, invites, and reads a report; the requests reach the backend with
 * status 'invited' and the server links each invited guest to the event as an attendee. Online, and
 * once offline with the sync after reconnecting.
 */
import type { Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { axe, daysFromNow, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

// Local writes and their answers can take seconds while other suites load the machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });
/** For what reaches the backend through the sync engine. */
const eventually = expect.configure({ timeout: 45_000 });

type RequestRow = { email: string; status: string; attendee_id: string | null };

/** A unique, lower-case e-mail address. */
function uniqueEmail(prefix: string): string {
  return `${unique(prefix).replace(/\s+/g, '.').toLowerCase()}@example.org`;
}

/** Attendees the server made for invited guests are deleted by e-mail after the test. */
const linkedEmails: string[] = [];
test.afterEach(async ({ api }) => {
  for (const email of linkedEmails.splice(0)) {
    const { error } = await api.admin.from('attendees').delete().eq('email', email);
    if (error) throw new Error(`cleanup ${email}: ${error.message}`);
  }
});

/** An upcoming event with a request in each of `statuses`, made on the server. */
async function eventWithRequests(api: Api, statuses: readonly string[]) {
  const event = await api.create<{ id: string; title: string }>('events', {
    title: unique('Invite List Dinner'),
    start_date: daysFromNow(40),
    end_date: daysFromNow(41),
  });
  const requests: Record<string, { name: string; email: string }> = {};
  for (const status of statuses) {
    const request = { name: unique(`Asked ${status}`), email: uniqueEmail(`asked-${status}`) };
    await api.create('invite_requests', { event_id: event.id, ...request, consent: true, status });
    requests[status] = request;
    linkedEmails.push(request.email);
  }
  return { event, requests };
}

async function openInviteDialog(page: Page, eventId: string) {
  await openAsAdmin(page, '/admin/invitations');
  await waitForAdminReplica(page);
  await page.getByRole('button', { name: 'Invite guests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite guests' });
  await dialog.getByLabel('Event').selectOption(eventId);
  return dialog;
}

function previewRow(page: Page, text: string) {
  return page.getByRole('table', { name: 'Invitation preview' }).getByRole('row').filter({ hasText: text });
}

async function serverRequests(api: Api, eventId: string): Promise<Map<string, RequestRow>> {
  const { data, error } = await api.admin
    .from('invite_requests')
    .select('email, status, attendee_id')
    .eq('event_id', eventId)
    .eq('_deleted', false);
  if (error) throw new Error(error.message);
  return new Map((data as RequestRow[]).map((row) => [row.email, row]));
}

/** The attendees linked to the event as current attendees. */
async function currentAttendeeIds(api: Api, eventId: string): Promise<string[]> {
  const { data, error } = await api.admin
    .from('event_attendees')
    .select('attendee_id')
    .eq('event_id', eventId)
    .eq('attendee_type', 'current')
    .eq('_deleted', false);
  if (error) throw new Error(error.message);
  return (data as { attendee_id: string }[]).map((row) => row.attendee_id).sort();
}

/** The statuses of `emails` on the server, in order (undefined for an address without a request). */
async function statusesOf(api: Api, eventId: string, emails: readonly string[]) {
  const requests = await serverRequests(api, eventId);
  return emails.map((email) => requests.get(email)?.status);
}

/** Checks that every invited request of `emails` is linked to an attendee that is a current attendee of the event. */
async function expectLinkedAsAttendees(api: Api, eventId: string, emails: readonly string[]) {
  await eventually
    .poll(async () => {
      const requests = await serverRequests(api, eventId);
      const linked = emails.map((email) => requests.get(email)?.attendee_id ?? null);
      if (linked.includes(null)) return 'not linked yet';
      const onEvent = new Set(await currentAttendeeIds(api, eventId));
      return linked.every((id) => id !== null && onEvent.has(id)) ? 'linked' : 'not on the event';
    })
    .toBe('linked');
}

test('admin pastes a list to invite: the preview marks each row, the report says what was done, and invited guests become attendees of the event', async ({
  page,
  api,
}) => {
  const { event, requests } = await eventWithRequests(api, ['pending', 'declined', 'approved']);
  const newGuest = { name: unique('Csv Guest'), email: uniqueEmail('csv-guest') };
  linkedEmails.push(newGuest.email);
  const dialog = await openInviteDialog(page, event.id);

  // Headings as a spreadsheet names them; addresses in any case.
  const csv = [
    'Name,E-mail,Company,Job Title,LinkedIn URL',
    `${newGuest.name},${newGuest.email.toUpperCase()},"New Co, Ltd",Chief Data Officer,https://www.linkedin.com/in/csv-guest`,
    `${requests.pending!.name},${requests.pending!.email.toUpperCase()},,,`,
    `${requests.declined!.name},${requests.declined!.email},,,`,
    `${requests.approved!.name},${requests.approved!.email},,,`,
    `Second Copy,${newGuest.email},,,`,
    'Bad Mail,not-an-address,,,',
    ',nameless@example.org,,,',
    'Bad Link,bad-link@example.org,,,linkedin dot com',
  ].join('\r\n');
  await dialog.getByLabel('Guests (CSV)').fill(csv);

  await expect(
    dialog.getByText('3 to invite (2 of them asked already), 1 approved or invited already, 3 invalid, 1 duplicate'),
  ).toBeVisible();
  await expect(previewRow(page, newGuest.name)).toContainText('Will be invited');
  await expect(previewRow(page, newGuest.name)).toContainText('New Co, Ltd');
  await expect(previewRow(page, requests.pending!.name)).toContainText(
    'Already on the list (pending): will be invited',
  );
  await expect(previewRow(page, requests.declined!.name)).toContainText(
    'Already on the list (declined): will be invited',
  );
  await expect(previewRow(page, requests.approved!.name)).toContainText('Already on the list (approved): left as is');
  await expect(previewRow(page, 'Second Copy')).toContainText('Duplicate of row 2 in this list');
  await expect(previewRow(page, 'Bad Mail')).toContainText('Invalid: Invalid e-mail address: not-an-address');
  await expect(previewRow(page, 'nameless@example.org')).toContainText('Invalid: Missing name');
  await expect(previewRow(page, 'Bad Link')).toContainText('Invalid: Invalid URL in LinkedIn URL: linkedin dot com');
  expect(await axe(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Invite 3 guests' }).click();
  await expect(dialog.getByText('Done: 1 invited, 2 updated, 5 skipped, 0 failed')).toBeVisible();
  await expect(dialog.getByText('Row 5: Already on the list (approved): left as is')).toBeVisible();
  await expect(dialog.getByText('Row 6: Duplicate of row 2 in this list')).toBeVisible();
  await expect(dialog.getByText('Row 8: Invalid: Missing name')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  const emails = [newGuest.email, requests.pending!.email, requests.declined!.email, requests.approved!.email];
  await eventually.poll(() => statusesOf(api, event.id, emails)).toEqual(['invited', 'invited', 'invited', 'approved']);
  // Nothing of the refused rows reached the backend.
  const stored = await serverRequests(api, event.id);
  expect([...stored.keys()].sort()).toEqual([...emails].sort());
  // The server links each invited guest (and the approved one) to the event as a current attendee.
  await expectLinkedAsAttendees(api, event.id, emails);
  const { data: attendee } = await api.admin
    .from('attendees')
    .select('name, company, job_title')
    .eq('email', newGuest.email)
    .eq('_deleted', false)
    .single();
  expect(attendee).toEqual({ name: newGuest.name, company: 'New Co, Ltd', job_title: 'Chief Data Officer' });
});

test('admin invites a list from a file while offline, and the invitations reach the server after reconnecting', async ({
  page,
  context,
  api,
}) => {
  const { event, requests } = await eventWithRequests(api, ['waitlisted']);
  const guests = [1, 2].map((n) => ({ name: unique(`Offline Guest ${n}`), email: uniqueEmail(`offline-guest-${n}`) }));
  linkedEmails.push(...guests.map((guest) => guest.email));
  const dialog = await openInviteDialog(page, event.id);

  await context.setOffline(true);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /offline/i })
      .first(),
  ).toBeVisible();
  const csv = [
    'name;email;company',
    ...guests.map((guest) => `${guest.name};${guest.email};Offline Ltd`),
    `${requests.waitlisted!.name};${requests.waitlisted!.email};`,
  ].join('\r\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`, 'utf8') });
  await expect(dialog.getByLabel('Guests (CSV)')).toHaveValue(new RegExp(guests[0]!.email));
  await expect(
    dialog.getByText('3 to invite (1 of them asked already), 0 approved or invited already, 0 invalid, 0 duplicates'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Invite 3 guests' }).click();
  await expect(dialog.getByText('Done: 2 invited, 1 updated, 0 skipped, 0 failed')).toBeVisible();

  const emails = [...guests.map((guest) => guest.email), requests.waitlisted!.email];
  // Still offline: nothing has reached the backend.
  expect(await statusesOf(api, event.id, emails)).toEqual([undefined, undefined, 'waitlisted']);

  await context.setOffline(false);
  await eventually.poll(() => statusesOf(api, event.id, emails)).toEqual(['invited', 'invited', 'invited']);
  await expectLinkedAsAttendees(api, event.id, emails);
  // The server's answers come back to the replica: nothing is left waiting to sync.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await waitForAdminReplica(page);
});

test("an event's Invitations tab invites a list to that event, and lists the guests as invited at once", async ({
  page,
  api,
}) => {
  const { event } = await eventWithRequests(api, []);
  const guest = { name: unique('Tab Guest'), email: uniqueEmail('tab-guest') };
  linkedEmails.push(guest.email);
  await openAsAdmin(page, '/admin/events');
  await waitForAdminReplica(page);
  await page.getByRole('button', { name: `Edit ${event.title}` }).click();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Invitations' });

  await tab.getByRole('button', { name: 'Invite guests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite guests' });
  // The event is chosen already.
  await expect(dialog.getByLabel('Event')).toHaveValue(event.id);
  await dialog.getByLabel('Guests (CSV)').fill(`name,email\n${guest.name},${guest.email}\n`);
  await dialog.getByRole('button', { name: 'Invite 1 guest' }).click();
  await expect(dialog.getByText('Done: 1 invited, 0 updated, 0 skipped, 0 failed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const row = tab.getByRole('row').filter({ has: page.getByRole('rowheader', { name: guest.name, exact: true }) });
  await expect(row).toContainText('Invited');
  await eventually.poll(() => statusesOf(api, event.id, [guest.email])).toEqual(['invited']);
  await expectLinkedAsAttendees(api, event.id, [guest.email]);
});
