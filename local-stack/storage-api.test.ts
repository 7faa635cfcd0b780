import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './gateway';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY, signJwt } from './keys';
import { findFreePort } from './ports';
import { LOCAL_BUCKETS } from './stack';

/**
 * The gateway's stand-in for Supabase Storage answers as hosted Storage does (supabase/storage's routes): the
 * secret key does everything, the public key nothing on a private bucket, signed links open one object until
 * their token ends, and every error is HTTP 400 with Storage's own `statusCode` in the body.
 */
let gateway: { url: string; stop(): Promise<void> };
let storageDir: string;
let api: string;

const service = { apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
const secret = { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` };
const anon = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` };
const publishable = { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` };

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-api-test-'));
  gateway = await startGateway({
    port: await findFreePort(),
    postgrestPort: await findFreePort(),
    storageDir,
    apiKeys: [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY],
    storage: {
      buckets: [...LOCAL_BUCKETS, { id: 'open-bucket', public: true }],
      jwtSecret: LOCAL_JWT_SECRET,
      serviceKeys: [LOCAL_SERVICE_ROLE_KEY, LOCAL_SECRET_KEY],
      anonKeys: [LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY],
    },
  });
  api = `${gateway.url}/storage/v1`;
});
afterAll(async () => {
  await gateway.stop();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

function upload(objectPath: string, body: string, headers: Record<string, string>, bucket = 'floor-visualizer') {
  return fetch(`${api}/object/${bucket}/${objectPath}`, { method: 'POST', headers: { 'content-type': 'image/jpeg', ...headers }, body });
}

async function sign(objectPath: string, expiresIn: number, headers: Record<string, string> = service): Promise<string> {
  const response = await fetch(`${api}/object/sign/floor-visualizer/${objectPath}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ expiresIn }),
  });
  const body = (await response.json()) as { signedURL: string };
  return `${api}${body.signedURL}`;
}

describe.each([
  ['the service_role JWT', service],
  ['the sb_secret_ key', secret],
])('with %s', (_name, key) => {
  it('uploads, reads back with the stored type and cache control, lists one level at a time, and deletes', async () => {
    const folder = `req-${key.apikey.slice(0, 6)}`;
    const created = await upload(`${folder}/render-1/oak.jpg`, 'jpeg bytes', { ...key, 'cache-control': 'max-age=31536000, immutable' });
    expect([created.status, await created.json()]).toEqual([200, { Id: expect.any(String), Key: `floor-visualizer/${folder}/render-1/oak.jpg` }]);

    const read = await fetch(`${api}/object/authenticated/floor-visualizer/${folder}/render-1/oak.jpg`, { headers: key });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect(read.headers.get('cache-control')).toBe('max-age=31536000, immutable');
    expect(await read.text()).toBe('jpeg bytes');

    const list = async (prefix: string) =>
      (await (await fetch(`${api}/object/list/floor-visualizer`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ prefix, limit: 100, offset: 0 }) })).json()) as { name: string; id: string | null }[];
    expect((await list(`${folder}/`)).map(({ name, id }) => [name, id])).toEqual([['render-1', null]]);
    expect((await list(`${folder}/render-1/`)).map(({ name }) => name)).toEqual(['oak.jpg']);

    const deleted = await fetch(`${api}/object/floor-visualizer`, { method: 'DELETE', headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ prefixes: [`${folder}/render-1/oak.jpg`, `${folder}/never.jpg`] }) });
    expect(((await deleted.json()) as { name: string }[]).map(({ name }) => name)).toEqual([`${folder}/render-1/oak.jpg`]);
    expect(await list(`${folder}/`)).toEqual([]);
  });
});

describe('Storage stand-in', () => {
  it('refuses a second upload to the same name without x-upsert, and replaces it with x-upsert', async () => {
    await upload('dup/a.jpg', 'first', service);
    const again = await upload('dup/a.jpg', 'second', service);
    expect([again.status, await again.json()]).toEqual([400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' }]);
    expect((await upload('dup/a.jpg', 'third', { ...service, 'x-upsert': 'true' })).status).toBe(200);
    expect(await (await fetch(`${api}/object/authenticated/floor-visualizer/dup/a.jpg`, { headers: service })).text()).toBe('third');
  });

  it.each([
    ['the anon JWT', anon],
    ['the sb_publishable_ key', publishable],
  ])('gives %s nothing of a private bucket: no upload, no read, no list, no link, no delete', async (_name, key) => {
    await upload('private/photo.jpg', 'a home', service);
    const write = await upload('private/other.jpg', 'x', key);
    expect([write.status, await write.json()]).toEqual([400, { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' }]);
    expect(fs.existsSync(path.join(storageDir, 'floor-visualizer', 'private', 'other.jpg'))).toBe(false);

    const read = await fetch(`${api}/object/authenticated/floor-visualizer/private/photo.jpg`, { headers: key });
    expect([read.status, await read.json()]).toEqual([400, { statusCode: '404', error: 'not_found', message: 'Object not found' }]);
    const publicUrl = await fetch(`${api}/object/public/floor-visualizer/private/photo.jpg`);
    expect([publicUrl.status, await publicUrl.json()]).toEqual([400, { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' }]);

    const list = await fetch(`${api}/object/list/floor-visualizer`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ prefix: '' }) });
    expect([list.status, await list.json()]).toEqual([200, []]);

    const signing = await fetch(`${api}/object/sign/floor-visualizer/private/photo.jpg`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ expiresIn: 60 }) });
    expect(signing.status).toBe(400);

    const deleting = await fetch(`${api}/object/floor-visualizer`, { method: 'DELETE', headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ prefixes: ['private/photo.jpg'] }) });
    expect([deleting.status, await deleting.json()]).toEqual([200, []]);
    expect(await (await fetch(`${api}/object/authenticated/floor-visualizer/private/photo.jpg`, { headers: service })).text()).toBe('a home');
  });

  it('refuses a call with no key or an unknown one before anything else', async () => {
    expect((await upload('x/y.jpg', 'x', {})).status).toBe(401);
    expect((await upload('x/y.jpg', 'x', { apikey: 'sb_secret_guess', authorization: 'Bearer sb_secret_guess' })).status).toBe(401);
    const forged = signJwt({ role: 'service_role' }, 'not-the-secret');
    expect((await upload('x/y.jpg', 'x', { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${forged}` })).status).toBe(400);
  });

  it('opens an object through its signed link, to anyone, until the link ends, with Expires at that end', async () => {
    await upload('signed/render.jpg', 'the render', service);
    // The link is signed between these two moments (whole seconds, as its token counts), however slow the machine.
    const signedFrom = Math.floor(Date.now() / 1000) * 1000;
    const link = await sign('signed/render.jpg', 3600);
    const opened = await fetch(link);
    const openedBy = Date.now();
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe('the render');
    const expires = Date.parse(opened.headers.get('expires')!);
    expect(expires).toBeGreaterThanOrEqual(signedFrom + 3600_000);
    expect(expires).toBeLessThanOrEqual(openedBy + 3600_000);
    expect(opened.headers.get('timing-allow-origin')).toBe('*');
    expect(opened.headers.get('access-control-allow-origin')).toBe('*');

    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ url: 'floor-visualizer/signed/render.jpg', iat: now - 7200, exp: now - 3600 }, LOCAL_JWT_SECRET);
    const late = await fetch(`${api}/object/sign/floor-visualizer/signed/render.jpg?token=${expired}`);
    expect([late.status, await late.json()]).toEqual([400, { statusCode: '400', error: 'InvalidJWT', message: 'jwt expired' }]);

    const token = new URL(link).searchParams.get('token');
    const elsewhere = await fetch(`${api}/object/sign/floor-visualizer/private/photo.jpg?token=${token}`);
    expect([elsewhere.status, ((await elsewhere.json()) as { error: string }).error]).toEqual([400, 'InvalidSignature']);
  });

  it('signs many paths at once, saying which are missing', async () => {
    await upload('many/a.jpg', 'a', service);
    const response = await fetch(`${api}/object/sign/floor-visualizer`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60, paths: ['many/a.jpg', 'many/missing.jpg'] }),
    });
    const answers = (await response.json()) as { path: string; signedURL: string | null; error: string | null }[];
    expect(answers.map(({ path: objectPath, error }) => [objectPath, error])).toEqual([
      ['many/a.jpg', null],
      ['many/missing.jpg', 'Either the object does not exist or you do not have access to it'],
    ]);
    expect(await (await fetch(`${api}${answers[0]!.signedURL}`)).text()).toBe('a');
  });

  it('serves a public bucket to anyone, with the cache control stored at upload', async () => {
    await upload('logo.png', 'png', { ...service, 'content-type': 'image/png', 'cache-control': 'max-age=60' }, 'open-bucket');
    const response = await fetch(`${api}/object/public/open-bucket/logo.png`);
    expect([response.status, response.headers.get('cache-control'), response.headers.get('content-type')]).toEqual([200, 'max-age=60', 'image/png']);
  });

  it('refuses a file over the bucket limit, and keys that leave the bucket', async () => {
    const big = await upload('big/photo.jpg', 'x'.repeat(10 * 1024 * 1024 + 1), service);
    expect([big.status, ((await big.json()) as { statusCode: string }).statusCode]).toEqual([400, '413']);
    expect(fs.existsSync(path.join(storageDir, 'floor-visualizer', 'big'))).toBe(false);
    expect((await fetch(`${api}/object/authenticated/floor-visualizer/..%2F..%2Fetc%2Fpasswd`, { headers: service })).status).toBe(400);
    expect((await fetch(`${api}/object/authenticated/floor-visualizer/%00`, { headers: service })).status).toBe(400);
    expect((await fetch(`${api}/object/public/%E0%A4%A`)).status).toBe(400);
  });

  it('reports a bucket and its flags, and lists every bucket, to the secret key only', async () => {
    const response = await fetch(`${api}/bucket/floor-visualizer-uploads`, { headers: secret });
    expect(await response.json()).toMatchObject({ id: 'floor-visualizer-uploads', public: false });
    const all = (await (await fetch(`${api}/bucket`, { headers: secret })).json()) as { id: string }[];
    expect(all.map((bucket) => bucket.id)).toEqual(['floor-visualizer', 'floor-visualizer-uploads', 'open-bucket']);
    expect(await (await fetch(`${api}/bucket`, { headers: anon })).json()).toEqual([]);
  });
});
