import { describe, expect, it } from 'vitest';
import { RUG_OUTLINE_LIMITS, floorInsideRugs } from './rug-outlines.ts';

const W = 100;
const H = 100;

/** Floor from row `top` down, over the whole width. */
function floorFrom(top: number): Uint8Array {
  const floor = new Uint8Array(W * H);
  floor.fill(1, top * W);
  return floor;
}

/** The border (`thickness` cells) of the rectangle [x0, x1) × [y0, y1): a rug the runs saw only around its edge. */
function ring(x0: number, y0: number, x1: number, y1: number, thickness: number): Uint8Array {
  const rug = new Uint8Array(W * H);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const edge = x < x0 + thickness || x >= x1 - thickness || y < y0 + thickness || y >= y1 - thickness;
      if (edge) rug[y * W + x] = 1;
    }
  }
  return rug;
}

const at = (cells: Uint8Array, x: number, y: number) => cells[y * W + x];

describe('floorInsideRugs', () => {
  it('takes the floor inside a rug the runs saw only around its edge, and none of the floor around the rug', () => {
    const rug = ring(20, 50, 80, 90, 6);
    const floor = floorFrom(30);
    // The runs' floor leaves out what they saw as rug.
    for (let i = 0; i < floor.length; i++) if (rug[i]) floor[i] = 0;
    const inside = floorInsideRugs(floor, rug, W, H);
    expect(at(inside, 50, 70)).toBe(1);
    expect(at(inside, 27, 57)).toBe(1);
    // Floor beyond the rug: in front of it, beside it, and behind it up to the wall.
    expect(at(inside, 10, 70)).toBe(0);
    expect(at(inside, 90, 95)).toBe(0);
    expect(at(inside, 50, 40)).toBe(0);
    let taken = 0;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inside[y * W + x] && (x < 20 || x >= 80 || y < 50 || y >= 90)) taken++;
    expect(taken).toBe(0);
  });

  it('leaves the floor alone where the rug votes are a scatter, a mat too small to matter, or carpet that runs to the walls', () => {
    const floor = floorFrom(30);
    const scatter = new Uint8Array(W * H);
    for (let y = 40; y < 100; y += 9) for (let x = 0; x < W; x += 9) scatter[y * W + x] = 1;
    expect(floorInsideRugs(floor, scatter, W, H).includes(1)).toBe(false);

    const mat = ring(45, 60, 55, 66, 1);
    expect(mat.reduce((sum, cell) => sum + cell, 0)).toBeLessThan(W * H * RUG_OUTLINE_LIMITS.minArea);
    expect(floorInsideRugs(floor, mat, W, H).includes(1)).toBe(false);

    // A covering whose outline takes in most of the floor's far edge (row 30) is the floor itself.
    const carpet = ring(0, 28, W, H, 6);
    expect(floorInsideRugs(floor, carpet, W, H).includes(1)).toBe(false);
  });
});
