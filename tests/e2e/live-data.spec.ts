/**
 * The public pages' data binding (src/data): a page paints from a direct read, then follows the
 * visitor's local replica, so changes made in the back office reach an open page without a reload.
 */
import { daysFromNow, expect, test, unique } from './support/fixtures.ts';

test('a visitor with the home page open sees a new event appear and a renamed one change, without reloading', async ({
  page,
  api,
}) => {
  const before = await api.create('events', {
    title: unique('Live Before'),
    start_date: daysFromNow(300),
    end_date: daysFromNow(301),
  });
  await page.goto('/');
  const events = page.locator('#events');
  await expect(events.getByText(before.title as string)).toBeVisible();

  // The replica opens once the page is idle and then follows the backend through realtime.
  await expect
    .poll(
      () => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name?.includes('cdo-public'))),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);

  const added = await api.create('events', {
    title: unique('Live Added'),
    start_date: daysFromNow(310),
    end_date: daysFromNow(311),
  });
  await expect(events.getByText(added.title as string)).toBeVisible({ timeout: 20_000 });

  const renamed = unique('Live Renamed');
  const { error } = await api.admin.from('events').update({ title: renamed }).eq('id', before.id);
  expect(error).toBeNull();
  await expect(events.getByText(renamed)).toBeVisible({ timeout: 20_000 });
  await expect(events.getByText(before.title as string)).toHaveCount(0);
});

test('a deleted event leaves an open home page', async ({ page, api }) => {
  const doomed = await api.create('events', {
    title: unique('Live Doomed'),
    start_date: daysFromNow(320),
    end_date: daysFromNow(321),
  });
  await page.goto('/');
  const card = page.locator('#events').getByText(doomed.title as string);
  await expect(card).toBeVisible();
  await expect
    .poll(
      () => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name?.includes('cdo-public'))),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  await api.remove('events', doomed.id);
  await expect(card).toHaveCount(0, { timeout: 20_000 });
});
