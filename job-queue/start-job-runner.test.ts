import type { Runner, RunnerOptions, WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { startJobRunner } from './start-job-runner.ts';

/**
 * The runner's own supervision, with graphile-worker's `run` replaced by a pool that behaves as the real one did in
 * the fault audit (decision 016, item 17): it begins a graceful shutdown by itself (it could not record a job's
 * outcome) and that shutdown never ends. The database answers every query.
 */
const database = { query: vi.fn(async () => ({ rows: [] })) } as unknown as pg.Pool;

type FakePool = { runner: Runner; events: WorkerEvents; kill: ReturnType<typeof vi.fn>; stop: ReturnType<typeof vi.fn> };

function fakeQueue() {
  const pools: FakePool[] = [];
  const runQueue = vi.fn(async (options: RunnerOptions) => {
    const events = options.events!;
    let settle = () => {};
    const promise = new Promise<void>((resolve) => (settle = resolve));
    const stop = vi.fn(async () => {
      events.emit('pool:gracefulShutdown', { message: 'stop' } as never);
      settle();
    });
    const kill = vi.fn(async () => {
      // As in the audit, the forceful path may hang too: never settles.
      await new Promise(() => {});
    });
    events.emit('pool:create', { workerPool: { id: `pool-${pools.length + 1}` } } as never);
    const runner = { stop, kill, promise, events, addJob: vi.fn() } as unknown as Runner;
    pools.push({ runner, events, kill, stop });
    return runner;
  });
  return { pools, runQueue };
}

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('startJobRunner', () => {
  it('replaces a pool whose own shutdown hangs, so jobs keep running', async () => {
    const { pools, runQueue } = fakeQueue();
    const lines: string[] = [];
    const jobRunner = await startJobRunner({
      service: 'email-worker',
      db: database,
      taskList: {},
      concurrency: 1,
      log: (line) => lines.push(line),
      stalledShutdownMs: 100,
      runQueue: runQueue as never,
    });
    expect(jobRunner.poolId()).toBe('pool-1');

    // The pool could not record a job's outcome and starts shutting down by itself; its promise never settles.
    pools[0]!.events.emit('pool:gracefulShutdown', { message: 'Failed to complete jobs' } as never);

    await until(() => pools.length === 2);
    expect(lines).toContain("email-worker: the job runner's shutdown hung; replacing it");
    expect(pools[0]!.kill).toHaveBeenCalled();
    await until(() => jobRunner.poolId() === 'pool-2');
    // The replaced pool's locks are freed for the new one.
    expect(database.query).toHaveBeenCalledWith('select graphile_worker.force_unlock_workers($1::text[])', [['pool-1']]);

    await jobRunner.stop();
    expect(pools[1]!.stop).toHaveBeenCalled();
  });

  it('leaves a stop it asked for alone, however long the running jobs take', async () => {
    const { pools, runQueue } = fakeQueue();
    const lines: string[] = [];
    const jobRunner = await startJobRunner({
      service: 'email-worker',
      db: database,
      taskList: {},
      concurrency: 1,
      log: (line) => lines.push(line),
      stalledShutdownMs: 50,
      runQueue: runQueue as never,
    });

    await jobRunner.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    expect(pools).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/hung|restarting/);
  });
});
