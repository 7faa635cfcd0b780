import { describe, expect, it } from 'vitest';
import { emptyMask, floorAgreement, floorIoU } from './floor-mask.ts';

function rows(width: number, height: number, from: number, to: number) {
  const mask = emptyMask(width, height);
  mask.mask.fill(255, from * width, to * width);
  return mask;
}

describe('floorIoU', () => {
  it('is intersection over union of the floor pixels', () => {
    // Rows 0-5 against rows 3-9 of a 10×10 image: 3 shared rows of 10 in the union.
    expect(floorIoU(rows(10, 10, 0, 6), rows(10, 10, 3, 10))).toBeCloseTo(0.3, 10);
    expect(floorIoU(rows(10, 10, 3, 10), rows(10, 10, 3, 10))).toBe(1);
    expect(floorIoU(rows(10, 10, 0, 3), rows(10, 10, 3, 10))).toBe(0);
  });

  it('reads any value from 128 up as floor, so feathered edges count as their binary shape', () => {
    const truth = rows(4, 4, 2, 4);
    const feathered = rows(4, 4, 2, 4);
    feathered.mask.fill(128, 8, 12);
    feathered.mask.fill(127, 0, 4);
    expect(floorIoU(feathered, truth)).toBe(1);
  });

  it('refuses masks of different sizes', () => {
    expect(() => floorIoU(emptyMask(4, 3), emptyMask(3, 4))).toThrow(/4×3.*3×4/);
  });
});

describe('floorAgreement', () => {
  it('gives IoU, precision (share of the predicted floor that is floor) and false floor as a share of the photo', () => {
    // Predicted rows 0-5, true rows 3-9 of 10×10: 30 shared, 30 predicted only, 40 true only.
    expect(floorAgreement(rows(10, 10, 0, 6), rows(10, 10, 3, 10))).toEqual({ iou: 0.3, precision: 0.5, outside: 0.3 });
  });

  it('counts a mask with no floor as painting nothing wrong', () => {
    expect(floorAgreement(emptyMask(4, 4), rows(4, 4, 2, 4))).toEqual({ iou: 0, precision: 1, outside: 0 });
  });
});
