/**
 * GoTrue-compatible auth routes (/auth/v1): the subset supabase-js and the app use, with GoTrue's
 * status codes and error bodies. Sign-up confirms the e-mail at once (there is no mail server, as
 * with `enable_confirmations = false`), so it answers with a session. Every route but the JWKS,
 * /health and /settings needs a valid API key, as behind the hosted gateway. Sign-up, sign-in and
 * refresh are rate-limited per client address and failed sign-ins back off (rate-limit.ts). There
 * is no /recover, /otp or /verify: nothing here sends mail.
 */
import { setTimeout } from 'node:timers/promises';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { checkApiKey } from '../http/request-auth.ts';
import { logError } from '../log.ts';
import type { BackendServices } from '../services.ts';
import { createAdminRoutes } from './admin-routes.ts';
import {
  AuthError,
  authErrorResponse,
  invalidCredentials,
  rateLimited,
  unexpectedFailure,
  validationFailed,
} from './errors.ts';
import { checkPasswordStrength, comparisonDummy, hashPassword, verifyPassword } from './passwords.ts';
import { AuthLimiter, type AuthLimits, type RequestKind } from './rate-limit.ts';
import { clientAddressResolver, clientInfo, metadataSchema, readBody } from './request.ts';
import { endSessions, refreshSession, startSession, type LogoutScope } from './sessions.ts';
import { authenticateUser, tokenResponse } from './tokens.ts';
import {
  AUDIENCE,
  checkMetadataLimits,
  createUser,
  findUserByEmail,
  findUserById,
  normaliseEmail,
  setPasswordHash,
  toAuthUser,
  updateMetadata,
  validateEmail,
  type MetadataLimits,
} from './users.ts';

const SignupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadataSchema.nullish(),
});

const PasswordGrantBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});

const RefreshGrantBody = z.object({ refresh_token: z.string().nullish() });

const UserUpdateBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadataSchema.nullish(),
  app_metadata: metadataSchema.nullish(),
});

const userAlreadyExists = () => new AuthError(422, 'user_already_exists', 'User already registered');

/** Turns whatever a handler threw into GoTrue's error response; unexpected ones are logged. */
export function authErrorHandler(error: Error, c: Context): Response {
  if (error instanceof AuthError) return authErrorResponse(c, error);
  if (error instanceof HTTPException) return error.getResponse();
  logError(`auth: ${c.req.method} ${c.req.path} failed: ${error.stack ?? String(error)}`);
  return authErrorResponse(c, unexpectedFailure());
}

/** The providers GoTrue's /settings lists; only e-mail is on locally. */
const PROVIDERS = (
  'anonymous_users apple azure bitbucket discord facebook snapchat figma fly github gitlab google keycloak ' +
  'kakao linkedin linkedin_oidc notion spotify slack slack_oidc workos twitch twitter email phone zoom'
).split(' ');

/** The /auth/v1 app: mount it with `app.route('/auth/v1', createAuthRoutes(services))`. */
export function createAuthRoutes(services: BackendServices): Hono {
  const { db, config } = services;
  const app = new Hono();
  const limits: AuthLimits = {
    signInSignUpsPerWindow: config.authSignInSignUpsPerWindow,
    tokenRefreshesPerWindow: config.authTokenRefreshesPerWindow,
    windowSeconds: config.authRateLimitWindowSeconds,
    freeFailures: config.signInFreeFailures,
    freeFailuresPerAddress: config.signInFreeFailuresPerAddress,
    maxBackoffSeconds: config.signInMaxBackoffSeconds,
    maxAccountDelayMs: config.signInMaxAccountDelayMs,
    failureMemorySeconds: config.signInFailureMemorySeconds,
  };
  const limiter = new AuthLimiter(db, limits);
  const metadataLimits: MetadataLimits = { maxBytes: config.maxMetadataBytes, maxDepth: config.maxMetadataDepth };
  const addressOf = clientAddressResolver(config.trustedProxies);
  /** Charges the request to its client address's budget; 429 with Retry-After when it is spent. */
  const takeRequest = async (c: Context, kind: RequestKind) => {
    const verdict = await limiter.takeRequest(kind, addressOf(c));
    if (!verdict.allowed) throw rateLimited(verdict.retryAfterSeconds);
  };
  void comparisonDummy(); // so the first unknown e-mail costs no more than any other
  app.onError(authErrorHandler);

  // Open endpoints: no API key needed, as on a hosted project.
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(services.keys.jwks);
  });
  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );
  app.get('/settings', (c) =>
    c.json({
      external: Object.fromEntries(PROVIDERS.map((provider) => [provider, provider === 'email'])),
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: false,
    }),
  );

  app.use('*', async (c, next) => {
    const failure = await checkApiKey(c, services.keys);
    if (failure) return c.json(failure.body, failure.status, failure.headers);
    await next();
  });

  app.post('/signup', async (c) => {
    await takeRequest(c, 'sign-in-sign-up');
    const body = await readBody(c, SignupBody);
    if (body.data) checkMetadataLimits('data', body.data, metadataLimits);
    const password = body.password ?? '';
    if (password === '') throw validationFailed('Signup requires a valid password');
    checkPasswordStrength(password);
    const email = body.email ?? '';
    if (email !== '' && body.phone) {
      throw validationFailed('Only an email address or phone number should be provided on signup.');
    }
    if (email === '') {
      if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
      throw validationFailed('Sign up only available with email provider');
    }
    const normalised = validateEmail(email);
    if (await db.transaction(null, (tx) => findUserByEmail(tx, normalised))) throw userAlreadyExists();
    const passwordHash = await hashPassword(password);
    const grant = await db.transaction(null, async (tx) => {
      const data = body.data ?? {};
      const user = await createUser(tx, {
        email: normalised,
        passwordHash,
        emailConfirmed: true,
        userMetadata: data,
        identityData: data,
      }).catch((error: unknown) => {
        throw error instanceof AuthError && error.code === 'email_exists' ? userAlreadyExists() : error;
      });
      return startSession(tx, user.id, clientInfo(c, addressOf));
    });
    return c.json(await tokenResponse(services, grant));
  });

  async function passwordGrant(c: Context): Promise<Response> {
    await takeRequest(c, 'sign-in-sign-up');
    const body = await readBody(c, PasswordGrantBody);
    const email = body.email ?? '';
    if (email !== '' && body.phone) {
      throw validationFailed('Only an email address or phone number should be provided on login.');
    }
    if (email === '') {
      if (body.phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
      throw validationFailed('missing email or phone');
    }
    const normalised = normaliseEmail(email);
    const address = addressOf(c);
    const verdict = await limiter.beginSignIn(normalised, address);
    if (!verdict.allowed) throw rateLimited(verdict.retryAfterSeconds);
    if (verdict.delayMs > 0) await setTimeout(verdict.delayMs);
    const user = await db.transaction(null, (tx) => findUserByEmail(tx, normalised));
    // One bcrypt comparison whether or not the user exists: same answer, same time.
    const valid = await verifyPassword(body.password ?? '', user?.encrypted_password);
    // The limiter already counted this attempt as a failure.
    if (!user || !valid) throw invalidCredentials();
    await limiter.signInSucceeded(normalised, address);
    if (user.banned) throw new AuthError(400, 'user_banned', 'User is banned');
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    const grant = await db.transaction(null, (tx) => startSession(tx, user.id, clientInfo(c, addressOf)));
    return c.json(await tokenResponse(services, grant));
  }

  async function refreshTokenGrant(c: Context): Promise<Response> {
    await takeRequest(c, 'token-refresh');
    const body = await readBody(c, RefreshGrantBody);
    const token = body.refresh_token ?? '';
    if (token.length < 12) throw validationFailed('Refresh token is not valid');
    const result = await db.transaction(null, (tx) =>
      refreshSession(tx, token, config.refreshTokenReuseIntervalSeconds, clientInfo(c, addressOf)),
    );
    if (!result.ok) throw result.error;
    return c.json(await tokenResponse(services, result.grant));
  }

  app.post('/token', (c) => {
    switch (c.req.query('grant_type')) {
      case 'password':
        return passwordGrant(c);
      case 'refresh_token':
        return refreshTokenGrant(c);
      default:
        // GoTrue's exact answer for grant types it does not know.
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
  });

  app.get('/user', async (c) => {
    const { claims, user } = await authenticateUser(c, services);
    const audience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
    if (audience !== AUDIENCE) throw validationFailed("Token audience doesn't match request audience");
    return c.json(toAuthUser(user));
  });

  app.put('/user', async (c) => {
    const { user, sessionId } = await authenticateUser(c, services);
    const body = await readBody(c, UserUpdateBody);
    if (body.data) checkMetadataLimits('data', body.data, metadataLimits);
    const newEmail = body.email ? validateEmail(body.email) : null;
    if (typeof body.password === 'string') checkPasswordStrength(body.password);
    if (body.app_metadata) {
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    if (newEmail && newEmail !== user.email) {
      throw validationFailed(
        'Changing the e-mail address needs a confirmation e-mail, which the local backend cannot send',
      );
    }
    if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone numbers are not supported');
    let passwordHash: string | null = null;
    if (body.password) {
      if (await verifyPassword(body.password, user.encrypted_password)) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(body.password);
    }
    const updated = await db.transaction(null, async (tx) => {
      if (passwordHash) {
        await setPasswordHash(tx, user.id, passwordHash);
        // As GoTrue: a new password ends every other session of the user.
        await endSessions(tx, user.id, sessionId, 'others');
      }
      if (body.data) await updateMetadata(tx, user, { user: body.data }, metadataLimits);
      return findUserById(tx, user.id);
    });
    if (!updated) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return c.json(toAuthUser(updated));
  });

  app.post('/logout', async (c) => {
    const { user, sessionId } = await authenticateUser(c, services);
    const requested = c.req.query('scope') ?? '';
    const scope: LogoutScope | null =
      requested === '' || requested === 'global'
        ? 'global'
        : requested === 'local' || requested === 'others'
          ? requested
          : null;
    if (!scope) throw validationFailed(`Unsupported logout scope ${JSON.stringify(requested)}`);
    await db.transaction(null, (tx) => endSessions(tx, user.id, sessionId, scope));
    return c.body(null, 204);
  });

  app.route('/admin', createAdminRoutes(services, metadataLimits));
  return app;
}
