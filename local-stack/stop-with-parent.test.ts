import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';

/**
 * A "terminal" starts "npm" (a process titled `npm start`, as npm titles itself), which starts the watcher either
 * through a shell or directly (package.json's `exec node …`), the way `npm start` runs the stack. One of them is
 * then killed alone: the watcher stops once npm or npm's shell is gone, and not when the terminal is.
 */
const watcher = `
  import { stopWithParent } from ${JSON.stringify(new URL('./stop-with-parent.ts', import.meta.url).pathname)};
  stopWithParent(() => process.exit(0), 50);
  process.stdout.write(JSON.stringify({ child: process.pid, parent: process.ppid }) + '\\n');
  setInterval(() => {}, 1000);
`;
const spawnAndStay = (args: string[], title?: string) => `
  ${title ? `process.title = ${JSON.stringify(title)};` : ''}
  require('node:child_process').spawn(process.execPath, ${JSON.stringify(args)}, { stdio: ['ignore', 'inherit', 'inherit'] });
  process.stdout.write(JSON.stringify({ [${JSON.stringify(title ?? 'level')}]: process.pid }) + '\\n');
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

/**
 * How long the test waits for the watcher to stop once its parent is gone: a hang guard, not a speed check (it checks
 * every 50 ms and the wait ends as soon as it has stopped). Generous, as a child process at load 20 can be kept off the
 * cores for seconds.
 */
const CHILD_GONE_HANG_GUARD_MS = 30_000;

const WATCHER_ARGS = ['--import', 'tsx', '--input-type=module', '-e', watcher];

/** terminal -> npm -> (npm's shell ->) watcher; the ids of each, once the watcher runs. */
async function startChain(withShell: boolean) {
  const npmArgs = ['-e', spawnAndStay(withShell ? ['-e', spawnAndStay(WATCHER_ARGS)] : WATCHER_ARGS, 'npm start')];
  const terminal = spawn(process.execPath, ['-e', spawnAndStay(npmArgs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const seen: Record<string, number> = {};
  await new Promise<void>((resolve) =>
    readline.createInterface({ input: terminal.stdout! }).on('line', (line) => {
      Object.assign(seen, JSON.parse(line));
      if (seen.child) resolve();
    }),
  );
  return { terminal: terminal.pid!, npm: seen['npm start']!, shell: withShell ? seen.parent! : undefined, child: seen.child! };
}

describe.skipIf(process.platform !== 'linux')('stopWithParent', () => {
  it.each([
    ['npm', 'npm', true],
    ['npm’s shell', 'shell', true],
    ['npm, which exec’d it', 'npm', false],
  ] as const)('stops the process once %s is gone alone', async (_who, killed, withShell) => {
    const chain = await startChain(withShell);
    try {
      // Alive while all are.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(isAlive(chain.child)).toBe(true);

      process.kill(chain[killed]!, 'SIGKILL');
      const deadline = Date.now() + CHILD_GONE_HANG_GUARD_MS;
      while (isAlive(chain.child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(isAlive(chain.child), 'the child went on running').toBe(false);
    } finally {
      for (const pid of Object.values(chain)) if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it.each([true, false])('keeps running when the terminal that started npm goes and npm stays (through a shell: %s)', async (withShell) => {
    // Issue 38: it stopped a second after the shell that launched npm exited (`nohup npm start &`).
    const chain = await startChain(withShell);
    try {
      process.kill(chain.terminal, 'SIGKILL');
      // Twenty of its 50 ms checks.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(isAlive(chain.child), 'the child stopped').toBe(true);
      process.kill(chain.npm, 'SIGKILL');
      const deadline = Date.now() + CHILD_GONE_HANG_GUARD_MS;
      while (isAlive(chain.child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(isAlive(chain.child), 'the child went on running after npm went').toBe(false);
    } finally {
      for (const pid of Object.values(chain)) if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
