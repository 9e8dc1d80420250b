/**
 * The auth service (/auth/v1) against the real local backend over HTTP, through supabase-js as the
 * app uses it, and raw HTTP where the exact status, code or body shape is the point: sign-up,
 * password sign-in, refresh-token rotation and reuse detection, the current user, sign-out scopes,
 * forged tokens, the admin user API, the demo admin and invites. The abuse limits (rate limits,
 * sign-in back-off, metadata caps) have their own file: auth-limits.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { ensureAdmin } from '../../server/auth/users.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { forgedTokens, rawRequest, tokenWithRole } from './auth-helpers.ts';

let backend: TestBackend;
let counter = 0;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

function uniqueEmail(prefix = 'exec'): string {
  counter += 1;
  return `${prefix}${counter}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** A supabase-js client of `target` with no session, as a browser tab starts. */
function freshClient(target: TestBackend, key = target.anonKey): SupabaseClient {
  return createClient(target.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(globalThis.WebSocket ? {} : { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } }),
  });
}

async function signUp(target: TestBackend, email = uniqueEmail(), password = 'correct-horse') {
  const { data, error } = await freshClient(target).auth.signUp({ email, password });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { email, password, session: data.session, user: data.user };
}

async function signIn(target: TestBackend, email: string, password: string) {
  const client = freshClient(target);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  return { client, session: data.session };
}

/** One refresh with a fresh client, so no state of an earlier call interferes. */
function refresh(target: TestBackend, refreshToken: string) {
  return freshClient(target).auth.refreshSession({ refresh_token: refreshToken });
}

describe('sign-up and password sign-in', () => {
  it('a visitor signs up and gets a session at once, with GoTrue claims', async () => {
    const client = freshClient(backend);
    const { data, error } = await client.auth.signUp({ email: '  New.Exec@Example.ORG ', password: 'board-meeting' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('new.exec@example.org');
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities).toHaveLength(1);
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBeGreaterThan(3590);
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: 'new.exec@example.org',
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(data.session?.expires_at).toBe(claims.exp);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    // supabase-js verifies the token against the published JWKS.
    const verified = await client.auth.getClaims();
    expect(verified.error).toBeNull();
    expect(verified.data?.claims.sub).toBe(data.user!.id);
  });

  it('signing up again with the same e-mail in another case is refused', async () => {
    const { email } = await signUp(backend);
    const { data, error } = await freshClient(backend).auth.signUp({
      email: email.toUpperCase(),
      password: 'other-password',
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('a password shorter than 6 characters is refused as weak', async () => {
    const { error } = await freshClient(backend).auth.signUp({ email: uniqueEmail(), password: 'abc12' });
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
  });

  it('a password longer than bcrypt can hash is refused instead of silently truncated', async () => {
    const { error } = await freshClient(backend).auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
  });

  it('an address that is not an e-mail address is refused', async () => {
    const { error } = await freshClient(backend).auth.signUp({ email: 'not-an-address', password: 'long-enough' });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  it('a user signs in with the right password, whatever the case of the e-mail', async () => {
    const { email, password, user, session: signUpSession } = await signUp(backend);
    const { data, error } = await freshClient(backend).auth.signInWithPassword({
      email: ` ${email.toUpperCase()}`,
      password,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.last_sign_in_at).toBeTruthy();
    // Each sign-in is a session of its own.
    expect(decodeJwt(data.session!.access_token).session_id).not.toBe(decodeJwt(signUpSession.access_token).session_id);
  });

  it('a wrong password and an unknown e-mail get the same answer', async () => {
    const { email } = await signUp(backend);
    const wrongPassword = await freshClient(backend).auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknownEmail = await freshClient(backend).auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: 'not-the-password',
    });
    for (const { error } of [wrongPassword, unknownEmail]) {
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    expect([wrongPassword.error?.status, wrongPassword.error?.code, wrongPassword.error?.message]).toEqual([
      unknownEmail.error?.status,
      unknownEmail.error?.code,
      unknownEmail.error?.message,
    ]);
    const rawWrong = await rawRequest(backend, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email, password: 'not-the-password' },
    });
    const rawUnknown = await rawRequest(backend, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: uniqueEmail('nobody'), password: 'not-the-password' },
    });
    expect(rawWrong.status).toBe(400);
    expect(rawWrong.body).toEqual(rawUnknown.body);
  });

  it('errors come in the shape the client asked for with X-Supabase-Api-Version', async () => {
    const body = { email: uniqueEmail('nobody'), password: 'whatever-it-is' };
    const versioned = await rawRequest(backend, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body,
      headers: { origin: 'http://localhost:4173' },
    });
    expect(versioned.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(versioned.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    // A browser on another origin must be able to read the version, or auth-js drops the error code.
    expect(versioned.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
    const legacy = await rawRequest(backend, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body,
      apiVersion: false,
    });
    expect(legacy.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('a body that is not JSON and an unknown grant type are refused', async () => {
    const badJson = await rawRequest(backend, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: '{"email":',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe('bad_json');
    expect(String(badJson.body.message)).toMatch(/^Could not parse request body as JSON: /);
    const grant = await rawRequest(backend, '/auth/v1/token?grant_type=magic', { method: 'POST', body: {} });
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });

  it('every endpoint but the JWKS, health and settings needs an API key', async () => {
    const signup = await rawRequest(backend, '/auth/v1/signup', {
      method: 'POST',
      apikey: null,
      body: { email: uniqueEmail(), password: 'long-enough' },
    });
    expect(signup.status).toBe(401);
    expect(signup.body.message).toBe('No API key found in request');
    const wrongKey = await rawRequest(backend, '/auth/v1/user', { apikey: 'not-a-key' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.message).toBe('Invalid API key');

    const jwks = await rawRequest(backend, '/auth/v1/.well-known/jwks.json', { apikey: null });
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    expect(jwks.body.keys).toEqual(backend.services.keys.jwks.keys);
    const health = await rawRequest(backend, '/auth/v1/health', { apikey: null });
    expect(health.body).toMatchObject({ name: 'GoTrue' });
    const settings = await rawRequest(backend, '/auth/v1/settings', { apikey: null });
    expect(settings.body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: { email: true } });
  });
});

describe('refresh-token rotation', () => {
  it('a refresh gives a new pair in the same session', async () => {
    const { session } = await signUp(backend);
    const { data, error } = await refresh(backend, session.refresh_token);
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    expect(data.user?.id).toBe(decodeJwt(session.access_token).sub);
  });

  it('the previous token again within the reuse interval gets the current pair, not an error', async () => {
    const { session } = await signUp(backend);
    const first = await refresh(backend, session.refresh_token);
    expect(first.error).toBeNull();
    const again = await refresh(backend, session.refresh_token);
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
    // The current token still rotates normally afterwards.
    const next = await refresh(backend, first.data.session!.refresh_token);
    expect(next.error).toBeNull();
    expect(next.data.session?.refresh_token).not.toBe(first.data.session?.refresh_token);
  });

  it('two tabs refreshing the same token at once both get the same new pair', async () => {
    const { session } = await signUp(backend);
    const [one, two] = await Promise.all([
      refresh(backend, session.refresh_token),
      refresh(backend, session.refresh_token),
    ]);
    expect(one.error).toBeNull();
    expect(two.error).toBeNull();
    expect(one.data.session?.refresh_token).toBe(two.data.session?.refresh_token);
    expect(one.data.session?.refresh_token).not.toBe(session.refresh_token);
  });

  it('an unknown refresh token and a missing one are refused', async () => {
    const unknown = await refresh(backend, 'abcdefghijklmnopqrstuvwx');
    expect(unknown.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const missing = await rawRequest(backend, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
  });
});

describe('with a zero reuse interval', () => {
  let strict: TestBackend;

  beforeAll(async () => {
    strict = await startTestBackend({ config: { refreshTokenReuseIntervalSeconds: 0 } });
  });

  afterAll(async () => {
    await strict?.stop();
  });

  it('reusing a rotated refresh token is treated as theft and revokes the whole session', async () => {
    const { session } = await signUp(strict);
    const rotated = await refresh(strict, session.refresh_token);
    expect(rotated.error).toBeNull();
    const reused = await refresh(strict, session.refresh_token);
    expect(reused.data.session).toBeNull();
    expect(reused.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    // The newest token of that session is dead too, and so is the session behind its access token.
    const newest = await refresh(strict, rotated.data.session!.refresh_token);
    expect(newest.error?.status).toBe(400);
    expect(newest.data.session).toBeNull();
    const user = await rawRequest(strict, '/auth/v1/user', { token: rotated.data.session!.access_token });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe('session_not_found');
  });
});

describe('the current user', () => {
  it('getUser returns the signed-in user as GoTrue does', async () => {
    const { email, password, user } = await signUp(backend);
    const { client } = await signIn(backend, email, password);
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      identities: [
        expect.objectContaining({
          provider: 'email',
          user_id: user.id,
          identity_data: expect.objectContaining({ email }),
        }),
      ],
    });
    expect(data.user?.confirmed_at).toBeTruthy();
    expect(data.user).not.toHaveProperty('factors');
    expect(data.user).not.toHaveProperty('encrypted_password');
  });

  it('forged and expired tokens are refused with bad_jwt', async () => {
    const { session } = await signUp(backend);
    for (const [kind, token] of Object.entries(await forgedTokens(backend, session.access_token))) {
      const response = await rawRequest(backend, '/auth/v1/user', { token });
      expect(response.status, kind).toBe(403);
      expect(response.body.code, kind).toBe('bad_jwt');
      expect(String(response.body.message), kind).toMatch(/^invalid JWT: unable to parse or verify signature, /);
      if (kind === 'expired') {
        expect(response.body.message).toBe(
          'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
        );
      }
    }
    const { error } = await freshClient(backend).auth.getUser('not.a.token');
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('the anon key is not a user, and no token at all is asked for', async () => {
    const anon = await rawRequest(backend, '/auth/v1/user', { token: backend.anonKey });
    expect(anon.status).toBe(403);
    expect(anon.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    const none = await rawRequest(backend, '/auth/v1/user');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('no_authorization');
  });

  it('a user updates their metadata and password; the same password and a short one are refused', async () => {
    const { email, password } = await signUp(backend);
    const { client, session } = await signIn(backend, email, password);
    const other = await signIn(backend, email, password);

    const metadata = await client.auth.updateUser({ data: { full_name: 'Ada Lovelace' } });
    expect(metadata.error).toBeNull();
    expect(metadata.data.user?.user_metadata).toMatchObject({ full_name: 'Ada Lovelace' });

    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const short = await client.auth.updateUser({ password: 'abc' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });

    const changed = await client.auth.updateUser({ password: 'a-new-password' });
    expect(changed.error).toBeNull();
    const old = await freshClient(backend).auth.signInWithPassword({ email, password });
    expect(old.error?.code).toBe('invalid_credentials');
    await signIn(backend, email, 'a-new-password');
    // As GoTrue: the other session ends, this one goes on.
    expect((await refresh(backend, other.session.refresh_token)).error?.status).toBe(400);
    expect((await refresh(backend, session.refresh_token)).error).toBeNull();
  });
});

// Needs the table API (server/rest): the caller check in server/http/request-auth.ts runs before any
// table logic, so these tokens must be refused whatever the table code does.
describe('the table API checks the caller before any table logic', () => {
  it('forged, expired and wrong-role tokens get 401 from /rest/v1 while a genuine one passes', async () => {
    const { session } = await signUp(backend);
    const genuine = await rawRequest(backend, '/rest/v1/events?select=id', {
      token: session.access_token,
      apiVersion: false,
    });
    expect(genuine.status).toBe(200);
    const tokens = {
      ...(await forgedTokens(backend, session.access_token)),
      'role postgres': await tokenWithRole(backend, 'postgres'),
      'role supabase_admin': await tokenWithRole(backend, 'supabase_admin'),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const response = await rawRequest(backend, '/rest/v1/events?select=id', { token, apiVersion: false });
      expect(response.status, kind).toBe(401);
      expect(response.body.code, kind).toBe(kind === 'expired' ? 'PGRST303' : 'PGRST301');
    }
  });
});

describe('sign-out', () => {
  async function twoSessions() {
    const { email, password } = await signUp(backend);
    return { first: await signIn(backend, email, password), second: await signIn(backend, email, password) };
  }

  it('local sign-out ends this session only', async () => {
    const { first, second } = await twoSessions();
    expect((await first.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await refresh(backend, first.session.refresh_token)).error?.status).toBe(400);
    expect((await refresh(backend, second.session.refresh_token)).error).toBeNull();
  });

  it('global sign-out ends every session of the user', async () => {
    const { first, second } = await twoSessions();
    expect((await first.client.auth.signOut()).error).toBeNull();
    expect((await refresh(backend, first.session.refresh_token)).error?.status).toBe(400);
    expect((await refresh(backend, second.session.refresh_token)).error?.status).toBe(400);
    const user = await rawRequest(backend, '/auth/v1/user', { token: first.session.access_token });
    expect(user.status).toBe(403);
    expect(user.body).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    const { error } = await freshClient(backend).auth.getUser(second.session.access_token);
    expect(error?.name).toBe('AuthSessionMissingError');
  });

  it('signing out the others keeps this session', async () => {
    const { first, second } = await twoSessions();
    expect((await first.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await refresh(backend, second.session.refresh_token)).error?.status).toBe(400);
    expect((await refresh(backend, first.session.refresh_token)).error).toBeNull();
  });

  it('sign-out needs a valid token', async () => {
    const forged = await rawRequest(backend, '/auth/v1/logout', { method: 'POST', token: 'a.b.c' });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('bad_jwt');
    const none = await rawRequest(backend, '/auth/v1/logout', { method: 'POST' });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('no_authorization');
  });
});

describe('the admin user API', () => {
  it('the service role creates, reads, lists, updates and deletes users', async () => {
    const admin = backend.serviceClient().auth.admin;
    const email = uniqueEmail('managed');
    const created = await admin.createUser({
      email,
      password: 'initial-password',
      email_confirm: true,
      user_metadata: { full_name: 'Grace Hopper' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({ email, user_metadata: { full_name: 'Grace Hopper' } });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    const { session } = await signIn(backend, email, 'initial-password');

    const duplicate = await admin.createUser({ email: email.toUpperCase(), password: 'whatever-1' });
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    const listed = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((user) => user.id)).toContain(id);

    const updated = await admin.updateUserById(id, { password: 'changed-password', user_metadata: { title: 'CDO' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Grace Hopper', title: 'CDO' });
    expect(
      (await freshClient(backend).auth.signInWithPassword({ email, password: 'initial-password' })).error?.code,
    ).toBe('invalid_credentials');
    await signIn(backend, email, 'changed-password');
    // A password set by an admin ends the user's existing sessions.
    expect((await refresh(backend, session.refresh_token)).error?.status).toBe(400);

    await backend.services.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [id]);
    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User not found',
    });
    const roles = await backend.services.db.query('select 1 from public.user_roles where user_id = $1', [id]);
    expect(roles.rows).toHaveLength(0);
  });

  it('lists users a page at a time with GoTrue pagination headers', async () => {
    for (let n = 0; n < 3; n += 1) await signUp(backend);
    const page = await rawRequest(backend, '/auth/v1/admin/users?page=1&per_page=2', { token: backend.serviceRoleKey });
    expect(page.status).toBe(200);
    const total = Number(page.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(page.body.aud).toBe('authenticated');
    expect(page.body.users).toHaveLength(2);
    expect(page.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    const { data, error } = await backend.serviceClient().auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data).toMatchObject({ nextPage: 2, total });
  });

  it('a ban stops sign-in until it is lifted', async () => {
    const { email, password, user } = await signUp(backend);
    const admin = backend.serviceClient().auth.admin;
    expect((await admin.updateUserById(user.id, { ban_duration: '24h' })).error).toBeNull();
    const banned = await freshClient(backend).auth.signInWithPassword({ email, password });
    expect(banned.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    expect((await admin.updateUserById(user.id, { ban_duration: 'none' })).error).toBeNull();
    await signIn(backend, email, password);
    const invalid = await admin.updateUserById(user.id, { ban_duration: 'forever' });
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('an unknown user id answers 404', async () => {
    const { error } = await backend.serviceClient().auth.admin.updateUserById('00000000-0000-4000-8000-000000000000', {
      user_metadata: { a: 1 },
    });
    expect(error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
  });

  it('the anon key and a signed-in user are refused', async () => {
    const anon = await freshClient(backend).auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const { session } = await signUp(backend);
    for (const [method, path] of [
      ['GET', '/auth/v1/admin/users'],
      ['POST', '/auth/v1/admin/users'],
      ['DELETE', `/auth/v1/admin/users/${decodeJwt(session.access_token).sub}`],
    ] as const) {
      const response = await rawRequest(backend, path, {
        method,
        token: session.access_token,
        ...(method === 'POST' ? { body: { email: uniqueEmail(), password: 'whatever-1' } } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body, `${method} ${path}`).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
    // Nothing was deleted.
    const still = await backend.serviceClient().auth.admin.getUserById(String(decodeJwt(session.access_token).sub));
    expect(still.error).toBeNull();
  });
});

describe('the demo admin and admin invites', () => {
  it('the demo admin signs in and has the admin role', async () => {
    const client = await backend.adminClient();
    const { data } = await client.auth.getUser();
    const roles = await backend.services.db.query(`select role from public.user_roles where user_id = $1`, [
      data.user!.id,
    ]);
    expect(roles.rows).toEqual([{ role: 'admin' }]);
  });

  it('ensureAdmin is idempotent and resets a changed password', async () => {
    const db = backend.services.db;
    await ensureAdmin(db, 'Chief.Admin@Example.com', 'first-password');
    await ensureAdmin(db, 'chief.admin@example.com', 'first-password');
    await signIn(backend, 'chief.admin@example.com', 'first-password');
    await ensureAdmin(db, 'chief.admin@example.com', 'second-password');
    await signIn(backend, 'chief.admin@example.com', 'second-password');
    const old = await freshClient(backend).auth.signInWithPassword({
      email: 'chief.admin@example.com',
      password: 'first-password',
    });
    expect(old.error?.code).toBe('invalid_credentials');
    const users = await db.query<{ id: string }>(
      `select id from auth.users where lower(email) = 'chief.admin@example.com'`,
    );
    expect(users.rows).toHaveLength(1);
    const roles = await db.query(`select role from public.user_roles where user_id = $1`, [users.rows[0]!.id]);
    expect(roles.rows).toEqual([{ role: 'admin' }]);
  });

  it('signing up with an invited e-mail, in any case, grants no role and leaves the invite to its mailbox', async () => {
    const db = backend.services.db;
    const invited = uniqueEmail('invited');
    await db.query('insert into public.admin_invites (email) values ($1)', [invited]);
    const { user } = await signUp(backend, invited.toUpperCase());
    const roles = await db.query(`select role from public.user_roles where user_id = $1`, [user.id]);
    expect(roles.rows).toHaveLength(0);
    const invites = await db.query('select 1 from public.admin_invites where email = $1', [invited]);
    expect(invites.rows).toHaveLength(1);
  });
});

describe('the auth tables are private', () => {
  it('no API role can read or write them, not even the service role', async () => {
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      for (const table of ['users', 'identities', 'sessions', 'refresh_tokens']) {
        const read = backend.services.db.transaction({ role, claims: { role }, readOnly: true }, (tx) =>
          tx.query(`select * from auth.${table}`),
        );
        await expect(read, `${role} on auth.${table}`).rejects.toMatchObject({ code: '42501' });
      }
      const write = backend.services.db.transaction({ role, claims: { role }, readOnly: false }, (tx) =>
        tx.query(`update auth.users set role = 'service_role'`),
      );
      await expect(write, `${role} updating auth.users`).rejects.toMatchObject({ code: '42501' });
    }
  });
});
