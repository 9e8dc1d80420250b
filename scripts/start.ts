/**
 * `npm start`: builds the app (Vite's build also prerenders the public pages and makes the service
 * worker: vite.config.ts, scripts/prerender.ts), starts the local backend (seeded with demo content
 * on first start, with the demo admin) and serves the app, then prints the addresses like
 * `supabase status` does.
 * Settings: PORT (4173), API_PORT (54321), DATABASE_URL (PostgreSQL instead of PGlite), DATA_DIR (.data),
 * DIST_DIR (dist; the browser tests build into their own folder), SKIP_BUILD (1 serves the last build),
 * SITE_URL (the site's public origin, which absolute links point at; http://localhost:<PORT>),
 * the app's run-time settings ENQUIRY_FORM_URL, NOMINATION_FORM_URL, ENQUIRY_EMAIL, LOGO_SERVICE_URL,
 * and the auth service's abuse limits (AUTH_RATE_LIMIT_*, AUTH_SIGN_IN_*, AUTH_MAX_METADATA_*,
 * TRUSTED_PROXIES: server/auth/settings.ts), and LOCAL_MAILBOX (off: no development mailbox).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { z } from 'zod';
import { authConfigFromEnv } from '../server/auth/settings.ts';
import { DEMO_ADMIN, startBackend } from '../server/backend.ts';
import { log } from '../server/log.ts';
import { localMailboxFromEnv } from '../server/mail/mailbox.ts';
import { mailGoesToLocalMailbox } from '../server/functions/routes.ts';
import { generateDemoImages } from './generate-demo-images.ts';
import { startAppServer } from './serve-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4173),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(54321),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default(path.join(root, '.data')),
    DIST_DIR: z.string().default(path.join(root, 'dist')),
    SKIP_BUILD: z.enum(['0', '1']).default('0'),
    SITE_URL: z.string().url().optional(),
    // Run-time settings of the app (src/lib/runtime-config.ts); unset ones are left out.
    ENQUIRY_FORM_URL: z.string().url().optional(),
    NOMINATION_FORM_URL: z.string().url().optional(),
    ENQUIRY_EMAIL: z.string().email().optional(),
    LOGO_SERVICE_URL: z.string().optional(),
  })
  .parse(process.env);
const authConfig = authConfigFromEnv(process.env);

await generateDemoImages(path.join(root, 'public/demo'));
if (env.SKIP_BUILD === '0')
  await build({ root, logLevel: 'warn', build: { outDir: path.resolve(env.DIST_DIR), emptyOutDir: true } });

const appUrl = `http://localhost:${env.PORT}`;
// Links in the sitemap, the calendar feed, robots.txt and og:url, and auth's redirects.
const siteUrl = env.SITE_URL ? new URL(env.SITE_URL).origin : appUrl;
// This machine only: the demo admin's password is printed below and in the README, so a backend
// that other machines on the network could reach would hand them the back office.
const backend = await startBackend({
  port: env.API_PORT,
  hostname: '127.0.0.1',
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  seedWhenFresh: true,
  admin: DEMO_ADMIN,
  siteUrl,
  config: { ...authConfig, localMailbox: localMailboxFromEnv(process.env) },
});
const app = await startAppServer({
  port: env.PORT,
  hostname: '127.0.0.1',
  distDir: path.resolve(env.DIST_DIR),
  siteUrl,
  runtimeConfig: {
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    ...(env.ENQUIRY_FORM_URL ? { enquiryFormUrl: env.ENQUIRY_FORM_URL } : {}),
    ...(env.NOMINATION_FORM_URL ? { nominationFormUrl: env.NOMINATION_FORM_URL } : {}),
    ...(env.ENQUIRY_EMAIL ? { enquiryEmail: env.ENQUIRY_EMAIL } : {}),
    ...(env.LOGO_SERVICE_URL ? { logoServiceUrl: env.LOGO_SERVICE_URL } : {}),
  },
});

log('');
log(`API URL: ${backend.url}`);
log(`anon key: ${backend.anonKey}`);
log(`service_role key: ${backend.serviceRoleKey}`);
log(`App URL: ${app.url}`);
log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
log(
  mailGoesToLocalMailbox(backend.services.config)
    ? `Mailbox: ${backend.url}/mailbox (mail the app sends: admin invite links and guests' messages)`
    : 'Mailbox: off (mail goes to the provider that MAIL_PROVIDER and its settings name)',
);
log(`Database: ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${path.resolve(env.DATA_DIR)}`}`);
log('');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([app.stop(), backend.stop()]).then(() => process.exit(0));
  });
}
