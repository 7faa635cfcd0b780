import { describe, expect, it } from 'vitest';
import { applyCoefficients, boxMean, guidedCoefficients, resizeBilinear, type GrayImage } from './guided-upsample.ts';

/** A photo (RGB) and its brightness, from a brightness function; a little deterministic noise like a sensor's. */
function photoOf(width: number, height: number, level: (x: number, y: number) => number) {
  const rgb = new Uint8Array(width * height * 3);
  const values = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const noise = (((x * 7919 + y * 104729) % 11) - 5) * 0.8;
      const v = Math.max(0, Math.min(255, Math.round(level(x, y) + noise)));
      rgb.set([v, v, v], (y * width + x) * 3);
      values[y * width + x] = v / 255;
    }
  }
  const guide: GrayImage = { width, height, values };
  return { rgb, guide };
}

/** A coarse soft mask, as the network gives it: 1 where `inside` holds at the cell's centre. */
function coarseMask(width: number, height: number, cell: number, inside: (x: number, y: number) => boolean): { data: Float32Array; w: number; h: number } {
  const w = Math.ceil(width / cell);
  const h = Math.ceil(height / cell);
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = inside((x + 0.5) * cell, (y + 0.5) * cell) ? 1 : 0;
  return { data, w, h };
}

function refine(width: number, height: number, rgb: Uint8Array, guide: GrayImage, coarse: { data: Float32Array; w: number; h: number }, radius: number) {
  const p = resizeBilinear(coarse.data, coarse.w, coarse.h, width, height);
  return applyCoefficients(guidedCoefficients(guide, p, radius, 0.002), rgb, width, height);
}

describe('edge-aware upsampling of the floor mask', () => {
  it('moves a coarse boundary onto the photo’s own edge', () => {
    // Dark floor left of x = 173, light wall right of it; the network's 8-px cells put the boundary at 176.
    const width = 320;
    const height = 120;
    const { rgb, guide } = photoOf(width, height, (x) => (x < 173 ? 70 : 200));
    const coarse = coarseMask(width, height, 8, (x) => x < 173);
    const plain = refine(width, height, rgb, guide, coarse, 0);
    const refined = refine(width, height, rgb, guide, coarse, 6);
    const boundaries = (mask: Buffer) =>
      Array.from({ length: height }, (_, y) => {
        let x = 0;
        while (x < width && mask[y * width + x] === 255) x++;
        return x;
      });
    expect(new Set(boundaries(plain))).not.toEqual(new Set([173]));
    expect(new Set(boundaries(refined))).toEqual(new Set([173]));
    expect(refined.every((v) => v === 0 || v === 255)).toBe(true);
  });

  it('keeps a thin dark leg out of the floor, and the floor beside it in', () => {
    // A 4-px leg on a light floor; the network's 8-px cell over it says "not floor" for the whole cell.
    const width = 240;
    const height = 160;
    const leg = (x: number, y: number) => x >= 120 && x < 124 && y >= 60;
    const { rgb, guide } = photoOf(width, height, (x, y) => (leg(x, y) ? 40 : 185));
    const coarse = coarseMask(width, height, 8, (x, y) => !(x >= 120 && x < 128 && y >= 60));
    const refined = refine(width, height, rgb, guide, coarse, 6);
    let legPixels = 0;
    let legAsFloor = 0;
    let besideAsFloor = 0;
    for (let y = 70; y < height; y++) {
      for (let x = 120; x < 124; x++) {
        legPixels++;
        if (refined[y * width + x] === 255) legAsFloor++;
      }
      for (let x = 125; x < 128; x++) if (refined[y * width + x] === 255) besideAsFloor++;
    }
    expect(legAsFloor).toBe(0);
    // The floor between the leg and the cell's edge comes back: most of it, not all (the leg's own halo).
    expect(besideAsFloor / ((height - 70) * 3)).toBeGreaterThan(0.6);
    expect(legPixels).toBeGreaterThan(0);
  });

  it('averages over a window clipped at the image border', () => {
    const values = Float32Array.from([1, 2, 3, 4, 5, 6]);
    // 3 × 2 image, radius 1: every window is clipped; the corner's mean is of its 4 neighbours.
    expect(Array.from(boxMean(values, 3, 2, 1))).toEqual([3, 3.5, 4, 3, 3.5, 4]);
  });
});
