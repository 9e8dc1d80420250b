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

async function openSponsorTiers(page: Page) {
  await openAsAdmin(page, '/admin/sponsor-tiers');
  await waitForAdminReplica(page);
  await expect(page.getByRole('heading', { name: 'Sponsor Tiers' })).toBeVisible();
}

function tierList(page: Page) {
  return page.getByRole('list', { name: 'Sponsor tiers' });
}

function tierRow(page: Page, name: string) {
  return tierList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The tier names in the order the page lists them. */
async function listedNames(page: Page, among: readonly string[]): Promise<string[]> {
  const names = await tierList(page).getByRole('heading').allTextContents();
  return names.filter((name) => among.includes(name));
}

test('admin adds a tier last, with an HSL colour, edits it and deletes it', async ({ page, api }) => {
  test.slow();
  const name = unique('Diamond');
  const renamed = unique('Titanium');
  await openSponsorTiers(page);

  await page.getByRole('button', { name: 'Add Tier' }).click();
  const form = page.getByRole('form', { name: 'Add Tier' });
  await expect(form.getByLabel('Color', { exact: true })).toHaveValue('#000000');
  await form.getByLabel('Color', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Create Tier' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Color is required')).toBeVisible();

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Color picker').fill('#ff8800');
  await expect(form.getByLabel('Color', { exact: true })).toHaveValue('#ff8800');
  await form.getByLabel('Color', { exact: true }).fill('hsl(45 93% 47%)');
  expect(await axeOfPage(page)).toEqual([]);

  const { data: before } = await api.admin.from('sponsor_tiers').select('display_order').eq('_deleted', false);
  const highest = Math.max(0, ...(before ?? []).map((tier) => tier.display_order as number));
  await form.getByRole('button', { name: 'Create Tier' }).click();

  await expect(page.getByText('Tier created successfully')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(tierRow(page, name).getByText('hsl(45 93% 47%)')).toBeVisible();
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('sponsor_tiers').select('color, display_order').eq('name', name);
        return data?.[0] ?? null;
      },
      { timeout: 20_000 },
    )
    .toEqual({ color: 'hsl(45 93% 47%)', display_order: highest + 1 });
  await expect(tierRow(page, name).getByRole('button', { name: `Move ${name} down` })).toBeDisabled();
  expect(await axeOfPage(page)).toEqual([]);

  await tierRow(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const editForm = page.getByRole('form', { name: 'Edit Tier' });
  await expect(editForm.getByLabel('Color', { exact: true })).toHaveValue('hsl(45 93% 47%)');
  await editForm.getByLabel('Name').fill(renamed);
  await editForm.getByRole('button', { name: 'Update Tier' }).click();
  await expect(page.getByText('Tier updated successfully')).toBeVisible();
  await expect(editForm).toBeHidden();
  await expect(tierRow(page, renamed)).toBeVisible();

  await tierRow(page, renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tier deleted successfully')).toBeVisible();
  await expect(tierRow(page, renamed)).toHaveCount(0);
  await expect
    .poll(
      async () => {
        const { data } = await api.admin.from('sponsor_tiers').select('_deleted').eq('name', renamed);
        return data;
      },
      { timeout: 20_000 },
    )
    .toEqual([{ _deleted: true }]);
});

test('admin reorders tiers, the ends cannot move further and the order reaches the backend', async ({ page, api }) => {
  test.slow();
  const first = await api.create('sponsor_tiers', {
    name: unique('Aaa First'),
    color: '#111111',
    display_order: -5000,
  });
  const middle = await api.create('sponsor_tiers', { name: unique('Mid'), color: '#222222', display_order: 5000 });
  const last = await api.create('sponsor_tiers', { name: unique('Zzz Last'), color: '#333333', display_order: 5001 });
  const names = [first.name, middle.name, last.name] as string[];
  await openSponsorTiers(page);

  await expect(tierRow(page, first.name as string).getByRole('button', { name: /up$/ })).toBeDisabled();
  await expect(tierRow(page, last.name as string).getByRole('button', { name: /down$/ })).toBeDisabled();
  await expect(tierRow(page, middle.name as string).getByRole('button', { name: /up$/ })).toBeEnabled();
  expect(await listedNames(page, names)).toEqual(names);

  await tierRow(page, last.name as string)
    .getByRole('button', { name: `Move ${last.name as string} up` })
    .click();
  await expect.poll(() => listedNames(page, names)).toEqual([first.name, last.name, middle.name]);
  // Keyboard users keep their place: focus follows the tier that moved.
  await expect(
    tierRow(page, last.name as string).getByRole('button', { name: `Move ${last.name as string} up` }),
  ).toBeFocused();
  await expect(tierRow(page, middle.name as string).getByRole('button', { name: /down$/ })).toBeDisabled();
  await expect(tierRow(page, last.name as string).getByRole('button', { name: /down$/ })).toBeEnabled();

  // The two tiers swapped their display_order on the server.
  await expect
    .poll(
      async () => {
        const { data } = await api.admin
          .from('sponsor_tiers')
          .select('id, display_order')
          .in('id', [middle.id, last.id])
          .order('display_order');
        return data;
      },
      { timeout: 20_000 },
    )
    .toEqual([
      { id: last.id, display_order: 5000 },
      { id: middle.id, display_order: 5001 },
    ]);
});

test('a tier used by an event sponsor cannot be deleted', async ({ page, api }) => {
  const tier = await api.create('sponsor_tiers', { name: unique('Busy Tier'), color: '#445566', display_order: 800 });
  const sponsor = await api.create('sponsors_library', { name: unique('Tiered Sponsor') });
  const event = await api.create('events', {
    title: unique('Tiered Summit'),
    start_date: daysFromNow(40),
    end_date: daysFromNow(40, 17),
  });
  await api.create('event_sponsors', {
    event_id: event.id,
    sponsor_id: sponsor.id,
    tier_id: tier.id,
    display_order: 1,
  });
  await openSponsorTiers(page);
  const deleteButton = tierRow(page, tier.name as string).getByRole('button', {
    name: `Delete ${tier.name as string}`,
  });
  await expect(deleteButton).toBeDisabled();
  await expect(deleteButton).toHaveAccessibleDescription('Tier is used by event sponsors');
});

test("a tier added while the events' sponsors are still arriving still goes last", async ({ page, api }) => {
  const name = unique('Early Tier');
  await api.create('sponsor_tiers', { name: unique('Standing Tier'), color: '#123456', display_order: 950 });
  // The replica's pull of the events' sponsors is slow to come; the tiers have come by then.
  const links = await holdReplicaPull(page, 'event_sponsors');
  await openAsAdmin(page, '/admin/sponsor-tiers');
  await links.asked;
  await expect(page.getByText('Loading...')).toBeVisible();

  await page.getByRole('button', { name: 'Add Tier' }).click();
  const form = page.getByRole('form', { name: 'Add Tier' });
  await form.getByLabel('Name').fill(name);
  const { data: before } = await api.admin.from('sponsor_tiers').select('display_order').eq('_deleted', false);
  const highest = Math.max(...(before ?? []).map((tier) => tier.display_order as number));
  await form.getByRole('button', { name: 'Create Tier' }).click();
  await expect(page.getByText('Tier created successfully')).toBeVisible();
  links.release();

  await expect
    .poll(async () => (await api.admin.from('sponsor_tiers').select('display_order').eq('name', name)).data, {
      timeout: 20_000,
    })
    .toEqual([{ display_order: highest + 1 }]);
  await expect(tierRow(page, name)).toBeVisible();
});
