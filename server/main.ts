/**
 * Runs the local backend on its own: `npm run backend`. Settings come from the environment:
 * API_PORT (54321), DATABASE_URL (PostgreSQL; PGlite in DATA_DIR otherwise), DATA_DIR (.data),
 * SITE_URL (http://localhost:4173), LOCAL_MAILBOX (off: no development mailbox), and the auth service's
 * abuse limits (server/auth/settings.ts).
 */
import { z } from 'zod';
import { authConfigFromEnv } from './auth/settings.ts';
import { DEMO_ADMIN, startBackend } from './backend.ts';
import { log } from './log.ts';
import { localMailboxFromEnv } from './mail/mailbox.ts';

const env = z
  .object({
    API_PORT: z.coerce.number().int().min(0).max(65535).default(54321),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('.data'),
    SITE_URL: z.string().url().default('http://localhost:4173'),
  })
  .parse(process.env);
const authConfig = authConfigFromEnv(process.env);

const backend = await startBackend({
  port: env.API_PORT,
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  seedWhenFresh: true,
  admin: DEMO_ADMIN,
  siteUrl: env.SITE_URL,
  config: { ...authConfig, localMailbox: localMailboxFromEnv(process.env) },
});
log(`API URL: ${backend.url}`);
log(`anon key: ${backend.anonKey}`);
log(`service_role key: ${backend.serviceRoleKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void backend.stop().then(() => process.exit(0)));
}
