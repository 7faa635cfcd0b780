import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../local-stack/gateway';
import { LOCAL_ANON_KEY } from '../../local-stack/keys';
import { applyMigrations } from '../../local-stack/migrations';
import { findFreePort } from '../../local-stack/ports';
import { startPostgres, type PostgresHandle } from '../../local-stack/postgres';
import { startPostgrest } from '../../local-stack/postgrest';
import { createSupervisor, type Supervisor } from '../../local-stack/supervisor';

/**
 * Postgres, PostgREST and the gateway of its own (the shared stack keeps its database): with the database
 * down, an anonymous caller learns that the service is unavailable, and nothing about where the database runs.
 */
let folder: string;
let supervisor: Supervisor;
let database: PostgresHandle;
let gateway: { url: string; stop(): Promise<void> };

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-outage-'));
  fs.chmodSync(folder, 0o755);
  supervisor = createSupervisor({ log: () => {}, onFatal: () => {} });
  database = await startPostgres({ supervisor, dataDir: path.join(folder, 'postgres'), port: await findFreePort(), fsync: false });
  await applyMigrations(database.superuserUrl);
  const postgrestPort = await findFreePort();
  await startPostgrest({ supervisor, databasePort: database.port, port: postgrestPort, adminPort: await findFreePort() });
  gateway = await startGateway({
    port: await findFreePort(),
    postgrestPort,
    storageDir: path.join(folder, 'storage'),
    apiKeys: [LOCAL_ANON_KEY],
  });
}, 120_000);

afterAll(async () => {
  await gateway?.stop();
  await supervisor?.stopAll();
  fs.rmSync(folder, { recursive: true, force: true });
});

const anon = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}`, 'Content-Type': 'application/json' };

describe('a database outage', () => {
  it('is a plain 503 to anonymous callers, naming no host or port', async () => {
    const before = await fetch(`${gateway.url}/rest/v1/leads`, { method: 'POST', headers: anon, body: JSON.stringify({ email: 'up@example.com' }) });
    expect(before.status).toBe(201);
    await database.stop();

    for (const init of [
      { method: 'POST', headers: anon, body: JSON.stringify({ email: 'down@example.com' }) },
      { method: 'GET', headers: anon },
    ]) {
      const response = await fetch(`${gateway.url}/rest/v1/leads?select=id`, init);
      const text = await response.text();
      expect([init.method, response.status]).toEqual([init.method, 503]);
      expect(JSON.parse(text)).toEqual({ message: 'The service is unavailable right now. Please try again in a few minutes.' });
      expect(text).not.toContain(String(database.port));
      expect(text).not.toContain('127.0.0.1');
    }
  });
});
