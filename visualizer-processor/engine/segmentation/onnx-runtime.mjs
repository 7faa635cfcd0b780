// @ts-check
/**
 * The floor network on ONNX Runtime's native CPU build (`onnxruntime-node`), from the TensorFlow Lite file converted
 * in memory by `tflite-to-onnx.mjs` (decision 029). It gives the WebAssembly interpreter's classes bit for bit, in
 * about half its time. Where the package cannot load (a platform it carries no binary for), `scene-segmenter.ts`
 * runs the interpreter instead (`tflite-runtime.mjs`).
 *
 * Plain JavaScript, like `network-thread.mjs` that loads it (decision 018).
 */
import { createRequire } from 'node:module';
import { classesFromScores } from './tflite-to-onnx.mjs';

const require = createRequire(import.meta.url);

/** @typedef {import('./tflite-to-onnx.mjs').ConvertedNetwork} ConvertedNetwork */

/** The package, as `package.json` lists it. */
export const ONNX_RUNTIME_PACKAGE = 'onnxruntime-node';

/**
 * The onnxruntime-node package, or the reason it cannot load here (its error's first line). `name` is for tests,
 * which name a package that is not there.
 * @param {string} [name]
 * @returns {{ ort: typeof import('onnxruntime-node') } | { problem: string }}
 */
export function loadOnnxRuntime(name = ONNX_RUNTIME_PACKAGE) {
  try {
    return { ort: require(name) };
  } catch (error) {
    return { problem: (error instanceof Error ? error.message : String(error)).split('\n')[0] };
  }
}

/**
 * A session for the converted network on the calling thread. `session.run` computes on the thread that calls it
 * (onnxruntime-node only defers the call to the next turn of the event loop), so the network's worker threads are
 * still what keep the engine's thread free. One intra-op thread: the two network threads already fill both cores.
 * @param {ConvertedNetwork} network
 * @returns {Promise<{ classify(rgb: Uint8Array): Promise<Uint8Array>, dispose(): Promise<void> }>}
 */
export async function loadOnnxModel(network) {
  const loaded = loadOnnxRuntime();
  if ('problem' in loaded) throw new Error(`onnxruntime-node cannot load: ${loaded.problem}`);
  const { ort } = loaded;
  const session = await ort.InferenceSession.create(network.onnx, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // No memory arena and no pre-planned block: the arena keeps each session's high-water mark (~45 MB more peak
    // RSS for the two threads, against a 400 MB budget) and the runs were no faster with it (65 ms either way).
    enableCpuMemArena: false,
    enableMemPattern: false,
    // Warnings only about the graph's own details (initializers it folds away), not news.
    logSeverityLevel: 3,
  });
  return {
    async classify(rgb) {
      const outputs = await session.run({ [network.inputName]: new ort.Tensor('uint8', rgb, network.inputShape) });
      const scores = outputs[network.scoresName];
      if (!scores || !(scores.data instanceof Uint8Array)) throw new Error('the converted network gave no uint8 scores');
      return classesFromScores(scores.data, network.tail);
    },
    dispose: () => session.release(),
  };
}
