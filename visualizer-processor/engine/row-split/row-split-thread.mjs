// @ts-check
/**
 * row-split.ts's second thread: for each message it runs one kernel over the rows it was given, then says
 * done (or failed) in the shared signal the main thread is waiting on. Plain JavaScript: see row-kernels.mjs.
 */
import { parentPort } from 'node:worker_threads';
import { ROW_KERNELS } from './row-kernels.mjs';

/** The signal's states, as row-split.ts names them. */
const DONE = 1;
const FAILED = 2;

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
port.on('message', (/** @type {{ kernel: keyof typeof ROW_KERNELS, args: any, from: number, to: number, signal: Int32Array | null }} */ job) => {
  let state = DONE;
  try {
    ROW_KERNELS[job.kernel](job.args, job.from, job.to);
  } catch {
    // The main thread does these rows itself and stops using this thread.
    state = FAILED;
  }
  // A rehearsal (rehearseRows) has no one waiting.
  if (!job.signal) return;
  Atomics.store(job.signal, 0, state);
  Atomics.notify(job.signal, 0);
});
port.postMessage('ready');
