import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeExit, startManagedProcess, type ExitStatus, type ManagedProcess } from './managed-process';
import { GiveUp, waitFor } from './ports';

const WATCHDOG_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'child-watchdog.mjs');

/** How often a child may die and be restarted within a minute before the supervisor gives up on the stack. */
const MAX_RESTARTS_PER_MINUTE = 5;

export type ChildSpec = {
  /** How the logs and messages name it: 'PostgreSQL', 'PostgREST', 'the visualizer processor'. */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  uid?: number;
  gid?: number;
  /** The signal that asks it to stop cleanly (default SIGTERM); what is left after `stopTimeoutMs` is killed. */
  stopSignal?: NodeJS.Signals;
  stopTimeoutMs?: number;
  /** Polled until it answers true: the child is up. Throw `GiveUp` to stop waiting. */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
  /**
   * When it exits on its own: `restart` starts it again (with a log line; more than five times in a minute
   * stops the stack), `stop-the-stack` stops every child and reports which part died. Every part of the local
   * stack restarts, the database too: the services wait for it as they wait for a hosted database that comes
   * back, and only then can the e-mail worker record what it sent while the database was away (issue 38).
   */
  ifItDies: 'restart' | 'stop-the-stack';
  /** Each line it prints; by default the output is only remembered for error messages. */
  echo?: (line: string) => void;
};

export type SupervisedChild = {
  readonly name: string;
  /** The current process id (it changes when the child is restarted). */
  pid(): number | undefined;
  stop(): Promise<void>;
};

export type Supervisor = {
  /** Starts a child and waits until it is ready; a child that dies during start-up fails this call. */
  start(spec: ChildSpec): Promise<SupervisedChild>;
  /** The running children, in start order. */
  children(): readonly SupervisedChild[];
  /** Stops every child, the last started first, and the watchdog. */
  stopAll(): Promise<void>;
};

export type SupervisorOptions = {
  log: (line: string) => void;
  /**
   * A child died that must not be restarted (or died too often). Called once, after every other child has
   * been stopped, with a sentence that names it and its last output.
   */
  onFatal: (message: string) => void;
  /**
   * Folders the watchdog deletes once it has stopped the children of a supervising process that vanished (Ctrl-C,
   * a crash, SIGKILL): a throwaway stack's data, which its own `stop()` would have deleted. Never `npm start`'s data.
   */
  removeIfOrphaned?: readonly string[];
};

/**
 * Starts and watches the local stack's processes. Children never outlive the process that supervises them:
 * each runs in its own process group, is stopped in reverse start order by `stopAll`, and is registered with a
 * watchdog process (child-watchdog.mjs) that stops them all if the supervising process disappears without
 * stopping them, even by SIGKILL.
 */
export function createSupervisor(options: SupervisorOptions): Supervisor {
  const running: SupervisedChildImpl[] = [];
  let stopping = false;
  let failed = false;
  let watchdog: ChildProcess | undefined;

  const watchdogAlive = () => watchdog !== undefined && watchdog.exitCode === null && !!watchdog.stdin?.writable;
  const tellWatchdog = (message: { watch: number; name: string; signal: string } | { forget: number }) => {
    if ('forget' in message && !watchdogAlive()) return;
    if (!watchdogAlive()) watchdog = startWatchdog();
    watchdog?.stdin?.write(`${JSON.stringify(message)}\n`);
  };

  function startWatchdog(): ChildProcess {
    const started = spawn(process.execPath, [WATCHDOG_SCRIPT], {
      detached: true,
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    started.unref();
    // The pipe must not keep this process alive, only tell the watchdog when it is gone.
    (started.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    started.stdin?.on('error', () => {});
    for (const folder of options.removeIfOrphaned ?? []) started.stdin?.write(`${JSON.stringify({ remove: folder })}\n`);
    started.once('exit', () => {
      if (stopping || watchdog !== started) return;
      // Someone killed it: start another and tell it about every child still running.
      watchdog = undefined;
      for (const child of running) child.registerWithWatchdog();
    });
    return started;
  }

  async function fail(message: string) {
    if (failed || stopping) return;
    failed = true;
    await stopAll();
    options.onFatal(message);
  }

  async function stopAll() {
    stopping = true;
    for (const child of [...running].reverse()) {
      await child.stop().catch((error: unknown) => options.log(`stopping ${child.name} failed: ${String(error)}`));
    }
    running.length = 0;
    // Said before the pipe closes, so the watchdog knows this end of input is no death: it deletes no folder.
    watchdog?.stdin?.end(`${JSON.stringify({ stopped: true })}\n`);
    watchdog = undefined;
  }

  class SupervisedChildImpl implements SupervisedChild {
    readonly name: string;
    private process: ManagedProcess | undefined;
    private restarts: number[] = [];
    private stopped = false;
    private up = false;

    constructor(private readonly spec: ChildSpec) {
      this.name = spec.name;
    }

    pid() {
      return this.process?.pid;
    }

    registerWithWatchdog() {
      const pid = this.process?.pid;
      if (pid !== undefined && !this.process?.hasExited()) {
        tellWatchdog({ watch: pid, name: this.name, signal: this.spec.stopSignal ?? 'SIGTERM' });
      }
    }

    /** Spawns the process and waits until it is ready. */
    async launch(): Promise<void> {
      const { spec } = this;
      const proc = startManagedProcess(spec.name, spec.command, spec.args, {
        env: spec.env,
        cwd: spec.cwd,
        uid: spec.uid,
        gid: spec.gid,
        echo: spec.echo,
      });
      this.process = proc;
      this.up = false;
      this.registerWithWatchdog();
      void proc.exited.then((status) => this.exited(proc, status));
      try {
        await waitFor(
          `${spec.name} to be ready`,
          async () => {
            if (proc.hasExited()) throw new GiveUp(`${spec.name} exited during start-up:\n${proc.recentOutput()}`);
            return spec.ready();
          },
          spec.readyTimeoutMs ?? 60_000,
        );
      } catch (error) {
        this.process = undefined;
        await proc.stop('SIGKILL');
        throw error;
      }
      this.up = true;
    }

    /** Any exit of a process that was up and not asked to stop is a death: restart it or stop the stack. */
    private exited(proc: ManagedProcess, status: ExitStatus) {
      if (proc.pid !== undefined) tellWatchdog({ forget: proc.pid });
      if (this.stopped || stopping || this.process !== proc || !this.up) return;
      this.up = false;
      const output = proc.recentOutput().split('\n').slice(-15).join('\n');
      const what = `${this.name} exited unexpectedly (${describeExit(status)})`;
      const lastLines = output ? ` Its last lines:\n${output}` : '';
      if (this.spec.ifItDies === 'stop-the-stack') {
        void fail(`${what}; stopping the local stack.${lastLines}`);
        return;
      }
      void this.restart(proc, what, lastLines);
    }

    /**
     * Starts it again, counting each try against MAX_RESTARTS_PER_MINUTE. A try that fails (a database still
     * held by the processes its killed leader left) is tried again a second later, within that budget.
     */
    private async restart(dead: ManagedProcess, what: string, lastLines: string) {
      // What the dead leader left of its group goes first.
      await dead.stop('SIGKILL');
      for (;;) {
        const now = Date.now();
        this.restarts = [...this.restarts.filter((at) => now - at < 60_000), now];
        if (this.restarts.length > MAX_RESTARTS_PER_MINUTE) {
          void fail(`${what} ${this.restarts.length} times within a minute; stopping the local stack.${lastLines}`);
          return;
        }
        options.log(`${what}; restarting it (restart ${this.restarts.length} within a minute).${lastLines}`);
        try {
          await this.launch();
          options.log(`${this.name} is running again.`);
          return;
        } catch (error) {
          if (this.stopped || stopping) return;
          what = `${this.name} could not be restarted (${(error as Error).message.split('\n')[0]})`;
          lastLines = '';
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          if (this.stopped || stopping) return;
        }
      }
    }

    async stop() {
      this.stopped = true;
      const index = running.indexOf(this);
      if (index >= 0) running.splice(index, 1);
      await this.process?.stop(this.spec.stopSignal ?? 'SIGTERM', this.spec.stopTimeoutMs);
    }
  }

  return {
    async start(spec) {
      if (stopping) throw new Error(`The local stack is stopping; ${spec.name} was not started.`);
      const child = new SupervisedChildImpl(spec);
      running.push(child);
      try {
        await child.launch();
      } catch (error) {
        const index = running.indexOf(child);
        if (index >= 0) running.splice(index, 1);
        throw error;
      }
      return child;
    },
    children: () => [...running],
    stopAll,
  };
}
