import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort, waitFor } from './ports';
import { createSupervisor, type ChildSpec, type Supervisor } from './supervisor';
import { isRunning } from './testing/process-state';
import { scratchFolder } from '../tests/support/scratch-folder';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A child that serves HTTP on `port` (a stand-in for PostgREST or the processor). */
async function httpChild(name: string, port: number, ifItDies: ChildSpec['ifItDies']): Promise<ChildSpec> {
  return {
    name,
    command: process.execPath,
    args: ['-e', `require('node:http').createServer((q, s) => s.end('${name}')).listen(${port}, '127.0.0.1')`],
    ifItDies,
    ready: () =>
      new Promise((resolve) => {
        http
          .get(`http://127.0.0.1:${port}/`, (response) => resolve(response.statusCode === 200))
          .on('error', () => resolve(false));
      }),
  };
}

const supervisors: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((supervisor) => supervisor.stopAll()));
});

function supervise(options: { removeIfOrphaned?: string[] } = {}) {
  const lines: string[] = [];
  const fatal: string[] = [];
  const supervisor = createSupervisor({ log: (line) => lines.push(line), onFatal: (message) => fatal.push(message), ...options });
  supervisors.push(supervisor);
  return { supervisor, lines, fatal };
}

describe('the supervisor', () => {
  it('restarts a child that dies, with a log line naming it', async () => {
    const { supervisor, lines } = supervise();
    const port = await findFreePort();
    const child = await supervisor.start(await httpChild('the job worker', port, 'restart'));
    const first = child.pid()!;

    process.kill(first, 'SIGKILL');

    await waitFor(
      'the restarted child',
      async () =>
        child.pid() !== first && isRunning(child.pid()!) && lines.some((line) => line.endsWith('is running again.')),
    );
    expect(lines[0]).toMatch(
      /^the job worker exited unexpectedly \(killed by SIGKILL\); restarting it \(restart 1 within a minute\)\./,
    );
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('the job worker');
  });

  it('stops every child and says which part died when one that must not restart dies', async () => {
    const { supervisor, fatal } = supervise();
    const databasePort = await findFreePort();
    const servicePort = await findFreePort();
    const database = await supervisor.start(await httpChild('PostgreSQL', databasePort, 'stop-the-stack'));
    const service = await supervisor.start(await httpChild('PostgREST', servicePort, 'restart'));
    const servicePid = service.pid()!;

    process.kill(database.pid()!, 'SIGKILL');

    await waitFor('the stack to stop', async () => fatal.length > 0);
    expect(fatal).toEqual([
      expect.stringMatching(/^PostgreSQL exited unexpectedly \(killed by SIGKILL\); stopping the local stack\./),
    ]);
    expect(isRunning(servicePid)).toBe(false);
    expect(supervisor.children()).toEqual([]);
  });

  it('gives up on a child that keeps dying, and stops the stack', async () => {
    const { supervisor, fatal, lines } = supervise();
    const port = await findFreePort();
    const child = await supervisor.start(await httpChild('the mail catcher', port, 'restart'));
    for (let death = 1; death <= 6; death++) {
      const pid = child.pid()!;
      process.kill(pid, 'SIGKILL');
      await waitFor(
        `death ${death} to be handled`,
        async () => fatal.length > 0 || (child.pid() !== pid && lines.at(-1) === 'the mail catcher is running again.'),
      );
    }
    expect(fatal).toEqual([
      expect.stringMatching(
        /^the mail catcher exited unexpectedly \(killed by SIGKILL\) 6 times within a minute; stopping the local stack\./,
      ),
    ]);
  });

  it('stops a child that ignores its stop signal by killing its process group', async () => {
    const { supervisor } = supervise();
    const stubborn = await supervisor.start({
      name: 'stubborn',
      command: process.execPath,
      args: ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"],
      ifItDies: 'restart',
      stopTimeoutMs: 500,
      ready: async () => true,
    });
    const pid = stubborn.pid()!;
    await supervisor.stopAll();
    expect(isRunning(pid)).toBe(false);
  });

  it('leaves no child running when the supervising process is killed with SIGKILL', async () => {
    const { parent, pids } = await superviseUntilKilled();
    expect(pids.every(isRunning)).toBe(true);

    parent.kill('SIGKILL');

    // The watchdog asks politely, then kills the child that ignores SIGTERM after its grace period.
    await waitFor('the children to be gone', async () => !pids.some(isRunning), 30_000);
  });

  it('deletes the folders it was given (a throwaway stack\'s data) once the children of a killed process are stopped', async () => {
    // Ctrl-C on `npm run bench` or a test run never reaches the throwaway stack's stop(): its 41 MB data folder and
    // the site's build stayed in the temp folder, run after run.
    const folder = await scratchFolder('supervisor-orphan-');
    const data = path.join(folder, 'data');
    mkdirSync(path.join(data, 'postgres'), { recursive: true });
    writeFileSync(path.join(data, 'postgres', 'PG_VERSION'), '18\n');
    const { parent, pids } = await superviseUntilKilled([data]);
    expect(existsSync(data)).toBe(true);

    parent.kill('SIGKILL');

    await waitFor('the children to be gone', async () => !pids.some(isRunning), 30_000);
    await waitFor('the folder to be gone', async () => !existsSync(data), 30_000);
    expect(existsSync(folder)).toBe(true);
  }, 90_000); // outlasts its two named waits, so a watchdog that never gets there fails on the one that says so

  it('deletes them too when the killed process had no child left running (the watchdog exited without deleting them)', async () => {
    const folder = await scratchFolder('supervisor-orphan-');
    const data = path.join(folder, 'data');
    mkdirSync(data, { recursive: true });
    const { parent, pids } = await superviseUntilKilled([data], { childrenStopped: true });
    expect(pids.some(isRunning)).toBe(false);

    parent.kill('SIGKILL');

    await waitFor('the folder to be gone', async () => !existsSync(data), 30_000);
  }, 90_000); // outlasts its named wait, as the test above

  it('keeps them on a clean stop: the stop removes its own folders, or keeps them as `npm start` does', async () => {
    const folder = await scratchFolder('supervisor-clean-');
    const { supervisor } = supervise({ removeIfOrphaned: [folder] });
    await supervisor.start({
      name: 'server',
      command: process.execPath,
      args: ['-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(0)"],
      ifItDies: 'restart',
      ready: async () => true,
    });
    await supervisor.stopAll();
    // The watchdog reads the end of its input at once; give it the time an orphaned clean-up takes to start.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(existsSync(folder)).toBe(true);
  });
});

/**
 * A process supervising two children (one ignores SIGTERM), with `folders` to delete if it is orphaned;
 * `childrenStopped` has it stop both children before it is killed.
 */
async function superviseUntilKilled(folders: string[] = [], { childrenStopped = false } = {}) {
  const parent = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testing', 'supervise-until-killed.ts'), ...folders], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SUPERVISE_THEN_STOP_CHILDREN: childrenStopped ? '1' : '0' },
  });
  const pids = await new Promise<number[]>((resolve, reject) => {
    parent.once('exit', (code) => reject(new Error(`the supervising process exited early (${code})`)));
    readline.createInterface({ input: parent.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve((JSON.parse(line) as { pids: number[] }).pids);
    });
  });
  return { parent, pids };
}
