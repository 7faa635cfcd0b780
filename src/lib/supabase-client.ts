import type { SupabaseClient } from '@supabase/supabase-js';
import { getSiteEnv } from './env';

let client: Promise<SupabaseClient> | undefined;
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
 * supabase-js is loaded then too: about 50 KiB (gzip) that a visitor who never submits never downloads.
 */
export function getSupabaseClient(): Promise<SupabaseClient> {
  if (typeof window === 'undefined' && !nodeRealtimeTransport) {
    return Promise.reject(
      new Error('The Supabase client is only made in the browser (in Node, call setNodeRealtimeTransport first)'),
    );
  }
  client ??= import('@supabase/supabase-js')
    .then(({ createClient }) => {
      const { VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY } = getSiteEnv();
      return createClient(VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        ...(nodeRealtimeTransport ? { realtime: { transport: nodeRealtimeTransport as never } } : {}),
      });
    })
    .catch((error: unknown) => {
      client = undefined; // a failed chunk load (offline) may succeed on the next submit
      throw error;
    });
  return client;
}
