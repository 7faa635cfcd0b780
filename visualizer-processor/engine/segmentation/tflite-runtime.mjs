// @ts-check
/**
 * TensorFlow Lite in WebAssembly, from the `@tensorflow/tfjs-tflite` package, run in Node without its
 * browser half. The package is an alpha whose Node entry point wants tfjs-core, fetch and a browser Worker;
 * we use only its Emscripten module (the SIMD, single-threaded build) and the model runner that module binds.
 * Those are the package's internals, not its public API, so everything that touches them is in this file
 * (decision 004); `tflite-runtime.test.ts` pins what we rely on. Its types are in `tflite-runtime.d.mts`.
 *
 * Plain JavaScript, like `network-thread.mjs` that loads it: the network runs on worker threads, and a thread
 * that has to load a TypeScript loader first (tsx, run from the sources) starts about 0.2 s later (decision 018).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import v8 from 'node:v8';

/**
 * The parts of the Emscripten module we call.
 * @typedef {import('./tflite-runtime.d.mts').TfliteDataType} TfliteDataType
 * @typedef {import('./tflite-runtime.d.mts').TfliteTensor} TfliteTensor
 * @typedef {import('./tflite-runtime.d.mts').TfliteModel} TfliteModel
 * @typedef {{ name: string, dataType: TfliteDataType, shape: string, data(): ReturnType<TfliteTensor['data']> }} TensorInfo
 * @typedef {{ size(): number, get(index: number): TensorInfo, delete(): void }} TensorVector
 * @typedef {{ GetInputs(): TensorVector, GetOutputs(): TensorVector, Infer(): boolean, delete(): void }} ModelRunner
 * @typedef {{ ok(): boolean, errorMessage(): string, value(): ModelRunner, delete(): void }} RunnerOrError
 * @typedef {{ numThreads: number, enableProfiling: boolean, maxProfilingBufferEntries: number }} RunnerOptions
 * @typedef {{
 *   HEAPU8: Uint8Array,
 *   _malloc(bytes: number): number,
 *   _free(pointer: number): void,
 *   TFLiteWebModelRunner: { CreateFromBufferAndOptions(pointer: number, bytes: number, options: RunnerOptions): RunnerOrError },
 * }} TfliteWasmModule
 * Emscripten's `instantiateWasm` hook instantiates the WebAssembly itself: we hand it the module compiled once.
 * @typedef {(settings: {
 *   instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): object,
 *   print(text: string): void,
 *   printErr(text: string): void,
 * }) => Promise<TfliteWasmModule>} ModuleFactory
 */

const require = createRequire(import.meta.url);
const EMSCRIPTEN_BUILD = '@tensorflow/tfjs-tflite/wasm/tflite_web_api_cc_simd';

/** @type {Promise<WebAssembly.Module> | undefined} */
let compiled;

/**
 * How much of a WebAssembly function V8 runs (its own rough count of bytes executed, default 1.8 million) before
 * it compiles the function again with its optimising compiler. At the default, in a fresh process, the runtime's
 * weight packing (run once per thread, as the model loads) and three very large functions are optimised too, at
 * about 0.5 s of compiler time each on the shared machine, while the network's threads run the photo's first runs
 * in the meantime on the baseline code; those functions are not hot enough to repay it. At 30 million they stay
 * baseline and only the small hot kernels are optimised: a thread's model loads faster, and where the cores are
 * shared the photo's first runs are not slowed by those compiles (decision 028: measured on a busy machine; on a
 * quieter one no difference showed). The classes are the same: both tiers run the same WebAssembly with the same
 * results.
 */
const WASM_TIERING_BUDGET = 30_000_000;

/**
 * The runtime's WebAssembly, compiled. A compiled module can be sent to worker threads (scene-segmenter.ts runs
 * the network on two): they instantiate it without compiling it again, and V8's optimised code for its hot
 * loops, made while any thread runs it, serves them all.
 * @returns {Promise<WebAssembly.Module>}
 */
export function compileTfliteRuntime() {
  // A setting of the whole process (V8 gives no other way), read as a module is compiled: it also applies to the
  // HEIC decoder's WebAssembly (libheif-js), whose results do not depend on the tier either.
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  compiled ??= readFile(require.resolve(`${EMSCRIPTEN_BUILD}.wasm`)).then((bytes) => WebAssembly.compile(bytes));
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

/** @type {Promise<TfliteWasmModule> | undefined} */
let runtime;

/**
 * The WebAssembly runtime, instantiated once per thread on first use (from `wasmModule` if given).
 * @param {WebAssembly.Module} [wasmModule]
 * @returns {Promise<TfliteWasmModule>}
 */
function loadRuntime(wasmModule) {
  runtime ??= (async () => {
    const factory = /** @type {ModuleFactory} */ (require(`${EMSCRIPTEN_BUILD}.js`));
    const module = wasmModule ?? (await compileTfliteRuntime());
    /** @type {(error: unknown) => void} */
    let failed = () => {};
    /** @type {Promise<never>} */
    const instantiationFailed = new Promise((_, reject) => (failed = reject));
    // The runtime announces its XNNPACK delegate on stderr; that is not news. Real failures surface as
    // a false from Infer or an error status, which we turn into exceptions.
    const ready = factory({
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), failed);
        return {};
      },
      print: () => {},
      printErr: () => {},
    });
    return Promise.race([ready, instantiationFailed]);
  })();
  runtime.catch(() => {
    runtime = undefined;
  });
  return runtime;
}

/**
 * @param {TensorVector} vector
 * @returns {TensorInfo[]}
 */
function toArray(vector) {
  const items = [];
  for (let i = 0; i < vector.size(); i++) items.push(vector.get(i));
  vector.delete();
  return items;
}

/**
 * @param {TensorInfo} info
 * @returns {TfliteTensor}
 */
function describeTensor(info) {
  return { name: info.name, dataType: info.dataType, shape: info.shape.split(',').map(Number), data: () => info.data() };
}

/**
 * Builds an interpreter for a .tflite file's bytes. Each runs on the thread that loaded it (the package's threaded
 * build needs a browser); `wasmModule` is the runtime compiled by another thread (compileTfliteRuntime).
 * @param {Uint8Array} modelBytes
 * @param {WebAssembly.Module} [wasmModule]
 * @returns {Promise<TfliteModel>}
 */
export async function loadTfliteModel(modelBytes, wasmModule) {
  const wasm = await loadRuntime(wasmModule);
  const pointer = wasm._malloc(modelBytes.length);
  // The interpreter reads the flatbuffer in place for as long as it lives, so the copy stays until dispose.
  wasm.HEAPU8.set(modelBytes, pointer);
  const created = wasm.TFLiteWebModelRunner.CreateFromBufferAndOptions(pointer, modelBytes.length, {
    numThreads: -1,
    enableProfiling: false,
    maxProfilingBufferEntries: 1024,
  });
  if (!created.ok()) {
    const message = created.errorMessage();
    created.delete();
    wasm._free(pointer);
    throw new Error(`TensorFlow Lite could not load the model: ${message}`);
  }
  const runner = created.value();
  created.delete();
  const inputs = toArray(runner.GetInputs()).map(describeTensor);
  const outputs = toArray(runner.GetOutputs()).map(describeTensor);
  let disposed = false;
  return {
    inputs,
    outputs,
    run() {
      if (disposed) throw new Error('The TensorFlow Lite model was disposed');
      if (!runner.Infer()) throw new Error('TensorFlow Lite inference failed');
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      runner.delete();
      wasm._free(pointer);
    },
  };
}
