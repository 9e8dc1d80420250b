/**
 * Back-office steps for browser tests, as a user takes them: sign in through /auth, then wait until
 * the admin's local replica has pulled everything (the header's sync status reads 'All changes
 * synced'), so that lists show what the backend holds.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './fixtures.ts';

/** Signs in through the /auth form (the demo admin by default) and waits for the back office. */
export async function signInAs(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/admin(\/|$)/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible({ timeout: 15_000 });
}

/** Signs in as the demo admin (admin@example.com) through the /auth form and waits for /admin. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signInAs(page, DEMO_ADMIN);
}

/**
 * Waits until the admin replica has completed its first full pull and nothing waits to sync: the
 * shell's status reads 'All changes synced'.
 */
export async function waitForAdminReplica(page: Page, timeout = 60_000): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible({ timeout });
}
