import type { Page } from '@playwright/test';
import { test, expect, axe, unique, API_URL, type Api } from './support/fixtures.ts';
import { openAsAdmin } from './support/admin.ts';

const NOT_ADMIN = "You don't have admin privileges. Contact an administrator to grant access.";

function freshEmail(prefix = 'admin'): string {
  return `${unique(prefix).replace(' ', '-')}@example.com`;
}

/** Creates another admin account through the server function, as the demo admin. */
async function createAdminAccount(api: Api, email: string, password: string): Promise<void> {
  const { error } = await api.admin.functions.invoke('create-admin', { body: { email, password } });
  if (error) throw new Error(`create-admin: ${error.message}`);
}

/** Whether the auth API accepts the password (a plain request: no client, no session kept). */
async function canSignIn(api: Api, email: string, password: string): Promise<boolean> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.ok;
}

async function openUserManagement(page: Page): Promise<void> {
  await openAsAdmin(page, '/admin/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
}

function adminsTable(page: Page) {
  return page.getByRole('table', { name: 'Admin Users' });
}

function invitesTable(page: Page) {
  return page.getByRole('table', { name: 'Pending Admin Invites' });
}

test('the admin sees their own row marked You, with no actions', async ({ page }) => {
  await openUserManagement(page);
  // The row whose e-mail is exactly the demo admin's: other tests add admins whose addresses contain it.
  const own = adminsTable(page)
    .getByRole('row')
    .filter({ has: page.getByText('admin@example.com', { exact: true }) });
  await expect(own).toContainText('Active Admin');
  await expect(own).toContainText('You');
  await expect(own.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin');
});

test('the admin adds a new admin, who is listed and can sign in at once', async ({ page, api }) => {
  const email = freshEmail();
  await openUserManagement(page);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Admin' });
  await expect(dialog).toContainText('Create a new admin account. They can login immediately with these credentials.');

  // Blank after trimming is refused before anything is sent.
  await dialog.getByLabel('Email').fill('   ');
  await dialog.getByLabel('Password').fill('   ');
  await dialog.getByRole('button', { name: 'Create Admin' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Password is required')).toBeVisible();

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('new-admin-password');
  await dialog.getByRole('button', { name: 'Create Admin' }).click();
  await expect(page.getByText('Admin account created. They can login now.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = adminsTable(page).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Active Admin');
  await expect(row.getByRole('button', { name: /Change Password/ })).toBeVisible();
  expect(await canSignIn(api, email, 'new-admin-password')).toBe(true);
});

test('adding an admin whose address is already an admin shows the server’s error', async ({ page }) => {
  await openUserManagement(page);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Admin' });
  await dialog.getByLabel('Email').fill('admin@example.com');
  await dialog.getByLabel('Password').fill('whatever-password');
  await dialog.getByRole('button', { name: 'Create Admin' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'An admin with this email address already exists' }),
  ).toContainText('Error');
  await expect(dialog).toBeVisible();
});

test('the admin changes another admin’s password and that admin signs in with the new one', async ({ page, api }) => {
  const email = freshEmail('colleague');
  await createAdminAccount(api, email, 'first-password');
  await openUserManagement(page);
  const row = adminsTable(page).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /Change Password/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toContainText(`Update the password for ${email}`);
  await dialog.getByLabel('New Password').fill('second-password');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await canSignIn(api, email, 'second-password')).toBe(true);
  expect(await canSignIn(api, email, 'first-password')).toBe(false);
});

test('the admin removes another admin’s role and the account leaves the list', async ({ page, api }) => {
  const email = freshEmail('leaving');
  await createAdminAccount(api, email, 'leaving-password');
  await openUserManagement(page);
  const row = adminsTable(page).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /Remove/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove admin role?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Admin role removed')).toBeVisible();
  await expect(row).toHaveCount(0);
  const { data } = await api.admin.rpc('get_admin_users');
  expect((data as { email: string }[]).map((admin) => admin.email)).not.toContain(email);
});

test('a pending invite is listed and the admin cancels it', async ({ page, api }) => {
  const email = freshEmail('invitee');
  const { error } = await api.admin.from('admin_invites').insert({ email });
  expect(error).toBeNull();
  try {
    await openUserManagement(page);
    const row = invitesTable(page).getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Pending signup');
    await row.getByRole('button', { name: /Cancel Invite/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel this invite?' })
      .getByRole('button', { name: 'Cancel Invite' })
      .click();
    await expect(page.getByText('Admin invite removed')).toBeVisible();
    await expect(row).toHaveCount(0);
    const { data } = await api.admin.from('admin_invites').select('email').eq('email', email);
    expect(data).toEqual([]);
  } finally {
    await api.admin.from('admin_invites').delete().eq('email', email);
  }
});

test('the admin finds accounts and invites by e-mail, whatever the case', async ({ page, api }) => {
  const tag = unique('find').replace(' ', '-');
  const adminEmail = `${tag}-admin@example.com`;
  const inviteEmail = `${tag}-invite@example.com`;
  await createAdminAccount(api, adminEmail, 'findable-password');
  await api.admin.from('admin_invites').insert({ email: inviteEmail });
  try {
    await openUserManagement(page);
    await expect(adminsTable(page).getByRole('row').filter({ hasText: 'admin@example.com' }).first()).toBeVisible();
    await page.getByPlaceholder('Search by email...').fill(tag.toUpperCase());
    await expect(adminsTable(page).getByRole('row').filter({ hasText: adminEmail })).toBeVisible();
    await expect(
      adminsTable(page)
        .getByRole('row')
        .filter({ hasText: /^admin@example\.com/ }),
    ).toHaveCount(0);
    await expect(adminsTable(page).getByRole('row')).toHaveCount(2);
    await expect(invitesTable(page).getByRole('row').filter({ hasText: inviteEmail })).toBeVisible();
    await page.getByPlaceholder('Search by email...').fill('no-such-address');
    await expect(adminsTable(page)).toContainText('No admin users found');
    await expect(invitesTable(page)).toContainText('No pending invites');
  } finally {
    await api.admin.from('admin_invites').delete().eq('email', inviteEmail);
  }
});

test('User Management has its title and no serious accessibility violations', async ({ page }) => {
  await openUserManagement(page);
  await expect(adminsTable(page)).toBeVisible();
  await expect(page).toHaveTitle('User Management | CDO Vision');
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Admin' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

/** Opens the newest invite mailed to the address, as its owner would: the local mailbox, then the link. */
async function openMailedInvite(page: Page, email: string): Promise<void> {
  await page.goto(`${API_URL}/mailbox`);
  await page
    .getByRole('row')
    .filter({ hasText: email })
    .first()
    .getByRole('link', { name: "You're invited to the CDO Vision back office" })
    .click();
  await page.getByRole('link', { name: /\/auth#admin-invite=/ }).click();
  await page.waitForURL(/\/auth$/);
}

test('an invited person opens the mailed link, signs up with that address and becomes an admin', async ({
  page,
  browser,
}) => {
  // Two people: the admin's back office and the invitee's, each signing in and syncing.
  test.slow();
  const email = freshEmail('invitee');
  const password = 'invitee-password';
  await openUserManagement(page);
  await page.getByRole('button', { name: 'Invite Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Admin' });
  await dialog.getByLabel('Email').fill('not an address');
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText(`Invite sent to ${email}`)).toBeVisible();
  const pending = invitesTable(page).getByRole('row').filter({ hasText: email });
  await expect(pending).toContainText('Pending signup');
  // Sent again: only the newest link works, and that is the one the invitee opens.
  await pending.getByRole('button', { name: `Resend Invite to ${email}` }).click();
  await expect(page.getByText(`Invite sent to ${email}`).first()).toBeVisible();

  const context = await browser.newContext();
  try {
    const invitee = await context.newPage();
    await openMailedInvite(invitee, email);
    // The token leaves the address bar at once.
    expect(new URL(invitee.url()).hash).toBe('');
    await expect(invitee.getByText("You're invited to become an admin.")).toBeVisible();
    await invitee.getByRole('button', { name: 'Sign up' }).click();
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password').fill(password);
    await invitee.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(invitee.getByText('Account created!')).toBeVisible();
    await invitee.getByLabel('Password').fill(password);
    await invitee.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Signing in, then accepting the invite: two round trips, each slower on a busy machine.
    await expect(invitee.getByText('You are now an admin.')).toBeVisible({ timeout: 15_000 });
    await invitee.waitForURL(/\/admin$/);
    await expect(invitee.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
    await expect(invitee.getByText(NOT_ADMIN)).toHaveCount(0);
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(adminsTable(page).getByRole('row').filter({ hasText: email })).toContainText('Active Admin');
  await expect(invitesTable(page).getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('a stranger who signs up first with an invited address, in another case, is no admin', async ({ page, api }) => {
  const email = freshEmail('coveted');
  const { error } = await api.admin.functions.invoke('invite-admin', { body: { email } });
  expect(error).toBeNull();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('stranger-password');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await page.getByLabel('Password').fill('stranger-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/admin$/);
  await expect(page.getByText(NOT_ADMIN)).toBeVisible();
  const { data } = await api.admin.from('admin_invites').select('email').eq('email', email);
  expect(data).toEqual([{ email }]);
  await api.admin.from('admin_invites').delete().eq('email', email);
});

test('an invited person whose address a stranger registered first sets a new password from the link and becomes the admin', async ({
  page,
  browser,
  api,
}) => {
  test.slow();
  const email = freshEmail('squatted');
  // The stranger signs up with the address before its owner does, and so chose its password.
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('stranger-password');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  const { error } = await api.admin.functions.invoke('invite-admin', { body: { email } });
  expect(error).toBeNull();

  const context = await browser.newContext();
  try {
    const invitee = await context.newPage();
    await openMailedInvite(invitee, email);
    const notice = invitee.getByRole('region', { name: 'Admin invite' });
    await notice.getByRole('button', { name: 'Set a new password' }).click();
    await notice.getByLabel('Invited email').fill(email);
    await notice.getByLabel('New password').fill('owner-password');
    expect(await axe(invitee)).toEqual([]);
    await notice.getByRole('button', { name: 'Set password and accept the invite' }).click();
    await expect(invitee.getByText('You are now an admin.')).toBeVisible({ timeout: 15_000 });
    await invitee.waitForURL(/\/admin$/);
    await expect(invitee.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
    await expect(invitee.getByText(NOT_ADMIN)).toHaveCount(0);
  } finally {
    await context.close();
  }

  // The stranger's password opens nothing any more.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('stranger-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  const { data } = await api.admin.from('admin_invites').select('email').eq('email', email);
  expect(data).toEqual([]);
});

test('an invite link opened while signed in with another account waits for the invited address', async ({
  page,
  api,
}) => {
  test.slow();
  const email = freshEmail('invited-elsewhere');
  const other = freshEmail('someone-else');
  const signUpAndIn = async (address: string, password: string) => {
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Account created!').first()).toBeVisible();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  };
  await page.goto('/auth');
  await signUpAndIn(other, 'other-password');
  await page.waitForURL(/\/admin$/);
  const { error } = await api.admin.functions.invoke('invite-admin', { body: { email } });
  expect(error).toBeNull();

  await openMailedInvite(page, email);
  const notice = page.getByRole('region', { name: 'Admin invite' });
  await expect(notice).toContainText(
    `You are signed in as ${other}, and the invite was sent to another e-mail address.`,
  );
  expect(await axe(page)).toEqual([]);
  await notice.getByRole('button', { name: 'Sign out' }).click();
  await expect(notice).toContainText("You're invited to become an admin.");
  await signUpAndIn(email, 'invited-password');
  await expect(page.getByText('You are now an admin.')).toBeVisible({ timeout: 15_000 });
  await page.waitForURL(/\/admin$/);
  await expect(page.getByText(NOT_ADMIN)).toHaveCount(0);
});
