/**
 * /functions/v1 of the local backend: runs the handlers of supabase/functions as the hosted edge
 * runtime does. `/functions/v1/<name>` (and any path below it) goes to the registered function of
 * that name with the request as is; an unknown name is a 404. A function marked `verifyJwt` first
 * needs a valid JWT of this project in Authorization (the anon key counts), else 401, as the
 * hosted gateway answers. Each invocation sees the environment a hosted function gets: SUPABASE_URL,
 * SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY; over local defaults (where sign-in links land, the
 * local mailbox as mail provider), the secrets listed in registry.ts from the process environment, and
 * `config.functionsEnv` over those (tests, per backend). The values are handed to the functions' env
 * helper through AsyncLocalStorage, so two backends in one process never mix. The request reaches the
 * function with the client's address as the only X-Forwarded-For entry, as the hosted gateway hands
 * it on: the socket's address, or what trusted proxies vouch for (TRUSTED_PROXIES), never what the
 * client wrote there itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Hono, type Context } from 'hono';
import { setEnvSource } from '../../supabase/functions/_shared/env.ts';
import { clientAddressResolver } from '../auth/request.ts';
import { logError } from '../log.ts';
import type { BackendServices } from '../services.ts';
import { FUNCTION_SECRETS, SERVER_FUNCTIONS, type FunctionRegistry } from './registry.ts';

type FunctionEnv = Readonly<Record<string, string | undefined>>;

/** What the runner uses of the backend: the keys (gateway check, function env) and the settings. */
export type FunctionsRunnerServices = Pick<BackendServices, 'keys' | 'config'>;

const invocationEnv = new AsyncLocalStorage<FunctionEnv>();
setEnvSource(() => invocationEnv.getStore());

/**
 * What a function gets when the process sets nothing else: where the site's sign-in links land
 * (AUTH_SITE_URL, the local twin of the auth service's site URL, for invite links when no SITE_URL
 * secret is set; SITE_URL itself stays unset so that the public feeds keep taking their origin from
 * the app server), and the backend's own mailbox (server/mail/mailbox.ts) as the mail provider.
 */
function localDefaults(services: FunctionsRunnerServices): FunctionEnv {
  return {
    AUTH_SITE_URL: services.config.siteUrl,
    MAIL_FROM: 'CDO Vision <no-reply@cdo-vision.local>',
    ...(mailGoesToLocalMailbox(services.config)
      ? { MAIL_API_URL: `${services.config.apiUrl}/mailbox/api`, MAIL_API_KEY: services.keys.serviceRoleKey }
      : {}),
  };
}

/** The secrets the process gives the functions, under what the backend's settings give them. */
function configuredSecrets(config: FunctionsRunnerServices['config']): FunctionEnv {
  return {
    ...Object.fromEntries(FUNCTION_SECRETS.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
    ...config.functionsEnv,
  };
}

/**
 * True while the functions' mail goes to the backend's own mailbox: it is on (LOCAL_MAILBOX), and no
 * other provider is set (neither MAIL_PROVIDER=smtp nor a MAIL_API_URL of a real provider).
 */
export function mailGoesToLocalMailbox(config: FunctionsRunnerServices['config']): boolean {
  if (!config.localMailbox) return false;
  const secrets = configuredSecrets(config);
  const provider = secrets.MAIL_PROVIDER?.trim() || 'http';
  return provider === 'http' && !secrets.MAIL_API_URL?.trim();
}

function functionEnv(services: FunctionsRunnerServices): FunctionEnv {
  return {
    ...localDefaults(services),
    ...configuredSecrets(services.config),
    SUPABASE_URL: services.config.apiUrl,
    SUPABASE_ANON_KEY: services.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: services.keys.serviceRoleKey,
  };
}

/** The hosted gateway's JWT check; null when the request may pass. */
async function gatewayRefusal(c: Context, services: FunctionsRunnerServices): Promise<Response | null> {
  const header = c.req.header('authorization');
  if (!header) return c.json({ code: 401, message: 'Missing authorization header' }, 401);
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  try {
    if (!token) throw new Error('not a bearer token');
    await services.keys.verify(token);
    return null;
  } catch {
    return c.json({ code: 401, message: 'Invalid JWT' }, 401);
  }
}

/**
 * The request as the function gets it: CF-Connecting-IP and X-Forwarded-For hold the client's
 * address alone, as hosted Supabase's edge sets the first (supabase/functions/_shared/client-address.ts);
 * whatever the caller wrote in them is dropped.
 */
function withClientAddress(request: Request, address: string | null): Request {
  const headers = new Headers(request.headers);
  for (const name of ['x-forwarded-for', 'cf-connecting-ip', 'x-real-ip']) headers.delete(name);
  if (address) {
    headers.set('cf-connecting-ip', address);
    headers.set('x-forwarded-for', address);
  }
  return new Request(request, { headers });
}

/** The /functions/v1 app: mount it with `app.route('/functions/v1', createFunctionsRoutes(services))`. */
export function createFunctionsRoutes(
  services: FunctionsRunnerServices,
  functions: FunctionRegistry = SERVER_FUNCTIONS,
): Hono {
  const app = new Hono();
  const addressOf = clientAddressResolver(services.config.trustedProxies);

  const invoke = async (c: Context) => {
    const fn = functions.get(c.req.param('name') ?? '');
    if (!fn) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    if (fn.verifyJwt && c.req.method !== 'OPTIONS') {
      const refusal = await gatewayRefusal(c, services);
      if (refusal) return refusal;
    }
    const request = withClientAddress(c.req.raw, addressOf(c));
    return invocationEnv.run(functionEnv(services), () => fn.handler(request));
  };

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  app.onError((error, c) => {
    logError(`functions: ${c.req.method} ${c.req.path} failed: ${error.stack ?? String(error)}`);
    return c.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
  });
  return app;
}
