/**
 * npm run visualize -- <input image> <output image>: the photo with a hardwood floor. The output format
 * follows the extension (.jpg, .png, .webp); the engine is the one VISUALIZER_ENGINE names.
 */
import sharp from 'sharp';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { fail, readPhotoArgument } from './read-photo-file.ts';

const { photo, outputPath } = await readPhotoArgument('npm run visualize -- <input image> <output image>');
const kind = process.env.VISUALIZER_ENGINE === 'http' ? 'http' : 'procedural';
const extension = outputPath.toLowerCase().split('.').pop() ?? '';
if (!['jpg', 'jpeg', 'png', 'webp'].includes(extension)) fail('The output path must end in .jpg, .png or .webp');
const engine = createFloorEngine({ kind, url: process.env.VISUALIZER_ENGINE_URL });
const result = await engine.render(photo);
const image = sharp(result.image);
await (extension === 'png' ? image.png() : extension === 'webp' ? image.webp() : image.jpeg({ quality: 90 })).toFile(outputPath);
console.log(`wrote ${outputPath} (${result.width}×${result.height}, engine ${engine.name})`);
