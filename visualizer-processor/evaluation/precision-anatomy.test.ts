import { describe, expect, it } from 'vitest';
import {
  describePrecisionAnatomy,
  meanPrecisionAnatomy,
  PRECISION_KINDS,
  precisionAnatomy,
} from './precision-anatomy.ts';
import { emptyMask, floorAgreement } from './floor-mask.ts';
import { fillRect } from '../testing/fill-mask-rect.ts';

// 200 × 200: a diagonal of 283 pixels, so 0.5 % of it is 1.4 pixels and 2 % 5.7.
const side = 200;

describe('where a render’s precision goes', () => {
  it('sorts the painted non-floor by rug, thing, and the floor below it, adding up to what the precision lost', () => {
    // The true floor: the lower half, with a rug on it and a keyboard lying on it (a hole in the label).
    const truth = emptyMask(side, side);
    fillRect(truth, 0, 100, side, side, 255);
    fillRect(truth, 120, 150, 160, 180, 0); // the rug (kept: not floor)
    fillRect(truth, 40, 150, 60, 170, 0); // the keyboard
    const rugs = new Uint8Array(side * side);
    for (let y = 150; y < 180; y++) for (let x = 120; x < 160; x++) rugs[y * side + x] = 255;
    const things = new Uint8Array(side * side);
    for (let y = 150; y < 170; y++) for (let x = 40; x < 60; x++) things[y * side + x] = 255;
    const predicted = emptyMask(side, side);
    fillRect(predicted, 0, 100, side, side, 255); // every floor, the rug and the keyboard
    fillRect(predicted, 0, 99, 20, 100, 255); // one row on the floor's edge line (20 px)
    fillRect(predicted, 20, 96, 30, 99, 255); // a skirting's foot 2-4 px above the floor (30 px)
    fillRect(predicted, 30, 80, 34, 90, 255); // a face 11-20 px above the floor (40 px)
    const bare = emptyMask(side, side); // the network painted only the rug
    fillRect(bare, 120, 150, 160, 180, 255);
    const anatomy = precisionAnatomy(predicted, truth, bare, things, rugs);
    const painted = side * 100 + 20 + 30 + 40;
    expect(anatomy.total).toBeCloseTo(1 - floorAgreement(predicted, truth).precision, 9);
    const share = (kind: (typeof PRECISION_KINDS)[number]) => anatomy.byKind[PRECISION_KINDS.indexOf(kind)]!;
    expect(share('on a rug kept')).toBeCloseTo(1200 / painted, 9);
    // The keyboard's outer ring of pixels is within 1.4 px of the floor: its rim; the 18 × 18 inside is the thing's.
    expect(share("a thing's rim (within 0.5 % of the diagonal of the floor)")).toBeCloseTo((400 - 324) / painted, 9);
    expect(share('inside a thing standing or lying on the floor')).toBeCloseTo(324 / painted, 9);
    expect(share("the floor's edge line (floor below within 0.5 %)")).toBeCloseTo(20 / painted, 9);
    expect(
      share("a band above the floor's edge (floor below within 0.5-2 %: wall foot, skirting, a face's foot)"),
    ).toBeCloseTo(30 / painted, 9);
    expect(share('high above the floor (floor below farther than 2 %: faces, far wall)')).toBeCloseTo(40 / painted, 9);
    expect(anatomy.byKindNetworkToo[0]).toBeCloseTo(1200 / painted, 9);
    expect(anatomy.byKindNetworkToo.slice(1).every((part) => part === 0)).toBe(true);
    // Each photo counts once in the mean, as in the mean precision; a render that paints nothing loses nothing.
    const none = precisionAnatomy(emptyMask(side, side), truth, bare);
    expect(none.total).toBe(0);
    expect(meanPrecisionAnatomy([anatomy, none]).byKind[0]).toBeCloseTo(600 / painted, 9);
    expect(describePrecisionAnatomy('first render', anatomy)).toContain(
      `on a rug kept ${((100 * 1200) / painted).toFixed(2)}`,
    );
  });

  it('gives paint with no floor below it (a desk top at the photo’s foot) its own kind', () => {
    const truth = emptyMask(side, side);
    fillRect(truth, 100, 100, side, side, 255);
    const predicted = emptyMask(side, side);
    fillRect(predicted, 0, 150, side, side, 255); // the desk top left of the floor, down to the photo's foot
    const anatomy = precisionAnatomy(predicted, truth, emptyMask(side, side));
    expect(
      anatomy.byKind[PRECISION_KINDS.indexOf('no floor below (beside or below the floor: a desk top, a corner)')],
    ).toBeCloseTo(0.5, 9);
  });
});
