import type { Page } from '@playwright/test';
import { holdReplicaPull, openAsAdmin, waitForAdminReplica } from './support/admin.ts';
import { axe, daysFromNow, expect, test, unique } from './support/fixtures.ts';

/**
 * axe on the page once the toasts have gone: sonner's rich success toast (src/ui/toaster.tsx) is
 * checked on its own, and this checks the page.
 */
async function axeOfPage(page: Page): Promise<string[]> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  return axe(page);
}

/** A 2x2 red PNG: a real image the browser can decode and reduce. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function openSponsorLibrary(page: Page) {
  await openAsAdmin(page, '/admin/sponsors');
  await waitForAdminReplica(page);
  await expect(page.getByRole('heading', { name: 'Sponsor Library' })).toBeVisible();
}

function sponsorCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Sponsors' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('admin adds a sponsor with a logo, edits it and deletes it', async ({ page, api }) => {
  test.slow();
  const name = unique('Acme Analytics');
  const renamed = unique('Acme Data');
  await openSponsorLibrary(page);

  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  const form = page.getByRole('form', { name: 'Add Sponsor' });
  await form.getByRole('button', { name: 'Create Sponsor' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Website').fill('not a web address');
  await form.getByRole('button', { name: 'Create Sponsor' }).click();
  await expect(form.getByText('Enter a web address starting with https://')).toBeVisible();
  await form.getByLabel('Website').fill('https://acme.example.com');
  await form.getByLabel('Description').fill('Data platform for regulated industries.');
  await form.getByLabel('Logo').setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'New logo preview' })).toBeVisible();
  expect(await axeOfPage(page)).toEqual([]);
  await form.getByRole('button', { name: 'Create Sponsor' }).click();

  await expect(page.getByText('Sponsor created successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const card = sponsorCard(page, name);
  await expect(card.getByText('Used in 0 event(s)')).toBeVisible();
  await expect(card.getByText('Data platform for regulated industries.')).toBeVisible();
  await expect(card.getByRole('link', { name: /acme\.example\.com/ })).toHaveAttribute(
    'href',
    'https://acme.example.com',
  );
  await expect(card.getByRole('img', { name: `${name} logo` })).toBeVisible();

  // The row reaches the backend, and the logo is uploaded to the sponsor-logos bucket.
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('sponsors_library').select('website, logo_url').eq('name', name);
        return data?.[0] ?? null;
      },
      { timeout: 20_000 },
    )
    .toEqual({ website: 'https://acme.example.com', logo_url: expect.stringContaining('/sponsor-logos/') });
  expect(await axeOfPage(page)).toEqual([]);

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const editForm = page.getByRole('form', { name: 'Edit Sponsor' });
  await expect(editForm.getByLabel('Name')).toHaveValue(name);
  await editForm.getByLabel('Name').fill(renamed);
  await editForm.getByRole('button', { name: 'Update Sponsor' }).click();
  await expect(page.getByText('Sponsor updated successfully')).toBeVisible();
  await expect(editForm).toBeHidden();
  await expect(sponsorCard(page, renamed)).toBeVisible();
  await expect(sponsorCard(page, name)).toHaveCount(0);

  await sponsorCard(page, renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Sponsor deleted successfully')).toBeVisible();
  await expect(sponsorCard(page, renamed)).toHaveCount(0);
  await expect
    .poll(
      async () => {
        // A delete is soft: the row stays as a tombstone that offline clients pull.
        const { data } = await api.admin.from('sponsors_library').select('_deleted').eq('name', renamed);
        return data;
      },
      { timeout: 20_000 },
    )
    .toEqual([{ _deleted: true }]);
});

test('cancelling the sponsor form closes it and clears what was typed', async ({ page }) => {
  await openSponsorLibrary(page);
  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  const form = page.getByRole('form', { name: 'Add Sponsor' });
  await form.getByLabel('Name').fill('Never saved');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('');
});

test('a logo that is not an image shows only Upload failed', async ({ page }) => {
  await openSponsorLibrary(page);
  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  await page
    .getByRole('form', { name: 'Add Sponsor' })
    .getByLabel('Logo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Upload failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveText('Upload failed');
});

/**
 * A valid one-pixel GIF of about `bytes` bytes, its bulk in a comment block (quick to make, where
 * encoding that many pixels of noise takes a loaded machine a minute).
 */
function bulkyGif(bytes: number): Buffer {
  const blocks: Buffer[] = [];
  for (let left = bytes; left > 0; left -= 255) {
    const size = Math.min(255, left);
    blocks.push(Buffer.from([size]), Buffer.alloc(size, 0x61));
  }
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff]),
    Buffer.from([0x21, 0xfe]),
    ...blocks,
    Buffer.from([0x00]),
    Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

test('a logo larger than the logo store takes is refused when saved, and nothing waits to upload for ever', async ({
  page,
  api,
}) => {
  // A GIF is stored as it is (drawing one would keep only its first frame): this one is over 2 MB.
  const gif = bulkyGif(2_300_000);
  const name = unique('Heavy Logo Sponsor');
  await openSponsorLibrary(page);
  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  const form = page.getByRole('form', { name: 'Add Sponsor' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Logo').setInputFiles({ name: 'animated.gif', mimeType: 'image/gif', buffer: gif });
  await form.getByRole('button', { name: 'Create Sponsor' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Upload failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveText('Upload failed');
  // Nothing was saved, and no upload waits that the server would refuse.
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();
  const { data } = await api.admin.from('sponsors_library').select('id').eq('name', name);
  expect(data).toEqual([]);
});

test('a logo the server refuses to store is listed under Sync problems, to try again or discard', async ({
  page,
  api,
}) => {
  // A GIF (kept as it is, not redrawn) that ends after its image descriptor: Storage reads it and refuses it.
  const damaged = Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  ]);
  const name = unique('Damaged Logo Sponsor');
  await openSponsorLibrary(page);
  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  const form = page.getByRole('form', { name: 'Add Sponsor' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Logo').setInputFiles({ name: 'damaged.gif', mimeType: 'image/gif', buffer: damaged });
  await form.getByRole('button', { name: 'Create Sponsor' }).click();
  await expect(page.getByText('Sponsor created successfully')).toBeVisible();

  const problemsButton = page.getByRole('button', { name: 'Sync problems (1)' });
  await expect(problemsButton).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 upload waiting' })).toBeVisible();
  await problemsButton.click();
  const panel = page.getByRole('dialog', { name: 'Sync problems' });
  const item = panel.getByRole('listitem').filter({ hasText: `Upload refused: Logo of Sponsor '${name}'` });
  await expect(item).toContainText('The file is damaged, or not an image the server can read.');
  await expect(item).toContainText('The file is not a valid image/gif');
  expect(await axeOfPage(page)).toEqual([]);

  // Tried again, the server refuses it again, and it comes back to the list.
  await item.getByRole('button', { name: 'Try again' }).click();
  await expect(item.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(item).toBeVisible();

  // Discarded: the sponsor stays, without a logo, and nothing waits any more.
  await item.getByRole('button', { name: 'Discard' }).click();
  await expect(panel.getByText('No problems.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(problemsButton).toBeHidden();
  await waitForAdminReplica(page);
  // The discard is a write of its own, which may still be on its way as the status reads synced.
  const stored = async () =>
    (await api.admin.from('sponsors_library').select('id, logo_url').eq('name', name)).data as
      { id: string; logo_url: string | null }[] | null;
  await expect.poll(stored).toEqual([{ id: expect.any(String), logo_url: null }]);
  await api.remove('sponsors_library', (await stored())![0]!.id);
});

test('a sponsor used by an event shows its usage and cannot be deleted', async ({ page, api }) => {
  const sponsor = await api.create('sponsors_library', {
    name: unique('Used Sponsor'),
    website: 'https://used.example.com',
  });
  const event = await api.create('events', {
    title: unique('Sponsored Summit'),
    start_date: daysFromNow(30),
    end_date: daysFromNow(30, 17),
  });
  const tier = await api.create('sponsor_tiers', { name: unique('Test Tier'), color: '#123456', display_order: 900 });
  await api.create('event_sponsors', {
    event_id: event.id,
    sponsor_id: sponsor.id,
    tier_id: tier.id,
    display_order: 1,
  });

  await openSponsorLibrary(page);
  const card = sponsorCard(page, sponsor.name as string);
  await expect(card.getByText('Used in 1 event(s)')).toBeVisible();
  const deleteButton = card.getByRole('button', { name: `Delete ${sponsor.name as string}` });
  await expect(deleteButton).toBeDisabled();
  await expect(deleteButton).toHaveAccessibleDescription('Remove from events first');
  await expect(card.getByText('Remove from events first')).toBeVisible();
  expect(await axeOfPage(page)).toEqual([]);
});

test('on a device signed in just now, a sponsor is not offered for deletion while the events that use it are still arriving', async ({
  page,
  api,
}) => {
  const sponsor = await api.create('sponsors_library', { name: unique('Arriving Sponsor') });
  const event = await api.create('events', {
    title: unique('Arriving Summit'),
    start_date: daysFromNow(30),
    end_date: daysFromNow(30, 17),
  });
  const tier = await api.create('sponsor_tiers', {
    name: unique('Arriving Tier'),
    color: '#123456',
    display_order: 901,
  });
  await api.create('event_sponsors', {
    event_id: event.id,
    sponsor_id: sponsor.id,
    tier_id: tier.id,
    display_order: 1,
  });
  // The replica's first pull of the events' sponsors is slow to come; the library has come by then.
  const links = await holdReplicaPull(page, 'event_sponsors');
  await openAsAdmin(page, '/admin/sponsors');
  await links.asked;
  // Time for the library's rows to reach the screen, were they shown before their uses.
  await page.waitForTimeout(2_000);
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${sponsor.name as string}` })).toHaveCount(0);
  links.release();
  const card = sponsorCard(page, sponsor.name as string);
  await expect(card.getByText('Used in 1 event(s)')).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete ${sponsor.name as string}` })).toBeDisabled();
});

test('an empty sponsor library says so', async ({ page }) => {
  // The replica's pull of the library answers with no rows, as for a brand-new project.
  await page.route('**/rest/v1/sponsors_library?**', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
      : route.continue(),
  );
  await openSponsorLibrary(page);
  await expect(page.getByText('No sponsors in library yet')).toBeVisible();
  expect(await axeOfPage(page)).toEqual([]);
});
