import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getSiteEnv } from './env';

let client: SupabaseClient | undefined;
let nodeRealtimeTransport: unknown;

/**
 * Node before v22 has no WebSocket, and supabase-js builds its realtime client eagerly. Code that runs the
 * data layer in Node (the integration tests) hands in the `ws` package here; the browser never needs it.
 */
export function setNodeRealtimeTransport(transport: unknown): void {
  nodeRealtimeTransport = transport;
}

/**
 * The one Supabase client: anon key, no session (visitors never log in). Made on first use, never at import
 * time, and only in a browser unless a Node transport was handed in, so prerendering never constructs it.
 */
export function getSupabaseClient(): SupabaseClient {
  if (typeof window === 'undefined' && !nodeRealtimeTransport) {
    throw new Error('The Supabase client is only made in the browser (in Node, call setNodeRealtimeTransport first)');
  }
  if (!client) {
    const { VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY } = getSiteEnv();
    client = createClient(VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      ...(nodeRealtimeTransport ? { realtime: { transport: nodeRealtimeTransport as never } } : {}),
    });
  }
  return client;
}
