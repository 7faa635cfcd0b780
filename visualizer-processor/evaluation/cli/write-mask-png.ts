import sharp from 'sharp';
import type { FloorMask } from '../floor-mask.ts';

/** The same contract as `npm run floor-mask`: 8-bit grayscale PNG, 255 = floor. */
export async function writeMaskPng(mask: FloorMask, file: string): Promise<void> {
  await sharp(Buffer.from(mask.mask), { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toFile(file);
}
