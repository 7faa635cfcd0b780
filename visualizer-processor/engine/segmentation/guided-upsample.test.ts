import { describe, expect, it } from 'vitest';
import { applyCoefficients, boxMean, guideMeans, guidedCoefficients, resizeBilinear, type GrayImage, type GuidedCoefficients } from './guided-upsample.ts';

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

  it('decides each pixel as the filter formula does, also where the coefficients settle it without the brightness', () => {
    // The formula pixel by pixel: the coefficients stretched bilinearly (a row at a time, kept as float32) to the
    // photo, applied to its brightness.
    const reference = (c: GuidedCoefficients, rgb: Uint8Array, width: number, height: number, threshold: number) => {
      const mask = Buffer.alloc(width * height);
      const rowA = new Float32Array(c.width);
      const rowB = new Float32Array(c.width);
      for (let y = 0; y < height; y++) {
        const fy = Math.min(c.height - 1, Math.max(0, ((y + 0.5) * c.height) / height - 0.5));
        const y0 = Math.min(c.height - 2, Math.floor(fy));
        const wy = fy - y0;
        for (let x = 0; x < c.width; x++) {
          rowA[x] = c.a[y0 * c.width + x]! * (1 - wy) + c.a[(y0 + 1) * c.width + x]! * wy;
          rowB[x] = c.b[y0 * c.width + x]! * (1 - wy) + c.b[(y0 + 1) * c.width + x]! * wy;
        }
        for (let x = 0; x < width; x++) {
          const fx = Math.min(c.width - 1, Math.max(0, ((x + 0.5) * c.width) / width - 0.5));
          const x0 = Math.min(c.width - 2, Math.floor(fx));
          const wx = Math.fround(fx - x0);
          const ai = rowA[x0]! * (1 - wx) + rowA[x0 + 1]! * wx;
          const bi = rowB[x0]! * (1 - wx) + rowB[x0 + 1]! * wx;
          const p = (y * width + x) * 3;
          mask[y * width + x] = ai * ((0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!) / 255) + bi >= threshold ? 255 : 0;
        }
      }
      return mask;
    };
    // Coefficients of every kind: flat wall (0), flat floor (1), edges whose brightness decides, and constants
    // a hair either side of the threshold; a photo of noise.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const cw = 40;
    const ch = 30;
    const a = new Float32Array(cw * ch);
    const b = new Float32Array(cw * ch);
    for (let i = 0; i < a.length; i++) {
      const kind = Math.floor(random() * 5);
      a[i] = kind === 2 ? (random() - 0.5) * 6 : 0;
      b[i] = kind === 0 ? 0 : kind === 1 ? 1 : kind === 2 ? random() : kind === 3 ? 0.6 + 1e-7 : 0.6 - 1e-7;
    }
    const coefficients = { width: cw, height: ch, a, b };
    // A photo larger than the coefficients (as the steps use it), one smaller (coefficient columns without a
    // pixel of their own) and one of the same size.
    for (const [width, height] of [
      [173, 121],
      [31, 23],
      [40, 30],
    ] as const) {
      const rgb = new Uint8Array(width * height * 3);
      for (let i = 0; i < rgb.length; i++) rgb[i] = Math.floor(random() * 256);
      const mask = applyCoefficients(coefficients, rgb, width, height, 0.6);
      expect(mask.equals(reference(coefficients, rgb, width, height, 0.6))).toBe(true);
      // Some of each: pixels decided without their brightness, both ways, and pixels it decided.
      expect(mask.includes(0) && mask.includes(255)).toBe(true);
    }
  });

  it('gives the same coefficients from the guide\'s means made ahead, for any mask, and refuses means of another radius', () => {
    const width = 96;
    const height = 64;
    const { guide } = photoOf(width, height, (x, y) => (x + y < 90 ? 70 : 200));
    const means = guideMeans(guide, 4);
    for (const inside of [(x: number, y: number) => x + y < 90, (x: number) => x < 40]) {
      const coarse = coarseMask(width, height, 8, inside);
      const p = resizeBilinear(coarse.data, coarse.w, coarse.h, width, height);
      const alone = guidedCoefficients(guide, p, 4, 0.002);
      const ahead = guidedCoefficients(guide, p, 4, 0.002, means);
      expect(ahead.a).toEqual(alone.a);
      expect(ahead.b).toEqual(alone.b);
    }
    expect(() => guidedCoefficients(guide, new Float32Array(width * height), 5, 0.002, means)).toThrow(/another radius/);
  });

  it('averages over a window clipped at the image border', () => {
    const values = Float32Array.from([1, 2, 3, 4, 5, 6]);
    // 3 × 2 image, radius 1: every window is clipped; the corner's mean is of its 4 neighbours.
    expect(Array.from(boxMean(values, 3, 2, 1))).toEqual([3, 3.5, 4, 3, 3.5, 4]);
  });

  it('averages every window, whole or clipped on either side, in images wider and narrower than the window', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const [width, height, radius] of [
      [37, 23, 5],
      [9, 30, 5],
      [30, 9, 5],
      [11, 11, 5],
      [12, 12, 5],
      [1, 8, 2],
      [8, 1, 2],
      [20, 14, 0],
    ] as const) {
      const values = new Float32Array(width * height);
      for (let i = 0; i < values.length; i++) values[i] = random();
      const means = boxMean(values, width, height, radius);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let sum = 0;
          let count = 0;
          for (let v = Math.max(0, y - radius); v <= Math.min(height - 1, y + radius); v++) {
            for (let u = Math.max(0, x - radius); u <= Math.min(width - 1, x + radius); u++) {
              sum += values[v * width + u]!;
              count++;
            }
          }
          expect(means[y * width + x]).toBeCloseTo(sum / count, 5);
        }
      }
    }
  });
});
