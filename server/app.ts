/**
 * The HTTP face of the local backend: one Hono app with the same paths as a hosted Supabase project
 * (/auth/v1, /rest/v1, /storage/v1, ...), CORS as the hosted gateway sends it (any origin, no
 * credentials), and a body-size guard (storage uploads are exempt: each bucket has its own limit,
 * enforced by the storage service). The development-only mailbox (/mailbox) is no part of that API:
 * it sends no CORS headers and exists only while mail goes to it (server/mail/mailbox.ts).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import { createAuthRoutes } from './auth/routes.ts';
import { createFunctionsRoutes, mailGoesToLocalMailbox } from './functions/routes.ts';
import { createMailboxRoutes } from './mail/mailbox.ts';
import { createRestRoutes } from './rest/routes.ts';
import { createStorageRoutes, isStorageUpload } from './storage/routes.ts';
import type { BackendServices } from './services.ts';

const isMailboxPath = (path: string) => path === '/mailbox' || path.startsWith('/mailbox/');

export function createApp(services: BackendServices): Hono {
  const app = new Hono();
  const apiCors = cors({
    // As the hosted gateway: any origin, never with credentials. supabase-js sends its keys in
    // headers, not cookies, so echoing the caller's origin with Allow-Credentials would only let
    // any site make credentialed requests without giving the app anything.
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'prefer',
      'range',
      'range-unit',
      'accept-profile',
      'content-profile',
      'x-upsert',
      'x-metadata',
      'cache-control',
      'accept',
      // supabase-js numbers its retries of a failed read (the hosted gateway allows it too).
      'x-retry-count',
    ],
    exposeHeaders: [
      'Content-Range',
      'Content-Location',
      'Location',
      'Preference-Applied',
      'X-Total-Count',
      // auth-js reads error codes only when it can see the API version the auth service answered with.
      'X-Supabase-Api-Version',
      // A visitor's invite request limited (429) waits as long as the function says.
      'Retry-After',
    ],
    maxAge: 86400,
  });
  app.use('*', (c, next) => (isMailboxPath(c.req.path) ? next() : apiCors(c, next)));
  const limitBody = bodyLimit({
    maxSize: services.config.maxBodyBytes,
    // The unread rest of the body is left on the socket, so the connection cannot be reused.
    onError: (c) =>
      c.json(
        {
          code: 'PGRST413',
          details: null,
          hint: null,
          message: `Request body is larger than ${services.config.maxBodyBytes} bytes`,
        },
        413,
        { Connection: 'close' },
      ),
  });
  app.use('*', (c, next) => (isStorageUpload(c.req.method, c.req.path) ? next() : limitBody(c, next)));
  app.get('/', (c) => c.json({ name: 'local supabase-compatible backend', status: 'ok' }));
  app.route('/auth/v1', createAuthRoutes(services));
  app.route('/rest/v1', createRestRoutes(services));
  app.route('/storage/v1', createStorageRoutes(services));
  app.route('/functions/v1', createFunctionsRoutes(services));
  const mailbox = createMailboxRoutes(services.mailbox, {
    key: services.keys.serviceRoleKey,
    apiUrl: services.config.apiUrl,
    siteUrl: services.config.siteUrl,
  });
  // Read at each request: a test may switch the mail provider of a running backend.
  const onlyWhileMailGoesThere: MiddlewareHandler = async (c, next) => {
    if (!mailGoesToLocalMailbox(services.config)) return c.notFound();
    await next();
  };
  app.use('/mailbox', onlyWhileMailGoesThere);
  app.use('/mailbox/*', onlyWhileMailGoesThere);
  app.route('/mailbox', mailbox);
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  return app;
}
