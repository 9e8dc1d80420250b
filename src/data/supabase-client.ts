/**
 * The one supabase-js client of the app, created from the run-time settings, and the calls of the
 * server functions made with it. supabase-js is fetched with `import()` on first use, so that no
 * page carries it before it needs it (public pages paint without it: design.md "Performance").
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

/**
 * Calls a server function (`/functions/v1/<name>`) with the signed-in user's session. Resolves with
 * its JSON answer; throws an Error with the function's `error` text, or `fallback` when it gave none,
 * and 'Not authenticated' when nobody is signed in (spec section 8).
 */
export async function invokeFunction<T = unknown>(name: string, body: unknown, fallback: string): Promise<T> {
  const client = await getSupabase();
  const { data: sessionData } = await client.auth.getSession();
  if (!sessionData.session) throw new Error('Not authenticated');
  return answerOf<T>(client, name, body, fallback);
}

/** `invokeFunction` for a function that anyone may call (what lets them in is in the body). */
export async function invokeFunctionSignedOut<T = unknown>(name: string, body: unknown, fallback: string): Promise<T> {
  return answerOf<T>(await createSessionlessClient(), name, body, fallback);
}

async function answerOf<T>(client: SupabaseClient, name: string, body: unknown, fallback: string): Promise<T> {
  const { data, error } = await client.functions.invoke<T>(name, { body: body as Record<string, unknown> });
  if (!error) return data as T;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const answer = (await context.json().catch(() => null)) as { error?: unknown } | null;
    if (answer && typeof answer.error === 'string' && answer.error) throw new Error(answer.error);
  }
  throw new Error(fallback);
}
