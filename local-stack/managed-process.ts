import { spawn, type SpawnOptions } from 'node:child_process';

export type ManagedProcess = {
  readonly name: string;
  /** The last lines it printed, for error messages. */
  recentOutput(): string;
  hasExited(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * Spawns a child whose output is prefixed with its name (or kept quiet and only remembered), and that can be
 * stopped and awaited. Children are not detached, so a Ctrl-C on the terminal reaches them too.
 */
export function startManagedProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { echo?: (line: string) => void },
): ManagedProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const recent: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 60) recent.shift();
      options.echo?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', (error) => {
      recent.push(String(error));
      exited = true;
      resolve();
    });
  });
  return {
    name,
    recentOutput: () => recent.join('\n'),
    hasExited: () => exited,
    async stop(signal = 'SIGTERM') {
      if (exited) return;
      child.kill(signal);
      const killer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exitPromise;
      clearTimeout(killer);
    },
  };
}
