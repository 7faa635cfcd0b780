import http from 'node:http';
import pg from 'pg';
import WebSocket from 'ws';
import { inject } from 'vitest';
import { setNodeRealtimeTransport } from '@/lib/supabase-client';

export const stack = inject('stack');

/** Points the site's own data layer (src/lib) at the test stack, as the built site would be. */
export function useSiteDataLayer(): void {
  setNodeRealtimeTransport(WebSocket);
  Object.assign(import.meta.env, {
    VITE_SUPABASE_URL: stack.url,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
    VITE_VISUALIZER_WEBHOOK_URL: stack.webhookUrl,
  });
}

export const anonHeaders = {
  apikey: stack.anonKey,
  Authorization: `Bearer ${stack.anonKey}`,
  'Content-Type': 'application/json',
};

/** A request through the gateway as a visitor (anon key) would send it. */
export function anonFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: { ...anonHeaders, ...(init.headers as Record<string, string>) },
  });
}

/** Direct SQL as the database owner, to see what really got stored. */
export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.superuserUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A POST to the gateway from a chosen loopback source address (127.x.y.z): the gateway derives the client
 * address from the connection, so this is how a test plays a different visitor.
 */
export function postFromAddress(
  localAddress: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(`${stack.url}/rest/v1/${path}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        localAddress,
        headers: { ...anonHeaders, ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** A signed link the processor stored for `<bucket floor-visualizer>/<objectPath>` (decision 022): any token. */
export function signedLinkTo(objectPath: string): RegExp {
  const escaped = `${stack.url}/storage/v1/object/sign/floor-visualizer/${objectPath}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`);
}

/** The visualizer bucket's object as the processor reads it, with the secret key (the bucket is private). */
export function readStoredImage(objectPath: string): Promise<Response> {
  return fetch(`${stack.url}/storage/v1/object/authenticated/floor-visualizer/${objectPath}`, {
    headers: { apikey: stack.secretKey, authorization: `Bearer ${stack.secretKey}` },
  });
}
