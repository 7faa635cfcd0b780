import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './gateway';
import { findFreePort } from './ports';

let gateway: { url: string; stop(): Promise<void> };
let storageDir: string;

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  fs.mkdirSync(path.join(storageDir, 'floor-visualizer'));
  fs.writeFileSync(path.join(storageDir, 'floor-visualizer', 'a b.jpg'), 'jpeg bytes');
  gateway = await startGateway({
    port: await findFreePort(),
    postgrestPort: await findFreePort(),
    storageDir,
    apiKeys: ['anon-key'],
  });
});
afterAll(async () => {
  await gateway.stop();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe('the gateway', () => {
  it('answers a malformed storage URL with 400 and keeps serving', async () => {
    const response = await fetch(`${gateway.url}/storage/v1/object/public/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Invalid object path' });

    const stored = await fetch(`${gateway.url}/storage/v1/object/public/floor-visualizer/a%20b.jpg`);
    expect([stored.status, await stored.text()]).toEqual([200, 'jpeg bytes']);
  });

  it('refuses a path that climbs out of the storage folder', async () => {
    const response = await fetch(`${gateway.url}/storage/v1/object/public/..%2F..%2Fetc%2Fpasswd`);
    expect(response.status).toBe(400);
  });
});
