/**
 * GoTrue's admin user API (/auth/v1/admin/users), which supabase-js `auth.admin.*` calls with the
 * service-role key: list with GoTrue's pagination headers, create, read, update (password, e-mail,
 * metadata, role, ban) and delete. Any other caller gets 403 `not_admin`.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BackendServices } from '../services.ts';
import { AuthError, userNotFound, validationFailed } from './errors.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { metadataSchema, readBody } from './request.ts';
import { endSessions } from './sessions.ts';
import { requireServiceRole } from './tokens.ts';
import {
  AUDIENCE,
  changeEmail,
  checkMetadataLimits,
  confirmEmail,
  createUser,
  deleteUser,
  findUserById,
  isUuid,
  listUsers,
  randomPassword,
  setBan,
  setPasswordHash,
  setRole,
  softDeleteUser,
  toAuthUser,
  updateMetadata,
  validateEmail,
  type MetadataLimits,
  type UserRecord,
} from './users.ts';

const AdminUserBody = z.object({
  id: z.string().nullish(),
  role: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  password_hash: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadataSchema.nullish(),
  app_metadata: metadataSchema.nullish(),
  ban_duration: z.string().nullish(),
});

const AdminDeleteBody = z.object({ should_soft_delete: z.boolean().nullish() });

const DEFAULT_PER_PAGE = 50;

const GO_DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Parses a Go duration ("24h", "1h30m", "876000h"; "none" lifts a ban) into milliseconds. */
export function parseBanDuration(text: string): number {
  if (text === 'none') return 0;
  const invalid = () =>
    validationFailed(`invalid format for ban duration: time: invalid duration ${JSON.stringify(text)}`);
  const sign = text.startsWith('-') ? -1 : 1;
  const rest = text.replace(/^[-+]/, '');
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y;
  let total = 0;
  let index = 0;
  while (index < rest.length) {
    part.lastIndex = index;
    const match = part.exec(rest);
    if (!match) throw invalid();
    total += Number(match[1]) * (GO_DURATION_UNITS[match[2] ?? ''] ?? Number.NaN);
    index = part.lastIndex;
  }
  if (!Number.isFinite(total)) throw invalid();
  return sign * total;
}

function pageParameter(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
    );
  }
  return Number(value);
}

/** GoTrue's Link header: the request's query with `page` replaced, keys sorted as Go encodes them. */
function paginationLink(c: Context, page: number, perPage: number, total: number): string {
  const totalPages = Math.ceil(total / perPage);
  const pageUrl = (target: number) => {
    const query = new URLSearchParams(new URL(c.req.url).search);
    query.set('page', String(target));
    query.sort();
    return `</admin/users?${query.toString()}>`;
  };
  return `${totalPages > page ? `${pageUrl(page + 1)}; rel="next", ` : ''}${pageUrl(totalPages)}; rel="last"`;
}

/**
 * Refuses metadata over the limits before any work. The service role is trusted, but whatever it
 * stores is copied into the user's every access token, and its callers pass on user input.
 */
function checkBodyMetadata(body: z.infer<typeof AdminUserBody>, limits: MetadataLimits): void {
  if (body.user_metadata) checkMetadataLimits('user_metadata', body.user_metadata, limits);
  if (body.app_metadata) checkMetadataLimits('app_metadata', body.app_metadata, limits);
}

/** The /admin part of the auth app; every route needs a service-role token. */
export function createAdminRoutes(services: BackendServices, metadataLimits: MetadataLimits): Hono {
  const { db } = services;
  const app = new Hono();

  app.use('*', async (c, next) => {
    await requireServiceRole(c, services);
    await next();
  });

  async function loadUser(c: Context): Promise<UserRecord> {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await db.transaction(null, (tx) => findUserById(tx, id));
    if (!user) throw userNotFound();
    return user;
  }

  app.get('/users', async (c) => {
    const requestedPage = pageParameter(c.req.query('page'), 1);
    const requestedPerPage = pageParameter(c.req.query('per_page'), DEFAULT_PER_PAGE);
    const page = Math.max(1, requestedPage);
    const perPage = requestedPerPage < 1 ? 20 : requestedPerPage; // as GoTrue's paginator
    const filter = c.req.query('filter') ?? '';
    const { users, total } = await db.transaction(null, (tx) => listUsers(tx, { page, perPage, filter }));
    c.header('Link', paginationLink(c, page, perPage, total));
    c.header('X-Total-Count', String(total));
    return c.json({ users: users.map(toAuthUser), aud: AUDIENCE });
  });

  app.post('/users', async (c) => {
    const body = await readBody(c, AdminUserBody);
    checkBodyMetadata(body, metadataLimits);
    if (!body.email && !body.phone) throw validationFailed('Cannot create a user without either an email or phone');
    if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone users are not supported');
    const email = validateEmail(body.email ?? '');
    if (body.password != null && body.password_hash) {
      throw validationFailed('Only a password or a password hash should be provided');
    }
    const banMs = body.ban_duration ? parseBanDuration(body.ban_duration) : null;
    // As GoTrue, the admin API sets no minimum length; a user created without a password gets a random one.
    const passwordHash = body.password_hash || (await hashPassword(body.password || randomPassword()));
    const user = await db.transaction(null, async (tx) => {
      const created = await createUser(tx, {
        email,
        passwordHash,
        emailConfirmed: body.email_confirm === true,
        userMetadata: body.user_metadata ?? {},
        appMetadata: body.app_metadata ?? {},
        ...(body.role ? { role: body.role } : {}),
        ...(body.id ? { id: body.id } : {}),
      });
      if (banMs !== null) await setBan(tx, created.id, banMs);
      return findUserById(tx, created.id);
    });
    if (!user) throw userNotFound();
    return c.json(toAuthUser(user));
  });

  app.get('/users/:id', async (c) => c.json(toAuthUser(await loadUser(c))));

  app.put('/users/:id', async (c) => {
    const user = await loadUser(c);
    const body = await readBody(c, AdminUserBody);
    checkBodyMetadata(body, metadataLimits);
    const email = body.email ? validateEmail(body.email) : null;
    if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone users are not supported');
    const banMs = body.ban_duration ? parseBanDuration(body.ban_duration) : null;
    let passwordHash: string | null = null;
    if (body.password != null) {
      checkPasswordStrength(body.password);
      passwordHash = await hashPassword(body.password);
    }
    const updated = await db.transaction(null, async (tx) => {
      if (body.role) await setRole(tx, user.id, body.role);
      if (body.email_confirm) await confirmEmail(tx, user);
      if (passwordHash) {
        await setPasswordHash(tx, user.id, passwordHash);
        // As GoTrue: a password set by an admin signs the user out everywhere.
        await endSessions(tx, user.id, null, 'global');
      }
      if (email && email !== user.email) await changeEmail(tx, user, email, body.email_confirm === true);
      if (body.user_metadata || body.app_metadata) {
        const current = (await findUserById(tx, user.id)) ?? user;
        await updateMetadata(tx, current, { user: body.user_metadata, app: body.app_metadata }, metadataLimits);
      }
      if (banMs !== null) await setBan(tx, user.id, banMs);
      return findUserById(tx, user.id);
    });
    if (!updated) throw userNotFound();
    return c.json(toAuthUser(updated));
  });

  app.delete('/users/:id', async (c) => {
    const user = await loadUser(c);
    const body = await readBody(c, AdminDeleteBody, { optional: true });
    await db.transaction(null, (tx) =>
      body.should_soft_delete ? softDeleteUser(tx, user.id) : deleteUser(tx, user.id),
    );
    return c.json({});
  });

  return app;
}
