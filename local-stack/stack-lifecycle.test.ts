import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from './keys';
import { assertPortFree, findFreePort, waitFor } from './ports';
import { startStack, type Stack } from './stack';
import { isRunning } from './testing/process-state';
import { PROCESSOR_MALLOC_SETTINGS } from '../visualizer-processor/src/malloc-settings';

const here = path.dirname(fileURLToPath(import.meta.url));
const folders: string[] = [];
const stacks: Stack[] = [];
afterEach(async () => {
  await Promise.all(stacks.splice(0).map((stack) => stack.stop()));
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

async function allFree(ports: number[]): Promise<boolean> {
  for (const port of ports) {
    if (
      !(await assertPortFree(port, 'test', 'TEST').then(
        () => true,
        () => false,
      ))
    )
      return false;
  }
  return true;
}

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A guard against a hang, not a speed check: longer than the named waits inside each test (up to 30 + 60 + 30 s after a
 * stack's start), so a stack that never comes back fails on the wait that says what it waited for, not on the
 * processor project's 60 s default; starting the stack with the processor took 27 s at load 15.
 */
const STACK_HANG_GUARD_MS = 180_000;

describe('the local stack as a set of processes', () => {
  it('runs Postgres with fsync on, and leaves nothing running when its process is killed with SIGKILL', async () => {
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'testing', 'run-stack-until-killed.ts'), '--with-processor'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    type Started = {
      folder: string;
      ports: Record<string, number>;
      superuserUrl: string;
      children: { name: string; pid: number }[];
    };
    const started = await new Promise<Started>((resolve, reject) => {
      parent.once('exit', (code) => reject(new Error(`the stack's process exited early (${code})`)));
      readline.createInterface({ input: parent.stdout! }).on('line', (line) => {
        if (line.startsWith('{')) resolve(JSON.parse(line) as Started);
      });
    });
    folders.push(started.folder);
    expect(started.children.map((child) => child.name)).toEqual([
      'PostgreSQL',
      'PostgREST',
      'the e-mail worker',
      'the visualizer processor',
    ]);
    expect(await query(started.superuserUrl, 'show fsync')).toEqual([{ fsync: 'on' }]);
    // Read now, checked once everything is stopped: a failed check here must not leave the stack running.
    const processor = started.children.find((child) => child.name === 'the visualizer processor')!;
    const processorEnvironment = process.platform === 'linux' ? fs.readFileSync(`/proc/${processor.pid}/environ`, 'utf8').split('\0') : [];

    parent.kill('SIGKILL');

    const pids = started.children.map((child) => child.pid);
    await waitFor('the children to be gone', async () => !pids.some(isRunning), 30_000);
    // What made the next `npm start` fail: every port is free again.
    await waitFor('the ports to be free', () => allFree(Object.values(started.ports)), 10_000);
    if (process.platform === 'linux') {
      for (const [name, value] of Object.entries(PROCESSOR_MALLOC_SETTINGS)) expect(processorEnvironment).toContain(`${name}=${value}`);
    }
  }, STACK_HANG_GUARD_MS);

  it('restarts PostgREST when it dies, and Postgres too, and the stack serves again', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-lifecycle-'));
    fs.chmodSync(folder, 0o755);
    folders.push(folder);
    const lines: string[] = [];
    const fatal: string[] = [];
    const ports = {
      gateway: await findFreePort(),
      postgres: await findFreePort(),
      postgrest: await findFreePort(),
      postgrestAdmin: await findFreePort(),
      processor: await findFreePort(),
    };
    const stack = await startStack({
      ports,
      dataDir: path.join(folder, 'postgres'),
      storageDir: path.join(folder, 'storage'),
      withProcessor: false,
      fsync: false,
      log: (line) => lines.push(line),
      onFatal: (message) => fatal.push(message),
    });
    stacks.push(stack);
    const child = (name: string) => stack.children().find((each) => each.name === name)!;
    const leads = () =>
      fetch(`${stack.url}/rest/v1/leads?select=id`, { headers: { apikey: LOCAL_ANON_KEY } }).then((r) => r.status);

    const postgrest = child('PostgREST').pid()!;
    process.kill(postgrest, 'SIGKILL');
    await waitFor('PostgREST to be back', async () => lines.includes('PostgREST is running again.'));
    expect(child('PostgREST').pid()).not.toBe(postgrest);
    expect(await leads()).toBe(200);
    expect(lines).toContainEqual(
      expect.stringMatching(/^PostgREST exited unexpectedly \(killed by SIGKILL\); restarting it/),
    );

    // Postgres dies too (issue 38): restarted like a hosted database coming back, and the stack serves again.
    const postgres = child('PostgreSQL').pid()!;
    process.kill(postgres, 'SIGKILL');
    await waitFor('Postgres to be back', async () => lines.includes('PostgreSQL is running again.'), 60_000);
    expect(child('PostgreSQL').pid()).not.toBe(postgres);
    expect(lines).toContainEqual(
      expect.stringMatching(/^PostgreSQL exited unexpectedly \(killed by SIGKILL\); restarting it/),
    );
    await waitFor('PostgREST to reach the new database', async () => (await leads()) === 200, 30_000);
    expect(fatal).toEqual([]);
  }, STACK_HANG_GUARD_MS);
});
