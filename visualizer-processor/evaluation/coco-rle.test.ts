import { describe, expect, it } from 'vitest';
import { decodeCocoRle, encodeCocoRle } from './coco-rle.ts';

// A real COCO-Stuff 2017 annotation (val2017 image 13659, category 123), as the dataset publishes it, with the
// area and bounding box the dataset gives for it: 334 pixels in x 288-313, y 274-310.
const COCO_STUFF_EXAMPLE = {
  size: [480, 640] as [number, number],
  counts: 'WYW41n>1N2^ONmA2M1V>9hAGY>a002M1O1O2O1N1O10O0HRB_Om=2dBLY>01NQl11mSN10000\\`h4',
};

describe('COCO compressed RLE', () => {
  it("decodes a COCO-Stuff annotation to the dataset's own area and bounding box", () => {
    const mask = decodeCocoRle(COCO_STUFF_EXAMPLE);
    const width = 640;
    let area = 0;
    let [left, top, right, bottom] = [width, 480, -1, -1];
    mask.forEach((value, i) => {
      if (!value) return;
      area++;
      const x = i % width;
      const y = Math.floor(i / width);
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    });
    expect(area).toBe(334);
    expect([left, top, right - left + 1, bottom - top + 1]).toEqual([288, 274, 26, 37]);
  });

  it('encodes that mask back to the same text', () => {
    expect(encodeCocoRle(decodeCocoRle(COCO_STUFF_EXAMPLE), 640, 480)).toEqual(COCO_STUFF_EXAMPLE);
  });

  it('round-trips masks with long runs, short runs, and a first pixel set or not', () => {
    const width = 37;
    const height = 23;
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const density of [0, 0.02, 0.5, 0.98, 1]) {
      const mask = Uint8Array.from({ length: width * height }, (_, i) =>
        i < 300 ? (i % 97 < 60 ? 1 : 0) : random() < density ? 1 : 0,
      );
      expect(decodeCocoRle(encodeCocoRle(mask, width, height))).toEqual(mask);
    }
  });

  it('refuses counts that do not cover the size', () => {
    const rle = encodeCocoRle(new Uint8Array(12).fill(1), 4, 3);
    expect(() => decodeCocoRle({ ...rle, size: [3, 5] })).toThrow(/covers 12 of 15/);
    expect(() => decodeCocoRle({ ...rle, size: [2, 4] })).toThrow(/do not fit/);
  });
});
