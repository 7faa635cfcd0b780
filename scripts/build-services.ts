/**
 * `npm run build:services`: compiles the visualizer processor and the e-mail worker to plain JavaScript in
 * build/services/ (tsconfig.services.json), with the files they read beside their code at run time, so that after
 * `npm prune --omit=dev` a host starts them with `node` (`npm run serve:processor`, `npm run serve:email-worker`).
 * `--out-dir <folder>` builds elsewhere (the production-install test builds into a temporary folder).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILD_STAMP_FILE, sourceCommit } from '../contracts/build-stamp.ts';
import { WOOD_STYLE_IDS } from '../contracts/wood-styles.ts';
import { convertedNetwork, keptNetworkName } from '../visualizer-processor/engine/segmentation/converted-network-cache.ts';
import { floorModelProblem } from '../visualizer-processor/engine/segmentation/floor-model.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out-dir');
const outDir = path.resolve(outFlag >= 0 ? process.argv[outFlag + 1] ?? '' : path.join(root, 'build', 'services'));

/**
 * Files the compiled code opens by a path next to its own (import.meta.url), copied as they are: the floor model
 * (put in place by the install step, checked above), and the plain JavaScript modules it imports or its network's
 * worker threads run (decision 018), which tsc does not emit.
 */
const RUNTIME_FILES = [
  'visualizer-processor/engine/segmentation/model/mobile_segmenter_r4_quant_argmax_uint8.tflite',
  'visualizer-processor/engine/segmentation/model/README.md',
  'visualizer-processor/engine/segmentation/floor-model.mjs',
  'visualizer-processor/engine/segmentation/network-thread.mjs',
  'visualizer-processor/engine/segmentation/onnx-runtime.mjs',
  'visualizer-processor/engine/segmentation/tflite-runtime.mjs',
  'visualizer-processor/engine/segmentation/tflite-to-onnx.mjs',
  'visualizer-processor/engine/rendering/detect-line-segments.mjs',
  // The made-up room the engine rehearses on before the first photo (offline-floor-engine.ts, REHEARSAL_PHOTO).
  'visualizer-processor/fixtures/images/room-carpet.jpg',
];

// The image's build is where the model is checked last: an image without it could not render a floor.
const modelProblem = floorModelProblem();
if (modelProblem) {
  console.error(modelProblem);
  process.exit(1);
}
fs.rmSync(outDir, { recursive: true, force: true });
execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.services.json'), '--outDir', outDir], {
  cwd: root,
  stdio: 'inherit',
});
for (const file of RUNTIME_FILES) {
  fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
  fs.copyFileSync(path.join(root, file), path.join(outDir, file));
}
// The network converted for ONNX Runtime, kept beside the compiled engine (decision 030). The image runs as a user
// who cannot write there, so without it every container process would convert the network again before its first run.
const segmentationDir = path.join(outDir, 'visualizer-processor', 'engine', 'segmentation');
const modelBytes = fs.readFileSync(path.join(segmentationDir, 'model', 'mobile_segmenter_r4_quant_argmax_uint8.tflite'));
const convertedDir = path.join(segmentationDir, 'model', 'converted');
await (await convertedNetwork(modelBytes, { directory: convertedDir })).keeping;
const keptName = keptNetworkName(modelBytes, fs.readFileSync(path.join(segmentationDir, 'tflite-to-onnx.mjs'), 'utf8'));
if (!fs.existsSync(path.join(convertedDir, keptName))) {
  console.error(`Could not keep the converted floor network in ${path.relative(process.cwd(), convertedDir)}`);
  process.exit(1);
}
// The compiled files are ES modules; a package.json beside them says so wherever the folder is copied to.
fs.writeFileSync(path.join(outDir, 'package.json'), JSON.stringify({ type: 'module' }, null, 2) + '\n');
// The commit these services are built from: the processor's /healthz says it, and check:deployment wants the site's.
fs.writeFileSync(path.join(outDir, BUILD_STAMP_FILE), JSON.stringify({ commit: sourceCommit(root) }) + '\n');
// Every wood style's boards, kept beside the compiled renderer (decision 034), for the same reason: the image's user
// cannot write there, and without them each container process would make the default style's on its first photo. The
// compiled renderer makes them, so they are named by the compiled board code it will read them with.
const renderingDir = path.join(outDir, 'visualizer-processor', 'engine', 'rendering');
execFileSync(
  process.execPath,
  [
    '--input-type=module',
    '--eval',
    [
      `const { keepBoardsOfStyles } = await import(${JSON.stringify(pathToFileURL(path.join(renderingDir, 'kept-board-textures.js')).href)});`,
      `const { WOOD_STYLE_IDS } = await import(${JSON.stringify(pathToFileURL(path.join(outDir, 'contracts', 'wood-styles.js')).href)});`,
      'await keepBoardsOfStyles(WOOD_STYLE_IDS);',
    ].join('\n'),
  ],
  { cwd: outDir, stdio: 'inherit' },
);
const keptBoards = fs.existsSync(path.join(renderingDir, 'kept-boards')) ? fs.readdirSync(path.join(renderingDir, 'kept-boards')) : [];
if (keptBoards.filter((name) => name.endsWith('.boards')).length !== WOOD_STYLE_IDS.length) {
  console.error(`Could not keep the wood styles' boards in ${path.relative(process.cwd(), path.join(renderingDir, 'kept-boards'))}`);
  process.exit(1);
}
console.log(`services built into ${path.relative(process.cwd(), outDir) || '.'}`);
