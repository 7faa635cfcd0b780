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
  return floorAgreement(predicted, truth).iou;
}

/** What a visitor sees of a floor mask: how well it covers the floor, and where the wood goes wrong. */
export interface FloorAgreement {
  iou: number;
  /**
   * Share of the predicted floor that is true floor: of the wood laid, how much lands on floor. A mask with
   * no floor paints nothing wrong (1).
   */
  precision: number;
  /** Pixels predicted floor that are not floor, as a share of the whole photo: wood painted over the room. */
  outside: number;
}

export function floorAgreement(predicted: FloorMask, truth: FloorMask): FloorAgreement {
  assertSameSize(predicted, truth, 'floorAgreement');
  let both = 0;
  let predictedOnly = 0;
  let truthOnly = 0;
  for (let i = 0; i < truth.mask.length; i++) {
    const p = isFloor(predicted, i);
    const t = isFloor(truth, i);
    if (p && t) both++;
    else if (p) predictedOnly++;
    else if (t) truthOnly++;
  }
  const union = both + predictedOnly + truthOnly;
  return {
    iou: union === 0 ? 1 : both / union,
    precision: both + predictedOnly === 0 ? 1 : both / (both + predictedOnly),
    outside: predictedOnly / truth.mask.length,
  };
}

export function emptyMask(width: number, height: number): FloorMask {
  return { width, height, mask: Buffer.alloc(width * height) };
}
