import { describe, expect, it } from 'vitest';
import { sortedValueAt } from '../percentiles.ts';
import { ROUGH_THING_LIMITS, medianRoughness, roughThingsOnFloor } from './rough-floor-things.ts';

/** A whole number from 0 to `range` - 1 that looks random but is the same every run. */
const hash = (x: number, y: number, range: number) => (((x * 7919) ^ (y * 104729)) >>> 0) % range;

/**
 * A 640×480 guide copy: a dark wall above row 120, floor below it (the floor mask says so), of `level` grey with a
 * grain of ±`grain`, painted by `paint` where it gives a brightness.
 */
function scene(paint: (x: number, y: number) => number | null, level = 150, grain = 2) {
  const width = 640;
  const height = 480;
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floor[i] = y >= 120 ? 1 : 0;
      const grey = y < 120 ? 30 : (paint(x, y) ?? level + (grain ? hash(x, y, 2 * grain + 1) - grain : 0));
      rgb.fill(Math.max(0, Math.min(255, grey)), i * 3, i * 3 + 3);
    }
  }
  return { floor, rgb, width, height, at: (mask: Uint8Array, x: number, y: number) => mask[y * width + x] };
}

/** A square of `side` pixels from (left, top). */
const square = (left: number, top: number, side = 40) => (x: number, y: number) => x >= left && x < left + side && y >= top && y < top + side;

/** A chair's base seen close: black plastic and bright highlights changing every way from pixel to pixel. */
const detail = (x: number, y: number) => (hash(x, y, 3) === 0 ? 230 : 20);

describe('things far rougher than a smooth floor', () => {
  it("takes a chair base's detail lying on smooth vinyl, and none of the vinyl round it nor along the wall", () => {
    const base = square(300, 300);
    const { floor, rgb, width, height, at } = scene((x, y) => (base(x, y) ? detail(x, y) : null));
    const taken = roughThingsOnFloor(floor, rgb, width, height);
    expect(at(taken, 320, 320)).toBe(1);
    expect(at(taken, 301, 301)).toBe(1);
    expect(at(taken, 338, 338)).toBe(1);
    expect(at(taken, 285, 320)).toBe(0);
    expect(at(taken, 100, 400)).toBe(0);
    // The step from the dark wall to the floor is not the floor's detail.
    expect(at(taken, 320, 121)).toBe(0);
  });

  it('leaves stripes of sun and shade as rough as the detail: their steps all run one way', () => {
    // Bands two pixels high, sun and shade, as light through blinds far down a corridor.
    const stripes = square(300, 300);
    const { floor, rgb, width, height, at } = scene((x, y) => (stripes(x, y) ? (y % 4 < 2 ? 230 : 60) : null));
    expect(at(roughThingsOnFloor(floor, rgb, width, height), 320, 320)).toBe(0);
    expect(at(roughThingsOnFloor(floor, rgb, width, height, { ...ROUGH_THING_LIMITS, grain: Infinity }), 320, 320)).toBe(1);
  });

  it('leaves a patch a few times as rough as a carpet: the carpet is rough all over', () => {
    const patch = square(300, 300);
    // Carpet of grain ±12; the patch ±48.
    const { floor, rgb, width, height, at } = scene((x, y) => (patch(x, y) ? 150 + hash(x, y, 97) - 48 : null), 150, 12);
    expect(at(roughThingsOnFloor(floor, rgb, width, height), 320, 320)).toBe(0);
    expect(at(roughThingsOnFloor(floor, rgb, width, height, { ...ROUGH_THING_LIMITS, times: 3 }), 320, 320)).toBe(1);
  });

  it("leaves a faint grain on a floor with none at all: a camera's noise is no thing", () => {
    const patch = square(300, 300);
    const { floor, rgb, width, height, at } = scene((x, y) => (patch(x, y) ? 150 + hash(x, y, 9) - 4 : null), 150, 0);
    expect(at(roughThingsOnFloor(floor, rgb, width, height), 320, 320)).toBe(0);
    expect(at(roughThingsOnFloor(floor, rgb, width, height, { ...ROUGH_THING_LIMITS, least: 0 }), 320, 320)).toBe(1);
  });

  it('leaves a speck of detail: a piece under a thousandth of the photo', () => {
    const speck = square(300, 300, 6);
    const { floor, rgb, width, height, at } = scene((x, y) => (speck(x, y) ? detail(x, y) : null));
    expect(at(roughThingsOnFloor(floor, rgb, width, height), 302, 302)).toBe(0);
    expect(at(roughThingsOnFloor(floor, rgb, width, height, { ...ROUGH_THING_LIMITS, minArea: 0 }), 302, 302)).toBe(1);
  });
});

describe("the floor's median roughness", () => {
  it('is the value a sort puts in the middle, as sortedValueAt gives it, with ties, zeros and one bin crowded', () => {
    const samples: number[][] = [
      [0.3],
      [0, 0, 0, 0],
      [0.5, 0.5, 0.5, 0.1, 0.9],
      // Most in one of the histogram's bins, a few far out: the bin that holds the middle is sorted alone.
      Array.from({ length: 999 }, (_, k) => (k % 97 === 0 ? 40 + k : 0.01 + hash(k, 3, 1000) * 1e-7)),
      Array.from({ length: 60000 }, (_, k) => (k % 11 === 0 ? 0 : hash(k, k >> 3, 5000) / 1234)),
    ];
    for (const sample of samples) {
      // Unused room past `count`, as the step's buffer has.
      const values = new Float32Array(sample.length + 5).fill(7);
      values.set(sample);
      expect(medianRoughness(values, sample.length)).toBe(sortedValueAt(sample, sample.length >> 1));
    }
  });
});
