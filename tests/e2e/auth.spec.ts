import { test, expect, axe, unique } from './support/fixtures.ts';
import { signInAsAdmin } from './support/admin.ts';

function freshEmail(): string {
  return `${unique('user').replace(' ', '-')}@example.com`;
}

test('a visitor who types a wrong password sees the server’s error in an Error toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const toast = page.getByRole('listitem').filter({ hasText: 'Invalid login credentials' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');
  await expect(page).toHaveURL(/\/auth$/);
});

test.describe('on a device set to a dark colour scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('toasts follow the device and stay readable (spec: colour theme default system)', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const toast = page.getByRole('listitem').filter({ hasText: 'Invalid login credentials' });
    await expect(toast).toBeVisible();
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
    expect(await axe(page)).toEqual([]);
  });
});

test('the form checks the e-mail and password before sending them', async ({ page }) => {
  await page.goto('/auth');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('required', '');
  await expect(password).toHaveAttribute('minlength', '6');
  await email.fill('not-an-email');
  await password.fill('12345');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  // An address the auth server takes (Add Admin can make one) is not refused here.
  await email.fill('ops&events@example.com');
  await password.fill('123456');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toHaveCount(0);
});

test('the admin signs in, sees a welcome toast and lands in the back office', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('admin-password');
  // Hold the sign-in request a moment, to see the busy button.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/auth/v1/token**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  release();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText("You've successfully logged in.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
});

test('a keyboard user who signs in starts at the back office’s content once its role check answers', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('admin-password');
  // Hold the role check: the back office says 'Loading...' meanwhile, with no content to focus.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/user_roles**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
  await expect(page.locator('#admin-content')).toBeFocused();
});

test('a visitor signs up and is returned to sign-in mode to log in with the new account', async ({ page }) => {
  const email = freshEmail();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-password');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page.getByText('You can now log in with your credentials.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Password').fill('secret-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('signing up with an address that has an account shows the server’s error', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('whatever-password');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'User already registered' })).toContainText('Error');
});

test('the back office sends a visitor who is not signed in to the sign-in page', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('a signed-in user who opens the sign-in page is sent to the back office', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
});

test('the sign-in page has its title and no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveTitle('Sign In | CDO Vision');
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});
