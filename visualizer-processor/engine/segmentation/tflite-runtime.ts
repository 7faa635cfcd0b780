/**
 * TensorFlow Lite in WebAssembly, from the `@tensorflow/tfjs-tflite` package, run in Node without its
 * browser half. The package is an alpha whose Node entry point wants tfjs-core, fetch and a browser Worker;
 * we use only its Emscripten module (the SIMD, single-threaded build) and the model runner that module binds.
 * Those are the package's internals, not its public API, so everything that touches them is in this file
 * (decision 004); `tflite-runtime.test.ts` pins what we rely on.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export type TfliteDataType = 'int8' | 'uint8' | 'bool' | 'int16' | 'int32' | 'uint32' | 'float32' | 'float64';

export interface TfliteTensor {
  name: string;
  dataType: TfliteDataType;
  shape: readonly number[];
  /**
   * The tensor's bytes inside the runtime's heap, no copy. Write inputs through it before `run()`, read outputs
   * after. Ask again after any call into the runtime: a growing heap detaches older views.
   */
  data(): Uint8Array | Int8Array | Int16Array | Int32Array | Uint32Array | Float32Array | Float64Array;
}

export interface TfliteModel {
  readonly inputs: readonly TfliteTensor[];
  readonly outputs: readonly TfliteTensor[];
  /** Runs the model once on what the inputs hold now. Synchronous: it occupies the thread (~0.2 s for ours). */
  run(): void;
  dispose(): void;
}

/** The parts of the Emscripten module we call. */
interface TensorInfo {
  name: string;
  dataType: TfliteDataType;
  shape: string;
  data(): ReturnType<TfliteTensor['data']>;
}
interface CppVector<T> {
  size(): number;
  get(index: number): T;
  delete(): void;
}
interface ModelRunner {
  GetInputs(): CppVector<TensorInfo>;
  GetOutputs(): CppVector<TensorInfo>;
  Infer(): boolean;
  delete(): void;
}
interface RunnerOrError {
  ok(): boolean;
  errorMessage(): string;
  value(): ModelRunner;
  delete(): void;
}
interface TfliteWasmModule {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  TFLiteWebModelRunner: {
    CreateFromBufferAndOptions(
      pointer: number,
      bytes: number,
      options: { numThreads: number; enableProfiling: boolean; maxProfilingBufferEntries: number },
    ): RunnerOrError;
  };
}
type ModuleFactory = (settings: { wasmBinary: Uint8Array; print(text: string): void; printErr(text: string): void }) => Promise<TfliteWasmModule>;

const require = createRequire(import.meta.url);
const EMSCRIPTEN_BUILD = '@tensorflow/tfjs-tflite/wasm/tflite_web_api_cc_simd';

let runtime: Promise<TfliteWasmModule> | undefined;

/** The WebAssembly runtime, instantiated once per process on first use. */
function loadRuntime(): Promise<TfliteWasmModule> {
  runtime ??= (async () => {
    const factory = require(`${EMSCRIPTEN_BUILD}.js`) as ModuleFactory;
    const wasmBinary = await readFile(require.resolve(`${EMSCRIPTEN_BUILD}.wasm`));
    // The runtime announces its XNNPACK delegate on stderr; that is not news. Real failures surface as
    // a false from Infer or an error status, which we turn into exceptions.
    return factory({ wasmBinary, print: () => {}, printErr: () => {} });
  })();
  runtime.catch(() => {
    runtime = undefined;
  });
  return runtime;
}

function toArray<T>(vector: CppVector<T>): T[] {
  const items: T[] = [];
  for (let i = 0; i < vector.size(); i++) items.push(vector.get(i));
  vector.delete();
  return items;
}

function describeTensor(info: TensorInfo): TfliteTensor {
  return { name: info.name, dataType: info.dataType, shape: info.shape.split(',').map(Number), data: () => info.data() };
}

/** Builds an interpreter for a .tflite file's bytes. Runs on one thread (the threaded build needs a browser). */
export async function loadTfliteModel(modelBytes: Uint8Array): Promise<TfliteModel> {
  const wasm = await loadRuntime();
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
