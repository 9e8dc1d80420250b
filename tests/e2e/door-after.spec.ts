/**
 * Issue 16, after the door: name badges for an event's guests, shown on screen and printed one per
 * label or eight per A4 sheet with nothing of the back office on the paper; and the attendance
 * report of an event with a check-in, an undone check-in, a walk-in and a no-show: its counts, its
 * CSV file, and 'Mark checked-in guests as past attendees', which changes exactly the rows of those
 * who came on the server, once. Each test makes its own event through the admin API.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { addToEvent, createAttendee, createEvent, type AttendeeRow, type EventRow } from './support/builders.ts';
import { axe, daysFromNow, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
/** For what reaches the backend through the sync engine. */
const eventually = expect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 180_000 });

/** Walk-ins' addresses: the server made an attendee for each, deleted after the test. */
const walkInEmails: string[] = [];

test.afterEach(async ({ api }) => {
  for (const email of walkInEmails.splice(0)) {
    const { error } = await api.admin.from('attendees').delete().eq('email', email);
    if (error) throw new Error(`cleanup ${email}: ${error.message}`);
  }
});

/** An event today with `count` current attendees, each with a job title and a company. */
async function eventWithGuests(api: Api, count: number): Promise<{ event: EventRow; guests: AttendeeRow[] }> {
  const event = await createEvent(api, { start_date: daysFromNow(0, 8), end_date: daysFromNow(0, 18) });
  const guests: AttendeeRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const guest = await createAttendee(api, {
      name: unique(`Guest ${String.fromCharCode(65 + index)}`),
      job_title: 'Chief Data Officer',
      company: `Company ${index + 1}`,
    });
    await addToEvent(api, event.id, guest.id);
    guests.push(guest);
  }
  return { event, guests };
}

/** A check-in made on the server as a door phone's push makes it. */
function checkIn(api: Api, event: EventRow, row: Record<string, unknown>) {
  return api.create<{ id: string }>('check_ins', {
    id: crypto.randomUUID(),
    event_id: event.id,
    device_id: 'e2e-device',
    device_label: 'E2E desk',
    checked_in_at: new Date().toISOString(),
    ...row,
  });
}

async function open(page: Page, path: string): Promise<void> {
  await openAsAdmin(page, path);
  await waitForAdminReplica(page);
}

const badges = (page: Page) => page.locator('[data-badge]');
const badgePages = (page: Page) => page.locator('[data-badge-page]');

test("the badges page shows the event's guests and prints one per label or eight per A4 sheet, without the back office", async ({
  page,
  api,
}) => {
  const { event, guests } = await eventWithGuests(api, 10);
  await open(page, `/admin/check-in/badges?event=${event.id}`);

  await expect(page.getByRole('heading', { name: 'Name badges', exact: true })).toBeVisible();
  await expect(badges(page)).toHaveCount(10);
  for (const guest of guests) {
    const badge = page.getByRole('article', { name: `Badge of ${guest.name}` });
    await expect(badge).toContainText(guest.name);
    await expect(badge).toContainText('Chief Data Officer');
    await expect(badge).toContainText(event.title);
    await expect(badge).toContainText('CDO Vision');
  }
  expect(await axe(page)).toEqual([]);

  // One badge per label: ten printed pages of 4 x 3 in.
  await expect(page.getByRole('radio', { name: /^Label/ })).toBeChecked();
  await page.emulateMedia({ media: 'print' });
  await expect(badgePages(page)).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Admin Panel' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const label = await badgePages(page).first().boundingBox();
  expect(label && Math.round(label.width)).toBe(384);
  expect(label && Math.round(label.height)).toBe(288);

  // A4: eight badges on the first sheet, two on the second.
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('radio', { name: /^A4 sheet/ }).check();
  await expect(page).toHaveURL(/layout=a4/);
  await page.emulateMedia({ media: 'print' });
  await expect(badgePages(page)).toHaveCount(2);
  await expect(badgePages(page).nth(0).locator('[data-badge]')).toHaveCount(8);
  await expect(badgePages(page).nth(1).locator('[data-badge]')).toHaveCount(2);
  await expect(badges(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeHidden();
  await expect(page.getByRole('radio', { name: /^A4 sheet/ })).toBeHidden();
  const sheet = await badgePages(page).first().boundingBox();
  expect(sheet && Math.round(sheet.width)).toBe(794);

  // One guest's badge.
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`/admin/check-in/badges?event=${event.id}&guest=${guests[3]!.id}`);
  await expect(page.getByRole('heading', { name: `Badge: ${guests[3]!.name}` })).toBeVisible();
  await expect(badges(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Badges for every guest' })).toBeVisible();

  // A walk-in's badge link, taken on a phone before the server linked her to an attendee, opened after.
  const walkInName = unique('Walk In Badge');
  const walkInEmail = `walk-in-badge-${Date.now().toString(36)}@door.example`;
  walkInEmails.push(walkInEmail);
  await checkIn(api, event, { walk_in_name: walkInName, walk_in_email: walkInEmail });
  await page.goto(`/admin/check-in/badges?event=${event.id}&guest=${encodeURIComponent(`walk-in:${walkInEmail}`)}`);
  await expect(page.getByRole('heading', { name: `Badge: ${walkInName}` })).toBeVisible();
  await expect(badges(page)).toHaveCount(1);
  await expect(badges(page)).toContainText(walkInName);
});

test('the attendance report counts a check-in, an undo, a walk-in and a no-show, exports them, and marks who came as past attendees once', async ({
  page,
  api,
}) => {
  const { event, guests } = await eventWithGuests(api, 3);
  const [came, undone, noShow] = guests as [AttendeeRow, AttendeeRow, AttendeeRow];
  await checkIn(api, event, { attendee_id: came.id, checked_in_at: '2026-11-27T08:15:00.000Z' });
  const mistaken = await checkIn(api, event, { attendee_id: undone.id });
  await checkIn(api, event, { undoes: mistaken.id });
  const walkInName = unique('Walk In');
  const walkInEmail = `walk-in-${Date.now().toString(36)}@door.example`;
  walkInEmails.push(walkInEmail);
  await checkIn(api, event, {
    device_label: 'Door phone 2',
    checked_in_at: '2026-11-27T08:05:00.000Z',
    walk_in_name: walkInName,
    walk_in_email: walkInEmail,
    walk_in_company: 'Walk Co',
  });

  await open(page, `/admin/check-in/report?event=${event.id}`);
  await expect(page.getByRole('heading', { name: 'Attendance report', exact: true })).toBeVisible();
  const counts = page.getByRole('definition');
  await expect(counts).toHaveText(['2 of 4', '1', '2']);
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row(came.name)).toContainText('Checked in');
  await expect(row(came.name)).toContainText('E2E desk');
  await expect(row(walkInName)).toContainText('Walk-in');
  await expect(row(walkInName)).toContainText('Door phone 2');
  await expect(row(undone.name)).toContainText('No-show');
  await expect(row(noShow.name)).toContainText('No-show');
  expect(await axe(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`attendance-${event.slug}.csv`);
  const bytes = await readFile((await download.path())!);
  // UTF-8 with a byte-order mark, which Excel needs; no cell of these guests needs quotes.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines).toEqual([
    'name,email,company,job_title,attendance,checked_in_at,device',
    `${walkInName},${walkInEmail},Walk Co,,Walk-in,2026-11-27T08:05:00.000Z,Door phone 2`,
    `${came.name},${came.email},Company 1,Chief Data Officer,Checked in,2026-11-27T08:15:00.000Z,E2E desk`,
    // The no-shows by name: 'Guest B ...' before 'Guest C ...'.
    `${undone.name},${undone.email},Company 2,Chief Data Officer,No-show,,`,
    `${noShow.name},${noShow.email},Company 3,Chief Data Officer,No-show,,`,
    '',
  ]);

  const typeOnServer = async () => {
    const { data, error } = await api.admin
      .from('event_attendees')
      .select('attendee_id, attendee_type')
      .eq('event_id', event.id)
      .eq('_deleted', false);
    if (error) throw new Error(error.message);
    return Object.fromEntries(
      (data as { attendee_id: string; attendee_type: string }[]).map((link) => [link.attendee_id, link.attendee_type]),
    );
  };
  const walkIn = await api.admin.from('attendees').select('id').eq('email', walkInEmail).single();
  const walkInId = (walkIn.data as { id: string }).id;

  // Offline: the change is made on the device and reaches the server once the connection is back.
  await page.context().setOffline(true);
  const mark = page.getByRole('button', { name: 'Mark checked-in guests as past attendees' });
  await mark.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark as past attendees' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'marked as past' })).toHaveText(
    '2 guests marked as past attendees of this event.',
  );
  expect(Object.values(await typeOnServer())).toEqual(['current', 'current', 'current', 'current']);
  await page.context().setOffline(false);
  await eventually.poll(typeOnServer).toEqual({
    [came.id]: 'past',
    [walkInId]: 'past',
    [undone.id]: 'current',
    [noShow.id]: 'current',
  });
  // The report is the same, and a second run changes nothing.
  await expect(counts).toHaveText(['2 of 4', '1', '2']);
  await mark.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark as past attendees' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing to change' })).toBeVisible();
  await waitForAdminReplica(page);
  expect(Object.values(await typeOnServer()).sort()).toEqual(['current', 'current', 'past', 'past']);
});

test("the check-in screen prints the badge of the guest just checked in and links to the event's badges and report", async ({
  page,
  api,
}) => {
  const { event, guests } = await eventWithGuests(api, 2);
  const [arriving, other] = guests as [AttendeeRow, AttendeeRow];
  await open(page, `/admin/check-in?event=${event.id}`);

  await page.getByRole('button', { name: `Check in ${arriving.name}` }).click();
  await page.getByRole('link', { name: `Print badge of ${arriving.name}` }).click();
  await expect(page.getByRole('heading', { name: `Badge: ${arriving.name}` })).toBeVisible();
  await expect(badges(page)).toHaveCount(1);
  await expect(page.getByRole('article', { name: `Badge of ${arriving.name}` })).toContainText(event.title);

  await page.goBack();
  await page.getByRole('link', { name: 'Badges', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Name badges', exact: true })).toBeVisible();
  await expect(badges(page)).toHaveCount(2);
  await expect(page.getByRole('article', { name: `Badge of ${other.name}` })).toBeVisible();

  await page.goBack();
  await page.getByRole('link', { name: 'Attendance report', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Attendance report', exact: true })).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText(['1 of 2', '0', '1']);
});
