import { describe, expect, it } from 'vitest';
import { describePhotoAnatomy, errorAnatomy, MISSED_KINDS, PAINTED_KINDS } from './error-anatomy.ts';
import { emptyMask, floorIoU } from './floor-mask.ts';
import { fillRect } from '../testing/fill-mask-rect.ts';

// 200 × 200: a diagonal of 283 pixels, so 1 % of it is 2.8 pixels and 2 % 5.7.
const side = 200;

function floorBelowTheMiddle() {
  const truth = emptyMask(side, side);
  fillRect(truth, 0, 100, side, side, 255);
  return truth;
}

describe('where a render’s IoU goes', () => {
  it('splits a strip left at the far edge and a chair painted over, adding up to what the IoU lost', () => {
    const truth = floorBelowTheMiddle();
    fillRect(truth, 40, 150, 60, 170, 0); // a chair's seat seen from above, standing on the floor
    const things = new Uint8Array(side * side);
    for (let y = 150; y < 170; y++) for (let x = 40; x < 60; x++) things[y * side + x] = 255;
    const predicted = floorBelowTheMiddle(); // the chair painted over...
    fillRect(predicted, 0, 100, side, 102, 0); // ...and two rows at the far edge left as they were
    const bare = floorBelowTheMiddle(); // the network painted the chair too, and had the far edge right
    const anatomy = errorAnatomy(predicted, truth, bare, things);
    const lost = 1 - floorIoU(predicted, truth);
    expect(anatomy.missed.total + anatomy.painted.total).toBeCloseTo(lost, 9);
    const union = side * 100;
    expect(anatomy.missed.total).toBeCloseTo((2 * side) / union, 9);
    expect(anatomy.missed.byKind[MISSED_KINDS.indexOf('far edge (wall above)')]).toBeCloseTo((2 * side) / union, 9);
    expect(anatomy.missed.networkToo).toBe(0);
    expect(anatomy.missed.byDistance[0]).toBeCloseTo((2 * side) / union, 9); // within 1 % of the true edge
    expect(anatomy.painted.byKind[PAINTED_KINDS.indexOf('on a thing standing on the floor')]).toBeCloseTo(
      400 / union,
      9,
    );
    expect(anatomy.painted.networkToo).toBeCloseTo(400 / union, 9);
    // The chair is 1 % of the photo: the 0.5-2 % pieces.
    expect(anatomy.painted.bySize[2]).toBeCloseTo(400 / union, 9);
    // The strip is 400 pixels too, in one piece.
    expect(anatomy.missed.bySize[2]).toBeCloseTo(400 / union, 9);
  });

  it('calls missed floor with paint all round it a hole in the paint', () => {
    const truth = floorBelowTheMiddle();
    const predicted = floorBelowTheMiddle();
    fillRect(predicted, 90, 140, 100, 150, 0);
    const anatomy = errorAnatomy(predicted, truth, truth);
    expect(anatomy.missed.byKind[MISSED_KINDS.indexOf('hole in the paint')]).toBeCloseTo(100 / (side * 100), 9);
    expect(anatomy.painted.total).toBe(0);
  });

  it("gives one photo's loss as points of IoU and of the mean, by kind, leaving out kinds under 0.05 points", () => {
    const truth = floorBelowTheMiddle();
    fillRect(truth, 40, 150, 60, 170, 0);
    const things = new Uint8Array(side * side);
    for (let y = 150; y < 170; y++) for (let x = 40; x < 60; x++) things[y * side + x] = 255;
    const predicted = floorBelowTheMiddle();
    fillRect(predicted, 0, 100, side, 102, 0);
    const line = describePhotoAnatomy('kitchen', errorAnatomy(predicted, truth, floorBelowTheMiddle(), things), 4);
    // 400 pixels missed and 400 painted of a union of 20000: 2 points each, 4 in all, 1 of a mean over 4 photos.
    expect(line).toBe(
      'kitchen: 4.0 points lost, 1.00 of the mean over 4; missed 2.0 (0.0), far edge (wall above) 2.0 (0.0); ' +
        'painted 2.0 (2.0), on a thing standing on the floor 2.0 (2.0)',
    );
  });
});
