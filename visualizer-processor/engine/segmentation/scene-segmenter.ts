/**
 * The vendored scene segmentation network (model/README.md): 512×512 RGB in, one ADE20K top-31 class per
 * pixel out. Loaded on first use and kept for the life of the process: loading costs more than a run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTfliteModel, type TfliteModel } from './tflite-runtime.ts';

export const MODEL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'model', 'mobile_segmenter_r4_quant_argmax_uint8.tflite');

/** The network's input and output side, in pixels. */
export const SEGMENTER_SIZE = 512;

let model: Promise<TfliteModel> | undefined;

function loadModel(): Promise<TfliteModel> {
  model ??= readFile(MODEL_FILE).then(async (bytes) => {
    const loaded = await loadTfliteModel(bytes);
    const [input] = loaded.inputs;
    const [output] = loaded.outputs;
    const side = SEGMENTER_SIZE;
    if (input?.dataType !== 'uint8' || input.shape.join() !== `1,${side},${side},3` || output?.dataType !== 'int32' || output.shape.join() !== `1,${side},${side}`) {
      loaded.dispose();
      throw new Error(`${path.basename(MODEL_FILE)} is not the expected 512×512 uint8 → int32 segmenter`);
    }
    return loaded;
  });
  model.catch(() => {
    model = undefined;
  });
  return model;
}

/**
 * Classifies every pixel of a 512×512 RGB image (3 bytes per pixel, row by row). Runs take turns: the
 * runtime has one input buffer and works synchronously, so two runs can never interleave.
 */
export async function classifyPixels(rgb: Uint8Array): Promise<Uint8Array> {
  if (rgb.length !== SEGMENTER_SIZE * SEGMENTER_SIZE * 3) {
    throw new Error(`The segmenter takes ${SEGMENTER_SIZE}×${SEGMENTER_SIZE} RGB, got ${rgb.length} bytes`);
  }
  const loaded = await loadModel();
  loaded.inputs[0]!.data().set(rgb);
  loaded.run();
  const predictions = loaded.outputs[0]!.data();
  const classes = new Uint8Array(predictions.length);
  for (let i = 0; i < classes.length; i++) classes[i] = predictions[i]!;
  return classes;
}

let warmedUp: Promise<void> | undefined;

/**
 * Loads the model and runs it once on a grey image, so the first photo does not pay for it: the runtime
 * packs the weights for its CPU kernels on the first run, which costs about as much as a second run.
 */
export function warmUpSegmenter(): Promise<void> {
  warmedUp ??= classifyPixels(new Uint8Array(SEGMENTER_SIZE * SEGMENTER_SIZE * 3).fill(128)).then(
    () => undefined,
    (error: unknown) => {
      warmedUp = undefined;
      throw error;
    },
  );
  return warmedUp;
}
