// @ts-check
/**
 * A worker thread that runs the segmentation network: scene-segmenter.ts starts two, so a photo's runs share the
 * machine's two cores (decision 018). It loads its own interpreter from the model's bytes and the runtime's
 * WebAssembly compiled by the main thread (its first message), then answers each image with its classes. The messages are typed
 * in scene-segmenter.ts (NetworkThreadData, ClassifyRequest, NetworkThreadMessage).
 *
 * Plain JavaScript: a thread that has to load a TypeScript loader first (tsx, run from the sources) starts about
 * 0.2 s later, which is most of what the second thread wins on a photo.
 */
import { parentPort } from 'node:worker_threads';
import { loadTfliteModel } from './tflite-runtime.mjs';

/**
 * @param {import('node:worker_threads').MessagePort} port
 * @param {{ modelBytes: Uint8Array, wasmModule: WebAssembly.Module, side: number }} data
 */
async function serve(port, data) {
  const { side } = data;
  /** @type {import('./tflite-runtime.d.mts').TfliteModel} */
  let model;
  try {
    model = await loadTfliteModel(data.modelBytes, data.wasmModule);
    const [input] = model.inputs;
    const [output] = model.outputs;
    if (input?.dataType !== 'uint8' || input.shape.join() !== `1,${side},${side},3` || output?.dataType !== 'int32' || output.shape.join() !== `1,${side},${side}`) {
      model.dispose();
      throw new Error(`it is not the expected ${side}×${side} uint8 → int32 segmenter`);
    }
  } catch (error) {
    port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  port.on('message', (/** @type {{ id: number, rgb: Uint8Array }} */ { id, rgb }) => {
    try {
      model.inputs[0].data().set(rgb);
      model.run();
      const predictions = model.outputs[0].data();
      const classes = new Uint8Array(predictions.length);
      for (let i = 0; i < classes.length; i++) classes[i] = predictions[i];
      port.postMessage({ kind: 'classified', id, classes }, [classes.buffer]);
    } catch (error) {
      port.postMessage({ kind: 'classified', id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ kind: 'ready' });
}

// The first message is what to load (sent as soon as the main thread has it); requests follow.
const port = parentPort;
port?.once('message', (data) => void serve(port, data));
