/**
 * The service-role client the functions act with. It bypasses row security, so it is used only
 * after `requireAdmin` has established who is calling, and never handed a user's session.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';

/**
 * Stands in for the WebSocket class where the runtime has none (Node 20): realtime-js refuses to be
 * constructed without one, although the functions never open a realtime channel.
 */
class NoWebSocket {
  constructor() {
    throw new Error('Server functions do not use realtime');
  }
}

/** A client with the project's service-role key and no session of its own. */
export function createServiceClient(): SupabaseClient {
  const transport = (globalThis.WebSocket ?? NoWebSocket) as typeof WebSocket;
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport },
  });
}
