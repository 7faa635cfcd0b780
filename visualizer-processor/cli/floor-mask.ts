/**
 * npm run floor-mask -- <input image> <output.png> [--rugs keep|replace] [--tap X,Y,floor|not-floor ...]: the
 * floor the visitor's page shows, 8-bit grayscale, 255 = floor. Without flags, the first render's floor with
 * the photo's default rug choice; with taps, the floor after them, in their order (src/floor-as-shown.ts, the
 * render job's own code).
 */
import sharp from 'sharp';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { floorAsShown } from '../src/floor-as-shown.ts';
import { engineKindFromEnvironment } from './engine-kind.ts';
import { fail, readPhotoArgument, writeImage } from './command-files.ts';
import { VISITOR_FLAGS_USAGE, parseVisitorFlags, type VisitorFlags } from './visitor-flags.ts';

const usage = `npm run floor-mask -- <input image> <output.png> ${VISITOR_FLAGS_USAGE}`;
let flags: VisitorFlags;
try {
  flags = parseVisitorFlags(process.argv.slice(2));
} catch (error) {
  fail(`${(error as Error).message}\nUsage: ${usage}`);
}
if (flags.positional.length > 2) fail(`Unexpected argument "${flags.positional[2]}".\nUsage: ${usage}`);
// Before the photo is read and the output's folder made: a 50 MP photo takes seconds to decode.
if (flags.positional[1] && !flags.positional[1].toLowerCase().endsWith('.png')) {
  fail('The mask is written as PNG: the output path must end in .png');
}
const { photo, outputPath } = await readPhotoArgument('floor-mask', usage, flags.positional);
const engine = createFloorEngine({ kind: engineKindFromEnvironment(), url: process.env.VISUALIZER_ENGINE_URL });
const shown = engine.offersRugChoice ? await floorAsShown((p, options) => engine.findFloor(p, options), photo, flags) : null;
// An engine with one floor only (the HTTP adapter) is asked as the processor asks it.
const result = shown?.floor ?? (await engine.findFloor(photo, { taps: flags.taps, keepRugs: flags.rugs !== 'replace' }));
await writeImage(
  sharp(result.mask, { raw: { width: result.width, height: result.height, channels: 1 } })
    .toColourspace('b-w')
    .png(),
  outputPath,
);
const rugs = shown ? `rugs ${shown.rugs === 'keep' ? 'kept' : 'replaced'}${flags.rugs ? '' : " (the photo's default)"}` : `rugs ${flags.rugs === 'replace' ? 'replaced' : 'kept'}`;
console.log(`wrote ${outputPath} (${result.width}×${result.height}, ${rugs}, ${flags.taps.length} tap${flags.taps.length === 1 ? '' : 's'})`);
