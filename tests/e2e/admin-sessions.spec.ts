/**
 * Sessions in the back office (spec section 2, "Admin: Sessions"): the /admin/sessions page and an
 * event's Sessions tab, with speakers chosen from the attendees.
 */
import type { Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { createAttendee, createEvent } from './support/builders.ts';

import { axe, daysFromNow, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

async function openSessionsPage(page: Page): Promise<void> {
  // Sessions is a route, not a menu entry.
  await openAsAdmin(page, '/admin/sessions');
  await waitForAdminReplica(page);
  await expect(page.getByRole('heading', { name: 'Sessions', exact: true })).toBeVisible();
}

// The machine is shared and slow; a sign-in, a first pull and a sync round trip take a while.
// Local writes and their toasts can take seconds while other suites load the machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
/** For what reaches the backend through the sync engine. */
const eventually = expect.configure({ timeout: 30_000 });

interface ServerSession {
  id: string;
  title: string;
  room: string | null;
  start_time: string;
  end_time: string;
  session_speakers: { attendee_id: string; display_order: number; _deleted: boolean }[];
}

async function serverSession(api: Api, eventId: string): Promise<ServerSession | null> {
  const { data } = await api.admin
    .from('sessions')
    .select('id, title, room, start_time, end_time, session_speakers(attendee_id, display_order, _deleted)')
    .eq('event_id', eventId)
    .eq('_deleted', false)
    .maybeSingle();
  return data as ServerSession | null;
}

const speakersOf = (session: ServerSession | null) =>
  [...(session?.session_speakers ?? [])]
    .filter((speaker) => !speaker._deleted)
    .sort((a, b) => a.display_order - b.display_order)
    .map((speaker) => [speaker.display_order, speaker.attendee_id]);

test('admin creates a session with ordered speakers, edits it and deletes it', async ({ page, api }) => {
  const eventTitle = unique('Admin Sessions Event');
  const event = await createEvent(api, {
    title: eventTitle,
    start_date: '2027-06-10T08:00:00Z',
    end_date: '2027-06-10T18:00:00Z',
  });
  const ada = await createAttendee(api, { name: unique('Ada Speaker') });
  const bo = await createAttendee(api, { name: unique('Bo Speaker') });
  const title = unique('Keynote on data products');
  const renamed = `${title} (updated)`;

  await openSessionsPage(page);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin');
  await page.getByRole('button', { name: 'Add Session' }).click();
  // The keyboard starts in the form: its first field is the event picker.
  await expect(page.getByLabel('Event', { exact: true })).toBeFocused();
  // The event picker lists the events by start date, earliest first (spec section 7, admin reads).
  const { data: byStart } = await api.admin
    .from('events')
    .select('title')
    .eq('_deleted', false)
    .order('start_date', { ascending: true });
  const eventPicker = page.getByLabel('Event', { exact: true });
  await expect
    .poll(async () => (await eventPicker.locator('option').allTextContents()).filter((text) => text !== 'No event'))
    .toEqual(byStart!.map((row) => row.title));
  await eventPicker.selectOption({ label: eventTitle });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('Why data products need owners.');
  await page.getByLabel('Start time').fill('09:30');
  await page.getByLabel('End time').fill('10:15');
  await page.getByLabel('Room').fill('Hall A');

  const speakerPicker = page.getByLabel('Add speaker');
  // From the keyboard the arrow keys only show names, which would otherwise all be added on the
  // way; Enter adds the one shown.
  await speakerPicker.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('No speakers yet.')).toBeVisible();
  const shown = await speakerPicker.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
  expect(shown).not.toBe('Add speaker...');
  await page.keyboard.press('Enter');
  const chosenSpeakers = page.getByRole('list', { name: 'Chosen speakers' }).getByRole('listitem');
  await expect(chosenSpeakers).toHaveText([new RegExp(shown)]);
  await expect(speakerPicker).toHaveValue('');
  await page.getByRole('button', { name: `Remove speaker ${shown}` }).click();
  await expect(page.getByText('No speakers yet.')).toBeVisible();

  await speakerPicker.selectOption({ label: bo.name });
  await speakerPicker.selectOption({ label: ada.name });
  // A speaker can be added only once: chosen speakers are disabled in the list.
  await expect(speakerPicker.getByRole('option', { name: bo.name })).toBeDisabled();
  await expect(speakerPicker.getByRole('option', { name: ada.name })).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Chosen speakers' }).getByRole('listitem')).toHaveText([
    new RegExp(bo.name),
    new RegExp(ada.name),
  ]);
  // Moved from the keyboard, a speaker keeps the focus on its buttons, at the ends of the list too.
  await page.getByRole('button', { name: `Move ${bo.name} down` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen speakers' }).getByRole('listitem')).toHaveText([
    new RegExp(ada.name),
    new RegExp(bo.name),
  ]);
  await expect(page.getByRole('button', { name: `Move ${bo.name} up` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Move ${bo.name} down` })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Chosen speakers' }).getByRole('listitem')).toHaveText([
    new RegExp(bo.name),
    new RegExp(ada.name),
  ]);

  await page.getByRole('button', { name: 'Create Session' }).click();
  await expect(page.getByText('Session created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Session' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add Session' })).toBeFocused();

  const item = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(eventTitle);
  await expect(item).toContainText('Hall A');
  await expect(item).toContainText('9:30 AM - 10:15 AM');
  await expect(item).toContainText('Why data products need owners.');

  // The times are on the event's start date, in the event's zone (UTC, the series' default, as the
  // event names none); speakers in the order chosen, from 0.
  await eventually
    .poll(async () => {
      const session = await serverSession(api, event.id);
      return session && [new Date(session.start_time).getTime(), speakersOf(session)];
    })
    .toEqual([
      Date.UTC(2027, 5, 10, 9, 30),
      [
        [0, bo.id],
        [1, ada.id],
      ],
    ]);

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByLabel('Start time')).toHaveValue('09:30');
  await page.getByLabel('Title', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: `Remove speaker ${bo.name}` }).click();
  await page.getByRole('button', { name: 'Update Session' }).click();
  await expect(page.getByText('Session updated successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText(renamed)).toBeVisible();
  await eventually
    .poll(async () => {
      const session = await serverSession(api, event.id);
      return session && [session.title, speakersOf(session)];
    })
    .toEqual([renamed, [[0, ada.id]]]);

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Session deleted')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText(renamed)).toHaveCount(0);
  await eventually.poll(() => serverSession(api, event.id)).toBeNull();
});

test('saving a session keeps a speaker another admin added while its form was open', async ({ page, api }) => {
  const event = await createEvent(api, { start_date: '2027-06-11T08:00:00Z', end_date: '2027-06-11T18:00:00Z' });
  const ada = await createAttendee(api, { name: unique('Ada Panelist') });
  const bo = await createAttendee(api, { name: unique('Bo Panelist') });
  const title = unique('Panel on data contracts');
  const session = await api.create('sessions', {
    event_id: event.id,
    title,
    start_time: '2027-06-11T11:00:00Z',
    end_time: '2027-06-11T12:00:00Z',
  });
  await api.create('session_speakers', { session_id: session.id, attendee_id: ada.id, display_order: 0 });
  const item = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: title });

  await openSessionsPage(page);
  await expect(item).toContainText(ada.name);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('list', { name: 'Chosen speakers' }).getByRole('listitem')).toHaveText([
    new RegExp(ada.name),
  ]);
  await api.create('session_speakers', { session_id: session.id, attendee_id: bo.id, display_order: 1 });
  await expect(item).toContainText(bo.name);

  await page.getByLabel('Room').fill('Hall B');
  await page.getByRole('button', { name: 'Update Session' }).click();
  await expect(page.getByText('Session updated successfully')).toBeVisible();
  await eventually
    .poll(async () => {
      const saved = await serverSession(api, event.id);
      return saved && [saved.room, speakersOf(saved)];
    })
    .toEqual([
      'Hall B',
      [
        [0, ada.id],
        [1, bo.id],
      ],
    ]);
});

test("admin manages an event's sessions from its Sessions tab, starting from the empty state", async ({
  page,
  api,
}) => {
  const eventTitle = unique('Admin Sessions Tab Event');
  const event = await createEvent(api, {
    title: eventTitle,
    start_date: daysFromNow(20),
    end_date: daysFromNow(21),
  });
  const title = unique('Roundtable');

  await openAsAdmin(page, '/admin/events');
  await waitForAdminReplica(page);
  await page.getByRole('button', { name: `Edit ${eventTitle}` }).click();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Sessions' });
  await expect(panel.getByText('No sessions added yet')).toBeVisible();

  await panel.getByRole('button', { name: 'Add Session' }).click();
  // The event is fixed inside its own tab.
  await expect(panel.getByLabel('Event', { exact: true })).toHaveCount(0);
  await panel.getByLabel('Title', { exact: true }).fill(title);
  await panel.getByLabel('Start time').fill('14:00');
  await panel.getByLabel('End time').fill('15:00');
  await panel.getByRole('button', { name: 'Create Session' }).click();
  await expect(page.getByText('Session created successfully')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Sessions' })).toContainText(title);
  await expect(panel.getByRole('list', { name: 'Sessions' })).toContainText('2:00 PM - 3:00 PM');
  await eventually.poll(async () => (await serverSession(api, event.id))?.title).toBe(title);
});

test('the sessions page has no serious accessibility violations', async ({ page }) => {
  await openSessionsPage(page);
  await page.getByRole('button', { name: 'Add Session' }).click();
  await expect(page.getByRole('heading', { name: 'New Session' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});
