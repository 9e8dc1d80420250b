/** The one supabase-js client of the app, created from the run-time settings. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';

let client: Promise<SupabaseClient> | undefined;

export function getSupabase(): Promise<SupabaseClient> {
  client ??= loadRuntimeConfig().then(({ supabaseUrl, supabaseAnonKey }) => createClient(supabaseUrl, supabaseAnonKey));
  return client;
}
