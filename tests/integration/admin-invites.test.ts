/**
 * Admin invites grant the role only to whoever proves the invited mailbox: the invite-admin function
 * mails a link to the local mailbox, and the role goes to the signed-in account with that address
 * that presents the link's token. These stories run the whole loop over HTTP, as the app and a
 * person reading the mail would, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.adminClient();
});

afterAll(async () => {
  await backend?.stop();
});

function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@corp.example`;
}

async function invoke(client: SupabaseClient, name: string, body: unknown) {
  const { data, error } = await client.functions.invoke(name, { body: body as Record<string, unknown> });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: 200, body: data as Record<string, unknown> };
}

interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

/** What the local mailbox holds for an address, newest first, read as a person's mail client would. */
async function mailTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${backend.url}/mailbox/api/messages?to=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Mail[];
}

/** The token of the newest invite link mailed to the address. */
async function inviteTokenFor(address: string): Promise<string> {
  const [newest] = await mailTo(address);
  const link = /(https?:\/\/\S+\/auth#admin-invite=([\w-]+))/.exec(newest?.text ?? '');
  if (!link) throw new Error(`no invite link mailed to ${address}`);
  return link[2]!;
}

async function signUp(email: string, password = `pw-${randomBytes(6).toString('hex')}`) {
  const client = backend.anonClient();
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  if (!data.session) await client.auth.signInWithPassword({ email, password });
  return { client, id: data.user.id, email, password };
}

async function roleOf(userId: string): Promise<string[]> {
  const rows = await backend.services.db.query<{ role: string }>(
    'select role from public.user_roles where user_id = $1',
    [userId],
  );
  return rows.rows.map((row) => row.role);
}

async function pendingInvites(): Promise<string[]> {
  const { data, error } = await admin.from('admin_invites').select('email');
  if (error) throw error;
  return (data ?? []).map((row: { email: string }) => row.email);
}

describe('admin invites', () => {
  it('a stranger who signs up with an invited address, in another case, gets no admin role', async () => {
    const invited = uniqueEmail('new.hire');
    expect((await invoke(admin, 'invite-admin', { email: invited })).status).toBe(200);
    const stranger = await signUp(invited.replace('new.hire', 'New.Hire'));

    expect(await roleOf(stranger.id)).toEqual([]);
    const admins = await admin.rpc('get_admin_users');
    expect((admins.data as Array<{ email: string }>).map((row) => row.email)).not.toContain(invited);
    // Guessing at the token gets nowhere either.
    const guess = await stranger.client.rpc('accept_admin_invite', {
      invite_token: randomBytes(32).toString('base64url'),
    });
    expect(guess.error?.message).toBe('This invite link is invalid or has expired. Ask an admin to send a new one.');
    expect(await roleOf(stranger.id)).toEqual([]);
    // And the stranger cannot read the admin data an admin can.
    const { data: invites } = await stranger.client.from('admin_invites').select('email');
    expect(invites).toEqual([]);
    expect(await pendingInvites()).toContain(invited);
  });

  it('the real owner follows the mailed link, signs up with the address and becomes an admin', async () => {
    const invited = uniqueEmail('cto');
    const answer = await invoke(admin, 'invite-admin', { email: `  ${invited.toUpperCase()} ` });
    expect(answer).toMatchObject({ status: 200, body: { success: true, email: invited } });
    const expiresAt = Date.parse(String(answer.body.expiresAt));
    expect(expiresAt - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const [mail] = await mailTo(invited);
    expect(mail).toMatchObject({ to: [invited], subject: "You're invited to the CDO Vision back office" });
    expect(mail!.text).toContain('http://localhost:4173/auth#admin-invite=');
    expect(mail!.html).toContain('Accept the invite');
    expect(await pendingInvites()).toContain(invited);

    const owner = await signUp(invited);
    expect(await roleOf(owner.id)).toEqual([]);
    const accepted = await owner.client.rpc('accept_admin_invite', { invite_token: await inviteTokenFor(invited) });
    expect(accepted.error).toBeNull();
    expect(await roleOf(owner.id)).toEqual(['admin']);
    expect(await pendingInvites()).not.toContain(invited);
    // The owner now reads what admins read.
    const list = await owner.client.rpc('get_admin_users');
    expect((list.data as Array<{ email: string }>).map((row) => row.email)).toContain(invited);
    // The link is used up.
    const again = await owner.client.rpc('accept_admin_invite', { invite_token: await inviteTokenFor(invited) });
    expect(again.error?.message).toMatch(/invalid or has expired/);
  });

  it('an existing account accepts with its own password; another account cannot use its link', async () => {
    const member = await backend.newUser();
    const other = await backend.newUser();
    expect((await invoke(admin, 'invite-admin', { email: member.email })).status).toBe(200);
    const token = await inviteTokenFor(member.email);

    const wrong = await other.client.rpc('accept_admin_invite', { invite_token: token });
    expect(wrong.error?.message).toBe(
      'This invite was sent to another e-mail address. Sign in with that address to accept it.',
    );
    expect(await roleOf(other.id)).toEqual([]);

    const right = await member.client.rpc('accept_admin_invite', { invite_token: token });
    expect(right.error).toBeNull();
    expect(await roleOf(member.id)).toEqual(['admin']);
  });

  it('sending an invite again renews it: only the newest link works', async () => {
    const invited = uniqueEmail('renewed');
    await invoke(admin, 'invite-admin', { email: invited });
    const first = await inviteTokenFor(invited);
    await invoke(admin, 'invite-admin', { email: invited });
    const second = await inviteTokenFor(invited);
    expect(second).not.toBe(first);
    expect(await mailTo(invited)).toHaveLength(2);
    expect((await pendingInvites()).filter((email) => email === invited)).toHaveLength(1);

    const owner = await signUp(invited);
    expect((await owner.client.rpc('accept_admin_invite', { invite_token: first })).error?.message).toMatch(
      /invalid or has expired/,
    );
    expect((await owner.client.rpc('accept_admin_invite', { invite_token: second })).error).toBeNull();
    expect(await roleOf(owner.id)).toEqual(['admin']);
  });

  it('an expired invite grants nothing', async () => {
    const invited = uniqueEmail('late');
    await invoke(admin, 'invite-admin', { email: invited });
    await backend.services.db.query(
      `update private.admin_invite_tokens set expires_at = now() - interval '1 second' where email = $1`,
      [invited],
    );
    const owner = await signUp(invited);
    const late = await owner.client.rpc('accept_admin_invite', { invite_token: await inviteTokenFor(invited) });
    expect(late.error?.message).toBe('This invite link is invalid or has expired. Ask an admin to send a new one.');
    expect(await roleOf(owner.id)).toEqual([]);
  });

  it('cancelling an invite makes its link worthless', async () => {
    const invited = uniqueEmail('cancelled');
    await invoke(admin, 'invite-admin', { email: invited });
    await admin.from('admin_invites').delete().eq('email', invited).throwOnError();
    const owner = await signUp(invited);
    const answer = await owner.client.rpc('accept_admin_invite', { invite_token: await inviteTokenFor(invited) });
    expect(answer.error?.message).toMatch(/invalid or has expired/);
    expect(await roleOf(owner.id)).toEqual([]);
  });

  it('only admins invite; nobody but the service role issues tokens; visitors accept nothing', async () => {
    const member = await backend.newUser();
    const target = uniqueEmail('target');
    expect(await invoke(member.client, 'invite-admin', { email: target })).toEqual({
      status: 403,
      body: { success: false, error: 'Only admins can invite admins' },
    });
    expect((await invoke(backend.anonClient(), 'invite-admin', { email: target })).status).toBe(401);
    for (const client of [member.client, admin, backend.anonClient()]) {
      const issued = await client.rpc('issue_admin_invite', {
        invite_email: target,
        invite_token_hash: 'a'.repeat(64),
      });
      expect(issued.error).not.toBeNull();
    }
    const anonymous = await backend.anonClient().rpc('accept_admin_invite', { invite_token: 'x' });
    expect(anonymous.error).not.toBeNull();
    expect(await mailTo(target)).toEqual([]);
    expect(await pendingInvites()).not.toContain(target);
    // The tokens' table is out of every API role's reach.
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      const read = backend.services.db.transaction({ role, claims: { role }, readOnly: true }, (tx) =>
        tx.query('select * from private.admin_invite_tokens'),
      );
      await expect(read, role).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('bad addresses and existing admins are refused, and nothing is sent', async () => {
    expect(await invoke(admin, 'invite-admin', { email: 'not-an-address' })).toEqual({
      status: 400,
      body: { success: false, error: 'Unable to validate email address: invalid format' },
    });
    expect(await invoke(admin, 'invite-admin', { email: '   ' })).toEqual({
      status: 400,
      body: { success: false, error: 'Email is required' },
    });
    expect(await invoke(admin, 'invite-admin', { email: backend.admin.email.toUpperCase() })).toEqual({
      status: 422,
      body: { success: false, error: 'An admin with this email address already exists' },
    });
    expect(await mailTo(backend.admin.email)).toEqual([]);
  });

  it('create-admin for an address someone already registered sends an invite instead of granting the role', async () => {
    const invited = uniqueEmail('preregistered');
    const stranger = await signUp(invited);
    const answer = await invoke(admin, 'create-admin', { email: invited, password: 'typed-by-admin' });
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, userId: stranger.id, email: invited, existingUser: true, invited: true },
    });
    expect(await roleOf(stranger.id)).toEqual([]);
    expect(await pendingInvites()).toContain(invited);
    expect(await mailTo(invited)).toHaveLength(1);
    const typed = await backend.anonClient().auth.signInWithPassword({ email: invited, password: 'typed-by-admin' });
    expect(typed.error?.code).toBe('invalid_credentials');
  });
});

describe('claiming an invite for an address a stranger registered first', () => {
  it("the invited person sets the address's password with the link, and the stranger's account is gone", async () => {
    const invited = uniqueEmail('squatted');
    const stranger = await signUp(invited, 'strangers-password');
    expect((await invoke(admin, 'invite-admin', { email: invited })).status).toBe(200);
    const token = await inviteTokenFor(invited);

    const claimed = await invoke(backend.anonClient(), 'claim-admin-invite', {
      token,
      email: ` ${invited.toUpperCase()}`,
      password: 'owners-password',
    });
    expect(claimed).toEqual({ status: 200, body: { success: true, email: invited } });

    const owner = backend.anonClient();
    const signedIn = await owner.auth.signInWithPassword({ email: invited, password: 'owners-password' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user!.id).not.toBe(stranger.id);
    expect(await roleOf(signedIn.data.user!.id)).toEqual(['admin']);
    expect((await owner.rpc('get_admin_users')).error).toBeNull();
    expect(await pendingInvites()).not.toContain(invited);

    // The stranger's password, session and still-unexpired access token get nowhere.
    const old = await backend.anonClient().auth.signInWithPassword({ email: invited, password: 'strangers-password' });
    expect(old.error?.code).toBe('invalid_credentials');
    expect((await stranger.client.auth.refreshSession()).error).not.toBeNull();
    expect(await roleOf(stranger.id)).toEqual([]);
    const { data: invites } = await stranger.client.from('admin_invites').select('email');
    expect(invites ?? []).toEqual([]);

    // The link is used up.
    const again = await invoke(backend.anonClient(), 'claim-admin-invite', {
      token,
      email: invited,
      password: 'strangers-again',
    });
    expect(again).toEqual({
      status: 422,
      body: { success: false, error: 'This invite link is invalid or has expired. Ask an admin to send a new one.' },
    });
  });

  it('an address with no account gets one; a wrong address, a bad link or a short password change nothing', async () => {
    const invited = uniqueEmail('fresh');
    const other = uniqueEmail('other');
    const bystander = await signUp(other, 'bystanders-password');
    await invoke(admin, 'invite-admin', { email: invited });
    const token = await inviteTokenFor(invited);
    const anon = backend.anonClient();

    expect(await invoke(anon, 'claim-admin-invite', { token, email: other, password: 'takeover' })).toEqual({
      status: 422,
      body: {
        success: false,
        error: 'This invite was sent to another e-mail address. Enter the address it was sent to.',
      },
    });
    const guessed = randomBytes(32).toString('base64url');
    expect(await invoke(anon, 'claim-admin-invite', { token: guessed, email: invited, password: 'guessing' })).toEqual({
      status: 422,
      body: { success: false, error: 'This invite link is invalid or has expired. Ask an admin to send a new one.' },
    });
    expect(await invoke(anon, 'claim-admin-invite', { token, email: invited, password: 'short' })).toEqual({
      status: 422,
      body: { success: false, error: 'Password should be at least 6 characters.' },
    });
    const stillThere = await backend.anonClient().auth.signInWithPassword({
      email: other,
      password: 'bystanders-password',
    });
    expect(stillThere.data.user?.id).toBe(bystander.id);
    expect(await pendingInvites()).toContain(invited);

    expect((await invoke(anon, 'claim-admin-invite', { token, email: invited, password: 'first-one' })).status).toBe(
      200,
    );
    const signedIn = await backend.anonClient().auth.signInWithPassword({ email: invited, password: 'first-one' });
    expect(await roleOf(signedIn.data.user!.id)).toEqual(['admin']);
  });

  it("an admin's account is never replaced", async () => {
    const invited = uniqueEmail('promoted');
    await invoke(admin, 'invite-admin', { email: invited });
    const person = await signUp(invited, 'admins-password');
    // Made an admin some other way while the invite was out.
    await admin.from('user_roles').insert({ user_id: person.id, role: 'admin' }).throwOnError();
    const answer = await invoke(backend.anonClient(), 'claim-admin-invite', {
      token: await inviteTokenFor(invited),
      email: invited,
      password: 'replacement',
    });
    expect(answer).toEqual({
      status: 422,
      body: { success: false, error: 'An admin with this email address already exists. Sign in instead.' },
    });
    const kept = await backend.anonClient().auth.signInWithPassword({ email: invited, password: 'admins-password' });
    expect(kept.data.user?.id).toBe(person.id);
  });
});

describe('the local mailbox', () => {
  it('takes mail only with its key, and shows it in the browser with the link clickable', async () => {
    const body = JSON.stringify({
      from: 'a@b.example',
      to: 'reader@corp.example',
      subject: 'Hi <b>',
      text: 'Go https://x.example/?a=1&b=2',
    });
    const refused = await fetch(`${backend.url}/mailbox/api/emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(refused.status).toBe(401);
    const sent = await fetch(`${backend.url}/mailbox/api/emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${backend.serviceRoleKey}` },
      body,
    });
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };
    const list = await (await fetch(`${backend.url}/mailbox`)).text();
    expect(list).toContain(`href="/mailbox/${id}"`);
    expect(list).toContain('Hi &#60;b&#62;');
    const page = await fetch(`${backend.url}/mailbox/${id}`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('<a href="https://x.example/?a=1&#38;b=2">');
  });
});
