import sharp from 'sharp';
import type { FloorMask } from '../engine/floor-engine.ts';

/** The stored mask's longest side: enough to outline the floor on any screen, a few kilobytes as PNG. */
export const FLOOR_MASK_MAX_SIDE = 1024;

/**
 * The floor a render was laid on, as the page fetches it to outline the floor for "Fix the floor": an 8-bit
 * grayscale PNG of the photo's proportions, at most FLOOR_MASK_MAX_SIDE on the long side, 255 = floor and 0
 * elsewhere (the engine's feathered edge is cut at half-way, so the outline sits where the wood's edge does).
 */
export function encodeFloorMask({ mask, width, height }: FloorMask): Promise<Buffer> {
  return sharp(mask, { raw: { width, height, channels: 1 } })
    .resize(FLOOR_MASK_MAX_SIDE, FLOOR_MASK_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .threshold(128, { grayscale: true })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The share of the photo the mask calls floor (cut at half-way, like the stored mask), 0..1. */
export function floorShare({ mask }: FloorMask): number {
  let floor = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]! >= 128) floor++;
  return mask.length ? floor / mask.length : 0;
}
