import { spawn, type SpawnOptions } from 'node:child_process';

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

export type ManagedProcess = {
  readonly name: string;
  readonly pid: number | undefined;
  /** The last lines it printed, for error messages. */
  recentOutput(): string;
  hasExited(): boolean;
  /** Settles when the process has exited, however that happened. */
  readonly exited: Promise<ExitStatus>;
  /** Asks it to stop with `signal`; after `timeoutMs`, kills what is left of its process group. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
};

export function describeExit({ code, signal }: ExitStatus): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

/**
 * Spawns a child as the leader of its own process group, with its output remembered (and passed to `echo`).
 * Its own group means a Ctrl-C on the terminal reaches only the supervising process, which stops the children
 * in order (the gateway's upstreams before the database), and that anything the child forked can be killed
 * with it. Use the supervisor (supervisor.ts), which also makes sure children never outlive the stack.
 */
export function startManagedProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { echo?: (line: string) => void },
): ManagedProcess {
  const { echo, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const recent: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 60) recent.shift();
      echo?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exited = false;
  const exitedPromise = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      recent.push(String(error));
      exited = true;
      resolve({ code: null, signal: null });
    });
  });
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is empty already.
    }
  };
  return {
    name,
    pid: child.pid,
    recentOutput: () => recent.join('\n'),
    hasExited: () => exited,
    exited: exitedPromise,
    async stop(signal = 'SIGTERM', timeoutMs = 8_000) {
      if (!exited) {
        child.kill(signal);
        const killer = setTimeout(() => killGroup('SIGKILL'), timeoutMs);
        await exitedPromise;
        clearTimeout(killer);
      }
      // Helpers the leader forked and left behind go with it.
      killGroup('SIGKILL');
    },
  };
}
