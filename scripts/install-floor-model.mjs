// @ts-check
/**
 * The project's own install step (the root package's `postinstall`, and `npm run floor-model:install`): puts the
 * floor segmentation network, a third-party file kept out of git, where the processor opens it. From the folder
 * FLOOR_MODEL_DIR names when it is set (an offline mirror), else from the pinned upstream address; the sha256 is
 * checked either way and a file that differs is never installed.
 *
 * Exit codes: 0 when the model is in place, and also when it could not be fetched (no network, no mirror): the site,
 * the forms and the tests that do not run the network still install and work, and this prints the one line that
 * says the visualizer cannot find floors until the model is installed (the processor, `floor-mask`, `visualize` and
 * /healthz say the same). 1 when FLOOR_MODEL_DIR names a folder without the file, when a file's sha256 is wrong,
 * and with `--required` (the image's build) when the model could not be fetched.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FLOOR_MODEL, FLOOR_MODEL_PATH, INSTALL_FLOOR_MODEL, floorModelProblem, sha256Of } from '../visualizer-processor/engine/segmentation/floor-model.mjs';

const DOWNLOAD_TIMEOUT_MS = 60_000;
const required = process.argv.includes('--required');

/** @param {string} line */
function refuse(line) {
  console.error(`floor model: ${line}`);
  process.exit(1);
}

/**
 * @param {Uint8Array} bytes
 * @param {string} from
 */
async function install(bytes, from) {
  const sha256 = sha256Of(bytes);
  if (sha256 !== FLOOR_MODEL.sha256) refuse(`${from} is not the pinned file (sha256 ${sha256}, expected ${FLOOR_MODEL.sha256}); nothing installed.`);
  await mkdir(path.dirname(FLOOR_MODEL_PATH), { recursive: true });
  // Written beside and renamed, so an interrupted install never leaves half a model where the processor looks.
  const partial = `${FLOOR_MODEL_PATH}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, FLOOR_MODEL_PATH);
  console.log(`floor model: installed from ${from} (sha256 checked)`);
}

/** @returns {Promise<Uint8Array>} */
async function download() {
  const response = await fetch(FLOOR_MODEL.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** @param {unknown} error */
function reason(error) {
  if (!(error instanceof Error)) return String(error);
  const cause = /** @type {{ cause?: { code?: string, message?: string } }} */ (error).cause;
  return cause?.code ?? cause?.message ?? error.message;
}

if (!floorModelProblem()) {
  console.log(`floor model: in place (${path.relative(process.cwd(), FLOOR_MODEL_PATH)}, sha256 checked)`);
} else if (process.env.FLOOR_MODEL_DIR) {
  const file = path.resolve(process.env.FLOOR_MODEL_DIR, FLOOR_MODEL.file);
  const bytes = await readFile(file).catch(() => refuse(`FLOOR_MODEL_DIR=${process.env.FLOOR_MODEL_DIR} holds no ${FLOOR_MODEL.file}; nothing installed.`));
  await install(bytes, file);
} else {
  let bytes;
  try {
    bytes = await download();
  } catch (error) {
    await rm(`${FLOOR_MODEL_PATH}.partial`, { force: true });
    const line = `not installed: could not download ${FLOOR_MODEL.url} (${reason(error)}), so the visualizer cannot find floors until \`${INSTALL_FLOOR_MODEL}\` runs with network access or with FLOOR_MODEL_DIR=<a folder holding ${FLOOR_MODEL.file}>.`;
    if (required) refuse(line);
    console.warn(`floor model: ${line}`);
    process.exit(0);
  }
  await install(bytes, FLOOR_MODEL.url);
}
