import { describe, expect, it } from 'vitest';
import { edgeBands } from './edge-bands.ts';
import { emptyMask } from './floor-mask.ts';
import { fillRect } from '../testing/fill-mask-rect.ts';

// 1000 × 1000: a diagonal of 1414 pixels, so the first band (0.2 % of it) reaches 2.8 pixels and the second 7.1.
const side = 1000;

/** The true floor: the bottom half of the photo. */
function floorBelowTheMiddle() {
  const truth = emptyMask(side, side);
  fillRect(truth, 0, 500, side, side, 255);
  return truth;
}

describe('how far from the floor’s true edge a render goes wrong', () => {
  it('puts a thin band painted past the floor’s far edge in the nearest band, above the floor, and a thing far off beyond every band', () => {
    const truth = floorBelowTheMiddle();
    const predicted = floorBelowTheMiddle();
    fillRect(predicted, 0, 498, side, 500, 255); // two rows of wall's foot
    fillRect(predicted, 100, 100, 120, 120, 255); // a picture on the wall, 380 pixels above the floor
    const paintedFloor = 502 * side + 400;
    const bands = edgeBands(predicted, truth);
    expect(bands.painted[0]).toBeCloseTo((2 * side) / paintedFloor, 6);
    expect(bands.painted.slice(1, -1).every((share) => share === 0)).toBe(true);
    expect(bands.painted.at(-1)).toBeCloseTo(400 / paintedFloor, 6);
    expect(bands.paintedAboveTheFloor).toBeCloseTo((2 * side) / paintedFloor, 6);
    expect(bands.missed.every((share) => share === 0)).toBe(true);
  });

  it('counts floor a render stops short of at the far edge as missed above the paint, by its distance', () => {
    const truth = floorBelowTheMiddle();
    const predicted = emptyMask(side, side);
    fillRect(predicted, 0, 505, side, side, 255); // five rows of floor left at the far edge
    const trueFloor = 500 * side;
    const bands = edgeBands(predicted, truth);
    // Rows 1 and 2 pixels from the paint in the first band, rows 3 to 5 in the second.
    expect(bands.missed[0]).toBeCloseTo((2 * side) / trueFloor, 6);
    expect(bands.missed[1]).toBeCloseTo((3 * side) / trueFloor, 6);
    expect(bands.missedAboveThePaint).toBeCloseTo((5 * side) / trueFloor, 6);
    expect(bands.painted.every((share) => share === 0)).toBe(true);
  });

  it('tells a band beside the floor from one above it', () => {
    // The floor is the left half; the render paints three columns past its right edge (a wall's side).
    const truth = emptyMask(side, side);
    fillRect(truth, 0, 0, 500, side, 255);
    const predicted = emptyMask(side, side);
    fillRect(predicted, 0, 0, 503, side, 255);
    const bands = edgeBands(predicted, truth);
    expect(bands.painted[0]! + bands.painted[1]!).toBeCloseTo((3 * side) / (503 * side), 6);
    expect(bands.paintedAboveTheFloor).toBe(0);
  });
});
