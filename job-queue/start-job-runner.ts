import { EventEmitter } from 'node:events';
import { Logger, parseCronItems, run, type CronItem, type JobHelpers, type LogLevel, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { JobAttemptFailed } from './job-attempt-failed.ts';
import { describeError, redactAddresses } from './redact.ts';

/** A pool that stopped beating for this long is dead: its jobs go back to the queue. */
export const DEAD_WORKER_AFTER_SECONDS = 30;
const HEARTBEAT_EVERY_MS = 5_000;
/**
 * A pool that began shutting down by itself and has not finished after this long is given up on and replaced.
 * graphile-worker shuts a pool down when it cannot record a job's outcome (Postgres went away mid-batch), and its
 * graceful shutdown then waits for that job for good: the e-mail worker sent nothing for 5 minutes after five
 * Postgres kills in a minute (decision 016, item 17). Longer than any job's own wait for the database (the e-mail
 * worker retries recording `sent` for 60 s), so a job that is only slow is never cut off.
 */
export const STALLED_SHUTDOWN_MS = 90_000;
const SWEEP_EVERY_MS = 10_000;

export interface Sweep {
  name: string;
  everyMs: number;
  run(db: pg.Pool): Promise<void>;
}

export interface JobRunnerOptions {
  /** Names this worker in logs and in back_office.worker_heartbeats. */
  service: string;
  db: pg.Pool;
  taskList: TaskList;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** Periodic work of this service (deadlines, ...), run besides the queue's own sweep. */
  sweeps?: Sweep[];
  /**
   * Jobs graphile-worker's cron adds on a schedule (work that should run once per period across every instance,
   * such as the retention job); the queue records each run, so two instances never add the same one twice.
   */
  cron?: CronItem[];
  /**
   * What this instance runs with, as settingDigests (never values), written beside each pool's heartbeat so that
   * check:deployment can tell instances with different settings apart.
   */
  settings?: Record<string, string>;
  pollIntervalMs?: number;
  log?: (line: string) => void;
  /** For tests: how long a pool's own shutdown may take before it is replaced (default STALLED_SHUTDOWN_MS). */
  stalledShutdownMs?: number;
  /** For tests: graphile-worker's `run`. */
  runQueue?: typeof run;
}

export interface JobRunner {
  /** Stops taking jobs and waits for the running ones (SIGTERM). */
  stop(): Promise<void>;
  /** The current worker pool's id, as jobs' `locked_by` shows it. */
  poolId(): string | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each task as the queue runs it: a failure the task did not log itself is logged here, one line for the attempt. */
function logFailures(taskList: TaskList, log: (line: string) => void): TaskList {
  return Object.fromEntries(
    Object.entries(taskList).map(([name, task]) => [
      name,
      async (payload: unknown, helpers: JobHelpers) => {
        try {
          return await task?.(payload, helpers);
        } catch (error) {
          if (!(error instanceof JobAttemptFailed)) {
            log(`job ${helpers.job.id} ${name} attempt ${helpers.job.attempts} of ${helpers.job.max_attempts} failed: ${describeError(error)}`);
          }
          throw error;
        }
      },
    ]),
  );
}

/**
 * Runs graphile-worker with what a long-lived service needs around it:
 * - a heartbeat per worker pool, and a sweep that frees the jobs of pools that stopped beating (a worker
 *   killed mid-job would otherwise hold its jobs for graphile-worker's 4 hours);
 * - a restart when the pool gives up (it does when Postgres goes away while it is finishing a job), with the
 *   previous pool's leftover locks freed at once, since this process knows that pool is gone; and when the pool's
 *   own shutdown hangs, a restart anyway after `STALLED_SHUTDOWN_MS`;
 * - log lines without payloads and without e-mail addresses, one per job attempt (the task's own, or its failure).
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const log = options.log ?? ((line: string) => console.log(line));
  const logger = new Logger(() => (level: LogLevel, message: string, meta?: { success?: boolean; failure?: boolean }) => {
    // A job's outcome is logged once, by the task or by `logFailures` below, not again by the queue.
    if (level === 'debug' || meta?.success || meta?.failure) return;
    log(`${options.service} queue ${level}: ${redactAddresses(message.split('\n')[0] ?? '')}`);
  });
  let stopping = false;
  let runner: Runner | undefined;
  let currentPoolId: string | undefined;
  let databaseDown = false;
  /** Set when the database has no column for the settings' digests (its migrations are older): not tried again. */
  let settingsUnrecorded = false;

  const noteDatabase = (ok: boolean, error?: unknown) => {
    if (!ok && !databaseDown) log(`${options.service}: database unreachable (${describeError(error)}); retrying`);
    if (ok && databaseDown) log(`${options.service}: database reachable again`);
    databaseDown = !ok;
  };

  async function beat(): Promise<void> {
    if (!currentPoolId) return;
    try {
      await options.db.query(
        `insert into back_office.worker_heartbeats (worker_pool_id, service) values ($1, $2)
         on conflict (worker_pool_id) do update set last_seen_at = now()`,
        [currentPoolId, options.service],
      );
      noteDatabase(true);
    } catch (error) {
      noteDatabase(false, error);
      return;
    }
    if (options.settings && !settingsUnrecorded) {
      // Its own statement: a database from before the settings column must not stop the heartbeat itself.
      try {
        await options.db.query(
          'update back_office.worker_heartbeats set settings = $2::jsonb where worker_pool_id = $1 and settings is distinct from $2::jsonb',
          [currentPoolId, JSON.stringify(options.settings)],
        );
      } catch (error) {
        // A database from before the column (42703, undefined column) says so once; anything else is tried next beat.
        if ((error as { code?: unknown }).code === '42703') {
          settingsUnrecorded = true;
          log(`${options.service}: its settings' digests are not recorded beside its heartbeat (${describeError(error)}; are the migrations applied?)`);
        }
      }
    }
  }

  async function releaseDeadWorkers(): Promise<void> {
    try {
      const { rows } = await options.db.query<{ pools: string[] }>(
        'select back_office.release_jobs_of_dead_workers(make_interval(secs => $1)) as pools',
        [DEAD_WORKER_AFTER_SECONDS],
      );
      const pools = rows[0]?.pools ?? [];
      if (pools.length > 0) log(`${options.service}: released the jobs of ${pools.length} dead worker pool(s)`);
    } catch (error) {
      noteDatabase(false, error);
    }
  }

  const timers: NodeJS.Timeout[] = [
    setInterval(() => void beat(), HEARTBEAT_EVERY_MS),
    setInterval(() => void releaseDeadWorkers(), SWEEP_EVERY_MS),
  ];
  for (const sweep of options.sweeps ?? []) {
    timers.push(
      setInterval(() => {
        sweep.run(options.db).catch((error: unknown) => log(`${options.service}: ${sweep.name} failed: ${describeError(error)}`));
      }, sweep.everyMs),
    );
  }

  /** A runner, and a promise that settles once its pool's own shutdown has hung for `stalledShutdownMs`. */
  type Started = { runner: Runner; shutdownStalled: Promise<void> };

  async function startOnce(): Promise<Started> {
    const events: WorkerEvents = new EventEmitter();
    events.on('pool:create', ({ workerPool }) => {
      currentPoolId = workerPool.id;
      void beat();
    });
    let reportStall = () => {};
    const shutdownStalled = new Promise<void>((resolve) => (reportStall = resolve));
    events.on('pool:gracefulShutdown', () => {
      if (stopping) return; // our own stop() waits for running jobs as long as they take
      setTimeout(reportStall, options.stalledShutdownMs ?? STALLED_SHUTDOWN_MS).unref();
    });
    const started = await (options.runQueue ?? run)({
      pgPool: options.db,
      concurrency: options.concurrency,
      noHandleSignals: true,
      pollInterval: options.pollIntervalMs ?? 2_000,
      taskList: logFailures(options.taskList, (line) => log(`${options.service}: ${line}`)),
      // Sub-minute periodic work is `sweeps`; cron is for what runs once per period whichever instance adds it.
      parsedCronItems: parseCronItems(options.cron ?? []),
      // Completing or failing a job goes through graphile-worker's batcher (at once: no delay), whose errors shut
      // the pool down cleanly when Postgres is away, which `keepRunning` handles. The direct path instead leaves
      // an unhandled rejection that ends the whole process (seen when Postgres restarted mid-render).
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      logger,
      events,
    });
    return { runner: started, shutdownStalled };
  }

  async function keepRunning(first: Started): Promise<void> {
    let current: Started | undefined = first;
    let delay = 1_000;
    for (;;) {
      if (current) {
        try {
          const outcome = await Promise.race([
            current.runner.promise.then(() => 'stopped' as const),
            current.shutdownStalled.then(() => 'stalled' as const),
          ]);
          if (stopping) return;
          if (outcome === 'stalled') {
            log(`${options.service}: the job runner's shutdown hung; replacing it`);
            // Forceful: fails the pool's remaining jobs back to the queue if it can. Not awaited, as it may hang too;
            // the lock release below frees that pool's jobs either way.
            current.runner.kill('its graceful shutdown hung').catch(() => undefined);
          } else {
            log(`${options.service}: the job runner stopped by itself; restarting`);
          }
        } catch (error) {
          if (stopping) return;
          log(`${options.service}: the job runner failed (${describeError(error)}); restarting`);
        }
      }
      runner = undefined;
      await sleep(delay);
      if (stopping) return;
      delay = Math.min(delay * 2, 30_000);
      const previousPool = currentPoolId;
      currentPoolId = undefined;
      if (previousPool) {
        // That pool is gone (this process replaced it), so whatever it still has locked is stale.
        await options.db
          .query('select graphile_worker.force_unlock_workers($1::text[])', [[previousPool]])
          .catch((error: unknown) => noteDatabase(false, error));
      }
      try {
        current = await startOnce();
        runner = current.runner;
        delay = 1_000;
      } catch (error) {
        current = undefined;
        log(`${options.service}: the job runner could not start (${describeError(error)}); retrying in ${delay / 1000} s`);
      }
    }
  }

  // The first start must work: a bad connection string stops the service with a clear error.
  const first = await startOnce();
  runner = first.runner;
  const loop = keepRunning(first);
  void releaseDeadWorkers();

  return {
    poolId: () => currentPoolId,
    async stop() {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      await runner?.stop().catch(() => undefined);
      await loop;
      if (currentPoolId) {
        await options.db
          .query('delete from back_office.worker_heartbeats where worker_pool_id = $1', [currentPoolId])
          .catch(() => undefined);
      }
    },
  };
}
