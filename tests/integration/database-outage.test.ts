import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_DEADLINE_MS } from '@/lib/answer-deadline';
import { insertWithFallback } from '@/lib/insert-with-fallback';
import { REST_ANSWER_MS, SERVICE_UNAVAILABLE_MESSAGE, startGateway } from '../../local-stack/gateway';
import { LOCAL_ANON_KEY } from '../../local-stack/keys';
import { applyMigrations } from '../../local-stack/migrations';
import { findFreePort } from '../../local-stack/ports';
import { startPostgres, type PostgresHandle } from '../../local-stack/postgres';
import { startPostgrest } from '../../local-stack/postgrest';
import { createSupervisor, type Supervisor } from '../../local-stack/supervisor';

/**
 * Postgres, PostgREST and the gateway of its own (the shared stack keeps its database): with the database
 * frozen or down, an anonymous caller learns that the service is unavailable, and nothing about where the
 * database runs.
 */
let folder: string;
let supervisor: Supervisor;
let database: PostgresHandle;
let gateway: { url: string; stop(): Promise<void> };
let postgrestPort: number;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-outage-'));
  fs.chmodSync(folder, 0o755);
  supervisor = createSupervisor({ log: () => {}, onFatal: () => {} });
  database = await startPostgres({ supervisor, dataDir: path.join(folder, 'postgres'), port: await findFreePort(), fsync: false });
  await applyMigrations(database.superuserUrl);
  postgrestPort = await findFreePort();
  await startPostgrest({ supervisor, databasePort: database.port, port: postgrestPort, adminPort: await findFreePort() });
  gateway = await startGateway({
    port: await findFreePort(),
    postgrestPort,
    storageDir: path.join(folder, 'storage'),
    apiKeys: [LOCAL_ANON_KEY],
  });
  // The site's own data layer (src/lib), pointed at this gateway.
  Object.assign(import.meta.env, {
    VITE_SUPABASE_URL: gateway.url,
    VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    VITE_VISUALIZER_WEBHOOK_URL: `${gateway.url}/functions/v1/floor-visualizer`,
  });
}, 120_000);

afterAll(async () => {
  await gateway?.stop();
  await supervisor?.stopAll();
  fs.rmSync(folder, { recursive: true, force: true });
});

const anon = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}`, 'Content-Type': 'application/json' };

/** The postmaster and every process it forked (each backend is a session of its own, so no one group holds them). */
function databaseProcesses(): number[] {
  const postmaster = database.pid()!;
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Postgres stops answering without closing a connection, as a frozen host does. */
function freezeDatabase(): () => void {
  process.kill(database.pid()!, 'SIGSTOP');
  const frozen = databaseProcesses();
  for (const pid of frozen) process.kill(pid, 'SIGSTOP');
  return () => {
    for (const pid of frozen) process.kill(pid, 'SIGCONT');
  };
}

describe.skipIf(process.platform !== 'linux')('a frozen database', () => {
  it(`gets a plain 504 within ${REST_ANSWER_MS / 1000} s, naming no address; the page's same-id retry afterwards stores one row`, async () => {
    const email = `frozen.${randomUUID().slice(0, 8)}@example.com`;
    const thaw = freezeDatabase();
    try {
      // Issue 38: with Postgres stopped, an insert through the gateway had no answer after 65 s and more.
      const response = await fetch(`${gateway.url}/rest/v1/leads`, {
        method: 'POST',
        headers: anon,
        body: JSON.stringify({ email }),
        signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
      });
      const text = await response.text();
      expect(response.status).toBe(504);
      expect(JSON.parse(text)).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      for (const internal of ['127.0.0.1', String(database.port), String(postgrestPort)]) expect(text).not.toContain(internal);

      // The page's insert: both of its attempts get the 504 before its own 15 s deadline, and it fails.
      await expect(insertWithFallback('leads', { email: `page.${email}` })).rejects.toThrow(SERVICE_UNAVAILABLE_MESSAGE);
    } finally {
      thaw();
    }
    // The visitor presses the button again: the same values, so the same id, once the database answers.
    // The attempts held while it was frozen may be stored by now; the retry meets their primary key.
    await insertWithFallback('leads', { email: `page.${email}` });
    const client = new pg.Client({ connectionString: database.superuserUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select id from public.leads where email = $1', [`page.${email}`]);
      expect(rows).toHaveLength(1);
    } finally {
      await client.end();
    }
  }, 120_000);
});

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
