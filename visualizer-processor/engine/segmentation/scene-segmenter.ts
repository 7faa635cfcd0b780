/**
 * The scene segmentation network (model/README.md; installed by the install step, floor-model.mjs): 512×512 RGB in, one ADE20K top-31 class per
 * pixel out. It runs on worker threads (network-thread.mjs), two on a machine with two cores or more, so a
 * photo's runs (the whole photo, its mirror, two zoomed quadrants) go two at a time and this thread stays free
 * (decision 018). The threads start on first use and live as long as the process: loading costs more than a run.
 * They run it on ONNX Runtime's native build, converted from the TensorFlow Lite file as it loads (decision 029),
 * or, where onnxruntime-node cannot load, on the TensorFlow Lite interpreter in WebAssembly: the same classes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FLOOR_MODEL_PATH, floorModelProblem } from './floor-model.mjs';
import { compileTfliteRuntime } from './tflite-runtime.mjs';
import type { LineSegment } from '../rendering/detect-line-segments.mjs';
import { convertedNetwork } from './converted-network-cache.ts';
import type { ConvertedNetwork } from './tflite-to-onnx.mjs';

export const MODEL_FILE = FLOOR_MODEL_PATH;

/** The network's input and output side, in pixels. */
export const SEGMENTER_SIZE = 512;

/**
 * How many threads run the network. Two: a photo's four runs then take about the time of two, and a third
 * thread would only share the same two cores (the processor's machine has two).
 */
export const NETWORK_THREADS = Math.max(1, Math.min(2, availableParallelism()));

/** The two runtimes that run the network; both give the same classes (decision 029). */
export type NetworkRuntime = 'onnx' | 'tflite';

/**
 * Which runtime the threads try first: ONNX Runtime unless FLOOR_NETWORK_RUNTIME=tflite asks for the interpreter
 * (to compare the two, or should onnxruntime-node misbehave on a host). Either way the interpreter runs when
 * onnxruntime-node cannot load.
 */
function preferredRuntime(): NetworkRuntime {
  const asked = process.env.FLOOR_NETWORK_RUNTIME;
  if (asked !== undefined && asked !== 'onnx' && asked !== 'tflite') {
    throw new Error(`FLOOR_NETWORK_RUNTIME is "${asked}": it can be "onnx" (the default) or "tflite"`);
  }
  return asked ?? 'onnx';
}

/** What network-thread.mjs is sent first: what it loads the network from. */
type NetworkThreadData =
  | { runtime: 'onnx'; network: ConvertedNetwork; side: number }
  | { runtime: 'tflite'; modelBytes: Uint8Array; wasmModule: WebAssembly.Module; side: number };
/** What it is sent after: one image, SEGMENTER_SIZE² RGB, or a photo's grey levels to find its line segments in. */
type ThreadRequest = { id: number; rgb: Uint8Array } | { id: number; photoLines: { gray: Float32Array; width: number; height: number } };
/** What it answers: `ready` (or `failed`) once, then one `classified` or `lines` per request. */
type NetworkThreadMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string; runtimeUnavailable?: true }
  | { kind: 'classified'; id: number; classes: Uint8Array }
  | { kind: 'lines'; id: number; lines: LineSegment[] }
  | { kind: 'classified' | 'lines'; id: number; error: string };

/** A job goes before every job of a later rank that has not started: a photo's runs, its other work, background runs. */
const RANK = { photoRun: 0, photoWork: 1, backgroundRun: 2 } as const;

interface Job {
  id: number;
  request: ThreadRequest;
  rank: (typeof RANK)[keyof typeof RANK];
  resolve(answer: Uint8Array | LineSegment[]): void;
  reject(error: Error): void;
}

interface NetworkThread {
  worker: Worker;
  /** The job it is running, if any. */
  job: Job | null;
}

/** A thread could not load onnxruntime-node: the threads are started again on the interpreter. */
class RuntimeUnavailable extends Error {}

let threads: Promise<NetworkThread[]> | undefined;
/** The runtime the running threads use. */
let runningRuntime: NetworkRuntime | undefined;
const waiting: Job[] = [];
let nextJobId = 0;

const THREAD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'network-thread.mjs');

/**
 * Starts one thread at once and sends it the model when `data` is read and compiled (the thread's own start,
 * about 0.1 s, overlaps that); resolves when its interpreter is loaded.
 */
function startThread(data: Promise<NetworkThreadData>): Promise<NetworkThread> {
  return new Promise((resolve, reject) => {
    // execArgv: [] keeps this process's flags (a TypeScript loader, a profiler) out of the thread.
    const thread: NetworkThread = { worker: new Worker(THREAD_SCRIPT, { execArgv: [] }), job: null };
    data.then(
      (loaded) => thread.worker.postMessage(loaded),
      (error: unknown) => {
        retire(thread);
        reject(error);
      },
    );
    let ready = false;
    // Idle threads must not keep a finished command alive; a thread with a job does (see dispatch).
    thread.worker.unref();
    thread.worker.on('message', (message: NetworkThreadMessage) => {
      if (message.kind === 'ready') {
        ready = true;
        // Again: an unref() asked before the thread was online does not hold (Node 20).
        thread.worker.unref();
        resolve(thread);
      } else if (message.kind === 'failed') {
        const Failure = message.runtimeUnavailable ? RuntimeUnavailable : Error;
        reject(new Failure(`${path.basename(MODEL_FILE)}: ${message.message}`));
        retire(thread);
      } else if (thread.job && message.id === thread.job.id) {
        const { job } = thread;
        thread.job = null;
        thread.worker.unref();
        if ('error' in message) {
          job.reject(new Error(message.kind === 'lines' ? `The photo's line segments on a network thread: ${message.error}` : `The floor network (${runningRuntime}): ${message.error}`));
        } else job.resolve(message.kind === 'lines' ? message.lines : message.classes);
        dispatch();
      }
    });
    const lost = (error: Error) => {
      if (ready) stopThreads(error);
      else reject(error);
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => lost(new Error(`The network's thread stopped (exit code ${code})`)));
  });
}

/** Stops a thread for good, failing its job if it had one. */
function retire(thread: NetworkThread, error = new Error("The network's thread was stopped")): void {
  thread.worker.removeAllListeners();
  thread.worker.on('error', () => {});
  void thread.worker.terminate();
  thread.job?.reject(error);
  thread.job = null;
}

/** Starts every thread on `data`; if one fails, stops the others and throws its error. */
async function startThreads(data: Promise<NetworkThreadData>): Promise<NetworkThread[]> {
  const started = await Promise.allSettled(Array.from({ length: NETWORK_THREADS }, () => startThread(data)));
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    for (const thread of running) retire(thread);
    throw failure.reason;
  }
  return running;
}

function loadThreads(): Promise<NetworkThread[]> {
  threads ??= (async () => {
    // A missing or wrong model is the install step's line, not a read or runtime error from a thread.
    const modelProblem = floorModelProblem();
    if (modelProblem) throw new Error(modelProblem);
    const modelBytes = readFile(MODEL_FILE);
    if (preferredRuntime() === 'onnx') {
      // Converted here, once, while the threads start (~0.06 s; a few ms when a process before this one kept it,
      // decision 030); both get the same bytes.
      const data = modelBytes.then(async (bytes): Promise<NetworkThreadData> => ({ runtime: 'onnx', network: (await convertedNetwork(bytes)).network, side: SEGMENTER_SIZE }));
      try {
        runningRuntime = 'onnx';
        return await startThreads(data);
      } catch (error) {
        if (!(error instanceof RuntimeUnavailable)) throw error;
      }
    }
    runningRuntime = 'tflite';
    const data = Promise.all([modelBytes, compileTfliteRuntime()]).then(
      ([bytes, wasmModule]): NetworkThreadData => ({ runtime: 'tflite', modelBytes: bytes, wasmModule, side: SEGMENTER_SIZE }),
    );
    return startThreads(data);
  })();
  threads.catch(() => {
    threads = undefined;
  });
  return threads;
}

/** A thread was lost: every job fails, and the next request starts new threads. */
function stopThreads(error: Error): void {
  const lost = threads;
  threads = undefined;
  void lost?.then((running) => {
    for (const thread of running) retire(thread, error);
  });
  for (const job of waiting.splice(0)) job.reject(error);
}

/** Callers of whenNetworkBusy still waiting. */
let busyWaiters: Array<() => void> = [];

/** Hands waiting jobs to idle threads. */
function dispatch(): void {
  void threads?.then((running) => {
    for (const thread of running) {
      if (thread.job) continue;
      const job = waiting.shift();
      if (!job) break;
      thread.job = job;
      thread.worker.ref();
      thread.worker.postMessage(job.request);
    }
    if (busyWaiters.length && running.every((thread) => thread.job)) {
      const waiters = busyWaiters;
      busyWaiters = [];
      for (const resolve of waiters) resolve();
    }
  });
}

/**
 * Resolves the next time every network thread has an image to classify (or a photo's lines to find): from then on, for at least one run
 * (0.08 s or more on ONNX Runtime, 0.15 s on the interpreter), this thread would only wait, so work it does then
 * costs the photo little.
 */
export function whenNetworkBusy(): Promise<void> {
  return new Promise((resolve) => busyWaiters.push(resolve));
}

/**
 * Classifies every pixel of a 512×512 RGB image (3 bytes per pixel, row by row). Calls may overlap: each
 * image goes to the next free thread, and every thread runs the same network the same way, so which one runs
 * it does not change its classes.
 */
export async function classifyPixels(rgb: Uint8Array): Promise<Uint8Array> {
  if (rgb.length !== SEGMENTER_SIZE * SEGMENTER_SIZE * 3) {
    throw new Error(`The segmenter takes ${SEGMENTER_SIZE}×${SEGMENTER_SIZE} RGB, got ${rgb.length} bytes`);
  }
  classificationsAsked++;
  await loadThreads();
  const rank = backgroundWork.getStore() === true ? RANK.backgroundRun : RANK.photoRun;
  const classes = new Promise<Uint8Array>((resolve, reject) => {
    const id = nextJobId++;
    queue({ id, request: { id, rgb }, rank, resolve: resolve as Job['resolve'], reject });
  });
  dispatch();
  return classes;
}

/** Puts `job` behind every waiting job of its rank or an earlier one. */
function queue(job: Job): void {
  const firstLater = waiting.findIndex((queued) => queued.rank > job.rank);
  waiting.splice(firstLater < 0 ? waiting.length : firstLater, 0, job);
}

/**
 * The photo's line segments (detect-line-segments.mjs's photoLineSegments, the same segments) found on a network
 * thread once no run of a photo waits for one: the threads are idle from the end of the photo's runs while this
 * thread works on its floor (decision 028, session 33). Rejects when the threads have not been started (it starts
 * none), when they fail or are lost, and when `takeBack` is aborted before a thread has begun: the caller then finds
 * the segments itself.
 */
export async function photoLinesOnNetworkThread(gray: Float32Array, width: number, height: number, takeBack?: AbortSignal): Promise<LineSegment[]> {
  if (!threads) throw new Error("The network's threads are not running");
  await threads;
  const lines = new Promise<LineSegment[]>((resolve, reject) => {
    const id = nextJobId++;
    const job: Job = { id, request: { id, photoLines: { gray, width, height } }, rank: RANK.photoWork, resolve: resolve as Job['resolve'], reject };
    const takenBack = () => {
      const at = waiting.indexOf(job);
      if (at < 0) return;
      waiting.splice(at, 1);
      reject(new Error('Taken back before a network thread began'));
    };
    queue(job);
    if (takeBack?.aborted) takenBack();
    else takeBack?.addEventListener('abort', takenBack, { once: true });
  });
  dispatch();
  return lines;
}

/** Set inside `inBackground`. */
const backgroundWork = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its network runs in the background: a run any photo asks for later starts before those of
 * them still waiting (the engine's rehearsal, offline-floor-engine.ts, makes way for a photo that comes meanwhile).
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return backgroundWork.run(true, work);
}

let warmedUp: Promise<void> | undefined;
/** Calls of classifyPixels so far, the warm-up's own included. */
let classificationsAsked = 0;
/** Photos a floor finder has started on (announcePhoto). */
let photosAnnounced = 0;

/**
 * A floor finder calls this as soon as it has a photo, before preparing the network's input: from then on
 * the warm-up leaves the network to that photo.
 */
export function announcePhoto(): void {
  photosAnnounced++;
}

/** How long the loaded model waits for a photo before warming up on a grey image. */
const WARM_UP_GRACE_MS = 300;

/**
 * Starts the network's threads and runs each once on a grey image, so the first photo does not pay for it: the
 * interpreter packs the weights for its CPU kernels and V8 compiles their hot loops on the first run, which costs
 * about as much as two more (ONNX Runtime's first run is only ~20 % slower, its JavaScript last step a little more). When a photo arrives within a moment of the threads being ready (a process
 * started for the photo it was sent, as on a platform that starts it on demand, or the engine bench), the grey
 * runs are skipped: they hold the threads, so they would only make that photo wait one run longer, and the
 * photo's own first runs do the same warming.
 */
export function warmUpSegmenter(): Promise<void> {
  warmedUp ??= loadThreads()
    // Unreferenced: a command that has finished its photo exits without waiting out the grace period.
    .then(() => new Promise((resolve) => setTimeout(resolve, WARM_UP_GRACE_MS).unref()))
    .then(async () => {
      if (photosAnnounced === 0 && classificationsAsked === 0) {
        const grey = new Uint8Array(SEGMENTER_SIZE * SEGMENTER_SIZE * 3).fill(128);
        await Promise.all(Array.from({ length: NETWORK_THREADS }, () => classifyPixels(grey)));
      }
    })
    .catch((error: unknown) => {
      warmedUp = undefined;
      throw error;
    });
  return warmedUp;
}

/** The runtime the network's threads run on, once they have started (for tests and the bench). */
export async function networkRuntime(): Promise<NetworkRuntime> {
  await loadThreads();
  return runningRuntime!;
}

/** How many times the network has been asked to classify an image in this process (for tests). */
export function classificationCount(): number {
  return classificationsAsked;
}
