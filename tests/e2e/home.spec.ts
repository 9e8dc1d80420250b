import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

test('a visitor sees the upcoming events read from the backend on the home page', async ({ page }) => {
  await page.goto('/');
  const events = page.getByRole('region', { name: 'Upcoming CDO Vision' });
  await expect(events.getByRole('listitem').first()).toBeVisible();
  expect(await events.getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
  await expect(events.getByRole('listitem').first()).toContainText(/\w+day, \d{1,2} \w+ \d{4}/);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the home page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Upcoming CDO Vision' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
