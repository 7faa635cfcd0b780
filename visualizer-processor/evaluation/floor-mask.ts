import type { FloorMask } from '../engine/floor-engine.ts';

/** The engine's own mask type: 8-bit, width × height, 255 = floor. The evaluation scores exactly what it returns. */
export type { FloorMask };

/** Any value from 128 up counts as floor, so feathered or anti-aliased masks score as their binary shape. */
export function isFloor(mask: FloorMask, index: number): boolean {
  return mask.mask[index]! >= 128;
}

export function assertSameSize(a: FloorMask, b: FloorMask, what: string): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`${what}: mask is ${a.width}×${a.height}, the labelled photo is ${b.width}×${b.height}`);
  }
}

/**
 * Intersection over union of the floor. When neither mask has any floor the two agree perfectly (1); the
 * evaluation set has no such photo, but synthetic tests may.
 */
export function floorIoU(predicted: FloorMask, truth: FloorMask): number {
  assertSameSize(predicted, truth, 'floorIoU');
  let intersection = 0;
  let union = 0;
  for (let i = 0; i < truth.mask.length; i++) {
    const p = isFloor(predicted, i);
    const t = isFloor(truth, i);
    if (p && t) intersection++;
    if (p || t) union++;
  }
  return union === 0 ? 1 : intersection / union;
}

export function emptyMask(width: number, height: number): FloorMask {
  return { width, height, mask: Buffer.alloc(width * height) };
}
