/**
 * Admins enter venue time (issue 28): the event form's time-zone picker, start, end and session
 * times typed and shown in the event's zone whatever the admin's computer says, summer time's
 * skipped and doubled hours, and a change of zone that asks what happens to the times already set.
 * The stored instants are read back through the API as the demo admin.
 */
import type { Locator, Page } from '@playwright/test';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { axe, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

// The machine is shared and slow; a sign-in, a first pull and a sync round trip take a while.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });
/** For what reaches the backend through the sync engine. */
const eventually = expect.configure({ timeout: 30_000 });

async function openEventsPage(page: Page): Promise<void> {
  await openAsAdmin(page, '/admin/events');
  await waitForAdminReplica(page);
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
}

function card(page: Page, title: string): Locator {
  return page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: title });
}

function zonePicker(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Time zone' });
}

/** Types `search` into the picker and takes the first match with Enter, as a keyboard user does. */
async function pickZone(page: Page, search: string, label: string): Promise<void> {
  await zonePicker(page).fill(search);
  await expect(page.getByRole('listbox', { name: 'Time zones' }).getByRole('option').first()).toContainText(label);
  await zonePicker(page).press('Enter');
  await expect(zonePicker(page)).toHaveValue(label);
}

interface Times {
  time_zone?: string;
  start: number;
  end: number;
}

/** The event's zone and instants as the backend holds them, or null while it has not arrived. */
async function serverEvent(api: Api, title: string): Promise<Times | null> {
  const { data } = await api.admin
    .from('events')
    .select('time_zone, start_date, end_date')
    .eq('title', title)
    .eq('_deleted', false)
    .maybeSingle();
  const row = data as { time_zone: string; start_date: string; end_date: string } | null;
  return row && { time_zone: row.time_zone, start: Date.parse(row.start_date), end: Date.parse(row.end_date) };
}

/** The event's live sessions' instants as the backend holds them, earliest first. */
async function serverSessions(api: Api, eventId: string): Promise<Times[]> {
  const { data } = await api.admin
    .from('sessions')
    .select('start_time, end_time')
    .eq('event_id', eventId)
    .eq('_deleted', false)
    .order('start_time');
  return ((data ?? []) as { start_time: string; end_time: string }[]).map((row) => ({
    start: Date.parse(row.start_time),
    end: Date.parse(row.end_time),
  }));
}

const at = (iso: string) => Date.parse(iso);

async function eventIdOf(api: Api, title: string): Promise<string> {
  const { data } = await api.admin.from('events').select('id').eq('title', title).eq('_deleted', false).single();
  return String((data as { id: string }).id);
}

/** Deletes an event the page created (the `api` fixture deletes only what it created itself). */
async function removeEvent(api: Api, title: string): Promise<void> {
  const { data } = await api.admin.from('events').select('id').eq('title', title);
  for (const row of (data ?? []) as { id: string }[]) await api.remove('events', row.id);
}

test.describe('an admin whose computer is in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('creates a Tokyo edition and its sessions in Tokyo time, and edits them', async ({ page, api }) => {
    const title = unique('Venue Time Tokyo');
    const sessionTitle = unique('Opening keynote');
    await openEventsPage(page);
    try {
      await page.getByRole('button', { name: 'Add Event' }).click();
      // A new event starts in the admin's own zone.
      await expect(zonePicker(page)).toHaveValue(/^Los Angeles — P[DS]T, UTC-[78]$/);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await pickZone(page, 'tokyo', 'Tokyo — JST, UTC+9');
      await expect(page.getByText('Times in Tokyo time (JST, UTC+9)')).toBeVisible();
      await page.getByLabel('Start date').fill('2027-06-11T08:30');
      await page.getByLabel('End date').fill('2027-06-11T18:00');
      await page.getByRole('button', { name: 'Create Event' }).click();
      await expect(page.getByText('Event created successfully')).toBeVisible();
      // Friday in Tokyo; in Los Angeles it is still Thursday 10 June.
      await expect(card(page, title)).toContainText('Friday, 11 June 2027');
      await eventually
        .poll(() => serverEvent(api, title))
        .toEqual({ time_zone: 'Asia/Tokyo', start: at('2027-06-10T23:30:00Z'), end: at('2027-06-11T09:00:00Z') });
      const eventId = await eventIdOf(api, title);

      // Sessions sit on the event's start date at the venue, in its zone.
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      await expect(page.getByLabel('Start date')).toHaveValue('2027-06-11T08:30');
      await expect(zonePicker(page)).toHaveValue('Tokyo — JST, UTC+9');
      await page.getByRole('tab', { name: 'Sessions' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Sessions' });
      await panel.getByRole('button', { name: 'Add Session' }).click();
      await expect(panel.getByText('Times in Tokyo time (JST, UTC+9)')).toBeVisible();
      await panel.getByLabel('Title', { exact: true }).fill(sessionTitle);
      await panel.getByLabel('Start time').fill('09:00');
      await panel.getByLabel('End time').fill('10:15');
      await panel.getByRole('button', { name: 'Create Session' }).click();
      await expect(page.getByText('Session created successfully')).toBeVisible();
      const listed = panel
        .getByRole('list', { name: 'Sessions' })
        .getByRole('listitem')
        .filter({ hasText: sessionTitle });
      await expect(listed).toContainText('Friday, 11 June 2027 · 9:00 AM - 10:15 AM (Tokyo time)');
      await eventually
        .poll(() => serverSessions(api, eventId))
        .toEqual([{ start: at('2027-06-11T00:00:00Z'), end: at('2027-06-11T01:15:00Z') }]);

      await panel.getByRole('button', { name: `Edit ${sessionTitle}` }).click();
      await expect(panel.getByLabel('Start time')).toHaveValue('09:00');
      await panel.getByLabel('Start time').fill('08:45');
      await panel.getByRole('button', { name: 'Update Session' }).click();
      await expect(page.getByText('Session updated successfully')).toBeVisible();
      await eventually
        .poll(() => serverSessions(api, eventId))
        .toEqual([{ start: at('2027-06-10T23:45:00Z'), end: at('2027-06-11T01:15:00Z') }]);

      // The sessions page names each session's zone too.
      await page.goto('/admin/sessions');
      await expect(
        page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: sessionTitle }),
      ).toContainText('8:45 AM - 10:15 AM (Tokyo time)');

      await page.goto('/admin/events');
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      await page.getByLabel('End date').fill('2027-06-11T19:00');
      await page.getByRole('button', { name: 'Update Event' }).click();
      await expect(page.getByText('Event updated successfully')).toBeVisible();
      await eventually
        .poll(() => serverEvent(api, title))
        .toEqual({ time_zone: 'Asia/Tokyo', start: at('2027-06-10T23:30:00Z'), end: at('2027-06-11T10:00:00Z') });
    } finally {
      await removeEvent(api, title);
    }
  });
});

test.describe('an admin whose computer is in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a London time the clocks skip is refused, and one they pass twice is saved as the first, as the form says', async ({
    page,
    api,
  }) => {
    const title = unique('Venue Time London Autumn');
    await openEventsPage(page);
    try {
      await page.getByRole('button', { name: 'Add Event' }).click();
      await page.getByLabel('Title', { exact: true }).fill(title);
      await pickZone(page, 'london', 'London — GMT, UTC');
      // On the morning the clocks go forward, the zone is named as it is once the event starts.
      await page.getByLabel('Start date').fill('2027-03-28T10:00');
      await expect(zonePicker(page)).toHaveValue('London — BST, UTC+1');
      await expect(page.getByText('Times in London time (BST, UTC+1)')).toBeVisible();
      await page.getByLabel('Start date').fill('2027-03-28T01:30');
      await page.getByLabel('End date').fill('2027-03-28T17:00');
      await page.getByRole('button', { name: 'Create Event' }).click();
      await expect(
        page.getByText(
          '1:30 AM does not exist on 28 March 2027 in London time: clocks go forward from 1:00 AM to 2:00 AM. ' +
            'Pick another time.',
        ),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();

      await page.getByLabel('Start date').fill('2027-10-31T01:30');
      await page.getByLabel('End date').fill('2027-10-31T17:00');
      const note = '1:30 AM happens twice on 31 October 2027 in London time; saved as the first (BST, UTC+1).';
      await expect(page.getByText(note)).toBeVisible();
      await expect(page.getByText('Times in London time (BST, UTC+1)')).toBeVisible();
      await page.getByRole('button', { name: 'Create Event' }).click();
      await expect(page.getByText('Event created successfully')).toBeVisible();
      await expect(page.getByText(note)).toBeVisible();
      await eventually
        .poll(() => serverEvent(api, title))
        .toEqual({ time_zone: 'Europe/London', start: at('2027-10-31T00:30:00Z'), end: at('2027-10-31T17:00:00Z') });

      // Editing shows the first 1:30 AM, and saving without touching it keeps it.
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      await expect(page.getByLabel('Start date')).toHaveValue('2027-10-31T01:30');
      await page.getByRole('tab', { name: 'Sessions' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Sessions' });
      await panel.getByRole('button', { name: 'Add Session' }).click();
      await panel.getByLabel('Title', { exact: true }).fill(unique('Night owls'));
      await panel.getByLabel('Start time').fill('01:15');
      await panel.getByLabel('End time').fill('02:00');
      // Said under the field as it is typed, and again when it is saved.
      const twice = '1:15 AM happens twice on 31 October 2027 in London time; saved as the first (BST, UTC+1).';
      await expect(panel.getByText(twice)).toBeVisible();
      await expect(panel.getByLabel('Start time')).toHaveAccessibleDescription(
        new RegExp(twice.replace(/[().+]/g, '\\$&')),
      );
      await expect(panel.getByLabel('End time')).not.toHaveAccessibleDescription(/happens twice/);
      await panel.getByRole('button', { name: 'Create Session' }).click();
      await expect(page.getByText('Session created successfully')).toBeVisible();
      await expect(page.getByText(twice)).toBeVisible();
      await eventually
        .poll(async () => serverSessions(api, await eventIdOf(api, title)))
        .toEqual([{ start: at('2027-10-31T00:15:00Z'), end: at('2027-10-31T02:00:00Z') }]);
    } finally {
      await removeEvent(api, title);
    }
  });

  test('a session at a London time the clocks skip is refused with what the clocks do', async ({ page, api }) => {
    const title = unique('Venue Time London Spring');
    const event = await api.create('events', {
      title,
      time_zone: 'Europe/London',
      start_date: '2027-03-28T00:15:00Z',
      end_date: '2027-03-28T17:00:00Z',
    });
    await openEventsPage(page);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('tab', { name: 'Sessions' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Sessions' });
    await panel.getByRole('button', { name: 'Add Session' }).click();
    await expect(panel.getByText('Times in London time (GMT, UTC)')).toBeVisible();
    await panel.getByLabel('Title', { exact: true }).fill(unique('Too early'));
    await panel.getByLabel('Start time').fill('01:30');
    await panel.getByLabel('End time').fill('03:00');
    await panel.getByRole('button', { name: 'Create Session' }).click();
    await expect(
      panel.getByText(
        '1:30 AM does not exist on 28 March 2027 in London time: clocks go forward from 1:00 AM to 2:00 AM. ' +
          'Pick another time.',
      ),
    ).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'New Session' })).toBeVisible();
    await panel.getByLabel('Start time').fill('02:30');
    await panel.getByRole('button', { name: 'Create Session' }).click();
    await expect(page.getByText('Session created successfully')).toBeVisible();
    await eventually
      .poll(() => serverSessions(api, event.id))
      .toEqual([{ start: at('2027-03-28T01:30:00Z'), end: at('2027-03-28T02:00:00Z') }]);
  });
});

test.describe('an admin whose computer is in London', () => {
  test.use({ timezoneId: 'Europe/London' });

  /** A London event on 10 June 2027, 9:00 AM to 5:00 PM, with a session from 10:00 to 11:00 AM. */
  async function londonEventWithSession(api: Api, name: string) {
    const title = unique(name);
    const event = await api.create('events', {
      title,
      time_zone: 'Europe/London',
      start_date: '2027-06-10T08:00:00Z',
      end_date: '2027-06-10T16:00:00Z',
    });
    const session = await api.create('sessions', {
      event_id: event.id,
      title: unique('Keynote'),
      start_time: '2027-06-10T09:00:00Z',
      end_time: '2027-06-10T10:00:00Z',
    });
    return { title, event, sessionTitle: String(session.title) };
  }

  async function moveToTokyo(page: Page, title: string): Promise<Locator> {
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByLabel('Start date')).toHaveValue('2027-06-10T09:00');
    await pickZone(page, 'tokyo', 'Tokyo — JST, UTC+9');
    await page.getByRole('button', { name: 'Update Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the time zone to Tokyo time?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The event and its 1 session were set in London time.');
    return dialog;
  }

  test('moving an event to another day, across the clocks going back, its sessions move with it', async ({
    page,
    api,
  }) => {
    const { title, event } = await londonEventWithSession(api, 'Venue Time Moved Day');
    await openEventsPage(page);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    // To Thursday 4 November 2027, 9:00 AM to 5:00 PM GMT: the clocks went back on 31 October.
    await page.getByLabel('Start date').fill('2027-11-04T09:00');
    await page.getByLabel('End date').fill('2027-11-04T17:00');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText('Event updated successfully')).toBeVisible();
    await expect(page.getByText('Its session moved with it, at the same times of day.')).toBeVisible();

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('tab', { name: 'Sessions' }).click();
    const sessions = page.getByRole('tabpanel', { name: 'Sessions' }).getByRole('list', { name: 'Sessions' });
    await expect(sessions).toContainText('Thursday, 4 November 2027');
    await expect(sessions).toContainText('10:00 AM - 11:00 AM');
    await eventually
      .poll(() => serverSessions(api, event.id))
      .toEqual([{ start: at('2027-11-04T10:00:00Z'), end: at('2027-11-04T11:00:00Z') }]);
  });

  test('moving an event to another zone offline, its sessions keep their clock times', async ({
    page,
    context,
    api,
  }) => {
    const { title, event, sessionTitle } = await londonEventWithSession(api, 'Venue Time Wrong Zone');
    await openEventsPage(page);

    await context.setOffline(true);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /offline/i })
        .first(),
    ).toBeVisible();
    const dialog = await moveToTokyo(page, title);
    await expect(dialog.getByRole('button', { name: 'Keep clock times' })).toHaveAccessibleDescription(
      `Start, end and sessions stay at the same times of day, now in Tokyo time: "${sessionTitle}" stays at 10:00 AM. ` +
        'Choose this if the zone was wrong.',
    );
    await expect(dialog.getByRole('button', { name: 'Keep the same moments' })).toHaveAccessibleDescription(
      `They happen when they do now, and their clock times change: "${sessionTitle}" moves from 10:00 AM London time ` +
        'to 6:00 PM Tokyo time.',
    );
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep clock times' }).click();
    await expect(page.getByText('Event updated successfully')).toBeVisible();

    // Still offline, the replica already holds the same clock times in Tokyo.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(zonePicker(page)).toHaveValue('Tokyo — JST, UTC+9');
    await expect(page.getByLabel('Start date')).toHaveValue('2027-06-10T09:00');
    await expect(page.getByLabel('End date')).toHaveValue('2027-06-10T17:00');
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Sessions' }).getByRole('list', { name: 'Sessions' }),
    ).toContainText('10:00 AM - 11:00 AM (Tokyo time)');
    expect(await serverEvent(api, title)).toMatchObject({ time_zone: 'Europe/London' });

    await context.setOffline(false);
    await eventually
      .poll(() => serverEvent(api, title))
      .toEqual({ time_zone: 'Asia/Tokyo', start: at('2027-06-10T00:00:00Z'), end: at('2027-06-10T08:00:00Z') });
    await eventually
      .poll(() => serverSessions(api, event.id))
      .toEqual([{ start: at('2027-06-10T01:00:00Z'), end: at('2027-06-10T02:00:00Z') }]);
  });

  test('moving an event to another zone, its sessions can keep the moments they happen at instead', async ({
    page,
    api,
  }) => {
    const { title, event } = await londonEventWithSession(api, 'Venue Time Moved');
    await openEventsPage(page);

    // Cancel changes nothing and leaves the form open.
    let dialog = await moveToTokyo(page, title);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();

    await page.getByRole('button', { name: 'Update Event' }).click();
    dialog = page.getByRole('dialog', { name: 'Change the time zone to Tokyo time?' });
    await dialog.getByRole('button', { name: 'Keep the same moments' }).click();
    await expect(page.getByText('Event updated successfully')).toBeVisible();
    await eventually
      .poll(() => serverEvent(api, title))
      .toEqual({ time_zone: 'Asia/Tokyo', start: at('2027-06-10T08:00:00Z'), end: at('2027-06-10T16:00:00Z') });
    expect(await serverSessions(api, event.id)).toEqual([
      { start: at('2027-06-10T09:00:00Z'), end: at('2027-06-10T10:00:00Z') },
    ]);

    // The same moments, read on Tokyo's clock.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByLabel('Start date')).toHaveValue('2027-06-10T17:00');
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Sessions' }).getByRole('list', { name: 'Sessions' }),
    ).toContainText('6:00 PM - 7:00 PM (Tokyo time)');
  });
});

test.describe('an admin whose computer is in Kolkata', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('the zone picker works from the keyboard, offers current names and the event’s own, and is accessible', async ({
    page,
    api,
  }) => {
    const title = unique('Venue Time Kathmandu');
    const calcutta = unique('Venue Time Calcutta');
    await api.create('events', {
      title: calcutta,
      time_zone: 'Asia/Calcutta',
      start_date: '2027-01-15T03:30:00Z',
      end_date: '2027-01-15T12:30:00Z',
    });
    await openEventsPage(page);
    try {
      await page.getByRole('button', { name: 'Add Event' }).click();
      // Chromium calls this computer's zone Asia/Calcutta; the form offers today's name.
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Calcutta');
      const picker = zonePicker(page);
      await expect(picker).toHaveValue('Kolkata — IST, UTC+5:30');
      await expect(picker).toHaveAttribute('aria-expanded', 'false');

      await picker.focus();
      await page.keyboard.press('ArrowDown');
      const list = page.getByRole('listbox', { name: 'Time zones' });
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      await expect(list.getByRole('option', { selected: true })).toHaveText(/^Kolkata — IST, UTC\+5:30/);
      await expect(list.getByRole('option', { name: /Calcutta/ })).toHaveCount(0);
      // axe on the open list, narrowed to a few options of the same make: over all 400-odd it takes
      // nine seconds on a quiet machine.
      await page.keyboard.type('kol');
      await expect(list.getByRole('option')).not.toHaveCount(0);
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(picker).toHaveValue('Kolkata — IST, UTC+5:30');
      await picker.focus();

      await page.keyboard.type('nowhere at all');
      await expect(page.getByRole('status').filter({ hasText: 'No time zone matches' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(picker).toHaveValue('Kolkata — IST, UTC+5:30');

      await picker.fill('asia kathm');
      await expect(list.getByRole('option')).toHaveText([/^Kathmandu — NPT, UTC\+5:45/]);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(picker).toHaveValue('Kathmandu — NPT, UTC+5:45');
      await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();
      await expect(page.getByText('Times in Kathmandu time (NPT, UTC+5:45)')).toBeVisible();

      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Start date').fill('2027-01-15T09:00');
      await page.getByLabel('End date').fill('2027-01-15T18:00');
      expect(await axe(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create Event' }).click();
      await expect(page.getByText('Event created successfully')).toBeVisible();
      await eventually
        .poll(() => serverEvent(api, title))
        .toEqual({ time_zone: 'Asia/Kathmandu', start: at('2027-01-15T03:15:00Z'), end: at('2027-01-15T12:15:00Z') });

      // An event stored under the old name keeps it, shown and offered as it is.
      await page.getByRole('button', { name: `Edit ${calcutta}` }).click();
      await expect(picker).toHaveValue('Calcutta — IST, UTC+5:30');
      await expect(page.getByLabel('Start date')).toHaveValue('2027-01-15T09:00');
      await picker.focus();
      await page.keyboard.press('ArrowDown');
      await expect(list.getByRole('option', { selected: true })).toHaveText(/^Calcutta — IST, UTC\+5:30/);
    } finally {
      await removeEvent(api, title);
    }
  });
});
