/**
 * The floor tail's per-pixel loops on both cores. After the network's last runs the floor's steps and the
 * render are one chain on the main thread while the machine's second core is mostly idle (decision 028,
 * session 8). A second thread, started with the offline engine, takes half the rows of the loops in
 * row-kernels.mjs: the main thread posts it its share, does its own, then waits (Atomics.wait) until the
 * thread says it is done, so every caller stays synchronous. Inputs and outputs live in shared memory;
 * each output row is made from the inputs alone, so the halves add up to exactly what one thread makes.
 *
 * Whenever the thread is not there (not started, still starting, failed, or a caller's arrays not shared)
 * the main thread does all the rows: the same output, only slower.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ROW_KERNELS, type RowKernelArgs, type RowKernelName } from './row-kernels.mjs';

const THREAD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'row-split-thread.mjs');

/** The shared signal's states (row-split-thread.mjs writes the last two). */
const WORKING = 0;
const DONE = 1;

/**
 * Smaller jobs (in pixels) stay on the main thread: each split wakes the other thread and waits for it, a few
 * hundredths of a millisecond on an idle machine but milliseconds on a busy one, more than half such a job takes
 * (the object bases' window means at a quarter of the guide's size, 30,000 pixels, came some twenty a photo).
 */
const LEAST_PIXELS_TO_SPLIT = 100_000;

/**
 * How long the main thread waits for the thread's half before doing it itself and dropping the thread. Its
 * halves take tens of milliseconds; seconds means it has died or hangs (a busy machine only slows both halves).
 */
const PATIENCE_MS = 5000;

interface SecondThread {
  worker: Worker;
  /** It has loaded the kernels and said so. */
  ready: boolean;
  /** Resolves true once ready, false if it is lost or stopped first. */
  started: Promise<boolean>;
  settle(ready: boolean): void;
  signal: Int32Array;
}

let thread: SecondThread | undefined;
/** Engines holding the thread: the last to let go stops it. */
let holders = 0;
/** Rows (or columns) the thread has done in this process: tests read it to know the split happened. */
let rowsOnSecondThread = 0;

/**
 * Starts the second thread if it is not running, and returns the function that lets go of it. It never keeps
 * the process alive: the main thread only ever waits for it synchronously. `script` is for tests.
 */
export function holdRowSplitThread(script = THREAD_SCRIPT): () => Promise<void> {
  holders++;
  thread ??= startThread(script);
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    holders--;
    if (holders === 0 && thread) await stopThread(thread);
  };
}

function startThread(script: string): SecondThread {
  let settle: (ready: boolean) => void = () => {};
  const started: SecondThread = {
    // execArgv: [] keeps this process's flags (a TypeScript loader, a profiler) out of the thread.
    worker: new Worker(script, { execArgv: [] }),
    ready: false,
    started: new Promise((resolve) => (settle = resolve)),
    settle: (ready) => settle(ready),
    signal: new Int32Array(new SharedArrayBuffer(4)),
  };
  started.worker.unref();
  started.worker.on('message', (message: unknown) => {
    if (message !== 'ready') return;
    started.ready = true;
    started.settle(true);
    // Again: an unref() asked before the thread was online does not hold (Node 20).
    started.worker.unref();
  });
  // A thread that cannot start or dies is dropped; the main thread does every row from then on.
  const lost = () => {
    if (thread === started) void stopThread(started);
  };
  started.worker.on('error', lost);
  started.worker.on('exit', lost);
  return started;
}

async function stopThread(stopped: SecondThread): Promise<void> {
  if (thread === stopped) thread = undefined;
  stopped.ready = false;
  stopped.settle(false);
  stopped.worker.removeAllListeners();
  stopped.worker.on('error', () => {});
  await stopped.worker.terminate();
}

/** Whether the second thread is (or, once it has started, will be) taking rows: false if none is held or it failed. */
export function whenRowSplitThreadReady(): Promise<boolean> {
  return thread?.started ?? Promise.resolve(false);
}

/**
 * Every typed array in `args` (in its objects and lists too) is in shared memory: a copied one would take the
 * thread's rows away with it, or cost a copy per call.
 */
function allShared(value: unknown): boolean {
  if (ArrayBuffer.isView(value)) return value.buffer instanceof SharedArrayBuffer;
  if (Array.isArray(value)) return value.every(allShared);
  if (value && typeof value === 'object') return Object.values(value).every(allShared);
  return true;
}

/**
 * Runs `kernel` over rows (or columns, for a kernel that splits those) 0 to `count` of a job of `pixels` pixels:
 * those before `split` here, the rest on the second thread when it is ready. `split` halves the work: the middle
 * row unless the caller knows the work lies elsewhere (a floor is mostly in a photo's lower half).
 */
export function runRows<K extends RowKernelName>(kernel: K, args: RowKernelArgs[K], count: number, pixels: number, split = Math.ceil(count / 2)): void {
  const run = ROW_KERNELS[kernel] as (args: RowKernelArgs[K], from: number, to: number) => void;
  const helper = thread;
  if (!helper?.ready || pixels < LEAST_PIXELS_TO_SPLIT || split <= 0 || split >= count || !allShared(args)) {
    run(args, 0, count);
    return;
  }
  Atomics.store(helper.signal, 0, WORKING);
  helper.worker.postMessage({ kernel, args, from: split, to: count, signal: helper.signal });
  run(args, 0, split);
  const waited = Atomics.wait(helper.signal, 0, WORKING, PATIENCE_MS);
  if (waited === 'timed-out' || Atomics.load(helper.signal, 0) !== DONE) {
    // Whatever it wrote is what these rows hold anyway.
    void stopThread(helper);
    run(args, split, count);
    return;
  }
  rowsOnSecondThread += count - split;
}

/**
 * Runs `kernel` over every row here, and over every row on the second thread too if it is ready (the same
 * values into the same output), without waiting for it: a made-up input run once on each thread gives V8 the
 * type feedback of each path before the photo's rows (render-wood-styles.ts, feedbackFloor).
 */
export function rehearseRows<K extends RowKernelName>(kernel: K, args: RowKernelArgs[K], count: number): void {
  const helper = thread;
  if (helper?.ready && allShared(args)) helper.worker.postMessage({ kernel, args, from: 0, to: count, signal: null });
  (ROW_KERNELS[kernel] as (args: RowKernelArgs[K], from: number, to: number) => void)(args, 0, count);
}

/** How many rows (or columns) the second thread has done in this process. */
export function rowsDoneOnSecondThread(): number {
  return rowsOnSecondThread;
}

/** Zeroed arrays in shared memory, for the kernels' inputs and outputs. */
export function sharedFloat32(length: number): Float32Array {
  return new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
}
export function sharedInt32(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(length * Int32Array.BYTES_PER_ELEMENT));
}
export function sharedBytes(length: number): Buffer {
  return Buffer.from(new SharedArrayBuffer(length));
}

type TypedArray = Uint8Array | Int32Array | Float32Array;

/** `values` in shared memory: itself if it is there already, else a copy. */
export function shared<T extends TypedArray>(values: T): T {
  if (values.buffer instanceof SharedArrayBuffer) return values;
  const memory = new SharedArrayBuffer(values.byteLength);
  // A Buffer stays a Buffer (its constructor called with `new` is the deprecated Buffer()).
  const copy = (Buffer.isBuffer(values) ? Buffer.from(memory) : new (values.constructor as new (buffer: SharedArrayBuffer) => T)(memory)) as T;
  copy.set(values as never);
  return copy;
}

const sharedPhotos = new WeakMap<Uint8Array, Uint8Array>();
/**
 * A photo's pixels in shared memory, copied once and kept as long as the pixels live: several kernels read
 * them, and the engine makes the copy while the network runs, off the tail. Only for pixels nobody writes.
 */
export function sharedPixels(pixels: Uint8Array): Uint8Array {
  let copy = sharedPhotos.get(pixels);
  if (!copy) {
    copy = shared(pixels);
    sharedPhotos.set(pixels, copy);
  }
  return copy;
}
