/**
 * The one supabase-js client of the app, created from the run-time settings. supabase-js is fetched
 * with `import()` on first use, so that no page carries it before it needs it (public pages paint
 * without it: design.md "Performance").
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';

let client: Promise<SupabaseClient> | undefined;

/** Where supabase-js keeps the signed-in session in localStorage (auth.ts reads it when offline). */
export const SESSION_STORAGE_KEY = 'cdo-vision-auth';

/** The app's client: its session is the signed-in user's, kept in localStorage and refreshed. */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= Promise.all([import('@supabase/supabase-js'), loadRuntimeConfig()]).then(
    ([{ createClient }, { supabaseUrl, supabaseAnonKey }]) =>
      createClient(supabaseUrl, supabaseAnonKey, { auth: { storageKey: SESSION_STORAGE_KEY } }),
    (error: unknown) => {
      // Let the next call try again (offline at first use, say) instead of failing for good.
      client = undefined;
      throw error;
    },
  );
  return client;
}

/**
 * A client that keeps no session: for creating an account without signing this tab in as it
 * (sign-up answers with a session when the project does not ask for e-mail confirmation).
 */
export async function createSessionlessClient(): Promise<SupabaseClient> {
  const [{ createClient }, { supabaseUrl, supabaseAnonKey }] = await Promise.all([
    import('@supabase/supabase-js'),
    loadRuntimeConfig(),
  ]);
  return createClient(supabaseUrl, supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'cdo-sessionless' },
  });
}
