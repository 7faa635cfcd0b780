import { describe, expect, it } from 'vitest';
import { emptyMask } from './floor-mask.ts';
import { largestErrorRegion, nextTap } from './tap-simulator.ts';
import { fillRect } from '../testing/fill-mask-rect.ts';

describe('the tap simulator', () => {
  it('taps the middle of the largest missed-floor blob and says it is floor', () => {
    const truth = emptyMask(40, 30);
    fillRect(truth, 0, 15, 40, 30, 255);
    const predicted = emptyMask(40, 30);
    fillRect(predicted, 0, 15, 40, 30, 255);
    // A 7×7 hole of missed floor centred on (20, 22), and a smaller 3×3 patch of false floor on the wall.
    fillRect(predicted, 17, 19, 24, 26, 0);
    fillRect(predicted, 5, 3, 8, 6, 255);
    const region = largestErrorRegion(predicted, truth);
    expect(region).toMatchObject({ kind: 'missed-floor', pixels: 49, centre: { x: 20, y: 22 } });
    expect(nextTap(predicted, truth)).toEqual({ x: 20.5 / 40, y: 22.5 / 30, floor: true });
  });

  it('says "not floor" for the largest false-floor blob', () => {
    const truth = emptyMask(40, 30);
    fillRect(truth, 0, 20, 40, 30, 255);
    const predicted = emptyMask(40, 30);
    fillRect(predicted, 0, 20, 40, 30, 255);
    fillRect(predicted, 10, 2, 21, 9, 255);
    expect(nextTap(predicted, truth)).toMatchObject({ floor: false, x: 15.5 / 40, y: 5.5 / 30 });
  });

  it('puts the tap inside a U-shaped error, where its centroid would fall outside it', () => {
    const truth = emptyMask(60, 60);
    const predicted = emptyMask(60, 60);
    // A thick U: two 10-wide uprights and a 10-high base; the centroid (30, ~38) is in the empty middle.
    fillRect(predicted, 10, 10, 20, 50, 255);
    fillRect(predicted, 40, 10, 50, 50, 255);
    fillRect(predicted, 10, 40, 50, 50, 255);
    const region = largestErrorRegion(predicted, truth)!;
    const { x, y } = region.centre;
    expect(predicted.mask[y * 60 + x]).toBe(255);
    expect(region.depth).toBeGreaterThanOrEqual(4);
  });

  it('taps nothing when the mask is right', () => {
    const truth = emptyMask(8, 8);
    fillRect(truth, 0, 4, 8, 8, 255);
    expect(nextTap(truth, truth)).toBeNull();
  });

  it('keeps missed floor and false floor that touch as separate regions', () => {
    const truth = emptyMask(30, 10);
    fillRect(truth, 0, 0, 15, 10, 255);
    const predicted = emptyMask(30, 10);
    // Columns 10-14 missed floor (50 px), columns 15-20 false floor (60 px): they touch but differ in kind.
    fillRect(predicted, 0, 0, 10, 10, 255);
    fillRect(predicted, 15, 0, 21, 10, 255);
    expect(largestErrorRegion(predicted, truth)).toMatchObject({ kind: 'false-floor', pixels: 60 });
  });
});
