import { describe, expect, it } from 'vitest';
import type { FloorLabel } from './label-schema.ts';
import { encodeCocoRle } from './coco-rle.ts';
import { rasteriseLabel } from './rasterise-label.ts';

const count = (data: Buffer) => data.reduce((sum, value) => sum + (value === 255 ? 1 : 0), 0);

describe('rasteriseLabel', () => {
  const label: FloorLabel = {
    id: 'square',
    width: 20,
    height: 20,
    // A 10×10 square (pixels 5-14) with a 2×2 hole (pixels 8-9) and a 4×2 rug (pixels 10-13, 12-13).
    floor: [
      {
        outer: [
          [5, 5],
          [15, 5],
          [15, 15],
          [5, 15],
        ],
        holes: [
          [
            [8, 8],
            [8, 10],
            [10, 10],
            [10, 8],
          ],
        ],
      },
    ],
    rugs: [
      {
        outer: [
          [10, 12],
          [14, 12],
          [14, 14],
          [10, 14],
        ],
        holes: [],
      },
    ],
  };

  it('fills pixels whose centre is inside the outer ring and outside the holes, rugs kept by default', () => {
    const mask = rasteriseLabel(label);
    expect(count(mask.mask)).toBe(100 - 4 - 8);
    expect(mask.mask[5 * 20 + 5]).toBe(255);
    expect(mask.mask[4 * 20 + 5]).toBe(0);
    expect(mask.mask[5 * 20 + 15]).toBe(0);
    expect(mask.mask[8 * 20 + 8]).toBe(0);
    expect(mask.mask[12 * 20 + 10]).toBe(0);
  });

  it('counts rugs as floor when they are to be replaced', () => {
    expect(count(rasteriseLabel(label, 'replace-rugs').mask)).toBe(100 - 4);
  });

  it('does not let a hole reach outside its region, and clips to the image', () => {
    const mask = rasteriseLabel({
      id: 'edge',
      width: 10,
      height: 10,
      floor: [
        {
          outer: [
            [-5, 6],
            [15, 6],
            [15, 12],
            [-5, 12],
          ],
          holes: [
            [
              [2, 0],
              [4, 0],
              [4, 8],
              [2, 8],
            ],
          ],
        },
      ],
      rugs: [],
    });
    // Rows 6-9 of 10 columns, less the hole's 2 columns in rows 6-7.
    expect(count(mask.mask)).toBe(40 - 4);
    expect(mask.mask[3 * 10 + 3]).toBe(0);
  });

  it("takes a dataset's RLE masks as they are, rugs cut out of the floor unless replaced", () => {
    const width = 6;
    const height = 4;
    const floor = Uint8Array.from({ length: width * height }, (_, i) => (Math.floor(i / width) >= 2 ? 1 : 0));
    const rug = Uint8Array.from({ length: width * height }, (_, i) => (i === 3 * width + 2 ? 1 : 0));
    const rleLabel: FloorLabel = {
      id: 'rle',
      width,
      height,
      floor: encodeCocoRle(floor, width, height),
      rugs: encodeCocoRle(rug, width, height),
    };
    expect(count(rasteriseLabel(rleLabel).mask)).toBe(11);
    expect(rasteriseLabel(rleLabel).mask[3 * width + 2]).toBe(0);
    expect(count(rasteriseLabel(rleLabel, 'replace-rugs').mask)).toBe(12);
    expect(() => rasteriseLabel({ ...rleLabel, width: 5 })).toThrow(/RLE of 6×4 for a 5×4 label/);
  });
});
