import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getSiteEnv } from './env';

let client: SupabaseClient | undefined;

/**
 * The one Supabase client: anon key, no session (visitors never log in). Made on first use and only in a
 * browser, so prerendering and Node never construct it (and never need its realtime transport) at import time.
 */
export function getSupabaseClient(): SupabaseClient {
  if (typeof window === 'undefined') {
    throw new Error('The Supabase client is only available in the browser');
  }
  if (!client) {
    const { VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY } = getSiteEnv();
    client = createClient(VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }
  return client;
}
