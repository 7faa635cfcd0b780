/** npm run floor-mask -- <input image> <output.png>: the engine's floor mask, 8-bit grayscale, 255 = floor. */
import sharp from 'sharp';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { engineKindFromEnvironment } from './engine-kind.ts';
import { fail, readPhotoArgument, writeImage } from './command-files.ts';

const { photo, outputPath } = await readPhotoArgument('floor-mask', 'npm run floor-mask -- <input image> <output.png>');
if (!outputPath.toLowerCase().endsWith('.png')) fail('The mask is written as PNG: the output path must end in .png');
const result = await createFloorEngine({
  kind: engineKindFromEnvironment(),
  url: process.env.VISUALIZER_ENGINE_URL,
}).findFloor(photo);
await writeImage(
  sharp(result.mask, { raw: { width: result.width, height: result.height, channels: 1 } })
    .toColourspace('b-w')
    .png(),
  outputPath,
);
console.log(`wrote ${outputPath} (${result.width}×${result.height})`);
