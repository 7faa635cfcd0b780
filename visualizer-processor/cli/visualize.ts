/**
 * npm run visualize -- <input image> <output image> [style] [--rugs keep|replace] [--tap X,Y,floor|not-floor ...]:
 * the photo with a hardwood floor, as the visitor's page shows it (the floor as `npm run floor-mask` gives it).
 * The output format follows the extension (.jpg, .png, .webp); the style defaults to the site's default; the
 * engine is the one VISUALIZER_ENGINE names.
 */
import sharp from 'sharp';
import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS, isWoodStyleId } from '../../contracts/wood-styles.ts';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { floorAsShown } from '../src/floor-as-shown.ts';
import { engineKindFromEnvironment } from './engine-kind.ts';
import { fail, readPhotoArgument, writeImage } from './command-files.ts';
import { VISITOR_FLAGS_USAGE, parseVisitorFlags, type VisitorFlags } from './visitor-flags.ts';

const usage = `npm run visualize -- <input image> <output image> [style] ${VISITOR_FLAGS_USAGE}`;
let flags: VisitorFlags;
try {
  flags = parseVisitorFlags(process.argv.slice(2));
} catch (error) {
  fail(`${(error as Error).message}\nUsage: ${usage}`);
}
if (flags.positional.length > 3) fail(`Unexpected argument "${flags.positional[3]}".\nUsage: ${usage}`);
// Before the photo is read and the output's folder made: a 50 MP photo takes seconds to decode.
const extension = (flags.positional[1] ?? '').toLowerCase().split('.').pop() ?? '';
if (flags.positional[1] && !['jpg', 'jpeg', 'png', 'webp'].includes(extension)) fail('The output path must end in .jpg, .png or .webp');
const style = flags.positional[2] ?? DEFAULT_WOOD_STYLE;
if (!isWoodStyleId(style)) fail(`Unknown style "${style}". Styles: ${WOOD_STYLE_IDS.join(', ')}`);
const { photo, outputPath } = await readPhotoArgument('visualize', usage, flags.positional);
const engine = createFloorEngine({ kind: engineKindFromEnvironment(), url: process.env.VISUALIZER_ENGINE_URL });
const shown = engine.offersRugChoice ? await floorAsShown((p, options) => engine.findFloor(p, options), photo, flags) : null;
const keepRugs = (shown?.rugs ?? flags.rugs) !== 'replace';
// As the render job asks it: the chosen floor when the engine gave one, else the engine finds its own.
const result = await engine.visualize(photo, { styles: [style], taps: flags.taps, keepRugs, floor: shown?.floor });
const image = sharp(result.renders[0]!.image);
await writeImage(
  extension === 'png' ? image.png() : extension === 'webp' ? image.webp() : image.jpeg({ quality: 90 }),
  outputPath,
);
console.log(`wrote ${outputPath} (${result.width}×${result.height}, engine ${engine.name}, ${style}, rugs ${keepRugs ? 'kept' : 'replaced'}, ${flags.taps.length} tap${flags.taps.length === 1 ? '' : 's'})`);
