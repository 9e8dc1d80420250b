/**
 * User records of the auth service: reading and writing `auth.users` and `auth.identities` the way
 * GoTrue does (lowercased e-mails, email identity, provider metadata), the user object GoTrue
 * returns, and `ensureAdmin` for the demo admin of a laptop backend. All functions take a
 * `Queryable` that runs as the owner, so row security on the auth tables does not apply.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { AuthError, validationFailed } from './errors.ts';
import { hashPassword, isBcryptHash, verifyPassword } from './passwords.ts';

export type Metadata = Record<string, unknown>;

/** An identity as GoTrue returns it (`identity_id` is the row id, `id` the provider's id). */
export interface AuthIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data?: Metadata;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email?: string;
}

/** The user object of GoTrue's API (GET /user, sessions, admin API); `factors` omitted when none. */
export interface AuthUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  invited_at?: string;
  phone: string;
  phone_confirmed_at?: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Metadata;
  user_metadata: Metadata;
  identities: AuthIdentity[];
  created_at: string;
  updated_at: string;
  banned_until?: string;
  deleted_at?: string;
  is_anonymous: boolean;
}

/** A user row as the auth service reads it: the API fields plus what it needs internally. */
export interface UserRecord extends Omit<AuthUser, keyof OptionalTimes | 'identities'>, OptionalTimes {
  encrypted_password: string | null;
  /** banned_until lies in the future. */
  banned: boolean;
  identities: Array<Record<string, unknown>>;
}

interface OptionalTimes {
  email_confirmed_at: string | null;
  invited_at: string | null;
  phone_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
}

export interface NewUserInput {
  email: string;
  /** Plain password, hashed here. bcrypt takes tens of milliseconds: prefer `passwordHash` inside a transaction. */
  password?: string;
  /** A bcrypt hash, e.g. from `hashPassword`. */
  passwordHash?: string;
  /** Marks the e-mail confirmed now (users signing up locally and demo admins are). */
  emailConfirmed?: boolean;
  userMetadata?: Metadata;
  /** Merged over `{ provider: 'email', providers: ['email'] }`. */
  appMetadata?: Metadata;
  /** Extra fields for the email identity's identity_data (sign-up copies its `data` there). */
  identityData?: Metadata;
  /** Database role for the user's tokens; 'authenticated' unless the admin API says otherwise. */
  role?: string;
  id?: string;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The format check GoTrue uses (badoux/checkmail).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const AUDIENCE = 'authenticated';

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Validates an e-mail address as GoTrue does and returns it normalised (trimmed, lowercased). */
export function validateEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed === '') throw validationFailed('An email address is required');
  if (trimmed.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL.test(trimmed)) throw validationFailed('Unable to validate email address: invalid format');
  return trimmed.toLowerCase();
}

export const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

export interface MetadataLimits {
  /** Bytes of JSON. */
  maxBytes: number;
  /** Levels of objects and arrays, the metadata object itself counting 1. */
  maxDepth: number;
}

/** True when `value` nests objects or arrays more than `levels` deep; it looks no deeper than that. */
function nestedDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  return Object.values(value).some((child) => nestedDeeperThan(child, levels - 1));
}

/**
 * Refuses metadata over the size or depth limit with 400 `validation_failed`. Metadata is stored in
 * the user row and copied into every access token, so without a cap anyone could fill the database
 * through sign-up and mint megabyte tokens. Depth is checked first, so that a hostile nesting
 * never reaches JSON.stringify's recursion.
 */
export function checkMetadataLimits(field: string, metadata: Metadata, limits: MetadataLimits): void {
  if (nestedDeeperThan(metadata, limits.maxDepth)) {
    throw validationFailed(`${field} is nested too deeply: at most ${limits.maxDepth} levels are allowed`);
  }
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > limits.maxBytes) {
    throw validationFailed(`${field} is too large: ${bytes} bytes of JSON, at most ${limits.maxBytes} are allowed`);
  }
}

/** GoTrue's metadata update: keys with a null value are removed, others replaced. */
export function mergeMetadata(current: Metadata, updates: Metadata): Metadata {
  const merged: Metadata = { ...current };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null || value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const USER_SELECT = `
  select u.id::text as id, coalesce(u.aud, '') as aud, coalesce(u.role, '') as role,
         coalesce(u.email, '') as email, coalesce(u.phone, '') as phone, u.encrypted_password,
         coalesce(u.raw_app_meta_data, '{}'::jsonb) as app_metadata,
         coalesce(u.raw_user_meta_data, '{}'::jsonb) as user_metadata,
         u.is_anonymous, coalesce(u.banned_until > now(), false) as banned,
         ${iso('u.email_confirmed_at')} as email_confirmed_at, ${iso('u.invited_at')} as invited_at,
         ${iso('u.phone_confirmed_at')} as phone_confirmed_at,
         ${iso('u.confirmation_sent_at')} as confirmation_sent_at, ${iso('u.confirmed_at')} as confirmed_at,
         ${iso('u.recovery_sent_at')} as recovery_sent_at, ${iso('u.last_sign_in_at')} as last_sign_in_at,
         ${iso('u.created_at')} as created_at, ${iso('u.updated_at')} as updated_at,
         ${iso('u.banned_until')} as banned_until, ${iso('u.deleted_at')} as deleted_at,
         coalesce((select jsonb_agg(jsonb_build_object(
                     'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
                     'identity_data', i.identity_data, 'provider', i.provider,
                     'last_sign_in_at', ${iso('i.last_sign_in_at')}, 'created_at', ${iso('i.created_at')},
                     'updated_at', ${iso('i.updated_at')}, 'email', i.email) order by i.created_at, i.id)
                   from auth.identities i where i.user_id = u.id), '[]'::jsonb) as identities
    from auth.users u`;

export async function findUserById(tx: Queryable, id: string): Promise<UserRecord | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<UserRecord>(`${USER_SELECT} where u.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Finds a (non-SSO) user by e-mail, ignoring case and surrounding spaces. */
export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRecord | null> {
  const { rows } = await tx.query<UserRecord>(
    `${USER_SELECT} where lower(u.email) = $1 and u.is_sso_user = false limit 1`,
    [normaliseEmail(email)],
  );
  return rows[0] ?? null;
}

function withoutNulls<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}

/** The user as GoTrue serialises it: optional timestamps left out when unset, no secrets. */
export function toAuthUser(user: UserRecord): AuthUser {
  return withoutNulls({
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at,
    invited_at: user.invited_at,
    phone: user.phone,
    phone_confirmed_at: user.phone_confirmed_at,
    confirmation_sent_at: user.confirmation_sent_at,
    confirmed_at: user.confirmed_at,
    recovery_sent_at: user.recovery_sent_at,
    last_sign_in_at: user.last_sign_in_at,
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    identities: user.identities.map((identity) => withoutNulls(identity) as unknown as AuthIdentity),
    created_at: user.created_at ?? '',
    updated_at: user.updated_at ?? '',
    banned_until: user.banned_until,
    deleted_at: user.deleted_at,
    is_anonymous: user.is_anonymous,
  } as AuthUser);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Creates a user with an email identity, as GoTrue's sign-up and admin API do. The insert into
 * auth.users is a plain insert, so triggers of the migrations (invite -> admin) fire. Throws a 422
 * `email_exists` AuthError when the e-mail is taken, 400 `validation_failed` for a bad e-mail or hash.
 */
export async function createUser(tx: Queryable, input: NewUserInput): Promise<UserRecord> {
  const email = validateEmail(input.email);
  if (input.id !== undefined && (!isUuid(input.id) || input.id === NIL_UUID)) {
    throw validationFailed('ID must conform to the uuid v4 format');
  }
  if (input.passwordHash !== undefined && !isBcryptHash(input.passwordHash)) {
    throw validationFailed('Invalid password hash: only bcrypt hashes are supported');
  }
  const existing = await tx.query('select 1 from auth.users where lower(email) = $1 and is_sso_user = false', [email]);
  if (existing.rows.length > 0) throw emailExists();

  const id = input.id ?? randomUUID();
  const passwordHash = input.passwordHash ?? (input.password !== undefined ? await hashPassword(input.password) : null);
  const appMetadata = mergeMetadata({ provider: 'email', providers: ['email'] }, input.appMetadata ?? {});
  const userMetadata = input.emailConfirmed
    ? mergeMetadata(input.userMetadata ?? {}, { email_verified: true })
    : (input.userMetadata ?? {});
  const identityData: Metadata = { sub: id, email, email_verified: false, phone_verified: false };
  for (const [key, value] of Object.entries(input.identityData ?? {})) {
    if (!(key in identityData)) identityData[key] = value;
  }
  try {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                               confirmation_token, recovery_token, email_change_token_new, email_change,
                               is_sso_user, is_anonymous)
       values ($1, $2, $3, $4, $5, $6, case when $7::boolean then now() end, $8::jsonb, $9::jsonb, now(), now(),
               '', '', '', '', false, false)`,
      [
        NIL_UUID,
        id,
        AUDIENCE,
        input.role?.trim() || AUDIENCE,
        email,
        passwordHash,
        input.emailConfirmed === true,
        JSON.stringify(appMetadata),
        JSON.stringify(userMetadata),
      ],
    );
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
      [id, JSON.stringify(identityData)],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
  const user = await findUserById(tx, id);
  if (!user) throw new Error(`user ${id} vanished right after it was created`);
  return user;
}

/** Replaces a user's password hash (the caller ends sessions as the situation requires). */
export async function setPasswordHash(tx: Queryable, userId: string, passwordHash: string): Promise<void> {
  await tx.query(
    `update auth.users set encrypted_password = $2, recovery_token = '', confirmation_token = '', updated_at = now()
      where id = $1`,
    [userId, passwordHash],
  );
}

export async function confirmEmail(tx: Queryable, user: UserRecord): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
            raw_user_meta_data = $2::jsonb, updated_at = now()
      where id = $1`,
    [user.id, JSON.stringify(mergeMetadata(user.user_metadata, { email_verified: true }))],
  );
}

/**
 * Applies GoTrue-style metadata updates (null deletes a key); an absent update leaves that side
 * alone. The merged result is held to `limits` too: small updates must not add up to a big object.
 */
export async function updateMetadata(
  tx: Queryable,
  user: UserRecord,
  updates: { user?: Metadata | null; app?: Metadata | null },
  limits: MetadataLimits,
): Promise<void> {
  if (!updates.user && !updates.app) return;
  const userMetadata = updates.user ? mergeMetadata(user.user_metadata, updates.user) : user.user_metadata;
  const appMetadata = updates.app ? mergeMetadata(user.app_metadata, updates.app) : user.app_metadata;
  if (updates.user) checkMetadataLimits('user_metadata', userMetadata, limits);
  if (updates.app) checkMetadataLimits('app_metadata', appMetadata, limits);
  await tx.query(
    `update auth.users set raw_user_meta_data = $2::jsonb, raw_app_meta_data = $3::jsonb, updated_at = now() where id = $1`,
    [user.id, JSON.stringify(userMetadata), JSON.stringify(appMetadata)],
  );
}

/** Changes a user's e-mail and the email identity with it. */
export async function changeEmail(tx: Queryable, user: UserRecord, email: string, confirmed: boolean): Promise<void> {
  const taken = await tx.query(
    'select 1 from auth.users where lower(email) = $1 and id <> $2 and is_sso_user = false',
    [email, user.id],
  );
  if (taken.rows.length > 0) throw emailExists();
  await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [user.id, email]);
  const identity = await tx.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
            updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [user.id, email, confirmed],
  );
  if (identity.affectedRows === 0) {
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
      [user.id, JSON.stringify({ sub: user.id, email, email_verified: confirmed, phone_verified: false })],
    );
  }
}

/** Bans until now + `milliseconds`; zero lifts a ban (GoTrue's ban_duration "none"). */
export async function setBan(tx: Queryable, userId: string, milliseconds: number): Promise<void> {
  await tx.query(
    `update auth.users
        set banned_until = case when $2::float8 = 0 then null else now() + make_interval(secs => $2::float8 / 1000) end,
            updated_at = now()
      where id = $1`,
    [userId, milliseconds],
  );
}

export async function setRole(tx: Queryable, userId: string, role: string): Promise<void> {
  await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [userId, role.trim()]);
}

/** Deletes a user; identities, sessions and refresh tokens (and rows of the app with ON DELETE CASCADE) go with it. */
export async function deleteUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query('delete from auth.users where id = $1', [userId]);
}

/** GoTrue's soft delete: the row stays for references, but it can never sign in or be found again. */
export async function softDeleteUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users
        set deleted_at = now(), email = null, phone = null, encrypted_password = '', confirmation_token = '',
            recovery_token = '', raw_user_meta_data = '{}'::jsonb, updated_at = now()
      where id = $1 and deleted_at is null`,
    [userId],
  );
  await tx.query('delete from auth.identities where user_id = $1', [userId]);
  await tx.query('delete from auth.sessions where user_id = $1', [userId]);
}

export interface UserPage {
  users: UserRecord[];
  total: number;
}

/** A page of users, newest first, optionally filtered by e-mail or full name (GoTrue's `filter`). */
export async function listUsers(
  tx: Queryable,
  options: { page: number; perPage: number; filter: string },
): Promise<UserPage> {
  const pattern = options.filter ? `%${options.filter}%` : '';
  const where = `u.aud = $1 and ($2 = '' or u.email ilike $2 or u.raw_user_meta_data ->> 'full_name' ilike $2)`;
  const count = await tx.query<{ total: number }>(`select count(*)::int as total from auth.users u where ${where}`, [
    AUDIENCE,
    pattern,
  ]);
  const { rows } = await tx.query<UserRecord>(
    `${USER_SELECT} where ${where} order by u.created_at desc, u.id desc limit $3 offset $4`,
    [AUDIENCE, pattern, options.perPage, (options.page - 1) * options.perPage],
  );
  return { users: rows, total: count.rows[0]?.total ?? 0 };
}

/** A random password for users created without one (GoTrue's admin API does the same). */
export function randomPassword(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Makes sure an admin account exists: creates the user (e-mail confirmed) when missing, resets the
 * password when it differs, confirms the e-mail, and gives the user the admin role in
 * public.user_roles. Idempotent; runs at every start of a laptop backend for the demo admin.
 */
export async function ensureAdmin(db: Database, email: string, password: string): Promise<void> {
  const normalised = validateEmail(email);
  const existing = await db.transaction(null, (tx) => findUserByEmail(tx, normalised));
  let newHash: string | null = null;
  if (!existing || !(await verifyPassword(password, existing.encrypted_password))) {
    newHash = await hashPassword(password);
  }
  await db.transaction(null, async (tx) => {
    let user = await findUserByEmail(tx, normalised);
    if (!user) {
      user = await createUser(tx, {
        email: normalised,
        passwordHash: newHash ?? (await hashPassword(password)),
        emailConfirmed: true,
      });
    } else {
      if (newHash) await setPasswordHash(tx, user.id, newHash);
      if (!user.email_confirmed_at) await confirmEmail(tx, user);
    }
    // The migrations always create user_roles; without it this fails loudly rather than start an
    // admin-less backend.
    await tx.query(`insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`, [
      user.id,
    ]);
  });
}
