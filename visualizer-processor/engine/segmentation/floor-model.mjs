// @ts-check
/**
 * The floor segmentation network is a third-party file, so it is not in git (model/README.md): the project's
 * install step (scripts/install-floor-model.mjs, the root package's postinstall) puts it in `model/`, from the
 * folder FLOOR_MODEL_DIR names or from its pinned upstream address, and everything that runs it first asks
 * `floorModelProblem()`, so a missing or wrong file is one line that says what to do, not an error deep inside
 * the TensorFlow Lite runtime. Plain JavaScript: the install step runs before any TypeScript loader is installed,
 * and in a production install there is none.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the install step fetches and checks: one file of one commit of a public repository. */
export const FLOOR_MODEL = {
  file: 'mobile_segmenter_r4_quant_argmax_uint8.tflite',
  bytes: 1_978_000,
  sha256: 'da8b3822a22fde45ecaf0ff32022287eff58b500096971b04f3c1b292da66a3c',
  url: 'https://raw.githubusercontent.com/mlcommons/mobile_open/86a873714efd6cb391c3a4751e3bb7b8f91b1449/vision/mosaic/models_and_checkpoints/R4/mobile_segmenter_r4_quant_argmax_uint8.tflite',
};

/** Where the code opens it: beside this file, so the compiled services (build/services/...) carry it the same way. */
export const FLOOR_MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'model', FLOOR_MODEL.file);

/** The command that installs it again; FLOOR_MODEL_DIR names a folder holding a copy (an offline machine). */
export const INSTALL_FLOOR_MODEL = 'npm run floor-model:install';

/** @param {Uint8Array} bytes */
export function sha256Of(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Null when `file` is the pinned model; otherwise the one line that says what is wrong and how to put it right.
 * @param {string} [file]
 * @returns {string | null}
 */
export function floorModelProblem(file = FLOOR_MODEL_PATH) {
  const shown = path.relative(process.cwd(), file) || file;
  /** @type {Buffer} */
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return `The floor model is not installed (${shown}), so no floor can be found: run \`${INSTALL_FLOOR_MODEL}\` with network access, or with FLOOR_MODEL_DIR=<a folder holding ${FLOOR_MODEL.file}>.`;
  }
  const sha256 = sha256Of(bytes);
  if (sha256 === FLOOR_MODEL.sha256) return null;
  return `The floor model at ${shown} is not the pinned file (sha256 ${sha256}, expected ${FLOOR_MODEL.sha256}): run \`${INSTALL_FLOOR_MODEL}\` to replace it.`;
}
