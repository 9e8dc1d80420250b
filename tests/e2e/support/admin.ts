/**
 * Back-office steps for browser tests, as a user takes them: sign in through /auth, then wait until
 * the admin's local replica has pulled everything (the header's sync status reads 'All changes
 * synced'), so that lists show what the backend holds.
 */
import { expect, type Page } from '@playwright/test';
import { API_URL, DEMO_ADMIN, anonKey, isReplicaPull } from './fixtures.ts';

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
 * Opens `path` as the demo admin coming back to a device they signed in on before: the page starts
 * with the session supabase-js keeps in localStorage, as the sign-in form leaves it, got from the
 * API's password grant. Costs a test one page load where signing in through the form costs three
 * (the form, the dashboard it lands on, then `path`); the form itself is tested where it is the
 * subject (auth.spec.ts, admin-shell.spec.ts).
 */
/** Where the app's supabase-js keeps the session (SESSION_STORAGE_KEY of src/data/supabase-client.ts). */
const SESSION_STORAGE_KEY = 'cdo-vision-auth';

export async function openAsAdmin(page: Page, path: string): Promise<void> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: await anonKey(), 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!response.ok) throw new Error(`demo admin sign-in answered ${response.status}: ${await response.text()}`);
  const session = (await response.json()) as { expires_in: number };
  const stored = JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) + session.expires_in });
  // localStorage belongs to the app's origin: set it from a same-origin page that runs no script.
  await page.mainFrame().goto('/runtime-config.json');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, stored] as const);
  await page.goto(path);
}

/**
 * Waits until the admin replica has completed its first full pull and nothing waits to sync: the
 * shell's status reads 'All changes synced'.
 */
export async function waitForAdminReplica(page: Page, timeout = 60_000): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible({ timeout });
}

/**
 * Holds the replica's pull of `table` (a first sign-in on a slow network): its requests wait until
 * `release()`. `asked` resolves once the replica has asked for it, by when the tables it pulls
 * earlier have come.
 */
export async function holdReplicaPull(page: Page, table: string): Promise<{ asked: Promise<void>; release(): void }> {
  let asked!: () => void;
  const askedFor = new Promise<void>((resolve) => (asked = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/rest/v1/${table}?**`, async (route) => {
    if (isReplicaPull(route.request().url())) {
      asked();
      await released;
    }
    await route.continue();
  });
  return { asked: askedFor, release };
}
