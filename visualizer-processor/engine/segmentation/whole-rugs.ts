/**
 * "Replace carpet and rugs too" paints what the runs called floor or rug, and the floor steps then take out what
 * they take on any floor: the shade under a table the runs call table, the pile the zoomed runs call wall, the margin
 * round a pouf. What stays is a piece of the old rug beside the new floor: the "two floors" a visitor does not
 * believe. A rug is one thing with an outline, so once part of it is painted the rest of it goes too: from the rug
 * the render paints (the rug the kept floor knew, seen by a run or taken out by a rug step, where the replaced floor
 * paints it) the rug grows over what the replaced floor left, through its own hue in light and shade, never across a
 * colour edge (a table top, a leg, a bed's frame stand out from the rug under them), never past its convex outline
 * (a rug is a rectangle or an oval, convex in perspective) and never onto what a zoomed run saw standing there.
 */

import { dilate } from '../procedural/binary-morphology.ts';
import { convexHull, hullSpans } from './rug-outlines.ts';

/** Measured on the tuning photos with rugs replaced (decision 012's log, session 19). */
export const WHOLE_RUG_LIMITS = {
  /** Painted rug cells this many cells apart (or closer) are one rug: a table or a pouf standing on it parts them. */
  join: 4,
  /** Largest colour step between neighbouring cells inside the rug (RGB distance of the smoothed copy). */
  edgeStep: 24,
  /**
   * Of the painted rug's hue (chromaticity within this of its mean) from `darker` times darker to `lighter` times
   * lighter: the rug in shade. Its hue, not its colour: a table top's pale boards are as near a grey rug in colour.
   */
  hue: 0.05,
  darker: 3,
  lighter: 1.25,
  /**
   * Also any colour within this RGB distance of the painted rug's mean (its pattern's other colours); 0 = not. At 60
   * it took a table top's pale boards beside a grey rug (living-carpet, session 19).
   */
  drift: 0,
};

export type WholeRugLimits = typeof WHOLE_RUG_LIMITS;

/**
 * `floor` is 1 where the replaced floor paints, `rugKnown` 1 where the kept floor knew a rug, `rgb` the smoothed
 * photo on the same `width × height` grid. Returns the cells off the floor that are the rest of a painted rug (1).
 */
export function restOfPaintedRugs(
  floor: Uint8Array,
  rugKnown: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: WholeRugLimits = WHOLE_RUG_LIMITS,
  zoomedThings?: Uint8Array,
): Uint8Array {
  const size = width * height;
  const grown = new Uint8Array(size);
  const painted = new Uint8Array(size);
  for (let i = 0; i < size; i++) painted[i] = floor[i] && rugKnown[i] ? 1 : 0;
  if (!painted.includes(1)) return grown;
  // Each painted rug (its painted cells, joined across what stands on it) grows with its own hue, inside its own
  // convex outline.
  const joined = limits.join > 0 ? dilate(painted, width, height, limits.join) : painted;
  const seen = new Uint8Array(size);
  const queue = new Int32Array(size);
  const step2 = limits.edgeStep ** 2;
  const around = new Int32Array(4);
  for (let start = 0; start < size; start++) {
    if (!joined[start] || seen[start]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    const left = new Int32Array(height).fill(width);
    const right = new Int32Array(height).fill(-1);
    const seeds: number[] = [];
    const sum = [0, 0, 0];
    while (head < tail) {
      const index = queue[head++]!;
      const x = index % width;
      const y = (index - x) / width;
      if (painted[index]) {
        seeds.push(index);
        for (let c = 0; c < 3; c++) sum[c]! += rgb[index * 3 + c]!;
        if (x < left[y]!) left[y] = x;
        if (x > right[y]!) right[y] = x;
      }
      neighbours(index, width, size, around);
      for (let k = 0; k < 4; k++) {
        const next = around[k]!;
        if (next >= 0 && joined[next] && !seen[next]) ((seen[next] = 1), (queue[tail++] = next));
      }
    }
    const { from, to } = hullSpans(convexHull(left, right), width, height);
    const inside = (i: number): boolean => {
      const x = i % width;
      const y = (i - x) / width;
      return x >= from[y]! && x <= to[y]!;
    };
    const mean = sum.map((s) => s / seeds.length) as [number, number, number];
    const brightness = mean[0] + mean[1] + mean[2] || 1;
    const rugColoured = (i: number): boolean => {
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      if (limits.drift > 0 && (r - mean[0]) ** 2 + (g - mean[1]) ** 2 + (b - mean[2]) ** 2 <= limits.drift ** 2)
        return true;
      const ratio = (r + g + b) / brightness;
      return ratio <= limits.lighter && ratio >= 1 / limits.darker && chromaDistance(r, g, b, mean) < limits.hue;
    };
    // From the painted cells over the cells the replaced floor left, through the rug's colours, inside its outline.
    head = 0;
    tail = 0;
    for (const seed of seeds) queue[tail++] = seed;
    while (head < tail) {
      const index = queue[head++]!;
      neighbours(index, width, size, around);
      for (let k = 0; k < 4; k++) {
        const next = around[k]!;
        if (next < 0 || floor[next] || grown[next] || zoomedThings?.[next] || !inside(next)) continue;
        const dr = rgb[next * 3]! - rgb[index * 3]!;
        const dg = rgb[next * 3 + 1]! - rgb[index * 3 + 1]!;
        const db = rgb[next * 3 + 2]! - rgb[index * 3 + 2]!;
        if (dr * dr + dg * dg + db * db > step2 || !rugColoured(next)) continue;
        grown[next] = 1;
        queue[tail++] = next;
      }
    }
  }
  return grown;
}

/** The four neighbours of a cell into `into` (-1 past the grid's edge): no array made per cell. */
function neighbours(index: number, width: number, size: number, into: Int32Array): void {
  const x = index % width;
  into[0] = x > 0 ? index - 1 : -1;
  into[1] = x < width - 1 ? index + 1 : -1;
  into[2] = index >= width ? index - width : -1;
  into[3] = index < size - width ? index + width : -1;
}

/** Distance between two colours' chromaticities (each channel's share of the sum): a shadow keeps its hue. */
function chromaDistance(r: number, g: number, b: number, mean: [number, number, number]): number {
  const s = r + g + b || 1;
  const m = mean[0] + mean[1] + mean[2] || 1;
  return Math.hypot(r / s - mean[0] / m, g / s - mean[1] / m, b / s - mean[2] / m);
}
