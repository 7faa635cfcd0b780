import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import { setNodeRealtimeTransport } from '@/lib/supabase-client';
import WebSocket from 'ws';
import { sql, stack } from './stack-clients';

/**
 * The new key formats new projects get: the site with the publishable key (sb_publishable_…) stores its leads
 * through supabase-js and through the raw fallback, each sending the key as `apikey` and as `Authorization: Bearer`,
 * as the platform accepts; the secret key (sb_secret_…) reads them back. The gateway maps each key to its role, as
 * the platform's does. (The processor's Storage calls: visualizer-processor/src/storage-keys.test.ts.)
 */
beforeAll(() => {
  setNodeRealtimeTransport(WebSocket);
  Object.assign(import.meta.env, {
    VITE_SUPABASE_URL: stack.url,
    VITE_SUPABASE_ANON_KEY: stack.publishableKey,
    VITE_VISUALIZER_WEBHOOK_URL: stack.webhookUrl,
  });
});
afterEach(() => vi.unstubAllGlobals());

const unique = () => Math.random().toString(36).slice(2, 10);
const contact = () => ({ name: 'Kim Lopez', email: `kim.${unique()}@example.com`, phone: '856-555-0150', message: 'Stairs, oak.' });

type Sent = { url: string; apikey: string | null; authorization: string | null; client: boolean };

/** Passes every request on, noting the keys it carried. */
function recordRequests(options: { breakClient?: boolean } = {}): Sent[] {
  const realFetch = globalThis.fetch;
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const client = headers.has('x-client-info');
    sent.push({ url: String(input instanceof Request ? input.url : input), apikey: headers.get('apikey'), authorization: headers.get('authorization'), client });
    if (client && options.breakClient) return Promise.reject(new TypeError('fetch failed'));
    return realFetch(input, init);
  });
  return sent;
}

function restAs(headers: Record<string, string>, path: string): Promise<Response> {
  return fetch(`${stack.url}/rest/v1/${path}`, { headers });
}

describe('the publishable and secret keys', () => {
  it('the site stores a lead through supabase-js with the publishable key as apikey and bearer', async () => {
    const sent = recordRequests();
    const record = contact();
    const { id } = await insertWithFallback('contacts', record);

    expect(sent.map(({ client, apikey, authorization }) => ({ client, apikey, authorization }))).toEqual([
      { client: true, apikey: stack.publishableKey, authorization: `Bearer ${stack.publishableKey}` },
    ]);
    expect(await sql('select email from public.contacts where id = $1', [id])).toEqual([{ email: record.email }]);
  });

  it('the raw fallback sends it the same way and stores the lead', async () => {
    const sent = recordRequests({ breakClient: true });
    const record = contact();
    const { id } = await insertWithFallback('contacts', record);

    expect(sent.map(({ client, apikey, authorization }) => ({ client, apikey, authorization }))).toEqual([
      { client: true, apikey: stack.publishableKey, authorization: `Bearer ${stack.publishableKey}` },
      { client: false, apikey: stack.publishableKey, authorization: `Bearer ${stack.publishableKey}` },
    ]);
    expect(await sql('select email from public.contacts where id = $1', [id])).toEqual([{ email: record.email }]);
  });

  it('the publishable key reads no lead; the secret key reads them, with or without the bearer', async () => {
    const record = contact();
    const { id } = await insertWithFallback('contacts', record);

    const anon = await restAs({ apikey: stack.publishableKey, Authorization: `Bearer ${stack.publishableKey}` }, 'contacts?select=email');
    expect(anon.status).toBe(401);
    expect((await anon.json()).code).toBe('42501');

    const withBearer: Record<string, string> = { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` };
    for (const headers of [withBearer, { apikey: stack.secretKey }]) {
      const service = await restAs(headers, `contacts?select=email&id=eq.${id}`);
      expect(service.status).toBe(200);
      expect(await service.json()).toEqual([{ email: record.email }]);
    }
  });

  it('refuses an unknown sb_ key, and a bearer that names another key than apikey', async () => {
    expect((await restAs({ apikey: 'sb_publishable_not-this-project' }, 'contacts?select=id')).status).toBe(401);
    const mixed = await restAs({ apikey: stack.publishableKey, Authorization: `Bearer ${stack.secretKey}` }, 'contacts?select=email');
    expect(mixed.status).toBe(401);
  });
});
