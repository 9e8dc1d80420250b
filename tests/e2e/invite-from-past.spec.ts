/**
 * Issue 32, 'Invite guests' from past editions: an admin chooses the attendees of a past edition who
 * were not no-shows, leaving out one who already declined the upcoming edition, and invites them to
 * it while offline; the preview and report are those of a pasted list. Back online, the invitations
 * reach the backend and each guest finds exactly one invitation in the mailbox; the no-show none.
 */
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { addToEvent, createAttendee, createEvent } from './support/builders.ts';
import { API_URL, axe, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
/** For what reaches the backend through the sync engine, and the sender's mail. */
const eventually = expect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 150_000 });
test.use({ timezoneId: 'Asia/Tokyo' });

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function mailbox(email: string): Promise<string[]> {
  const response = await fetch(`${API_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  return response.ok ? ((await response.json()) as { subject: string }[]).map((message) => message.subject) : [];
}

async function statusOf(api: Api, eventId: string, email: string): Promise<string | undefined> {
  const { data } = await api.admin
    .from('invite_requests')
    .select('status')
    .eq('event_id', eventId)
    .eq('email', email)
    .eq('_deleted', false);
  return (data as { status: string }[] | null)?.[0]?.status;
}

test('an admin invites the attendees of a past edition who were not no-shows to an upcoming one, offline; each gets one invitation once synced', async ({
  page,
  context,
  api,
}) => {
  const company = unique('Contoso Data');
  const [came1, came2, missed, declined] = await Promise.all(
    ['Ada Came', 'Alan Came', 'Grace Missed', 'Mary Declined'].map((name) =>
      createAttendee(api, { name: unique(name), company, job_title: 'Chief Data Officer' }),
    ),
  );
  // Paris, a week ago, in the door's record: three came, one did not.
  const paris = await createEvent(api, {
    title: unique('Paris Past Dinner'),
    location: 'Salon Haussmann, Paris',
    time_zone: 'Europe/Paris',
    start_date: daysAgo(8),
    end_date: daysAgo(7.9),
  });
  for (const guest of [came1!, came2!, missed!, declined!]) await addToEvent(api, paris.id, guest.id);
  for (const guest of [came1!, came2!, declined!])
    await api.create('check_ins', {
      event_id: paris.id,
      attendee_id: guest.id,
      device_id: 'e2e-front-desk',
      checked_in_at: daysAgo(8),
    });
  const upcoming = await createEvent(api, { title: unique('Singapore Summit'), time_zone: 'Asia/Singapore' });
  await api.create('invite_requests', {
    event_id: upcoming.id,
    name: declined!.name,
    email: declined!.email,
    consent: true,
    status: 'declined',
  });

  await openAsAdmin(page, '/admin/invitations');
  await waitForAdminReplica(page);
  await page.getByRole('button', { name: 'Invite guests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite guests' });
  await dialog.getByLabel('Event').selectOption(upcoming.id);
  await dialog.getByRole('tab', { name: 'From past editions' }).click();
  await dialog.getByRole('checkbox', { name: new RegExp(paris.title) }).check();
  await dialog.getByLabel('Company').fill(company);
  // Everyone expected at Paris, less those who did not come.
  await dialog
    .getByLabel('At those editions they')
    .selectOption({ label: 'Were invited or on the list (came or not)' });
  await expect(dialog.getByLabel('Leave out anyone who was a no-show at one of them')).toBeChecked();
  await expect(
    dialog.getByText('2 people found; 1 more already asked, invited or on the list for this event, left out.'),
  ).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Invitation preview' });
  await expect(preview.getByRole('row').filter({ hasText: came1!.name })).toContainText('Will be invited');
  await expect(preview.getByRole('row').filter({ hasText: came2!.name })).toContainText('Will be invited');
  await expect(preview.getByRole('row').filter({ hasText: missed!.name })).toHaveCount(0);
  await expect(preview.getByRole('row').filter({ hasText: declined!.name })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);

  await context.setOffline(true);
  try {
    await dialog.getByRole('button', { name: 'Invite 2 guests' }).click();
    await expect(dialog.getByText('Done: 2 invited, 0 updated, 0 skipped, 0 failed')).toBeVisible();
    // Still offline: nothing has reached the backend.
    expect(await statusOf(api, upcoming.id, came1!.email)).toBeUndefined();
  } finally {
    await context.setOffline(false);
  }
  for (const guest of [came1!, came2!])
    await eventually.poll(() => statusOf(api, upcoming.id, guest.email)).toBe('invited');
  const invitation = `You're invited: ${upcoming.title}`;
  for (const guest of [came1!, came2!])
    await eventually.poll(async () => (await mailbox(guest.email)).filter((s) => s === invitation).length).toBe(1);
  // The sender runs every second: a few more runs send nothing twice, and nothing to the others.
  await page.waitForTimeout(3_000);
  for (const guest of [came1!, came2!])
    expect((await mailbox(guest.email)).filter((s) => s === invitation)).toHaveLength(1);
  expect(await mailbox(missed!.email)).toEqual([]);
  expect((await mailbox(declined!.email)).filter((s) => s === invitation)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await waitForAdminReplica(page);
});
