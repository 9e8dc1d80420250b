/**
 * `npm start`: builds the app, starts the local backend (seeded with demo content on first start,
 * with the demo admin) and serves the app, then prints the addresses like `supabase status` does.
 * Settings: PORT (4173), API_PORT (54321), DATABASE_URL (PostgreSQL instead of PGlite), DATA_DIR (.data).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { z } from 'zod';
import { DEMO_ADMIN, startBackend } from '../server/backend.ts';
import { log } from '../server/log.ts';
import { generateDemoImages } from './generate-demo-images.ts';
import { startAppServer } from './serve-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4173),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(54321),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default(path.join(root, '.data')),
    SKIP_BUILD: z.enum(['0', '1']).default('0'),
  })
  .parse(process.env);

await generateDemoImages(path.join(root, 'public/demo'));
if (env.SKIP_BUILD === '0') await build({ root, logLevel: 'warn' });

const appUrl = `http://localhost:${env.PORT}`;
const backend = await startBackend({
  port: env.API_PORT,
  hostname: '0.0.0.0',
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  seedWhenFresh: true,
  admin: DEMO_ADMIN,
  siteUrl: appUrl,
});
const app = await startAppServer({
  port: env.PORT,
  distDir: path.join(root, 'dist'),
  runtimeConfig: { supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey },
});

log('');
log(`API URL: ${backend.url}`);
log(`anon key: ${backend.anonKey}`);
log(`service_role key: ${backend.serviceRoleKey}`);
log(`App URL: ${app.url}`);
log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
log(`Database: ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${path.resolve(env.DATA_DIR)}`}`);
log('');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([app.stop(), backend.stop()]).then(() => process.exit(0));
  });
}
