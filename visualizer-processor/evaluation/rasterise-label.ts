import { decodeCocoRle, type CocoRle } from './coco-rle.ts';
import { emptyMask, type FloorMask } from './floor-mask.ts';
import type { FloorLabel, LabelRegion } from './label-schema.ts';

export type RugPolicy = 'keep-rugs' | 'replace-rugs';

/**
 * The label as a mask of the photo's upright size, 255 = floor. A pixel belongs to a region when its centre
 * lies inside the outer ring and inside none of its holes (even-odd rule, so a ring may be drawn either way
 * round). With `keep-rugs` (the default, as the visualizer keeps rugs) rug pixels are not floor.
 */
export function rasteriseLabel(label: FloorLabel, rugs: RugPolicy = 'keep-rugs'): FloorMask {
  const mask = emptyMask(label.width, label.height);
  fill(mask, label.floor, 255);
  if (rugs === 'keep-rugs') fill(mask, label.rugs, 0);
  return mask;
}

function fill(mask: FloorMask, area: LabelRegion[] | CocoRle, value: number): void {
  if (Array.isArray(area)) {
    for (const region of area) fillRegion(mask, region, value);
    return;
  }
  const [height, width] = area.size;
  if (width !== mask.width || height !== mask.height)
    throw new Error(`RLE of ${width}×${height} for a ${mask.width}×${mask.height} label`);
  decodeCocoRle(area).forEach((set, i) => {
    if (set) mask.mask[i] = value;
  });
}

function fillRegion(mask: FloorMask, region: LabelRegion, value: number): void {
  // The region alone first, so a hole never cuts into another region drawn before it.
  const inside = new Uint8Array(mask.width * mask.height);
  fillRing(inside, mask.width, mask.height, region.outer, 1);
  for (const hole of region.holes) fillRing(inside, mask.width, mask.height, hole, 0);
  for (let i = 0; i < inside.length; i++) if (inside[i]) mask.mask[i] = value;
}

type Ring = LabelRegion['outer'];

/** Sets the pixels whose centre lies inside the ring (even-odd rule, either winding) to value. */
function fillRing(target: Uint8Array, width: number, height: number, ring: Ring, value: number): void {
  const crossings: number[] = [];
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let i = 0; i < ring.length; i++) {
      const [x0, y0] = ring[i]!;
      const [x1, y1] = ring[(i + 1) % ring.length]!;
      // Half-open in y, so a vertex shared by two edges is counted once.
      if (y0 <= cy === y1 <= cy) continue;
      crossings.push(x0 + ((cy - y0) * (x1 - x0)) / (y1 - y0));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Pixels whose centre x + 0.5 lies in [from, to).
      const start = Math.max(0, Math.ceil(crossings[k]! - 0.5));
      const end = Math.min(width, Math.ceil(crossings[k + 1]! - 0.5));
      if (end > start) target.fill(value, y * width + start, y * width + end);
    }
  }
}
