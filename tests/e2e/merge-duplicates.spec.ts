/**
 * Issue 32, one record per person: a guest registered twice (the second time with a '+events' tag on
 * the address) shows twice on an event's page and on the door's roster. An admin finds the pair on
 * the duplicates page, keeps the older record and merges the other into it on the server; the event
 * page and the roster then show one person, found by either address, whose page lists both addresses
 * and both histories. The merge is undone within its 24 hours, and the two records are back.
 */
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { addToEvent, createAttendee, createEvent } from './support/builders.ts';
import { axe, expect as baseExpect, test, unique } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
/** For what reaches the replica and the public pages from the server. */
const eventually = expect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 150_000 });
test.use({ timezoneId: 'Pacific/Auckland' });

test('an admin merges a duplicate pair and sees one person on the event page and the roster, then undoes it', async ({
  page,
  api,
}) => {
  const name = unique('Daniel Twice');
  const company = unique('Atlas Retail');
  const handle = name.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  const kept = await createAttendee(api, { name, company, email: `${handle}@atlas.example`, job_title: 'CDO' });
  const removed = await createAttendee(api, {
    name,
    company,
    email: `${handle}+events@atlas.example`,
    linkedin_url: 'https://www.linkedin.com/in/daniel-twice',
  });
  const event = await createEvent(api, { title: unique('Merge Summit'), location: 'Marina Bay, Singapore' });
  await addToEvent(api, event.id, kept.id);
  await addToEvent(api, event.id, removed.id);
  const past = await createEvent(api, {
    title: unique('Old Roundtable'),
    start_date: '2026-02-02T12:00:00Z',
    end_date: '2026-02-02T15:00:00Z',
  });
  await addToEvent(api, past.id, removed.id, 'past');

  await openAsAdmin(page, '/admin/check-in?event=' + event.id);
  await waitForAdminReplica(page);
  const guests = page.getByRole('list', { name: 'Guests' }).getByRole('listitem').filter({ hasText: name });
  await expect(guests).toHaveCount(2);

  await page.goto('/admin/duplicates');
  const pair = page.getByRole('listitem', { name: `${name}: two records` });
  await expect(pair).toContainText('the addresses reach one mailbox');
  await expect(pair).toContainText(removed.email);
  expect(await axe(page)).toEqual([]);
  await pair.getByRole('button', { name: `Keep ${kept.email}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('You can undo this for 24 hours');
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await eventually(pair).toHaveCount(0);

  // The roster and the event page show one person, with both histories and both addresses.
  await page.goto('/admin/check-in?event=' + event.id);
  await eventually(guests).toHaveCount(1);
  // The removed record's address still finds the person in the Attendees list.
  await page.goto('/admin/attendees');
  await page.getByRole('region', { name: 'Filter attendees' }).getByLabel('Name or e-mail').fill(removed.email);
  const found = page.getByRole('row').filter({ hasText: name });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(kept.email);
  await found.getByRole('link', { name }).click();
  await expect(page.getByText(`Also known as ${removed.email}`)).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: past.title })).toContainText('Attended');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: event.title })).toBeVisible();
  // The public page (kept by the app server for up to a few seconds) shows the name once.
  await eventually
    .poll(async () => {
      await page.goto(`/events/${event.slug}`);
      const leaders = page.getByRole('region', { name: 'Join the Leaders' });
      await leaders.getByText(name, { exact: true }).first().waitFor();
      return leaders.getByText(name, { exact: true }).count();
    })
    .toBe(1);

  // Undone within the day: two records again.
  await page.goto('/admin/duplicates');
  await page.getByRole('button', { name: `Undo the merge of ${removed.email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Undo merge' }).click();
  await eventually(page.getByRole('listitem', { name: `${name}: two records` })).toHaveCount(1);
  const { data } = await api.admin.from('event_attendees').select('attendee_id').eq('event_id', event.id);
  expect((data as { attendee_id: string }[]).map((row) => row.attendee_id).sort()).toEqual(
    [kept.id, removed.id].sort(),
  );
});
