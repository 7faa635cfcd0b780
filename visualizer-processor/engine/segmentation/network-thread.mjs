// @ts-check
/**
 * A worker thread that runs the segmentation network: scene-segmenter.ts starts two, so a photo's runs share the
 * machine's two cores (decision 018). Its first message says what to load: the network converted for ONNX Runtime's
 * native build (onnx-runtime.mjs, decision 029), or the model's bytes and the WebAssembly runtime compiled by the
 * main thread for the TensorFlow Lite interpreter (tflite-runtime.mjs, where onnxruntime-node cannot load). It then
 * answers each image with its classes; both runtimes give the same classes. Once a photo's runs are done it may be
 * sent the photo's grey levels, and answers with their line segments (photoLinesOnNetworkThread). The messages are
 * typed in scene-segmenter.ts (NetworkThreadData, ThreadRequest, NetworkThreadMessage).
 *
 * Plain JavaScript: a thread that has to load a TypeScript loader first (tsx, run from the sources) starts about
 * 0.2 s later, which is most of what the second thread wins.
 */
import { parentPort } from 'node:worker_threads';

/**
 * @typedef {{ runtime: 'onnx', network: import('./tflite-to-onnx.mjs').ConvertedNetwork, side: number, runtimePackage?: string }
 *   | { runtime: 'tflite', modelBytes: Uint8Array, wasmModule: WebAssembly.Module, side: number }} NetworkThreadData
 */

/**
 * The interpreter, behind the same `classify` as the ONNX Runtime session.
 * @param {Uint8Array} modelBytes @param {WebAssembly.Module} wasmModule @param {number} side
 */
async function loadInterpreter(modelBytes, wasmModule, side) {
  const { loadTfliteModel } = await import('./tflite-runtime.mjs');
  const model = await loadTfliteModel(modelBytes, wasmModule);
  const [input] = model.inputs;
  const [output] = model.outputs;
  if (input?.dataType !== 'uint8' || input.shape.join() !== `1,${side},${side},3` || output?.dataType !== 'int32' || output.shape.join() !== `1,${side},${side}`) {
    model.dispose();
    throw new Error(`it is not the expected ${side}×${side} uint8 → int32 segmenter`);
  }
  return {
    /** @param {Uint8Array} rgb */
    async classify(rgb) {
      model.inputs[0].data().set(rgb);
      model.run();
      const predictions = model.outputs[0].data();
      const classes = new Uint8Array(predictions.length);
      for (let i = 0; i < classes.length; i++) classes[i] = predictions[i];
      return classes;
    },
  };
}

/**
 * @param {import('node:worker_threads').MessagePort} port
 * @param {NetworkThreadData} data
 */
async function serve(port, data) {
  /** @type {{ classify(rgb: Uint8Array): Promise<Uint8Array> }} */
  let network;
  try {
    if (data.runtime === 'onnx') {
      const { loadOnnxModel, loadOnnxRuntime } = await import('./onnx-runtime.mjs');
      const loaded = loadOnnxRuntime(data.runtimePackage);
      if ('problem' in loaded) {
        port.postMessage({ kind: 'failed', message: `onnxruntime-node cannot load: ${loaded.problem}`, runtimeUnavailable: true });
        return;
      }
      network = await loadOnnxModel(data.network);
    } else {
      network = await loadInterpreter(data.modelBytes, data.wasmModule, data.side);
    }
  } catch (error) {
    port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  // One request at a time: scene-segmenter.ts sends the next only when this one is answered.
  port.on('message', (/** @type {{ id: number, rgb: Uint8Array } | { id: number, photoLines: { gray: Float32Array, width: number, height: number } }} */ request) => {
    const { id } = request;
    if ('photoLines' in request) {
      const { gray, width, height } = request.photoLines;
      // Loaded on first use: the thread's start, which the photo's first run waits for, does not pay for it.
      import('../rendering/detect-line-segments.mjs')
        .then(({ photoLineSegments }) => photoLineSegments(gray, width, height))
        .then(
          (lines) => port.postMessage({ kind: 'lines', id, lines }),
          (error) => port.postMessage({ kind: 'lines', id, error: error instanceof Error ? error.message : String(error) }),
        );
      return;
    }
    network.classify(request.rgb).then(
      (classes) => port.postMessage({ kind: 'classified', id, classes }, [/** @type {ArrayBuffer} */ (classes.buffer)]),
      (error) => port.postMessage({ kind: 'classified', id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  port.postMessage({ kind: 'ready' });
}

// The first message is what to load (sent as soon as the main thread has it); requests follow.
const port = parentPort;
port?.once('message', (data) => void serve(port, data));
