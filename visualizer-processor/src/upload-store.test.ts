import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_BUCKET } from '../../contracts/visualizer-webhook.ts';
import { startGateway } from '../../local-stack/gateway.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../local-stack/keys.ts';
import { findFreePort } from '../../local-stack/ports.ts';
import { LOCAL_BUCKETS } from '../../local-stack/stack.ts';
import { createSupabaseUploadStore } from './upload-store.ts';

/**
 * The photo's put into the uploads bucket when storage drops the connection: the local gateway's stand-in for
 * Supabase Storage behind a proxy that closes the connections of the first `drops` uploads as soon as their
 * headers arrive, without an answer (what a kept-alive socket closed by storage as undici reuses it looks like).
 * Before the put was tried again, one dropped connection failed the visitor's photo (the webhook's 500,
 * FAILURE_REASONS.notTaken).
 */
let gateway: { url: string; stop(): Promise<void> };
let storageDir: string;
let proxy: net.Server;
let proxyUrl: string;
/** Upload connections still to drop, and the uploads the proxy has seen (dropped or passed on). */
let drops = 0;
let uploadsSeen = 0;
/** The proxy's open connections: each test closes them first, so its put opens a new one the proxy looks at. */
const connections = new Set<net.Socket>();

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-store-test-'));
  gateway = await startGateway({
    port: await findFreePort(),
    postgrestPort: await findFreePort(),
    storageDir,
    apiKeys: [],
    storage: {
      buckets: LOCAL_BUCKETS,
      jwtSecret: LOCAL_JWT_SECRET,
      serviceKeys: [LOCAL_SERVICE_ROLE_KEY, LOCAL_SECRET_KEY],
      anonKeys: [LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY],
    },
  });
  const gatewayPort = Number(new URL(gateway.url).port);
  proxy = net.createServer((client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => undefined);
    client.once('data', (first) => {
      if (first.toString('latin1').startsWith(`POST /storage/v1/object/${UPLOADS_BUCKET}/`)) {
        uploadsSeen++;
        if (drops > 0) {
          drops--;
          client.destroy();
          return;
        }
      }
      const upstream = net.connect(gatewayPort, '127.0.0.1', () => {
        upstream.write(first);
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  proxy?.close();
  await gateway?.stop();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const REQUEST = '0b6f7a52-5d0e-4a53-9d1c-6f3e2a8b4c01';

async function through(drop: number, serviceRoleKey = LOCAL_SECRET_KEY) {
  for (const connection of connections) connection.destroy();
  // Until undici has seen them close, as it has long before a kept-alive socket is reused in the processor.
  await new Promise((resolve) => setTimeout(resolve, 50));
  drops = drop;
  uploadsSeen = 0;
  return createSupabaseUploadStore({ supabaseUrl: proxyUrl, serviceRoleKey });
}

describe('the photo put into the uploads bucket', () => {
  it('is sent again on a new connection when storage drops the first one, and stored', async () => {
    const uploads = await through(1);

    await uploads.put(`${REQUEST}/dropped-once`, Buffer.from('photo bytes'));

    expect(uploadsSeen).toBe(2);
    expect((await uploads.get(`${REQUEST}/dropped-once`)).toString()).toBe('photo bytes');
  });

  it('is tried twice at most: a storage that drops every connection fails it', async () => {
    const uploads = await through(5);

    await expect(uploads.put(`${REQUEST}/dropped-always`, Buffer.from('photo bytes'))).rejects.toThrow('fetch failed');

    expect(uploadsSeen).toBe(2);
  });

  it('is not sent again when storage answers with a refusal', async () => {
    const uploads = await through(0, LOCAL_PUBLISHABLE_KEY);

    await expect(uploads.put(`${REQUEST}/refused`, Buffer.from('photo bytes'))).rejects.toThrow(/upload .*\(400\)/);

    expect(uploadsSeen).toBe(1);
  });
});
