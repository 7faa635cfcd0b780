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
  classificationsAsked++;
  const loaded = await loadModel();
  loaded.inputs[0]!.data().set(rgb);
  loaded.run();
  const predictions = loaded.outputs[0]!.data();
  const classes = new Uint8Array(predictions.length);
  for (let i = 0; i < classes.length; i++) classes[i] = predictions[i]!;
  return classes;
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
 * Loads the model and runs it once on a grey image, so the first photo does not pay for it: the runtime
 * packs the weights for its CPU kernels and V8 compiles their hot loops on the first run, which costs about
 * as much as two more. When a photo arrives within a moment of the model being loaded (a process started
 * for the photo it was sent, as on a platform that starts it on demand, or the engine bench), the grey run
 * is skipped: it holds the thread, so it would only make that photo wait one run longer, and the photo's
 * own first run does the same warming.
 */
export function warmUpSegmenter(): Promise<void> {
  warmedUp ??= loadModel()
    // Unreferenced: a command that has finished its photo exits without waiting out the grace period.
    .then(() => new Promise((resolve) => setTimeout(resolve, WARM_UP_GRACE_MS).unref()))
    .then(async () => {
      if (photosAnnounced === 0 && classificationsAsked === 0) {
        await classifyPixels(new Uint8Array(SEGMENTER_SIZE * SEGMENTER_SIZE * 3).fill(128));
      }
    })
    .catch((error: unknown) => {
      warmedUp = undefined;
      throw error;
    });
  return warmedUp;
}

/** How many times the network has been asked to classify an image in this process (for tests). */
export function classificationCount(): number {
  return classificationsAsked;
}
