/**
 * The server functions (/functions/v1) against the real local backend over HTTP: through supabase-js
 * `functions.invoke` as the app calls them, and raw fetch where the exact status or body is the
 * point. create-admin and change-admin-password act on real accounts; scrape-linkedin-profile talks
 * to a fake profile provider and a fake chat endpoint on loopback, whose request logs prove what
 * did, and did not, leave the server.
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { Agent, fetch as undiciFetch } from 'undici';
import { SERVER_FUNCTIONS } from '../../server/functions/registry.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { chatRequestOf, insightsFor, startFakeAi, type FakeAi } from '../support/fake-ai.ts';
import { neverAnswer, sendJson } from '../support/fake-http.ts';
import { buildProfile, startFakeLinkedInProvider, type FakeLinkedInProvider } from '../support/fake-linkedin.ts';
import { forgedTokens } from './auth-helpers.ts';

let backend: TestBackend;
let admin: SupabaseClient;
let provider: FakeLinkedInProvider;
let ai: FakeAi;
let configuredEnv: Record<string, string>;

beforeAll(async () => {
  provider = await startFakeLinkedInProvider();
  ai = await startFakeAi();
  configuredEnv = {
    LINKEDIN_PROVIDER_URL: provider.url,
    LINKEDIN_PROVIDER_KEY: provider.apiKey,
    AI_API_URL: ai.apiUrl,
    AI_API_KEY: ai.apiKey,
    AI_MODEL: 'test-model',
  };
  backend = await startTestBackend({ config: { functionsEnv: configuredEnv } });
  admin = await backend.adminClient();
});

afterAll(async () => {
  await backend?.stop();
  await provider?.close();
  await ai?.close();
});

let counter = 0;
function uniqueEmail(prefix = 'exec'): string {
  counter += 1;
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.org`;
}

interface FunctionAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Calls a function as the app does and returns the status and JSON body, for success and failure alike. */
async function invoke(client: SupabaseClient, name: string, body: unknown): Promise<FunctionAnswer> {
  const { data, error, response } = await client.functions.invoke(name, { body: body as Record<string, unknown> });
  if (error instanceof FunctionsHttpError) {
    const failed = error.context as Response;
    return { status: failed.status, body: (await failed.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: response?.status ?? 0, body: data as Record<string, unknown> };
}

/** A raw HTTP call to /functions/v1/<name>: no supabase-js, nothing added but what is given. */
async function rawCall(
  name: string,
  init: { method?: string; body?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<FunctionAnswer & { headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${backend.url}/functions/v1/${name}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client has no session');
  return data.session.access_token;
}

async function adminUserEmails(): Promise<string[]> {
  const { data, error } = await admin.rpc('get_admin_users');
  if (error) throw new Error(`get_admin_users failed: ${error.message}`);
  return (data as Array<{ email: string }>).map((row) => row.email);
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const { error } = await backend.anonClient().auth.signInWithPassword({ email, password });
  return error === null;
}

/** Creates an admin account through create-admin and returns its credentials and id. */
async function createAdmin(email = uniqueEmail('admin'), password = `pw-${randomBytes(6).toString('hex')}`) {
  const answer = await invoke(admin, 'create-admin', { email, password });
  if (answer.status !== 200) throw new Error(`create-admin failed: ${JSON.stringify(answer.body)}`);
  return { email, password, id: answer.body.userId as string };
}

describe('the functions gateway', () => {
  it('an unknown function is a 404 and nothing runs', async () => {
    const answer = await rawCall('no-such-function', { token: backend.anonKey, body: '{}' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    expect((await rawCall('__proto__', { token: backend.anonKey, body: '{}' })).status).toBe(404);
  });

  it('a browser preflight is answered with the headers supabase-js sends allowed', async () => {
    const response = await fetch(`${backend.url}/functions/v1/create-admin`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-client-info',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
    const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
    for (const header of ['authorization', 'apikey', 'content-type', 'x-client-info'])
      expect(allowed).toContain(header);
  });

  it('a function answers only POST', async () => {
    const answer = await rawCall('create-admin', { method: 'GET', token: await accessToken(admin) });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('a body over the size limit is refused before the function runs', async () => {
    const email = uniqueEmail('huge');
    // Its own connection pool: the backend drops a keep-alive connection after a 413 without saying
    // so, and a pooled socket reused by a later request would fail that request.
    const agent = new Agent();
    try {
      const response = await undiciFetch(`${backend.url}/functions/v1/create-admin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken(admin)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'x'.repeat(1024 * 1024 + 1) }),
        dispatcher: agent,
      });
      expect(response.status).toBe(413);
      await response.arrayBuffer();
    } finally {
      await agent.close();
    }
    expect(await adminUserEmails()).not.toContain(email);
  });

  it('every function the local backend runs is declared in supabase/config.toml with the same verify_jwt', async () => {
    const toml = await readFile(new URL('../../supabase/config.toml', import.meta.url), 'utf8');
    const declared = new Map<string, boolean>();
    for (const match of toml.matchAll(/^\[functions\.([a-z0-9-]+)\]\s*\n((?:(?!\[).*\n?)*)/gm)) {
      const verify = /^verify_jwt\s*=\s*(true|false)/m.exec(match[2] ?? '')?.[1];
      declared.set(match[1] ?? '', verify !== 'false');
    }
    expect([...declared.keys()].sort()).toEqual([...SERVER_FUNCTIONS.keys()].sort());
    for (const [name, fn] of SERVER_FUNCTIONS) expect(declared.get(name), name).toBe(fn.verifyJwt);
  });
});

describe('create-admin', () => {
  it('an admin creates an admin who can sign in at once and appears in the admin list', async () => {
    const password = 'board-room-42';
    const answer = await invoke(admin, 'create-admin', { email: '  New.Board.Admin@Example.ORG ', password });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'new.board.admin@example.org',
      existingUser: false,
    });
    const client = await backend.signedInClient('new.board.admin@example.org', password);
    const { data: roles } = await client
      .from('user_roles')
      .select('role')
      .eq('user_id', answer.body.userId as string);
    expect(roles).toEqual([{ role: 'admin' }]);
    expect(await adminUserEmails()).toContain('new.board.admin@example.org');
  });

  it('the new admin can create admins in turn', async () => {
    const first = await createAdmin();
    const client = await backend.signedInClient(first.email, first.password);
    const answer = await invoke(client, 'create-admin', { email: uniqueEmail('second'), password: 'second-admin' });
    expect(answer.status).toBe(200);
  });

  it('a visitor without a session is told they are not authenticated', async () => {
    const email = uniqueEmail('nobody');
    const answer = await invoke(backend.anonClient(), 'create-admin', { email, password: 'secret-password' });
    expect(answer).toEqual({ status: 401, body: { success: false, error: 'Not authenticated' } });
    const bare = await rawCall('create-admin', { body: JSON.stringify({ email, password: 'secret-password' }) });
    expect(bare.status).toBe(401);
    expect(bare.body.error).toBe('Not authenticated');
    expect(await canSignIn(email, 'secret-password')).toBe(false);
  });

  it('forged, expired and signed-out tokens are not a session', async () => {
    const { client } = await backend.newUser();
    const genuine = await accessToken(client);
    const email = uniqueEmail('forged');
    const body = JSON.stringify({ email, password: 'secret-password' });
    for (const [kind, token] of Object.entries(await forgedTokens(backend, await accessToken(admin)))) {
      const answer = await rawCall('create-admin', { token, body });
      expect({ kind, status: answer.status, error: answer.body.error }).toEqual({
        kind,
        status: 401,
        error: 'Not authenticated',
      });
    }
    const signedOut = await backend.adminClient();
    const signedOutToken = await accessToken(signedOut);
    await signedOut.auth.signOut({ scope: 'local' });
    expect((await rawCall('create-admin', { token: signedOutToken, body })).status).toBe(401);
    expect((await rawCall('create-admin', { token: backend.serviceRoleKey, body })).status).toBe(401);
    expect((await rawCall('create-admin', { token: genuine, body })).status).toBe(403);
    expect(await canSignIn(email, 'secret-password')).toBe(false);
  });

  it('a signed-in user who is not an admin is refused', async () => {
    const { client } = await backend.newUser();
    const email = uniqueEmail('escalate');
    const answer = await invoke(client, 'create-admin', { email, password: 'secret-password' });
    expect(answer).toEqual({ status: 403, body: { success: false, error: 'Only admins can create admin accounts' } });
    expect(await canSignIn(email, 'secret-password')).toBe(false);
  });

  it.each([
    ['no fields', {}, 'Email is required'],
    ['no password', { email: 'someone@example.org' }, 'Password is required'],
    ['a blank e-mail', { email: '   ', password: 'secret-password' }, 'Email is required'],
    ['a blank password', { email: 'someone@example.org', password: '      \t ' }, 'Password is required'],
    ['fields of the wrong type', { email: 42, password: ['x'] }, 'Email is required'],
  ])('a body with %s is refused with 400', async (_case, body, message) => {
    const answer = await invoke(admin, 'create-admin', body);
    expect(answer).toEqual({ status: 400, body: { success: false, error: message } });
  });

  it('a body that is not a JSON object is refused with 400', async () => {
    const token = await accessToken(admin);
    for (const body of ['email=a@b.c&password=secret', '', '["a@b.c","secret"]', 'null']) {
      const answer = await rawCall('create-admin', { token, body });
      expect({ body, status: answer.status, error: answer.body.error }).toEqual({
        body,
        status: 400,
        error: 'The request body must be a JSON object',
      });
    }
  });

  it("the auth service's rules apply: minimum length and e-mail format, with its messages", async () => {
    const short = await invoke(admin, 'create-admin', { email: uniqueEmail(), password: 'abc12' });
    expect(short).toEqual({
      status: 422,
      body: { success: false, error: 'Password should be at least 6 characters.' },
    });
    // Counted as the sign-in form counts (5 characters here, 9 bytes): an account made with it could
    // never sign in at /auth, which refuses it.
    const email = uniqueEmail();
    expect(await invoke(admin, 'create-admin', { email, password: 'ключ1' })).toEqual(short);
    const { rows } = await backend.services.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toEqual([]);
    const invalid = await invoke(admin, 'create-admin', { email: 'not-an-address', password: 'secret-password' });
    expect(invalid).toEqual({
      status: 400,
      body: { success: false, error: 'Unable to validate email address: invalid format' },
    });
  });

  it('an e-mail that already belongs to an admin is refused', async () => {
    const existing = await createAdmin();
    const answer = await invoke(admin, 'create-admin', {
      email: existing.email.toUpperCase(),
      password: 'other-password',
    });
    expect(answer).toEqual({
      status: 422,
      body: { success: false, error: 'An admin with this email address already exists' },
    });
    expect(await canSignIn(existing.email, existing.password)).toBe(true);
    expect(await canSignIn(existing.email, 'other-password')).toBe(false);
  });

  it('an existing account that is not an admin is sent an invite, keeps its password and gets no role yet', async () => {
    const member = await backend.newUser();
    const answer = await invoke(admin, 'create-admin', { email: member.email, password: 'typed-by-admin' });
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, userId: member.id, email: member.email, existingUser: true, invited: true },
    });
    expect(await adminUserEmails()).not.toContain(member.email);
    const { data: invites } = await admin.from('admin_invites').select('email').eq('email', member.email);
    expect(invites).toEqual([{ email: member.email }]);
    expect(await canSignIn(member.email, member.password)).toBe(true);
    expect(await canSignIn(member.email, 'typed-by-admin')).toBe(false);
  });

  it('the existing account is told apart from others whose e-mail contains the same text', async () => {
    const tag = randomBytes(4).toString('hex');
    const target = `ann-${tag}@example.org`;
    const { error } = await backend.anonClient().auth.signUp({ email: target, password: 'ann-password' });
    expect(error).toBeNull();
    for (const lookalike of [`joann-${tag}@example.org`, `ann-${tag}@example.org.uk`]) {
      await backend.anonClient().auth.signUp({ email: lookalike, password: 'other-password' });
    }
    const answer = await invoke(admin, 'create-admin', { email: target, password: 'typed-by-admin' });
    expect(answer.status).toBe(200);
    const { data: invites } = await admin.from('admin_invites').select('email').like('email', `%ann-${tag}%`);
    expect(invites).toEqual([{ email: target }]);
  });

  it('a pending invite for the address is used up, and the account is created all the same', async () => {
    const email = uniqueEmail('invited');
    const { error } = await admin.from('admin_invites').insert({ email });
    expect(error).toBeNull();
    const answer = await invoke(admin, 'create-admin', { email, password: 'invited-admin' });
    expect(answer.status).toBe(200);
    const { data: invites } = await admin.from('admin_invites').select('email').eq('email', email);
    expect(invites).toEqual([]);
    const { data: roles } = await admin
      .from('user_roles')
      .select('role')
      .eq('user_id', answer.body.userId as string);
    expect(roles).toEqual([{ role: 'admin' }]);
    expect(await canSignIn(email, 'invited-admin')).toBe(true);
  });
});

describe('change-admin-password', () => {
  it("an admin changes another admin's password: the new one works, the old one and old sessions do not", async () => {
    const other = await createAdmin();
    const otherClient = await backend.signedInClient(other.email, other.password);
    const answer = await invoke(admin, 'change-admin-password', { userId: other.id, newPassword: 'brand-new-secret' });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    expect(await canSignIn(other.email, other.password)).toBe(false);
    expect(await canSignIn(other.email, 'brand-new-secret')).toBe(true);
    const { error } = await otherClient.auth.getUser();
    expect(error).not.toBeNull();
  });

  it("an admin's access token loses the admin's rights the moment their sessions end, before it expires", async () => {
    /** The admin-only list of admin accounts, asked for with nothing but this access token. */
    const adminListWith = (token: string) =>
      fetch(`${backend.url}/rest/v1/rpc/get_admin_users`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      }).then((response) => response.status);
    const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token;

    // A leaked password, changed by another admin: the intruder's token is worth nothing at once.
    const other = await createAdmin();
    const intruder = await tokenOf(await backend.signedInClient(other.email, other.password));
    expect(await adminListWith(intruder)).toBe(200);
    await invoke(admin, 'change-admin-password', { userId: other.id, newPassword: 'brand-new-secret' });
    expect(await adminListWith(intruder)).toBe(403);

    // Signing out on a shared device: a copy of that session's token is no admin's either.
    const leaving = await backend.signedInClient(other.email, 'brand-new-secret');
    const copied = await tokenOf(leaving);
    const staying = await tokenOf(await backend.signedInClient(other.email, 'brand-new-secret'));
    expect(await adminListWith(copied)).toBe(200);
    expect((await leaving.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await adminListWith(copied)).toBe(403);
    expect(await adminListWith(staying)).toBe(200);
  });

  it('an admin cannot change their own password here', async () => {
    const self = await createAdmin();
    const client = await backend.signedInClient(self.email, self.password);
    const answer = await invoke(client, 'change-admin-password', { userId: self.id, newPassword: 'another-secret' });
    expect(answer).toEqual({
      status: 400,
      body: { success: false, error: 'You cannot change your own password here' },
    });
    expect(await canSignIn(self.email, self.password)).toBe(true);
  });

  it('the password of an account that is not an admin cannot be changed', async () => {
    const member = await backend.newUser();
    const answer = await invoke(admin, 'change-admin-password', { userId: member.id, newPassword: 'taken-over' });
    expect(answer).toEqual({
      status: 403,
      body: { success: false, error: "Only another admin's password can be changed here" },
    });
    expect(await canSignIn(member.email, member.password)).toBe(true);
    const unknown = await invoke(admin, 'change-admin-password', {
      userId: '00000000-0000-4000-8000-000000000000',
      newPassword: 'whatever-secret',
    });
    expect(unknown.status).toBe(403);
  });

  it('visitors and non-admins are refused and nothing changes', async () => {
    const target = await createAdmin();
    const body = { userId: target.id, newPassword: 'taken-over' };
    expect(await invoke(backend.anonClient(), 'change-admin-password', body)).toEqual({
      status: 401,
      body: { success: false, error: 'Not authenticated' },
    });
    const { client } = await backend.newUser();
    expect(await invoke(client, 'change-admin-password', body)).toEqual({
      status: 403,
      body: { success: false, error: 'Only admins can change admin passwords' },
    });
    expect(await canSignIn(target.email, target.password)).toBe(true);
  });

  it.each([
    ['no fields', {}, 'userId is required'],
    ['a userId that is not a user id', { userId: 'abc', newPassword: 'secret-password' }, 'userId must be a user id'],
    ['no new password', { userId: '00000000-0000-4000-8000-000000000000' }, 'New password is required'],
    [
      'a blank new password',
      { userId: '00000000-0000-4000-8000-000000000000', newPassword: '        ' },
      'New password is required',
    ],
  ])('a body with %s is refused with 400', async (_case, body, message) => {
    expect(await invoke(admin, 'change-admin-password', body)).toEqual({
      status: 400,
      body: { success: false, error: message },
    });
  });

  it("a new password the auth service finds too short is refused with the auth service's message", async () => {
    const target = await createAdmin();
    expect(await invoke(admin, 'change-admin-password', { userId: target.id, newPassword: 'abc' })).toEqual({
      status: 422,
      body: { success: false, error: 'Password should be at least 6 characters.' },
    });
    // Six bytes, five characters: too short for the sign-in form, so too short here.
    expect(await invoke(admin, 'change-admin-password', { userId: target.id, newPassword: 'pässw' })).toEqual({
      status: 422,
      body: { success: false, error: 'Password should be at least 6 characters.' },
    });
    expect(await canSignIn(target.email, target.password)).toBe(true);
  });
});

describe('scrape-linkedin-profile', () => {
  const PROFILE_URL = 'https://www.linkedin.com/in/ada-lovelace';

  beforeEach(() => {
    backend.services.config.functionsEnv = configuredEnv;
    provider.requests.length = 0;
    ai.requests.length = 0;
    provider.profiles.clear();
    provider.profiles.set(PROFILE_URL, buildProfile());
    provider.answerFromProfiles();
    ai.answerFromProfile();
  });

  /** An attendee row created by the admin, as the attendee form does. */
  async function createAttendee(overrides: Record<string, unknown> = {}): Promise<string> {
    const { data, error } = await admin
      .from('attendees')
      .insert({ name: 'Ada Lovelace', email: uniqueEmail('attendee'), linkedin_url: PROFILE_URL, ...overrides })
      .select('id')
      .single();
    if (error) throw new Error(`creating an attendee failed: ${error.message}`);
    return (data as { id: string }).id;
  }

  async function attendeeFields(id: string) {
    const { data, error } = await admin
      .from('attendees')
      .select('bio, priorities, current_focus, future_focus')
      .eq('id', id)
      .single();
    if (error) throw new Error(`reading the attendee failed: ${error.message}`);
    return data;
  }

  function expectNothingSent() {
    expect(provider.requests).toEqual([]);
    expect(ai.requests).toEqual([]);
  }

  it("an admin scrapes an attendee's profile: the four fields come back and are saved on the attendee", async () => {
    const attendeeId = await createAttendee();
    const answer = await invoke(admin, 'scrape-linkedin-profile', {
      attendee_id: attendeeId,
      linkedin_url: `${PROFILE_URL}/?utm_source=share&utm_medium=member_ios`,
    });
    const expected = insightsFor(buildProfile());
    expect(answer).toEqual({
      status: 200,
      body: { success: true, data: expected, error: null, attendeeUpdated: true },
    });
    expect(await attendeeFields(attendeeId)).toEqual(expected);

    expect(provider.requests).toHaveLength(1);
    const providerUrl = new URL(provider.requests[0]!.url, provider.url);
    expect(providerUrl.pathname).toBe('/profile');
    expect(providerUrl.searchParams.get('url')).toBe(PROFILE_URL);
    expect(provider.requests[0]!.headers.authorization).toBe(`Bearer ${provider.apiKey}`);

    expect(ai.requests).toHaveLength(1);
    const chat = chatRequestOf(ai.requests[0]!);
    expect(chat.model).toBe('test-model');
    expect(chat.response_format).toEqual({ type: 'json_object' });
    expect(JSON.parse(chat.messages.at(-1)!.content)).toEqual(buildProfile());
  });

  it.each([
    'https://linkedin.com/in/ada-lovelace',
    'https://WWW.LinkedIn.com/in/ada-lovelace/',
    '  https://www.linkedin.com/in/ada-lovelace#experience  ',
  ])('the profile link %j is read as the canonical profile URL', async (link) => {
    const answer = await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: link });
    expect(answer.status).toBe(200);
    expect(answer.body.attendeeUpdated).toBe(false);
    expect(new URL(provider.requests[0]!.url, provider.url).searchParams.get('url')).toBe(PROFILE_URL);
  });

  it('a profile name in another script is passed on encoded', async () => {
    const url = `https://www.linkedin.com/in/${encodeURIComponent('josé-garcía')}`;
    provider.profiles.set(url, buildProfile({ full_name: 'José García' }));
    const answer = await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: url });
    expect(answer.status).toBe(200);
    expect((answer.body.data as { bio: string }).bio).toContain('José García');
  });

  it.each([
    ['plain http', 'http://www.linkedin.com/in/ada-lovelace'],
    ['another host', 'https://evil.example/in/ada-lovelace'],
    ['a look-alike host', 'https://www.linkedin.com.evil.example/in/ada-lovelace'],
    ['a LinkedIn subdomain', 'https://uk.linkedin.com/in/ada-lovelace'],
    ['user info hiding the host', 'https://www.linkedin.com@evil.example/in/ada-lovelace'],
    ['credentials', 'https://user:pass@www.linkedin.com/in/ada-lovelace'],
    ['an IP address', 'https://127.0.0.1/'],
    ['a loopback profile path', 'https://127.0.0.1/in/ada-lovelace'],
    ['a port', 'https://www.linkedin.com:8443/in/ada-lovelace'],
    ['a company page', 'https://www.linkedin.com/company/analytical-engines'],
    ['a profile sub-page', 'https://www.linkedin.com/in/ada-lovelace/details/experience'],
    ['a dot-dot path', 'https://www.linkedin.com/in/../company/x'],
    ['an encoded slash', 'https://www.linkedin.com/in/ada%2F..%2Fadmin'],
    ['a backslash trick', 'https://www.linkedin.com\\@evil.example/in/ada'],
    ['no scheme', 'www.linkedin.com/in/ada-lovelace'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a line break inside', 'https://www.linked\nin.com/in/ada-lovelace'],
    ['a file URL', 'file:///etc/passwd'],
  ])('a link with %s is refused without any request leaving the server', async (_case, link) => {
    const answer = await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: link });
    expect(answer).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Only LinkedIn profile URLs like https://www.linkedin.com/in/<name> can be scraped',
      },
    });
    expectNothingSent();
  });

  it('a missing link or a malformed attendee id is refused', async () => {
    expect(await invoke(admin, 'scrape-linkedin-profile', { attendee_id: await createAttendee() })).toEqual({
      status: 400,
      body: { success: false, error: 'linkedin_url is required' },
    });
    expect(
      await invoke(admin, 'scrape-linkedin-profile', { attendee_id: 'not-an-id', linkedin_url: PROFILE_URL }),
    ).toEqual({ status: 400, body: { success: false, error: 'attendee_id must be an attendee id' } });
    expectNothingSent();
  });

  it('an attendee that does not exist is reported before anything is fetched', async () => {
    const deleted = await createAttendee();
    await admin.from('attendees').update({ _deleted: true }).eq('id', deleted);
    for (const attendeeId of ['00000000-0000-4000-8000-000000000000', deleted]) {
      expect(
        await invoke(admin, 'scrape-linkedin-profile', { attendee_id: attendeeId, linkedin_url: PROFILE_URL }),
      ).toEqual({ status: 404, body: { success: false, error: 'Attendee not found' } });
    }
    expectNothingSent();
  });

  it("an attendee's profile is scraped only from the LinkedIn URL saved on the attendee", async () => {
    const attendeeId = await createAttendee({ bio: 'Written by hand.' });
    const without = await createAttendee({ linkedin_url: null });
    const refusal = {
      status: 409,
      body: { success: false, error: 'The LinkedIn URL is not the one saved on this attendee: save it first' },
    };
    expect(
      await invoke(admin, 'scrape-linkedin-profile', {
        attendee_id: attendeeId,
        linkedin_url: 'https://www.linkedin.com/in/someone-else',
      }),
    ).toEqual(refusal);
    expect(await invoke(admin, 'scrape-linkedin-profile', { attendee_id: without, linkedin_url: PROFILE_URL })).toEqual(
      refusal,
    );
    expectNothingSent();
    expect((await attendeeFields(attendeeId)).bio).toBe('Written by hand.');
  });

  it('a profile that yields none of the four fields is a failed scrape, and nothing is saved', async () => {
    const attendeeId = await createAttendee({ bio: 'Written by hand.' });
    ai.answerWithContent('{"bio": "", "priorities": "", "current_focus": "", "future_focus": ""}');
    expect(
      await invoke(admin, 'scrape-linkedin-profile', { attendee_id: attendeeId, linkedin_url: PROFILE_URL }),
    ).toEqual({
      status: 422,
      body: {
        success: false,
        error:
          'The LinkedIn profile might be private or the API is having issues. You can manually fill in the fields.',
      },
    });
    expect((await attendeeFields(attendeeId)).bio).toBe('Written by hand.');
  });

  it('visitors and non-admins are refused without any request leaving the server', async () => {
    const body = { linkedin_url: PROFILE_URL };
    expect(await invoke(backend.anonClient(), 'scrape-linkedin-profile', body)).toEqual({
      status: 401,
      body: { success: false, error: 'Not authenticated' },
    });
    const { client } = await backend.newUser();
    expect(await invoke(client, 'scrape-linkedin-profile', body)).toEqual({
      status: 403,
      body: { success: false, error: 'Only admins can scrape LinkedIn profiles' },
    });
    expectNothingSent();
  });

  it('without a provider and AI endpoint configured it says so', async () => {
    const unset = Object.fromEntries(Object.keys(configuredEnv).map((name) => [name, '']));
    for (const env of [unset, { ...configuredEnv, LINKEDIN_PROVIDER_URL: '' }, { ...configuredEnv, AI_MODEL: ' ' }]) {
      backend.services.config.functionsEnv = env;
      expect(await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: PROFILE_URL })).toEqual({
        status: 503,
        body: { success: false, error: 'LinkedIn scraping is not configured on this server' },
      });
    }
    backend.services.config.functionsEnv = { ...configuredEnv, LINKEDIN_PROVIDER: 'no-such-provider' };
    const unknownProvider = await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: PROFILE_URL });
    expect(unknownProvider.status).toBe(503);
    expect(unknownProvider.body.error).toMatch(/misconfigured.*LINKEDIN_PROVIDER/);
    expectNothingSent();
  });

  it('a profile the provider does not have is reported as not found and the attendee is left alone', async () => {
    const linkedin_url = 'https://www.linkedin.com/in/private-person';
    const attendeeId = await createAttendee({ bio: 'Written by hand.', linkedin_url });
    const answer = await invoke(admin, 'scrape-linkedin-profile', { attendee_id: attendeeId, linkedin_url });
    expect(answer).toEqual({
      status: 404,
      body: { success: false, error: 'LinkedIn profile not found. It might be private or removed.' },
    });
    expect((await attendeeFields(attendeeId)).bio).toBe('Written by hand.');
    expect(ai.requests).toEqual([]);
  });

  it('a provider failure, a refused key and a rate limit each get their own message', async () => {
    const cases: Array<[number, number, string]> = [
      [500, 502, 'The LinkedIn profile provider failed (HTTP 500)'],
      [401, 502, "The LinkedIn profile provider refused this server's credentials"],
      [429, 429, 'The LinkedIn profile provider is rate limiting requests; try again later'],
    ];
    for (const [providerStatus, status, error] of cases) {
      provider.reply = (_request, response) => sendJson(response, providerStatus, { error: 'upstream' });
      expect(await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: PROFILE_URL })).toEqual({
        status,
        body: { success: false, error },
      });
    }
    expect(ai.requests).toEqual([]);
  });

  it('a provider that never answers is given up on at the configured deadline', async () => {
    backend.services.config.functionsEnv = { ...configuredEnv, LINKEDIN_PROVIDER_TIMEOUT_MS: '300' };
    provider.reply = neverAnswer;
    const started = Date.now();
    const answer = await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: PROFILE_URL });
    expect(answer).toEqual({
      status: 504,
      body: { success: false, error: 'The LinkedIn profile provider did not answer in time' },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(provider.requests).toHaveLength(1);
    expect(ai.requests).toEqual([]);
  });

  it('a provider redirect is not followed', async () => {
    provider.reply = (_request, response) => {
      response.writeHead(302, { Location: `${ai.url}/v1/chat/completions` });
      response.end();
    };
    const answer = await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: PROFILE_URL });
    expect(answer).toEqual({
      status: 502,
      body: { success: false, error: 'The LinkedIn profile provider answered with a redirect, which is not followed' },
    });
    expect(ai.requests).toEqual([]);
  });

  it('an oversized or non-JSON provider answer is refused', async () => {
    provider.reply = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(`{"padding":"${'x'.repeat(3 * 1024 * 1024)}"}`);
    };
    const large = await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: PROFILE_URL });
    expect(large.status).toBe(502);
    expect(large.body.error).toMatch(/^The LinkedIn profile provider sent an answer larger than \d+ bytes$/);
    provider.reply = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<html>sign in to LinkedIn</html>');
    };
    expect(await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: PROFILE_URL })).toEqual({
      status: 502,
      body: { success: false, error: 'The LinkedIn profile provider sent an answer that is not JSON' },
    });
    expect(ai.requests).toEqual([]);
  });

  it('an AI answer that is not the expected JSON is refused and nothing is saved', async () => {
    const attendeeId = await createAttendee({ bio: 'Written by hand.' });
    for (const content of [
      'Here is the profile you asked for!',
      '{"bio": "Only a bio"}',
      '{"bio": 42, "priorities": "", "current_focus": "", "future_focus": ""}',
    ]) {
      ai.answerWithContent(content);
      expect(
        await invoke(admin, 'scrape-linkedin-profile', { attendee_id: attendeeId, linkedin_url: PROFILE_URL }),
      ).toEqual({
        status: 502,
        body: { success: false, error: 'The AI service did not answer with the expected profile fields' },
      });
    }
    expect((await attendeeFields(attendeeId)).bio).toBe('Written by hand.');
  });

  it('an AI endpoint that never answers is given up on at its deadline', async () => {
    backend.services.config.functionsEnv = { ...configuredEnv, AI_TIMEOUT_MS: '300' };
    ai.reply = neverAnswer;
    expect(await invoke(admin, 'scrape-linkedin-profile', { linkedin_url: PROFILE_URL })).toEqual({
      status: 504,
      body: { success: false, error: 'The AI service did not answer in time' },
    });
  });

  it("the model's answer is tidied: bio cut to 200 words, priorities as one comma list, blanks never overwrite", async () => {
    const attendeeId = await createAttendee({ future_focus: 'Written by hand.' });
    const longBio = Array.from({ length: 260 }, (_, index) => `word${index}`).join(' ');
    ai.answerWithContent(
      '```json\n' +
        JSON.stringify({
          bio: longBio,
          priorities: ['1. Data governance.', '- AI adoption', '', 'Data governance.', '5G analytics'],
          current_focus: '  Building   the platform.  ',
          future_focus: '',
        }) +
        '\n```',
    );
    const answer = await invoke(admin, 'scrape-linkedin-profile', {
      attendee_id: attendeeId,
      linkedin_url: PROFILE_URL,
    });
    expect(answer.status).toBe(200);
    const data = answer.body.data as Record<string, string>;
    expect(data.bio!.split(/\s+/)).toHaveLength(200);
    expect(data.bio!.endsWith('word199…')).toBe(true);
    expect(data.priorities).toBe('Data governance, AI adoption, 5G analytics');
    expect(data.current_focus).toBe('Building the platform.');
    expect(data.future_focus).toBe('');
    expect(await attendeeFields(attendeeId)).toEqual({
      bio: data.bio,
      priorities: 'Data governance, AI adoption, 5G analytics',
      current_focus: 'Building the platform.',
      future_focus: 'Written by hand.',
    });
  });

  it("text the database cannot store in the model's answer is dropped, not a failed scrape (issue 27)", async () => {
    const attendeeId = await createAttendee();
    // A NUL, a lone surrogate, and an emoji cut in half by the 1,000-character limit of a focus.
    const cutEmoji = `a${'😀'.repeat(600)}`;
    ai.answerWithContent(
      JSON.stringify({
        bio: 'Leads\u0000 data.',
        priorities: 'Data\ud800 governance',
        current_focus: cutEmoji,
        future_focus: 'Scale.',
      }),
    );
    const answer = await invoke(admin, 'scrape-linkedin-profile', {
      attendee_id: attendeeId,
      linkedin_url: PROFILE_URL,
    });
    const focus = `a${'😀'.repeat(499)}\ufffd`;
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        data: { bio: 'Leads data.', priorities: 'Data\ufffd governance', current_focus: focus, future_focus: 'Scale.' },
        error: null,
        attendeeUpdated: true,
      },
    });
    expect(await attendeeFields(attendeeId)).toEqual(answer.body.data);
  });
});
