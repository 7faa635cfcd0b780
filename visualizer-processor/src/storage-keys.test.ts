import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseImageStorage } from './image-storage.ts';
import { createSupabaseUploadStore } from './upload-store.ts';

/**
 * The processor's Storage calls carry the service key as `apikey` and as `Authorization: Bearer`, whichever
 * format it has: a secret key (sb_secret_…) is sent exactly as supabase-js sends it, which the platform accepts.
 */
const seen: { method: string; url: string; apikey?: string; authorization?: string }[] = [];
let server: http.Server;
let supabaseUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push({ method: request.method!, url: request.url!, apikey: request.headers.apikey as string, authorization: request.headers.authorization });
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end('bytes');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  supabaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(['sb_secret_abcDEF123_xyz', 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl'])('with the service key %s', (key) => {
  it('sends it as apikey and bearer on every upload, download and delete', async () => {
    seen.length = 0;
    const uploads = createSupabaseUploadStore({ supabaseUrl, serviceRoleKey: key });
    const images = createSupabaseImageStorage({ supabaseUrl, serviceRoleKey: key });
    await uploads.put('request-1/upload', Buffer.from('photo'));
    await uploads.get('request-1/upload');
    await uploads.delete('request-1/upload');
    await images.save('request-1/original.jpg', Buffer.from('jpeg'), 'image/jpeg');

    expect(seen.map((request) => request.method)).toEqual(['POST', 'GET', 'DELETE', 'POST']);
    for (const request of seen) expect(request).toMatchObject({ apikey: key, authorization: `Bearer ${key}` });
  });
});
