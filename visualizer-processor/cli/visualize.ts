/**
 * npm run visualize -- <input image> <output image> [style]: the photo with a hardwood floor. The output
 * format follows the extension (.jpg, .png, .webp); the style defaults to the site's default; the engine is
 * the one VISUALIZER_ENGINE names.
 */
import sharp from 'sharp';
import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS, isWoodStyleId } from '../../contracts/wood-styles.ts';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { engineKindFromEnvironment } from './engine-kind.ts';
import { fail, readPhotoArgument, writeImage } from './command-files.ts';

const { photo, outputPath } = await readPhotoArgument('visualize', 'npm run visualize -- <input image> <output image>');
const extension = outputPath.toLowerCase().split('.').pop() ?? '';
if (!['jpg', 'jpeg', 'png', 'webp'].includes(extension)) fail('The output path must end in .jpg, .png or .webp');
const style = process.argv[4] ?? DEFAULT_WOOD_STYLE;
if (!isWoodStyleId(style)) fail(`Unknown style "${style}". Styles: ${WOOD_STYLE_IDS.join(', ')}`);
const engine = createFloorEngine({ kind: engineKindFromEnvironment(), url: process.env.VISUALIZER_ENGINE_URL });
const result = await engine.visualize(photo, { styles: [style] });
const image = sharp(result.renders[0]!.image);
await writeImage(
  extension === 'png' ? image.png() : extension === 'webp' ? image.webp() : image.jpeg({ quality: 90 }),
  outputPath,
);
console.log(`wrote ${outputPath} (${result.width}×${result.height}, engine ${engine.name}, ${style})`);
