/** The types of tflite-runtime.mjs (plain JavaScript: see there why). */
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

/** The runtime's WebAssembly, compiled once per process; worker threads instantiate it without compiling it again. */
export function compileTfliteRuntime(): Promise<WebAssembly.Module>;

/**
 * Builds an interpreter for a .tflite file's bytes, on the calling thread; `wasmModule` is the runtime compiled
 * by another thread (compileTfliteRuntime).
 */
export function loadTfliteModel(modelBytes: Uint8Array, wasmModule?: WebAssembly.Module): Promise<TfliteModel>;
