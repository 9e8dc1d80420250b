import { test, expect, axe, unique } from './support/fixtures.ts';
import { signInAs, signInAsAdmin, waitForAdminReplica } from './support/admin.ts';

const MENU = [
  ['Dashboard', '/admin'],
  ['Events', '/admin/events'],
  ['Attendees', '/admin/attendees'],
  ['Invitations', '/admin/invitations'],
  ['Check-in', '/admin/check-in'],
  ['Sponsors', '/admin/sponsors'],
  ['Sponsor Tiers', '/admin/sponsor-tiers'],
  ['Testimonials', '/admin/testimonials'],
  ['Videos', '/admin/videos'],
  ['User Management', '/admin/users'],
] as const;

test('the admin sees the dashboard with its menu, cards and a way back to the events', async ({ page }) => {
  await signInAsAdmin(page);
  const menu = page.getByRole('navigation', { name: 'Admin Panel' });
  for (const [label, href] of MENU) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  await expect(menu.getByRole('link', { name: 'Sessions' })).toHaveCount(0);
  // Sign-in showed the partner banner; the back office does not.
  await expect(page.getByRole('complementary', { name: 'Partner with CDO Vision' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');

  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Events/ }).first()).toHaveAttribute('href', '/admin/events');
  await expect(main.getByRole('link', { name: /Attendees/ })).toHaveAttribute('href', '/admin/attendees');
  await expect(main.getByRole('link', { name: /Sponsors/ })).toHaveAttribute('href', '/admin/sponsors');
  const users = main.getByRole('link', { name: /User Management/ });
  await expect(users).toHaveAttribute('href', '/admin/users');
  await expect(users).toContainText('Manage admin roles');
  await expect(main.getByRole('link', { name: '← Back to Events' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle('Admin Dashboard | CDO Vision');

  await waitForAdminReplica(page);
  // The sign-in toast's colours are the toaster's (src/ui/toaster.tsx), checked where it is built.
  await expect(page.getByText('Welcome back!')).toBeHidden({ timeout: 10_000 });
  expect(await axe(page)).toEqual([]);

  // A keyboard user skips the menu and the header, as on the public site.
  await page.reload();
  await expect(main.getByRole('link', { name: /User Management/ })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(main.getByRole('link', { name: /Events/ }).first()).toBeFocused();

  // A page opened from the menu starts the keyboard on its content.
  await menu.getByRole('link', { name: 'Testimonials', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect(main).toBeFocused();
});

test('the admin signs out and is taken to the home page, and the back office asks to sign in again', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin Panel' })
    .getByRole('link', { name: 'Events', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Back, in the same tab and without a reload, to the dashboard seen before: sign in again.
  await page.goBack();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in user without admin rights sees the warning and the pages still render', async ({ page }) => {
  const email = `${unique('member').replace(' ', '-')}@example.com`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('member-password');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Account created!')).toBeVisible();

  await signInAs(page, { email, password: 'member-password' });
  await expect(
    page.getByText("You don't have admin privileges. Contact an administrator to grant access."),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /User Management/ }).first()).toBeVisible();
  // No sync status for a non-admin: nothing of theirs waits to sync.
  await expect(page.getByText('All changes synced')).toHaveCount(0);

  // Every list renders, with nothing to manage, instead of loading for ever.
  const pages = [
    ['Events', 'No events yet'],
    ['Attendees', 'No attendees yet'],
    ['Invitations', 'No requests for an invite yet'],
    ['Check-in', 'No events yet'],
    ['Sponsors', 'No sponsors in library yet'],
    ['Sponsor Tiers', 'No sponsor tiers yet'],
    ['Testimonials', 'No testimonials yet'],
    ['Videos', 'No videos yet'],
  ] as const;
  const menu = page.getByRole('navigation', { name: 'Admin Panel' });
  for (const [label, empty] of pages) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByText(empty, { exact: true })).toBeVisible();
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
    await expect(
      page.getByText("You don't have admin privileges. Contact an administrator to grant access."),
    ).toBeVisible();
  }
});

test('the admin collapses the menu to icons with Ctrl+B and it stays collapsed after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const menu = page.getByRole('navigation', { name: 'Admin Panel' });
  const toggle = page.getByRole('button', { name: 'Toggle admin menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByText('Sponsor Tiers')).toBeVisible();

  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Icons only: the labels stay for screen readers, hidden on screen.
  await expect(menu.getByRole('link', { name: 'Sponsor Tiers' })).toBeVisible();
  await expect(menu.getByText('Sponsor Tiers')).not.toBeInViewport();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie?.path).toBe('/');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604_800 - 60);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Toggle admin menu' })).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Toggle admin menu' }).click();
  await expect(page.getByRole('button', { name: 'Toggle admin menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByText('Sponsor Tiers')).toBeVisible();
});

test('on a phone the menu is a drawer that opens from the header and closes on a choice', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsAdmin(page);
  await expect(page.getByRole('navigation', { name: 'Admin Panel' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Toggle admin menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'User Management' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  // The sign-in toast's colours are the toaster's (src/ui/toaster.tsx), checked where it is built.
  await expect(page.getByText('Welcome back!')).toBeHidden({ timeout: 10_000 });
  expect(await axe(page)).toEqual([]);
});

test('the admin sees that every change is synced once the back office has its data', async ({ page }) => {
  await signInAsAdmin(page);
  await waitForAdminReplica(page);
  const status = page.getByRole('banner').getByRole('status');
  await expect(status).toHaveText('All changes synced');
  await page.context().setOffline(true);
  await expect(status).toHaveText('Offline');
  await page.context().setOffline(false);
  await waitForAdminReplica(page);
});

test('a browser that refuses to store data still shows the public pages, and the back office says why it cannot open its lists', async ({
  page,
  context,
}) => {
  // As a private window of some browsers, or site data turned off: every IndexedDB open in the page fails.
  await context.addInitScript(() => {
    IDBFactory.prototype.open = function () {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Upcoming CDO Vision' }).getByRole('link').first()).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/admin/events');
  const alert = page.getByRole('alert').filter({ hasText: 'The back office could not open its local data.' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Local data could not open' })).toBeVisible();
  // Trying again in the same browser meets the same refusal, and says so again.
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeVisible();
  expect(errors).toEqual([]);
});
