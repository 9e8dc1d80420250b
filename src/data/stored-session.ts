/**
 * The session supabase-js keeps in localStorage, read as it is stored. Offline with an expired access
 * token, supabase-js cannot refresh it and `getSession()` answers no session, while the person is
 * still signed in on this device: what is stored says who.
 */
import type { Session } from '@supabase/supabase-js';
import { SESSION_STORAGE_KEY } from './supabase-client.ts';

export function storedSession(storage: Pick<Storage, 'getItem'> = localStorage): Session | null {
  try {
    const stored = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Partial<Session> | null;
    return stored && typeof stored.access_token === 'string' && typeof stored.user?.id === 'string'
      ? (stored as Session)
      : null;
  } catch {
    return null;
  }
}
