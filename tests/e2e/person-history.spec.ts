/**
 * A guest's story across the series (issue 32), as an admin finds it. From the Attendees list,
 * narrowed by edition, no-show and name, the admin opens a person's page: every edition they asked
 * for, attended (checked in: when, on which device, on the venue's clock) or missed, the counts at
 * a glance, and clears a no-show with a reason. The list's CSV carries the same counts. The browser
 * runs in Los Angeles's zone, so every date and time shown is the venue's, not the machine's.
 */
import { readFile } from 'node:fs/promises';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { addToEvent, createAttendee, createEvent } from './support/builders.ts';
import { axe, expect as baseExpect, test, unique } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ timezoneId: 'America/Los_Angeles' });

const daysAgo = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000).toISOString();

test("an admin finds a guest's history across editions, clears a no-show with a reason, and the list and its CSV say the same", async ({
  page,
  api,
}) => {
  const company = unique('Northwind Analytics');
  const guest = await createAttendee(api, { name: unique('Grace Series'), company, job_title: 'Chief Data Officer' });
  const other = await createAttendee(api, { name: unique('Alan Door'), company });
  // Lisbon, 00:30 on Wednesday 1 April 2026 on the venue's clock (summer time), 31 March in Los Angeles.
  const lisbon = await createEvent(api, {
    title: unique('Lisbon Dinner'),
    location: 'Palácio do Chiado, Lisbon',
    time_zone: 'Europe/Lisbon',
    start_date: '2026-03-31T23:30:00Z',
    end_date: '2026-04-01T03:00:00Z',
  });
  await addToEvent(api, lisbon.id, guest.id);
  await api.create('check_ins', {
    event_id: lisbon.id,
    attendee_id: guest.id,
    device_id: 'e2e-front-desk',
    device_label: 'Front desk',
    checked_in_at: '2026-03-31T23:40:00Z',
  });
  // Boston in 2025, before the door was used: on the list as a past attendee.
  const boston = await createEvent(api, {
    title: unique('Boston Summit'),
    location: 'Seaport Hall, Boston',
    time_zone: 'America/New_York',
    start_date: '2025-05-01T13:00:00Z',
    end_date: '2025-05-01T21:00:00Z',
  });
  await addToEvent(api, boston.id, guest.id, 'past');
  // Paris, three weeks ago: expected, and the door checked in someone else but not them.
  const paris = await createEvent(api, {
    title: unique('Paris Roundtable'),
    location: 'Salon Haussmann, Paris',
    time_zone: 'Europe/Paris',
    start_date: daysAgo(21, 4),
    end_date: daysAgo(21),
  });
  await addToEvent(api, paris.id, guest.id);
  await addToEvent(api, paris.id, other.id);
  await api.create('check_ins', {
    event_id: paris.id,
    attendee_id: other.id,
    device_id: 'e2e-front-desk',
    checked_in_at: daysAgo(21, 3),
  });
  // An upcoming edition they asked for and were declined.
  const upcoming = await createEvent(api, { title: unique('Tokyo Summit'), time_zone: 'Asia/Tokyo' });
  await api.create('invite_requests', {
    event_id: upcoming.id,
    name: guest.name,
    email: guest.email,
    consent: true,
    status: 'declined',
  });

  await openAsAdmin(page, '/admin/attendees');
  await waitForAdminReplica(page);
  const filters = page.getByRole('region', { name: 'Filter attendees' });
  await filters.getByLabel('Company').fill(company);
  await expect(filters.getByRole('status')).toContainText('2 of');
  // Attended Lisbon: only the guest; a no-show in the last year: only the guest too.
  await filters.getByLabel('Attended edition').selectOption({ label: `${lisbon.title}, Wednesday, 1 April 2026` });
  const rows = page.getByRole('row').filter({ hasText: company });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(guest.name);
  await expect(rows.first()).toContainText('Lisbon, April 2026');
  await expect(rows.first()).toContainText('1 of last 3');
  await filters.getByLabel('Attended edition').selectOption({ label: 'Any edition' });
  await filters.getByLabel('No-show in the last year').check();
  await expect(rows).toHaveCount(1);
  await filters.getByLabel('No-show in the last year').uncheck();
  await filters.getByLabel('Attended at least').selectOption({ label: '2 editions' });
  await expect(rows).toHaveCount(1);
  await filters.getByLabel('Attended at least').selectOption({ label: 'Any number of editions' });
  await filters.getByLabel('Sort by').selectOption({ label: 'Last attended' });
  await expect(rows).toHaveCount(2);
  // Alan came to Paris three weeks ago, Grace last to Lisbon in April.
  await expect(rows.nth(0)).toContainText(other.name);
  await expect(rows.nth(1)).toContainText(guest.name);
  expect(await axe(page)).toEqual([]);

  // The CSV carries the list as narrowed, with the counts.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(other.email);
  expect(lines[2]).toContain(guest.email);
  expect(lines[2]).toMatch(new RegExp(`,2,${lisbon.title},2026-04-01,1 of 3,yes$`));

  // The person's page, from their name.
  await rows.nth(1).getByRole('link', { name: guest.name }).click();
  await expect(page).toHaveURL(/\/admin\/person\?id=/);
  await expect(page.getByRole('heading', { level: 2, name: guest.name })).toBeVisible();
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance).toContainText('2 editions attended, last in Lisbon, April 2026');
  await expect(glance).toContainText('No-show 1 of the last 3');
  const history = page.getByRole('table').filter({ hasText: 'Edition' });
  const row = (title: string) => history.getByRole('row').filter({ hasText: title });
  await expect(row(lisbon.title)).toContainText('Wednesday, 1 April 2026');
  await expect(row(lisbon.title)).toContainText('Attended');
  // Checked in at 00:40 in Lisbon (16:40 the day before in Los Angeles), on the front desk's phone.
  await expect(row(lisbon.title)).toContainText('12:40 AM');
  await expect(row(lisbon.title)).not.toContainText('4:40 PM');
  await expect(row(lisbon.title)).toContainText('on Front desk');
  await expect(row(boston.title)).toContainText('Attended');
  await expect(row(paris.title)).toContainText('No-show');
  await expect(row(upcoming.title)).toContainText('Declined');
  await expect(page.getByRole('region', { name: 'Feedback' }).getByText('No feedback given yet.')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Clearing a no-show asks for a reason, then the counts leave it out.
  await row(paris.title).getByRole('button', { name: 'Clear no-show' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Clear no-show' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why the no-show is cleared');
  expect(await axe(page)).toEqual([]);
  await dialog.getByLabel('Reason').fill('Flight cancelled; sent apologies');
  await dialog.getByRole('button', { name: 'Clear no-show' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(paris.title)).toContainText('No-show, cleared');
  await expect(row(paris.title)).toContainText('Reason: Flight cancelled; sent apologies');
  await expect(glance).toContainText('No-show 0 of the last 2');
  const { data } = await api.admin.from('no_show_clearings').select('reason').eq('event_id', paris.id);
  expect(data).toEqual([{ reason: 'Flight cancelled; sent apologies' }]);

  // Back on the list, the no-show filter no longer finds them.
  await page.getByRole('link', { name: 'Back to Attendees' }).click();
  await filters.getByLabel('Company').fill(company);
  await filters.getByLabel('No-show in the last year').check();
  await expect(page.getByText('No attendee matches these filters.')).toBeVisible();
});
