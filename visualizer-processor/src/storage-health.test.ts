import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessorServer } from './processor-server.ts';
import { createLocalStorageCheck, createSupabaseStorageCheck, STORAGE_OK_CACHED_MS } from './storage-health.ts';
import { createLocalUploadStore } from './upload-store.ts';
import { createInMemoryVisualizerRequestRepository } from './visualizer-request-repository.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'storage-health-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('local storage health', () => {
  it('is ok when both folders can be written, and leaves no probe file behind', async () => {
    const check = createLocalStorageCheck({ VISUALIZER_STORAGE_DIR: path.join(folder, 'storage'), VISUALIZER_UPLOAD_DIR: path.join(folder, 'uploads') });
    expect(await check()).toEqual({ storage: 'ok' });
    expect(await readdir(path.join(folder, 'storage'))).toEqual([]);
  });

  it('names the folder setting it cannot write (even as root: a file stands where a folder must be)', async () => {
    await writeFile(path.join(folder, 'a-file'), '');
    const check = createLocalStorageCheck({ VISUALIZER_STORAGE_DIR: path.join(folder, 'ok'), VISUALIZER_UPLOAD_DIR: path.join(folder, 'a-file', 'uploads') });
    expect(await check()).toEqual({ storage: 'not writable', detail: 'VISUALIZER_UPLOAD_DIR is not writable (ENOTDIR)' });
  });
});

describe('Supabase storage health', () => {
  function storageAnswering(status: (bucket: string) => number) {
    const asked: string[] = [];
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const bucket = String(url).split('/').at(-1)!;
      asked.push(`${bucket} ${new Headers(init?.headers).get('apikey')}`);
      return new Response('{}', { status: status(bucket) });
    }) as typeof fetch;
    return { asked, fakeFetch };
  }

  it('asks for both buckets with the service key, then trusts the answer for a while', async () => {
    let now = 0;
    const { asked, fakeFetch } = storageAnswering(() => 200);
    const check = createSupabaseStorageCheck({ supabaseUrl: 'https://p.supabase.co/', serviceRoleKey: 'sb_secret_x', fetch: fakeFetch, now: () => now });
    expect(await check()).toEqual({ storage: 'ok' });
    expect(asked).toEqual(['floor-visualizer sb_secret_x', 'floor-visualizer-uploads sb_secret_x']);
    now += STORAGE_OK_CACHED_MS - 1;
    await check();
    expect(asked).toHaveLength(2);
    now += 1;
    await check();
    expect(asked).toHaveLength(4);
  });

  it('says which is wrong: the key, a missing bucket, or Storage not answering', async () => {
    const refusedKey = createSupabaseStorageCheck({ supabaseUrl: 'https://p.supabase.co', serviceRoleKey: 'anon', fetch: storageAnswering(() => 401).fakeFetch });
    expect(await refusedKey()).toEqual({ storage: 'refused', detail: 'Storage refuses SUPABASE_SERVICE_ROLE_KEY (401)' });
    const noUploads = createSupabaseStorageCheck({
      supabaseUrl: 'https://p.supabase.co',
      serviceRoleKey: 'sb_secret_x',
      fetch: storageAnswering((bucket) => (bucket === 'floor-visualizer-uploads' ? 404 : 200)).fakeFetch,
    });
    expect(await noUploads()).toEqual({ storage: 'refused', detail: 'bucket floor-visualizer-uploads does not exist (run the migrations)' });
    const down = createSupabaseStorageCheck({
      supabaseUrl: 'https://p.supabase.co',
      serviceRoleKey: 'sb_secret_x',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    expect(await down()).toEqual({ storage: 'unreachable', detail: 'Storage did not answer (fetch failed)' });
  });
});

describe('GET /healthz of the processor', () => {
  it('answers 503 naming storage that cannot be written, and logs no probe', async () => {
    const logLines: string[] = [];
    const check = createLocalStorageCheck({ VISUALIZER_STORAGE_DIR: path.join(folder, 'a-file', 'storage') });
    const { server } = createProcessorServer({
      repository: createInMemoryVisualizerRequestRepository(),
      uploads: createLocalUploadStore(path.join(folder, 'uploads')),
      engineName: 'test',
      healthCheck: async () => {
        const storage = await check();
        return { ok: storage.storage === 'ok', database: 'ok', queue: 'ok', ...storage };
      },
      log: (line) => logLines.push(line),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ ok: false, database: 'ok', queue: 'ok', storage: 'not writable', detail: 'VISUALIZER_STORAGE_DIR is not writable (ENOTDIR)' });
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect((await fetch(`${base}/nothing-here`)).status).toBe(404);
      expect(logLines).toEqual([expect.stringMatching(/^GET \/nothing-here 404 \d+ms$/)]);
    } finally {
      server.close();
    }
  });
});
