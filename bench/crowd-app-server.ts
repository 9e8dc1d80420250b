/**
 * The app server of `npm run bench -- crowd` (bench/crowd.ts) in a process of its own, as it runs
 * in front of a hosted backend: neither the backend's database nor the load generator shares its
 * thread. Run it with `fork()` and DIST_DIR, API_URL and ANON_KEY in the environment; once it
 * listens it sends `{ ready: { url } }`, and it serves until it is killed.
 */
import { startAppServer } from '../scripts/serve-app.ts';

const { DIST_DIR: distDir, API_URL: supabaseUrl, ANON_KEY: supabaseAnonKey } = process.env;
if (!process.send || !distDir || !supabaseUrl || !supabaseAnonKey) {
  throw new Error('crowd-app-server: run it with fork(), DIST_DIR, API_URL and ANON_KEY');
}

const app = await startAppServer({
  port: 0,
  hostname: '127.0.0.1',
  distDir,
  runtimeConfig: { supabaseUrl, supabaseAnonKey },
});
process.send({ ready: { url: app.url.replace('localhost', '127.0.0.1') } });
