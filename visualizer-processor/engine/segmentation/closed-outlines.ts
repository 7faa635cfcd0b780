/**
 * Things lying on the floor in the floor's own tone (a squat pan on tile, a dish, a keyboard on a carpet) are the
 * floor's body to every colour step: near it in Lab, or its sun or shade. What tells them is their outline: a sharp
 * colour step closed all round a compact patch, with the floor's plain body on every side (decision 012's log,
 * session 21). The floor's own lines are not that: grout, seams and a pattern's strokes make thin networks across
 * the floor, the frame or the floor's border cuts them, and a pattern repeats them.
 *
 * On the refined floor, on a copy of the guide `scale` times smaller (cells of the mean of its pixels): the floor's
 * body is its largest piece between its strong colour steps (`edge` times its median step between cells two apart,
 * at least `edgeMin`; unlike-floor-pieces.ts' body); when the body is less than `minBody` of the floor, the floor is
 * cut by its own pattern and nothing is read. The rest of the floor, in 8-connected patches, gives the candidates: a
 * patch of `minArea` of the photo to `maxShare` of the floor leaves when at least `enclosed` of the cells just out of
 * it (4-connected, the frame counting as none) are the body, it fills at least `fill` of its bounding box (a compact
 * thing, not a network of lines), and no other such patch (compact, closed in by the body) is of about its area
 * (`recurs` to 1 / `recurs` times it: a pattern's tiles come many), and it is not the floor's sun or shade beside the
 * body round it (of the body's hue, only lighter or darker: a sharp patch of sunlight, a plank in shade).
 */
import { onFloorBox } from './floor-box.ts';
import { A, B, G, L, R, Y, addPixelsToCells, cellColours, modelGrid, type ModelGrid } from './object-bases.ts';

export const CLOSED_OUTLINE_LIMITS = {
  /** A colour step (Lab distance between cells two apart) this many times the floor's median step parts pieces. */
  edge: 3,
  /** ... and at least this one. */
  edgeMin: 12,
  /** The work is on a copy of the guide this many times smaller. */
  scale: 2,
  /** Least share of the floor the body (its largest smooth piece) covers for any candidate to be read. */
  minBody: 0.5,
  /** Least share of the photo's pixels a candidate covers. */
  minArea: 0.005,
  /** Most share of the floor a candidate covers. */
  maxShare: 0.15,
  /** Least share of the cells just out of a candidate that are the floor's body (the frame and non-floor are not). */
  enclosed: 0.55,
  /** Least share of its bounding box a candidate fills. */
  fill: 0.4,
  /** Another compact patch outside the body of this share of a candidate's area to its inverse makes it a pattern's. */
  recurs: 0.5,
  /**
   * The floor's sun stays: brighter than the body just out of it, up to `sun` times, with its chromaticity within
   * `sameHue`; and its shade: darker, within `darkHue` (unlike-floor-pieces.ts' rule). Far darker or brighter than
   * `dark` (or its inverse) is never sun or shade.
   */
  sun: 3,
  sameHue: 0.02,
  darkHue: 0.04,
  dark: 0.15,
};

export type ClosedOutlineLimits = typeof CLOSED_OUTLINE_LIMITS;

/** Floor pixels (1 in `floor`, raw RGB `rgb`, `width` × `height`) of compact patches closed all round by a sharp outline: 1 there. */
export function closedOutlinesOnFloor(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: ClosedOutlineLimits = CLOSED_OUTLINE_LIMITS,
): Uint8Array {
  return onFloorBox(floor, rgb, width, height, 2 * limits.scale, (boxFloor, boxRgb, w, h) =>
    closedInBox(boxFloor, boxRgb, w, h, (limits.minArea * width * height) / limits.scale ** 2, limits),
  );
}

function closedInBox(
  boxFloor: Uint8Array,
  boxRgb: Uint8Array,
  w: number,
  h: number,
  minCells: number,
  limits: ClosedOutlineLimits,
): Uint8Array {
  const grid = modelGrid(w, h, limits.scale);
  const cells = grid.width * grid.height;
  const floorSum = new Float32Array(cells);
  const rgbSum = new Float32Array(cells * 3);
  const counts = new Float32Array(cells);
  addPixelsToCells(boxFloor, boxRgb, w, h, grid, counts, floorSum, rgbSum);
  const cellFloor = new Uint8Array(cells);
  const cellRgb = new Uint8Array(cells * 3);
  let floorCount = 0;
  for (let c = 0; c < cells; c++) {
    cellFloor[c] = floorSum[c]! * 2 >= counts[c]! ? 1 : 0;
    floorCount += cellFloor[c]!;
    for (let k = 0; k < 3; k++) cellRgb[c * 3 + k] = Math.round(rgbSum[c * 3 + k]! / counts[c]!);
  }
  const found = closedOnGrid(cellFloor, cellRgb, grid.width, grid.height, floorCount, minCells, limits);
  return layBack(boxFloor, found, w, h, grid);
}

/** The box's floor pixels whose cell was `found`: 1 there, at the box's size. */
function layBack(
  boxFloor: Uint8Array,
  found: Uint8Array,
  w: number,
  h: number,
  { columnOf, rowOf }: ModelGrid,
): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = rowOf[y]!;
    for (let x = 0, i = y * w; x < w; x++, i++) if (boxFloor[i] && found[row + columnOf[x]!]) out[i] = 1;
  }
  return out;
}

/** The colour step at each floor cell: the larger Lab distance between its neighbours two apart, across and down. */
function colourSteps(floor: Uint8Array, channels: Float32Array[], width: number, height: number): Float32Array {
  const [l, a, b] = [channels[L]!, channels[A]!, channels[B]!];
  const step = new Float32Array(floor.length);
  const distance = (i: number, j: number) =>
    Math.sqrt((l[i]! - l[j]!) ** 2 + (a[i]! - a[j]!) ** 2 + (b[i]! - b[j]!) ** 2);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (floor[i]) step[i] = Math.max(distance(i - 1, i + 1), distance(i - width, i + width));
    }
  }
  return step;
}

/** The median of the steps at the floor's cells (half-unit bins). */
function medianStep(floor: Uint8Array, step: Float32Array, floorCount: number): number {
  const counts = new Uint32Array(401);
  for (let i = 0; i < floor.length; i++) if (floor[i]) counts[Math.min(400, Math.floor(step[i]! * 2))]!++;
  let seen = 0;
  for (let k = 0; k <= 400; k++) {
    seen += counts[k]!;
    if (seen * 2 >= floorCount) return (k + 0.5) / 2;
  }
  return 0;
}

/** 1 on the floor's body: its largest piece between its strong steps (4-connected); returns it and its size. */
function floorBody(
  floor: Uint8Array,
  step: Float32Array,
  barrier: number,
  width: number,
  queue: Int32Array,
): { body: Uint8Array; size: number } {
  const size = floor.length;
  const piece = new Int32Array(size);
  let label = 0;
  let best = 0;
  let bestSize = 0;
  for (let start = 0; start < size; start++) {
    if (!floor[start] || piece[start] || step[start]! >= barrier) continue;
    label++;
    let tail = 0;
    queue[tail++] = start;
    piece[start] = label;
    for (let head = 0; head < tail; head++) {
      const i = queue[head]!;
      const x = i % width;
      for (let side = 0; side < 4; side++) {
        const n =
          side === 0
            ? x > 0
              ? i - 1
              : -1
            : side === 1
              ? x < width - 1
                ? i + 1
                : -1
              : side === 2
                ? i - width
                : i + width;
        if (n < 0 || n >= size || !floor[n] || piece[n] || step[n]! >= barrier) continue;
        piece[n] = label;
        queue[tail++] = n;
      }
    }
    if (tail > bestSize) {
      bestSize = tail;
      best = label;
    }
  }
  const body = new Uint8Array(size);
  for (let i = 0; i < size; i++) if (best && piece[i] === best) body[i] = 1;
  return { body, size: bestSize };
}

/** A patch of the floor outside its body: its cells (in `cells`), how much of what lies just out of it is the body, and its box. */
interface Patch {
  cells: Int32Array;
  enclosed: number;
  fill: number;
  /** Its brightness over the body's just out of it, and the squared distance of their chromaticities. */
  ratio: number;
  hue2: number;
}

/** The floor's patches outside its body (8-connected) of at least `minCells`. */
function patchesOutsideBody(
  floor: Uint8Array,
  body: Uint8Array,
  channels: Float32Array[],
  width: number,
  height: number,
  minCells: number,
  queue: Int32Array,
): Patch[] {
  const [lightness, chromaR, chromaG] = [channels[Y]!, channels[R]!, channels[G]!];
  const size = floor.length;
  const label = new Int32Array(size);
  const patches: Patch[] = [];
  let count = 0;
  for (let start = 0; start < size; start++) {
    if (!floor[start] || body[start] || label[start]) continue;
    count++;
    let tail = 0;
    queue[tail++] = start;
    label[start] = count;
    let left = width;
    let right = 0;
    let top = height;
    let bottom = 0;
    for (let head = 0; head < tail; head++) {
      const i = queue[head]!;
      const x = i % width;
      const y = (i - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const n = yy * width + xx;
          if (!floor[n] || body[n] || label[n]) continue;
          label[n] = count;
          queue[tail++] = n;
        }
      }
    }
    if (tail < minCells) continue;
    const cells = queue.slice(0, tail);
    // What lies just out of it (4-connected): the body, or anything else (not floor, the frame).
    let out = 0;
    let ofBody = 0;
    const inside = [0, 0, 0];
    const ring = [0, 0, 0];
    for (let head = 0; head < tail; head++) {
      const i = cells[head]!;
      inside[0]! += lightness[i]!;
      inside[1]! += chromaR[i]!;
      inside[2]! += chromaG[i]!;
      const x = i % width;
      const y = (i - x) / width;
      for (let side = 0; side < 4; side++) {
        const xx = side === 0 ? x - 1 : side === 1 ? x + 1 : x;
        const yy = side === 2 ? y - 1 : side === 3 ? y + 1 : y;
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) {
          out++;
          continue;
        }
        const n = yy * width + xx;
        if (label[n] === count) continue;
        out++;
        if (!body[n]) continue;
        ofBody++;
        ring[0]! += lightness[n]!;
        ring[1]! += chromaR[n]!;
        ring[2]! += chromaG[n]!;
      }
    }
    const [y1, r1, g1] = inside.map((sum) => sum / tail) as [number, number, number];
    const [y2, r2, g2] = ring.map((sum) => sum / Math.max(1, ofBody)) as [number, number, number];
    patches.push({
      cells,
      enclosed: out ? ofBody / out : 0,
      fill: tail / ((right - left + 1) * (bottom - top + 1)),
      ratio: y1 / Math.max(1e-4, y2),
      hue2: (r1 - r2) ** 2 + (g1 - g2) ** 2,
    });
  }
  return patches;
}

/** Whether a patch is the floor's sun or shade beside the body just out of it: of its hue, lighter or darker only. */
function sunOrShade({ ratio, hue2 }: Patch, limits: ClosedOutlineLimits): boolean {
  if (ratio < limits.dark || ratio > 1 / limits.dark) return false;
  return ratio < 1 ? hue2 < limits.darkHue ** 2 : ratio <= limits.sun && hue2 < limits.sameHue ** 2;
}

function closedOnGrid(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  floorCount: number,
  minCells: number,
  limits: ClosedOutlineLimits,
): Uint8Array {
  const size = width * height;
  const out = new Uint8Array(size);
  if (!floorCount) return out;
  const channels = cellColours(rgb, size);
  const step = colourSteps(floor, channels, width, height);
  const barrier = Math.max(limits.edgeMin, limits.edge * medianStep(floor, step, floorCount));
  const queue = new Int32Array(size);
  const { body, size: bodySize } = floorBody(floor, step, barrier, width, queue);
  if (bodySize < limits.minBody * floorCount) return out;
  const patches = patchesOutsideBody(
    floor,
    body,
    channels,
    width,
    height,
    Math.min(minCells, limits.recurs * minCells),
    queue,
  );
  const maxCells = limits.maxShare * floorCount;
  for (const patch of patches) {
    const area = patch.cells.length;
    if (area < minCells || area > maxCells || patch.enclosed < limits.enclosed || patch.fill < limits.fill) continue;
    if (sunOrShade(patch, limits)) continue;
    // A pattern's tiles come many: another compact patch outside the body, closed in by it too, of about its size.
    const alike = (other: Patch) =>
      other !== patch &&
      other.fill >= limits.fill &&
      other.enclosed >= limits.enclosed &&
      other.cells.length >= limits.recurs * area &&
      other.cells.length * limits.recurs <= area;
    if (patches.some(alike)) continue;
    for (const i of patch.cells) out[i] = 1;
  }
  return out;
}
