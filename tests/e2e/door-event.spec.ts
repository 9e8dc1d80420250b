/**
 * Issue 16, the door's event: opened without one in its address, the check-in screen picks the
 * event at hand and writes it into the address, so it stays on that event mid-rush, with its
 * search and its last action, when the clock moves on and another city's edition the same day
 * would now come first.
 */
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { addToEvent, createAttendee, createEvent } from './support/builders.ts';
import { expect as baseExpect, test, unique } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

test("the check-in screen stays on the edition it opened on when that one ends and another city's comes first", async ({
  page,
  api,
}) => {
  const now = Date.now();
  // Tokyo's edition has run since before any other event today and ends in ten minutes; London's is on.
  const tokyo = await createEvent(api, {
    title: unique('Tokyo Edition'),
    start_date: iso(now - 6 * 24 * 60 * MINUTE),
    end_date: iso(now + 10 * MINUTE),
    time_zone: 'Asia/Tokyo',
  });
  const london = await createEvent(api, {
    title: unique('London Edition'),
    start_date: iso(now - 60 * MINUTE),
    end_date: iso(now + 4 * 60 * MINUTE),
    time_zone: 'Europe/London',
  });
  const guest = await createAttendee(api, { name: unique('Guest Tokyo') });
  await addToEvent(api, tokyo.id, guest.id);

  await openAsAdmin(page, '/admin/check-in');
  await waitForAdminReplica(page);
  const select = page.getByLabel('Event', { exact: true });
  await expect(select).toHaveValue(tokyo.id);
  await expect(page).toHaveURL(new RegExp(`[?&]event=${tokyo.id}(&|$)`));

  // Mid-rush: a search typed, a guest checked in.
  const search = page.getByLabel('Search');
  await search.fill(guest.name);
  await page.getByRole('button', { name: `Check in ${guest.name}` }).click();
  const lastAction = page.getByRole('status').filter({ hasText: `${guest.name} checked in at` });
  await expect(lastAction.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();

  // Tokyo's edition is over; an edit of London's reaches the screen, and the events are sorted again.
  await page.clock.setSystemTime(now + 15 * MINUTE);
  const renamed = unique('London Edition');
  const { error } = await api.admin.from('events').update({ title: renamed }).eq('id', london.id);
  if (error) throw new Error(error.message);
  await expect(select.locator('option', { hasText: renamed })).toHaveCount(1);

  await expect(select).toHaveValue(tokyo.id);
  await expect(search).toHaveValue(guest.name);
  await expect(lastAction.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();
});
