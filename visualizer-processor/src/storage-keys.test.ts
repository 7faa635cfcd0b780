import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../local-stack/gateway.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../local-stack/keys.ts';
import { findFreePort } from '../../local-stack/ports.ts';
import { LOCAL_BUCKETS } from '../../local-stack/stack.ts';
import { createSupabaseVisitorFiles } from '../../visitor-data/visitor-files.ts';
import { IMMUTABLE_CACHE_CONTROL, createSupabaseImageStorage } from './image-storage.ts';
import { createSupabaseUploadStore } from './upload-store.ts';

/**
 * The processor's Storage clients (the production path, VISUALIZER_STORAGE=supabase) against the local gateway's
 * stand-in for Supabase Storage, which answers as hosted Storage does: with either format of the secret key they
 * upload, read back, sign, list and delete; with the public key they get nowhere.
 */
let gateway: { url: string; stop(): Promise<void> };
let storageDir: string;

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-keys-test-'));
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
});
afterAll(async () => {
  await gateway.stop();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const REQUEST = '6f1f3c2a-9a57-4f0e-8a43-2b6c0d9e1f00';

describe.each([
  ['the sb_secret_ key', LOCAL_SECRET_KEY],
  ['the service_role JWT', LOCAL_SERVICE_ROLE_KEY],
])('with %s', (_name, key) => {
  it('stores, reads back, signs links that open the files without a key, and removes every file of a request', async () => {
    const settings = { supabaseUrl: gateway.url, serviceRoleKey: key };
    const uploads = createSupabaseUploadStore(settings);
    const images = createSupabaseImageStorage(settings);
    const files = createSupabaseVisitorFiles(settings);

    await uploads.put(`${REQUEST}/upload-1`, Buffer.from('photo with gps'));
    expect((await uploads.get(`${REQUEST}/upload-1`)).toString()).toBe('photo with gps');
    await images.save(`${REQUEST}/original.jpg`, Buffer.from('clean photo'), 'image/jpeg');
    await images.save(`${REQUEST}/render-1/oak.jpg`, Buffer.from('render'), 'image/jpeg');
    expect((await images.read(`${REQUEST}/original.jpg`)).toString()).toBe('clean photo');

    const expiresAt = new Date(Date.now() + 90 * 86_400_000);
    const links = await images.links([`${REQUEST}/original.jpg`, `${REQUEST}/render-1/oak.jpg`], expiresAt);
    const opened = await fetch(links[`${REQUEST}/render-1/oak.jpg`]!);
    expect([opened.status, await opened.text()]).toEqual([200, 'render']);
    expect(Math.abs(Date.parse(opened.headers.get('expires')!) - expiresAt.getTime())).toBeLessThan(2_000);
    // The private bucket's public URL opens nothing.
    expect((await fetch(`${gateway.url}/storage/v1/object/public/floor-visualizer/${REQUEST}/original.jpg`)).status).toBe(400);
    // The upload stored the immutable cache lifetime with the file.
    const authenticated = await fetch(`${gateway.url}/storage/v1/object/authenticated/floor-visualizer/${REQUEST}/original.jpg`, {
      headers: { apikey: key, authorization: `Bearer ${key}` },
    });
    expect(authenticated.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);

    await expect(images.links([`${REQUEST}/missing.jpg`], expiresAt)).rejects.toThrow(/missing\.jpg/);
    expect(await files.countRequestFiles(REQUEST)).toBe(3);
    expect(await files.deleteRequestFiles(REQUEST)).toBe(3);
    expect(await files.countRequestFiles(REQUEST)).toBe(0);
    await expect(images.read(`${REQUEST}/original.jpg`)).rejects.toThrow(/failed \(400\)/);
    // Deleting what is already gone is no error, as the render does after a retry.
    await uploads.delete(`${REQUEST}/upload-1`);
  });
});

describe.each([
  ['the sb_publishable_ key', LOCAL_PUBLISHABLE_KEY],
  ['the anon JWT', LOCAL_ANON_KEY],
])('with %s in place of the secret key', (_name, key) => {
  it('stores nothing and reads nothing', async () => {
    const settings = { supabaseUrl: gateway.url, serviceRoleKey: key };
    await expect(createSupabaseImageStorage(settings).save(`${REQUEST}/original.jpg`, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/upload.*\(400\).*row-level security/);
    await expect(createSupabaseUploadStore(settings).put(`${REQUEST}/upload-1`, Buffer.from('x'))).rejects.toThrow(/\(400\)/);
    expect(await createSupabaseVisitorFiles(settings).countRequestFiles(REQUEST)).toBe(0);
  });
});
