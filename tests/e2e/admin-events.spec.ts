/**
 * The back office's events page (spec section 2, "Admin: Events"): the event form and its tabs,
 * the event cards, and the writes reaching the backend through the sync engine.
 */
import type { Page } from '@playwright/test';
import { buildImage } from '../support/images.ts';
import { openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { createAttendee, createEvent } from './support/builders.ts';

import { axe, expect as baseExpect, test, unique, type Api } from './support/fixtures.ts';

async function openEventsPage(page: Page): Promise<void> {
  await openAsAdmin(page, '/admin/events');
  await waitForAdminReplica(page);
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
}

/** Polls the backend (as the admin) until `check` passes on the event's row. */
async function expectServerEvent(api: Api, title: string, check: (row: Record<string, unknown> | null) => void) {
  await eventually
    .poll(
      async () => {
        const { data } = await api.admin
          .from('events')
          .select('*')
          .eq('title', title)
          .eq('_deleted', false)
          .maybeSingle();
        try {
          check(data as Record<string, unknown> | null);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

// The machine is shared and slow; a sign-in, a first pull and a sync round trip take a while.
// Local writes and their toasts can take seconds while other suites load the machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
/** For what reaches the backend through the sync engine. */
const eventually = expect.configure({ timeout: 30_000 });

function card(page: Page, title: string) {
  return page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: title });
}

async function editEvent(page: Page, title: string, tab: string) {
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

test('admin creates an event with why-points, edits it and deletes it', async ({ page, api }) => {
  const title = unique('Admin Events Lisbon');
  const renamed = `${title} renamed`;
  await openEventsPage(page);

  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Subheading').fill('CDOs of Portugal');
  await page.getByLabel('Location').fill('Lisbon');
  await page.getByLabel('Start date').fill('2027-03-05T09:30');
  await page.getByLabel('End date').fill('2027-03-05T17:00');

  await page.getByRole('tab', { name: 'Why Sections' }).click();
  const attendPoint = page.getByLabel('New Why Attend point');
  await attendPoint.fill('  Meet 30 peers  ');
  await attendPoint.press('Enter');
  await attendPoint.fill('   ');
  await attendPoint.press('Enter');
  await attendPoint.fill('Closed-door discussions');
  await attendPoint.press('Enter');
  const partnerPoint = page.getByLabel('New Why Partner point');
  await partnerPoint.fill('Reach decision makers');
  await partnerPoint.press('Enter');
  await expect(page.getByRole('list', { name: 'Why Attend' }).getByRole('listitem')).toHaveText([
    /Meet 30 peers/,
    /Closed-door discussions/,
  ]);
  // Enter in the point editor adds a point; it does not save the event.
  await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Event' })).toBeHidden();
  // The form left with the focus on its button: the focus is back on Add Event.
  await expect(page.getByRole('button', { name: 'Add Event' })).toBeFocused();

  const created = card(page, title);
  await expect(created).toContainText('CDOs of Portugal');
  await expect(created).toContainText('Lisbon');
  await expect(created).toContainText('Friday, 5 March 2027');
  await expect(created).toContainText('Why Attend: 2');
  await expect(created).toContainText('Why Partner: 1');

  // The event reaches the backend, with a slug generated from the title.
  await expectServerEvent(api, title, (row) => {
    expect(row?.why_attend).toEqual(['Meet 30 peers', 'Closed-door discussions']);
    expect(row?.why_partner).toEqual(['Reach decision makers']);
    expect(String(row?.slug)).toMatch(/^admin-events-lisbon-/);
  });

  // Editing shows the dates in ISO form to the minute, with the keyboard in the form's first field.
  await page.getByRole('button', { name: `Edit ${title}` }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Start date')).toHaveValue('2027-03-05T09:30');
  await expect(page.getByLabel('End date')).toHaveValue('2027-03-05T17:00');
  await page.getByLabel('Title', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add Event' })).toBeFocused();
  await expect(card(page, renamed)).toBeVisible();
  await expectServerEvent(api, renamed, (row) => expect(row).not.toBeNull());

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted')).toBeVisible();
  await expect(card(page, renamed)).toHaveCount(0);
  await expectServerEvent(api, renamed, (row) => expect(row).toBeNull());
});

test('saving an edit writes what the admin changed: a field another admin changed meanwhile keeps its value', async ({
  page,
  api,
}) => {
  const title = unique('Admin Events Two Admins');
  const renamed = `${title} renamed`;
  const event = await createEvent(api, { title, location: 'TBD' });
  await openEventsPage(page);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByLabel('Location')).toHaveValue('TBD');

  // Another admin sets the venue while this form is open; the card shows it, the open form does not.
  const { error } = await api.admin.from('events').update({ location: 'The Shard' }).eq('id', event.id);
  expect(error).toBeNull();
  await expect(card(page, title)).toContainText('The Shard');
  await expect(page.getByLabel('Location')).toHaveValue('TBD');

  await page.getByLabel('Title', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expectServerEvent(api, renamed, (row) => expect(row?.location).toBe('The Shard'));
  await expect(card(page, renamed)).toContainText('The Shard');
});

test('admin cannot save an event without title and dates, and the slug is normalised while typing', async ({
  page,
}) => {
  await openEventsPage(page);
  await page.getByRole('button', { name: 'Add Event' }).click();

  // The tabs that need a saved event are disabled and say why.
  for (const [tab, note] of [
    ['Sessions', 'Save the event first to manage sessions'],
    ['Attendees', 'Save the event first to manage attendees'],
    ['Sponsors', 'Save the event first to manage sponsors'],
    ['Gallery', 'Save the event first to manage gallery'],
    ['Invitations', 'Save the event first to manage invitations'],
  ] as const) {
    await expect(page.getByRole('tab', { name: tab })).toBeDisabled();
    await expect(page.getByText(note)).toBeVisible();
  }

  await page.getByLabel('Slug').fill('CDO Vision: London  2026!');
  await expect(page.getByLabel('Slug')).toHaveValue('cdo-vision-london-2026-');

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Start date is required')).toBeVisible();
  await expect(page.getByText('End date is required')).toBeVisible();

  // Cancel closes the form and clears it.
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create Event' })).toBeHidden();
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(page.getByLabel('Slug')).toHaveValue('');
});

test('a point too long for the server is refused on the Why Sections tab, with what is wrong, and nothing is saved', async ({
  page,
}) => {
  const title = unique('Long Point Event');
  await openEventsPage(page);
  await page.getByRole('button', { name: 'Add Event' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Start date').fill('2027-03-05T09:30');
  await page.getByLabel('End date').fill('2027-03-05T17:00');
  await page.getByRole('tab', { name: 'Why Sections' }).click();
  await page.getByLabel('New Why Partner point').fill('x'.repeat(1001));
  await page.getByLabel('New Why Partner point').press('Enter');
  await page.getByRole('tab', { name: 'Basic Info' }).click();

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('tab', { name: 'Why Sections' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Each point can be at most 1000 characters' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();
  await expect(page.getByText('Event created successfully')).toHaveCount(0);
});

test('the events page with the form open has no serious accessibility violations', async ({ page }) => {
  await openEventsPage(page);
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Why Sections' }).click();
  await page.getByLabel('New Why Attend point').fill('A point');
  await page.getByLabel('New Why Attend point').press('Enter');
  expect(await axe(page)).toEqual([]);
});

test('admin adds an attendee to an event from a picker that offers only attendees not on it', async ({ page, api }) => {
  const title = unique('Admin Attendees Event');
  const event = await createEvent(api, { title });
  const first = await createAttendee(api, { name: unique('Ada Picker') });
  const second = await createAttendee(api, { name: unique('Bo Picker') });
  const firstName = String(first.name);
  const secondName = String(second.name);

  await openEventsPage(page);
  await editEvent(page, title, 'Attendees');
  await expect(page.getByText('No attendees added yet')).toBeVisible();

  const picker = page.getByLabel('Attendee', { exact: true });
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await picker.selectOption({ label: firstName });
  await page.getByLabel('Attendee type').selectOption('past');
  await add.click();
  await expect(page.getByText('Attendee added to event')).toBeVisible();

  const listed = page.getByRole('list', { name: 'Event attendees' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(firstName);
  await expect(listed).toContainText('Past');
  await expect(picker.getByRole('option', { name: firstName })).toHaveCount(0);
  await expect(picker.getByRole('option', { name: secondName })).toHaveCount(1);
  await expect(add).toBeDisabled();

  await eventually
    .poll(async () => {
      const { data } = await api.admin
        .from('event_attendees')
        .select('attendee_id, attendee_type')
        .eq('event_id', event.id);
      return data;
    })
    .toEqual([{ attendee_id: first.id, attendee_type: 'past' }]);

  await page.getByRole('button', { name: `Remove ${firstName} from event` }).click();
  await expect(page.getByText('Attendee removed from event')).toBeVisible();
  await expect(page.getByText('No attendees added yet')).toBeVisible();
  await expect(picker.getByRole('option', { name: firstName })).toHaveCount(1);
});

test('admin attaches sponsors with a tier, reorders them and removes one', async ({ page, api }) => {
  const title = unique('Admin Sponsors Event');
  const event = await createEvent(api, { title });
  const tier = await api.create('sponsor_tiers', { name: unique('Gold'), color: '45 93% 47%', display_order: 900 });
  const alpha = await api.create('sponsors_library', { name: unique('Alpha Data'), website: 'https://alpha.example' });
  const beta = await api.create('sponsors_library', { name: unique('Beta AI') });
  const alphaName = String(alpha.name);
  const betaName = String(beta.name);

  await openEventsPage(page);
  await editEvent(page, title, 'Sponsors');
  await expect(page.getByText('No sponsors attached to this event yet')).toBeVisible();

  const attachSponsor = async (name: string) => {
    await page.getByRole('button', { name: 'Attach Sponsor' }).click();
    await page.getByLabel('Sponsor', { exact: true }).selectOption({ label: name });
    await page.getByLabel('Tier').selectOption({ label: String(tier.name) });
    await page.getByRole('button', { name: 'Attach', exact: true }).click();
    await expect(page.getByText('Sponsor attached successfully').first()).toBeVisible();
  };

  // Without a tier, attaching does nothing.
  await page.getByRole('button', { name: 'Attach Sponsor' }).click();
  await page.getByLabel('Sponsor', { exact: true }).selectOption({ label: alphaName });
  await page.getByRole('button', { name: 'Attach', exact: true }).click();
  await expect(page.getByText('No sponsors attached to this event yet')).toBeVisible();
  const panel = page.getByRole('tabpanel', { name: 'Sponsors' });
  await panel.getByRole('button', { name: 'Cancel' }).click();

  await attachSponsor(alphaName);
  // The form resets and closes after attaching.
  await expect(page.getByLabel('Sponsor', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Attach Sponsor' }).click();
  await expect(page.getByLabel('Sponsor', { exact: true }).getByRole('option', { name: alphaName })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await attachSponsor(betaName);

  const rows = page.getByRole('list', { name: 'Event sponsors' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(alphaName);
  await expect(rows.nth(0)).toContainText(String(tier.name));
  await expect(rows.nth(0).getByRole('link', { name: /alpha\.example/ })).toHaveAttribute(
    'href',
    'https://alpha.example',
  );
  await expect(page.getByRole('button', { name: `Move ${alphaName} up` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move ${betaName} down` })).toBeDisabled();

  await page.getByRole('button', { name: `Move ${betaName} up` }).click();
  await expect(rows.nth(0)).toContainText(betaName);
  await expect(page.getByRole('button', { name: `Move ${betaName} up` })).toBeDisabled();
  // The focus stays on the moved sponsor's buttons (its 'up' is disabled at the top of the list).
  await expect(page.getByRole('button', { name: `Move ${betaName} down` })).toBeFocused();
  await expect(page.getByRole('button', { name: `Move ${alphaName} down` })).toBeDisabled();
  await eventually
    .poll(async () => {
      const { data } = await api.admin
        .from('event_sponsors')
        .select('sponsor_id')
        .eq('event_id', event.id)
        .eq('_deleted', false)
        .order('display_order');
      return (data ?? []).map((row) => row.sponsor_id);
    })
    .toEqual([beta.id, alpha.id]);

  await page.getByRole('button', { name: `Remove ${betaName} from event` }).click();
  await expect(page.getByText('Sponsor removed from event')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(alphaName);
  await page.getByRole('button', { name: `Remove ${alphaName} from event` }).click();
  await expect(page.getByText('No sponsors attached to this event yet')).toBeVisible();
});

test('admin uploads two gallery images at once and removes one', async ({ page, api }) => {
  const title = unique('Admin Gallery Event');
  const event = await createEvent(api, { title });
  const [red, blue] = await Promise.all([buildImage('png', { seed: 11 }), buildImage('png', { seed: 12 })]);

  await openEventsPage(page);
  await editEvent(page, title, 'Gallery');
  await page.getByLabel('Add images').setInputFiles([
    { name: 'stage.png', mimeType: 'image/png', buffer: red },
    { name: 'room.png', mimeType: 'image/png', buffer: blue },
  ]);
  await expect(page.getByText('Images added to gallery')).toBeVisible();
  const images = page.getByRole('list', { name: 'Gallery images' }).getByRole('img');
  await expect(images).toHaveCount(2);
  // Shown at once from the local copy, then uploaded: the rows get public Storage URLs.
  await eventually
    .poll(
      async () => {
        const { data } = await api.admin
          .from('event_gallery')
          .select('image_url, display_order')
          .eq('event_id', event.id)
          .eq('_deleted', false)
          .order('display_order');
        return (data ?? []).map((row) => [row.display_order, /\/storage\/v1\/object\/public\//.test(row.image_url)]);
      },
      { timeout: 30_000 },
    )
    .toEqual([
      [0, true],
      [1, true],
    ]);

  await page.getByRole('button', { name: 'Remove Gallery image 1' }).click();
  await expect(page.getByText('Image removed from gallery')).toBeVisible();
  await expect(images).toHaveCount(1);
  await eventually
    .poll(async () => {
      const { data } = await api.admin
        .from('event_gallery')
        .select('display_order')
        .eq('event_id', event.id)
        .eq('_deleted', false);
      return (data ?? []).map((row) => row.display_order);
    })
    .toEqual([1]);
});

test('admin picks a featured image, which shows at once and is refused when the file is not an image', async ({
  page,
  api,
}) => {
  const title = unique('Admin Image Event');
  const event = await createEvent(api, { title });
  await openEventsPage(page);
  await editEvent(page, title, 'Images');

  await page.getByLabel('Featured image').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Upload failed')).toBeVisible();
  await expect(page.getByText('notes.txt is not an image')).toBeVisible();

  await page.getByLabel('Featured image').setInputFiles({
    name: 'hero.png',
    mimeType: 'image/png',
    buffer: await buildImage('png', { seed: 5 }),
  });
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Featured image preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(card(page, title).locator('img')).toBeVisible();
  await eventually
    .poll(
      async () => {
        const { data } = await api.admin.from('events').select('featured_image_url').eq('id', event.id).single();
        return String(data?.featured_image_url);
      },
      { timeout: 30_000 },
    )
    .toMatch(/\/storage\/v1\/object\/public\/event-images\//);
});
