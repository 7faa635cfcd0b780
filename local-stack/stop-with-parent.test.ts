import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';

/**
 * A "grandparent" (npm) starts a "parent" (npm's shell), which starts a child that watches them, the way
 * `npm start` runs the stack. One of them is then killed alone: the child must notice and stop on its own.
 */
const watcher = `
  import { stopWithParent } from ${JSON.stringify(new URL('./stop-with-parent.ts', import.meta.url).pathname)};
  stopWithParent(() => process.exit(0), 50);
  process.stdout.write(JSON.stringify({ child: process.pid, parent: process.ppid }) + '\\n');
  setInterval(() => {}, 1000);
`;
const spawnAndStay = (args: string[]) => `
  require('node:child_process').spawn(process.execPath, ${JSON.stringify(args)}, { stdio: ['ignore', 'inherit', 'inherit'] });
  setInterval(() => {}, 1000);
`;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(process.platform !== 'linux')('stopWithParent', () => {
  it.each([
    ['npm', 'grandparent'],
    ['npm’s shell', 'parent'],
  ] as const)('stops the process once %s is gone alone, and not before', async (_who, killed) => {
    const shell = spawnAndStay(['--import', 'tsx', '--input-type=module', '-e', watcher]);
    const npm = spawn(process.execPath, ['-e', spawnAndStay(['-e', shell])], { stdio: ['ignore', 'pipe', 'inherit'] });
    const started = await new Promise<{ child: number; parent: number }>((resolve) =>
      readline.createInterface({ input: npm.stdout! }).once('line', (line) => resolve(JSON.parse(line))),
    );
    const pids = { grandparent: npm.pid!, parent: started.parent };
    try {
      // Alive while both are.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(isAlive(started.child)).toBe(true);

      process.kill(pids[killed], 'SIGKILL');
      const deadline = Date.now() + 10_000;
      while (isAlive(started.child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(isAlive(started.child), 'the child went on running').toBe(false);
    } finally {
      for (const pid of [started.child, pids.parent, pids.grandparent]) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
