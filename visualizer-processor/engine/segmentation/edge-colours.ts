/**
 * The floor's edge decided again at the photo's full size by the colours on each side of it (`edgeColours`, off:
 * decision 012's log, session 30). The guided filter places the edge from the guide copy (768 px) and the full-size
 * brightness alone; where a step or a tap pinned the coefficients the full-size edge is their bilinear blend. Here
 * the pixels within `band` guide pixels of the floor's edge are each given to the side whose local mean colour they
 * are clearly nearer (`ratio` times), the means taken from the floor and from the not-floor just past the band
 * (`ring` guide pixels) within `radius` guide pixels: a local model for each stretch of the edge, not one for the
 * whole floor (decision 004 measured the global one). By default it only takes floor away: given missed floor back
 * too, it followed a jute rug's edge out into the rug and lowered precision. The models are worked out on the guide
 * copy; only the band's full-size pixels are tested.
 */
import { boxMean } from './guided-upsample.ts';

export interface EdgeColourLimits {
  /** Guide pixels either side of the guide-size edge whose full-size pixels are decided again. */
  band: number;
  /** Guide pixels past the band whose colours make each side's model. */
  ring: number;
  /** Window radius of the local models, in guide pixels. */
  radius: number;
  /** A pixel changes side only when its colour is this many times nearer the other side's mean than its own side's. */
  ratio: number;
  /** Each side's ring must be at least this share of the window, or the pixel is left as it was. */
  minShare: number;
  /** Whether not-floor pixels may become floor, and floor pixels not-floor. */
  grows: boolean;
  shrinks: boolean;
}

export const EDGE_COLOUR_LIMITS: EdgeColourLimits = {
  band: 1,
  ring: 2,
  radius: 6,
  ratio: 1.5,
  minShare: 0.02,
  grows: false,
  shrinks: true,
};

/**
 * Steps from the edge on the guide (8-connected, 1 = a pixel with a 4-neighbour of the other side), up to `reach`;
 * 0 past it.
 */
export function stepsFromEdge(floor: Uint8Array, width: number, height: number, reach: number): Uint8Array {
  const steps = new Uint8Array(floor.length);
  let front: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const f = floor[i];
      if (
        (x > 0 && floor[i - 1] !== f) ||
        (x < width - 1 && floor[i + 1] !== f) ||
        (y > 0 && floor[i - width] !== f) ||
        (y < height - 1 && floor[i + width] !== f)
      ) {
        steps[i] = 1;
        front.push(i);
      }
    }
  }
  for (let step = 2; step <= reach && front.length; step++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % width;
      const y = (i - x) / width;
      const f = floor[i];
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (!steps[n] && floor[n] === f) {
            steps[n] = step;
            next.push(n);
          }
        }
      }
    }
    front = next;
  }
  return steps;
}

/**
 * `mask` (full size, 255 = floor) changed in place where the band's pixels are clearly nearer the other side's
 * colour. `guideFloor` is the floor at the guide's size (1 = floor) and `guideRgb` the guide copy.
 */
export function edgeByLocalColours(
  mask: Buffer,
  rgb: Uint8Array,
  width: number,
  height: number,
  guideFloor: Uint8Array,
  guideRgb: Uint8Array,
  guideWidth: number,
  guideHeight: number,
  limits: EdgeColourLimits,
): void {
  const n = guideFloor.length;
  const steps = stepsFromEdge(guideFloor, guideWidth, guideHeight, limits.band + limits.ring);
  const floorRing = new Float32Array(n);
  const otherRing = new Float32Array(n);
  for (let i = 0; i < n; i++) if (steps[i]! > limits.band) (guideFloor[i] ? floorRing : otherRing)[i] = 1;
  const floorShare = boxMean(floorRing, guideWidth, guideHeight, limits.radius);
  const otherShare = boxMean(otherRing, guideWidth, guideHeight, limits.radius);
  const floorMean: Float32Array[] = [];
  const otherMean: Float32Array[] = [];
  const channel = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < n; i++) channel[i] = floorRing[i]! * guideRgb[3 * i + c]!;
    floorMean.push(boxMean(channel, guideWidth, guideHeight, limits.radius));
    for (let i = 0; i < n; i++) channel[i] = otherRing[i]! * guideRgb[3 * i + c]!;
    otherMean.push(boxMean(channel, guideWidth, guideHeight, limits.radius));
  }
  const ratio2 = limits.ratio * limits.ratio;
  for (let gy = 0; gy < guideHeight; gy++) {
    const y0 = Math.floor((gy * height) / guideHeight);
    const y1 = Math.floor(((gy + 1) * height) / guideHeight);
    for (let gx = 0; gx < guideWidth; gx++) {
      const g = gy * guideWidth + gx;
      const s = steps[g]!;
      if (!s || s > limits.band) continue;
      const fs = floorShare[g]!;
      const os = otherShare[g]!;
      if (fs < limits.minShare || os < limits.minShare) continue;
      const fr = floorMean[0]![g]! / fs;
      const fg = floorMean[1]![g]! / fs;
      const fb = floorMean[2]![g]! / fs;
      const or = otherMean[0]![g]! / os;
      const og = otherMean[1]![g]! / os;
      const ob = otherMean[2]![g]! / os;
      const x0 = Math.floor((gx * width) / guideWidth);
      const x1 = Math.floor(((gx + 1) * width) / guideWidth);
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = y * width + x;
          const r = rgb[3 * i]!;
          const gr = rgb[3 * i + 1]!;
          const b = rgb[3 * i + 2]!;
          const toFloor = (r - fr) * (r - fr) + (gr - fg) * (gr - fg) + (b - fb) * (b - fb);
          const toOther = (r - or) * (r - or) + (gr - og) * (gr - og) + (b - ob) * (b - ob);
          if (mask[i]! >= 128) {
            if (limits.shrinks && toOther * ratio2 < toFloor) mask[i] = 0;
          } else if (limits.grows && toFloor * ratio2 < toOther) mask[i] = 255;
        }
      }
    }
  }
}
