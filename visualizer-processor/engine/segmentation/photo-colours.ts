/**
 * Precision first (issue 23), from the photo's own colours: what the network calls floor in every run but is
 * the seat or base of a chair, the near part of a rug, a tray or a cable usually has the colour of the thing the
 * network does see beside it, and not the floor's.
 *
 * The photo squeezed to the scene grid is cut into superpixels (SLIC: k-means over Lab colour and position,
 * Achanta et al. 2012, on a half-size copy). A superpixel is floor when half its cells are. The floor's colours
 * are its superpixels `deep` steps or more from anything that is not floor, all of them, so a patterned tile,
 * marble veins or boards in sun and shade keep every colour they have; an object the network took for floor
 * reaches into that deep floor only with a few superpixels, so a colour counts as the floor's only when
 * `floorRank` of the deep floor has it. A floor superpixel leaves the floor when
 * - its colour is at least `minFloorDistance` from the floor's (lightness weighed less than hue:
 *   `lightnessWeight`), and not of the floor's chromaticity (`sameHue`: the floor in shade or sun),
 * - it is `ratio` times nearer in colour to something the network saw standing on the floor (an object, or a
 *   rug while rugs are kept; `objectsOnly`: not walls, whose shaded foot looks like nothing on the floor)
 *   within `reach` cells,
 * - and it touches that object or a superpixel that left: what leaves grows in from the objects, never starts
 *   in the middle of the floor.
 * A floor of fewer than `minDeep` deep superpixels is too small to know its colours: nothing leaves.
 */
import { SRGB_TO_LINEAR } from '../rendering/color-space.ts';

export const PHOTO_COLOUR_LIMITS = {
  /** Superpixel spacing in grid cells (SLIC's S). */
  spacing: 8,
  /** SLIC's compactness (Lab units per spacing). */
  compactness: 10,
  iterations: 3,
  /** Lab lightness counts this much against a and b. */
  lightnessWeight: 0.5,
  /** Superpixel steps from non-floor from which a floor superpixel is the floor's colour model. */
  deep: 2,
  /**
   * The distance to the floor's colours is the distance to the deep floor superpixel this far down the list of
   * the nearest (as a share of the deep floor, at least 3): an object the network calls floor may reach deep
   * into the floor itself, and its few superpixels must not make its colour the floor's.
   */
  floorRank: 0.04,
  /** A superpixel leaves only if its colour is at least this far (Lab units, weighted) from the deep floor's. */
  minFloorDistance: 10,
  /** ... and this many times nearer to an object's beside it. */
  ratio: 3,
  /** Non-floor counts when its superpixel's centre is within this many cells of the candidate's. */
  reach: 40,
  /** Fewer deep floor superpixels than this: the floor is too small to know its colours, nothing leaves. */
  minDeep: 30,
  /**
   * A superpixel whose chromaticity (linear r, g over r + g + b) is within this of the deep floor's (of as many
   * deep superpixels as `floorRank` asks) stays, whatever its lightness: the floor in shade or in sun. 0 = no
   * such guard.
   */
  sameHue: 0.01,
  /**
   * Only what the network saw as something standing on the floor (or a rug, while rugs are kept) is the
   * non-floor a superpixel may leave towards: not walls, whose foot in shade looks like nothing on the floor.
   */
  objectsOnly: true,
  /**
   * A superpixel is compared only with the objects it touches, or that the superpixel it was reached from was
   * compared with (the object it would belong to), rather than with every object within `reach`.
   */
  sameObject: false,
};

export type PhotoColourLimits = typeof PHOTO_COLOUR_LIMITS;

/** Colour distances (weighted Lab) are told apart up to this; anything farther is simply far. */
const HISTOGRAM_TOP = 100;

function labOf(rgb: Uint8Array, size: number): Float32Array {
  const lab = new Float32Array(size * 3);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  for (let i = 0; i < size; i++) {
    const r = SRGB_TO_LINEAR[rgb[i * 3]!]!;
    const g = SRGB_TO_LINEAR[rgb[i * 3 + 1]!]!;
    const b = SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!;
    const fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505);
    const fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089);
    lab[i * 3] = 116 * fy - 16;
    lab[i * 3 + 1] = 500 * (fx - fy);
    lab[i * 3 + 2] = 200 * (fy - fz);
  }
  return lab;
}

/** The grid at half its size, each cell the mean of (up to) four. */
function halved(rgb: Uint8Array, width: number, height: number) {
  const w = Math.max(1, width >> 1);
  const h = Math.max(1, height >> 1);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const y0 = Math.min(height - 1, y * 2);
    const y1 = Math.min(height - 1, y * 2 + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.min(width - 1, x * 2);
      const x1 = Math.min(width - 1, x * 2 + 1);
      for (let c = 0; c < 3; c++) {
        const sum = rgb[(y0 * width + x0) * 3 + c]! + rgb[(y0 * width + x1) * 3 + c]! + rgb[(y1 * width + x0) * 3 + c]! + rgb[(y1 * width + x1) * 3 + c]!;
        out[(y * w + x) * 3 + c] = (sum + 2) >> 2;
      }
    }
  }
  return { rgb: out, width: w, height: h };
}

/**
 * SLIC superpixels: a label per cell (0..count-1). Its loops (and photoRegions' and floorOfOtherColours' over the
 * grid) are functions of their own: with V8 compiling a hot loop on the spot (decision 028), the fast code made for
 * one loop of a function was thrown away at the first line after it that had never run, and the function compiled
 * again for its next loop.
 */
export function superpixels(lab: Float32Array, width: number, height: number, spacing: number, compactness: number, iterations: number) {
  const columns = Math.max(1, Math.round(width / spacing));
  const rows = Math.max(1, Math.round(height / spacing));
  const count = columns * rows;
  const centres = evenCentres(lab, width, height, columns, rows);
  const labels = new Int32Array(width * height);
  const best = new Float32Array(width * height);
  const sums = new Float64Array(count * 6);
  const spatial = (compactness / spacing) ** 2;
  // SLIC's search window: 2S × 2S around each centre.
  const window = spacing;
  for (let iteration = 0; iteration < iterations; iteration++) {
    best.fill(Infinity);
    assignToCentres(lab, width, height, centres, count, window, spatial, best, labels);
    sums.fill(0);
    addToLabelSums(lab, width, height, labels, sums);
    moveCentres(centres, sums, count);
  }
  return { labels, count, centres };
}

/** Per centre: L, a, b, x, y of the cell in the middle of each of `columns` × `rows` equal parts of the grid. */
function evenCentres(lab: Float32Array, width: number, height: number, columns: number, rows: number): Float32Array {
  const centres = new Float32Array(columns * rows * 5);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const k = row * columns + column;
      const x = Math.min(width - 1, Math.floor(((column + 0.5) * width) / columns));
      const y = Math.min(height - 1, Math.floor(((row + 0.5) * height) / rows));
      const i = y * width + x;
      centres.set([lab[i * 3]!, lab[i * 3 + 1]!, lab[i * 3 + 2]!, x, y], k * 5);
    }
  }
  return centres;
}

/** Each cell's nearest centre (colour and place) within `window` of it, into `labels` (`best`: its distance). */
function assignToCentres(
  lab: Float32Array,
  width: number,
  height: number,
  centres: Float32Array,
  count: number,
  window: number,
  spatial: number,
  best: Float32Array,
  labels: Int32Array,
): void {
  for (let k = 0; k < count; k++) {
    const cl = centres[k * 5]!;
    const ca = centres[k * 5 + 1]!;
    const cb = centres[k * 5 + 2]!;
    const cx = centres[k * 5 + 3]!;
    const cy = centres[k * 5 + 4]!;
    const x0 = Math.max(0, Math.floor(cx - window));
    const x1 = Math.min(width - 1, Math.ceil(cx + window));
    const y0 = Math.max(0, Math.floor(cy - window));
    const y1 = Math.min(height - 1, Math.ceil(cy + window));
    for (let y = y0; y <= y1; y++) {
      const dy = y - cy;
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        const dl = lab[i * 3]! - cl;
        const da = lab[i * 3 + 1]! - ca;
        const db = lab[i * 3 + 2]! - cb;
        const dx = x - cx;
        const d = dl * dl + da * da + db * db + (dx * dx + dy * dy) * spatial;
        if (d < best[i]!) {
          best[i] = d;
          labels[i] = k;
        }
      }
    }
  }
}

/** Per label: the sums of its cells' L, a, b, x, y and their count (6 a label), added to `sums`. */
function addToLabelSums(lab: Float32Array, width: number, height: number, labels: Int32Array, sums: Float64Array): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const k = labels[i]! * 6;
      sums[k]! += lab[i * 3]!;
      sums[k + 1]! += lab[i * 3 + 1]!;
      sums[k + 2]! += lab[i * 3 + 2]!;
      sums[k + 3]! += x;
      sums[k + 4]! += y;
      sums[k + 5]!++;
    }
  }
}

/** Each centre with cells to the mean of its cells. */
function moveCentres(centres: Float32Array, sums: Float64Array, count: number): void {
  for (let k = 0; k < count; k++) {
    const n = sums[k * 6 + 5]!;
    if (!n) continue;
    for (let c = 0; c < 5; c++) centres[k * 5 + c] = sums[k * 6 + c]! / n;
  }
}

/**
 * The photo's superpixels on the grid, and what the colour test needs of them: everything that depends on the
 * photo alone, made once per photo (the floor steps make it while the network runs, and use it for each floor).
 */
export interface PhotoRegions {
  width: number;
  height: number;
  /** The superpixels' settings it was made with. */
  spacing: number;
  compactness: number;
  iterations: number;
  count: number;
  /** Per superpixel: L, a, b, and its centre's x, y on the grid. */
  centres: Float32Array;
  /** Per cell of the half-size copy, its superpixel; `half` its size. */
  labels: Int32Array;
  half: { width: number; height: number };
  /** Per grid column, its column of the half-size copy. */
  columnOf: Int32Array;
  /** Per superpixel, its cells on the grid. */
  cells: Int32Array;
  /** Per superpixel, its chromaticity (linear r, g over r + g + b). */
  hue: Float32Array;
  /** Per superpixel, those sharing a cell edge with it. */
  neighbours: number[][];
}

/** The superpixels of `rgb` (3 bytes a cell on a `width × height` grid) as `floorOfOtherColours` reads them. */
export function photoRegions(rgb: Uint8Array, width: number, height: number, limits: PhotoColourLimits = PHOTO_COLOUR_LIMITS): PhotoRegions {
  // The superpixels are found on a copy half the grid's size (a quarter of the work) and drawn back on the grid;
  // the guided filter puts the floor's edge on the photo's own at full size anyway.
  const half = halved(rgb, width, height);
  const lab = labOf(half.rgb, half.width * half.height);
  const found = superpixels(lab, half.width, half.height, limits.spacing / 2, limits.compactness, limits.iterations);
  const { count } = found;
  const centres = found.centres;
  centresToGrid(centres, count);
  // A grid cell's superpixel is its half-size cell's.
  const columnOf = new Int32Array(width);
  for (let x = 0; x < width; x++) columnOf[x] = Math.min(half.width - 1, x >> 1);
  const cells = cellsPerSuperpixel(found.labels, half, columnOf, height, count);
  const hue = superpixelHues(half.rgb, found.labels, count);
  const neighbours = superpixelNeighbours(found.labels, half.width, half.height, count);
  const { spacing, compactness, iterations } = limits;
  return { width, height, spacing, compactness, iterations, count, centres, labels: found.labels, half: { width: half.width, height: half.height }, columnOf, cells, hue, neighbours };
}

/** The centres' places from the half-size copy's cells to the grid's. */
function centresToGrid(centres: Float32Array, count: number): void {
  for (let k = 0; k < count; k++) {
    centres[k * 5 + 3] = centres[k * 5 + 3]! * 2 + 0.5;
    centres[k * 5 + 4] = centres[k * 5 + 4]! * 2 + 0.5;
  }
}

/** Per superpixel, its cells on the grid (`columnOf` wide, `height` high), each cell's being its half-size cell's. */
function cellsPerSuperpixel(labels: Int32Array, half: { width: number; height: number }, columnOf: Int32Array, height: number, count: number): Int32Array {
  const cells = new Int32Array(count);
  for (let y = 0; y < height; y++) {
    const row = Math.min(half.height - 1, y >> 1) * half.width;
    for (let x = 0; x < columnOf.length; x++) cells[labels[row + columnOf[x]!]!]!++;
  }
  return cells;
}

/** Chromaticity per superpixel (r, g), from the half-size copy (a little grey added: black has no hue). */
function superpixelHues(rgb: Uint8Array, labels: Int32Array, count: number): Float32Array {
  const light = new Float64Array(count * 4);
  for (let i = 0; i < labels.length; i++) {
    const k = labels[i]!;
    for (let c = 0; c < 3; c++) light[k * 4 + c]! += SRGB_TO_LINEAR[rgb[i * 3 + c]!]!;
    light[k * 4 + 3]!++;
  }
  const hue = new Float32Array(count * 2);
  for (let k = 0; k < count; k++) {
    const n = light[k * 4 + 3]!;
    const total = light[k * 4]! + light[k * 4 + 1]! + light[k * 4 + 2]! + 0.003 * n;
    hue[k * 2] = (light[k * 4]! + 0.001 * n) / total;
    hue[k * 2 + 1] = (light[k * 4 + 1]! + 0.001 * n) / total;
  }
  return hue;
}

/**
 * Neighbours (superpixels sharing a cell edge), from the half-size labels (the same borders). A superpixel has a
 * handful, so a short list with a linear check beats a set.
 */
function superpixelNeighbours(labels: Int32Array, width: number, height: number, count: number): number[][] {
  const neighbours: number[][] = Array.from({ length: count }, () => []);
  const join = (a: number, b: number) => {
    if (a === b || neighbours[a]!.includes(b)) return;
    neighbours[a]!.push(b);
    neighbours[b]!.push(a);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = labels[y * width + x]!;
      if (x + 1 < width) join(a, labels[y * width + x + 1]!);
      if (y + 1 < height) join(a, labels[(y + 1) * width + x]!);
    }
  }
  return neighbours;
}

/**
 * `floor` is 1 for floor cells, `rgb` the photo's colour per cell (3 bytes), both on a `width × height` grid.
 * Returns the floor cells to take out (1). `regions` is `photoRegions` of the same `rgb` and limits, when made
 * already.
 */
export function floorOfOtherColours(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: PhotoColourLimits = PHOTO_COLOUR_LIMITS,
  objects?: Uint8Array,
  regions: PhotoRegions = photoRegions(rgb, width, height, limits),
): Uint8Array {
  if (
    regions.width !== width ||
    regions.height !== height ||
    regions.spacing !== limits.spacing ||
    regions.compactness !== limits.compactness ||
    regions.iterations !== limits.iterations
  ) {
    throw new Error("The photo's superpixels were made for another grid or other settings");
  }
  const size = width * height;
  const out = new Uint8Array(size);
  const { count, centres, cells, hue, neighbours } = regions;
  const floorCells = cellsOfEachSuperpixel(floor, regions);
  const objectCells = objects ? cellsOfEachSuperpixel(objects, regions) : new Int32Array(count);
  // 1 floor, 0 not, -1 empty.
  const kind = new Int8Array(count);
  for (let k = 0; k < count; k++) kind[k] = cells[k] ? (floorCells[k]! * 2 >= cells[k]! ? 1 : 0) : -1;
  // Steps from non-floor, by breadth-first search.
  const steps = new Int32Array(count).fill(-1);
  let frontier: number[] = [];
  for (let k = 0; k < count; k++) {
    if (kind[k] === 0) {
      steps[k] = 0;
      frontier.push(k);
    }
  }
  for (let depth = 1; frontier.length; depth++) {
    const next: number[] = [];
    for (const k of frontier) {
      for (const n of neighbours[k]!) {
        if (steps[n] !== -1 || kind[n] !== 1) continue;
        steps[n] = depth;
        next.push(n);
      }
    }
    frontier = next;
  }
  const w = limits.lightnessWeight;
  const features = new Float32Array(count * 3);
  for (let k = 0; k < count; k++) features.set([centres[k * 5]! * w, centres[k * 5 + 1]!, centres[k * 5 + 2]!], k * 3);
  const feature = (k: number) => features.subarray(k * 3, k * 3 + 3);
  const deepFloor: number[] = [];
  for (let k = 0; k < count; k++) if (kind[k] === 1 && (steps[k] === -1 || steps[k]! > limits.deep)) deepFloor.push(k);
  if (deepFloor.length < Math.max(1, limits.minDeep)) return out;
  const likeFloorHue = (k: number) => {
    let alike = 0;
    for (const j of deepFloor) if (Math.hypot(hue[k * 2]! - hue[j * 2]!, hue[k * 2 + 1]! - hue[j * 2 + 1]!) < limits.sameHue && ++alike >= rank) return true;
    return false;
  };
  const deepFeatures = new Float32Array(deepFloor.length * 3);
  deepFloor.forEach((k, j) => deepFeatures.set(feature(k), j * 3));
  const rank = Math.max(3, Math.ceil(limits.floorRank * deepFloor.length));
  // The rank-th smallest distance from `f` to the first n features, to a quarter unit (a histogram: no sort),
  // Infinity if there are fewer or it is over HISTOGRAM_TOP.
  const bins = new Int32Array(HISTOGRAM_TOP * 4 + 1);
  const rankedDistance = (features: Float32Array, n: number, f: ArrayLike<number>, wanted: number) => {
    bins.fill(0);
    for (let j = 0; j < n; j++) {
      const d = Math.hypot(features[j * 3]! - f[0]!, features[j * 3 + 1]! - f[1]!, features[j * 3 + 2]! - f[2]!);
      bins[Math.min(bins.length - 1, Math.floor(d * 4))]!++;
    }
    let seen = 0;
    for (let b = 0; b < bins.length - 1; b++) if ((seen += bins[b]!) >= wanted) return (b + 1) / 4;
    return Infinity;
  };
  // What the floor may leave towards: non-floor superpixels (only objects' with objectsOnly).
  const other = new Uint8Array(count);
  for (let k = 0; k < count; k++) other[k] = kind[k] === 0 && (!limits.objectsOnly || !objects || objectCells[k]! * 2 >= cells[k]!) ? 1 : 0;
  const nonFloor: number[] = [];
  for (let k = 0; k < count; k++) if (other[k]) nonFloor.push(k);
  const reach2 = limits.reach * limits.reach;
  // With sameObject: the objects each queued superpixel is compared with.
  const refs: number[][] = [];
  const touching = (k: number, inherited: readonly number[]) => {
    const list = inherited.slice();
    for (const n of neighbours[k]!) if (other[n] && !list.includes(n)) list.push(n);
    return list;
  };
  const leaves = (k: number) => {
    const f = feature(k);
    const dFloor = rankedDistance(deepFeatures, deepFloor.length, f, rank);
    if (dFloor < limits.minFloorDistance || likeFloorHue(k)) return false;
    let dOther = Infinity;
    for (const n of limits.sameObject ? refs[k]! : nonFloor) {
      const dx = centres[n * 5 + 3]! - centres[k * 5 + 3]!;
      const dy = centres[n * 5 + 4]! - centres[k * 5 + 4]!;
      if (dx * dx + dy * dy > reach2) continue;
      const d = Math.hypot(features[n * 3]! - f[0]!, features[n * 3 + 1]! - f[1]!, features[n * 3 + 2]! - f[2]!);
      if (d < dOther) dOther = d;
    }
    return dOther * limits.ratio < dFloor;
  };
  // What leaves grows in from the floor's edge: a floor superpixel is judged only once a neighbour of it is not
  // floor or has left, so nothing leaves from the middle of the floor, and only superpixels on that way are judged.
  const gone = new Uint8Array(count);
  const queued = new Uint8Array(count);
  const queue: number[] = [];
  for (let k = 0; k < count; k++) {
    if (kind[k] !== 1) continue;
    for (const n of neighbours[k]!) {
      if (!other[n]) continue;
      queued[k] = 1;
      queue.push(k);
      if (limits.sameObject) refs[k] = touching(k, []);
      break;
    }
  }
  while (queue.length) {
    const k = queue.pop()!;
    if (!leaves(k)) continue;
    gone[k] = 1;
    for (const n of neighbours[k]!) {
      if (kind[n] !== 1 || queued[n]) continue;
      queued[n] = 1;
      queue.push(n);
      if (limits.sameObject) refs[n] = touching(n, refs[k]!);
    }
  }
  markCellsOf(gone, floor, regions, out);
  return out;
}

/** Per superpixel, the sum of `grid`'s values (0 or 1 a cell) over its cells. */
function cellsOfEachSuperpixel(grid: Uint8Array, { width, height, labels, half, columnOf, count }: PhotoRegions): Int32Array {
  const sums = new Int32Array(count);
  for (let y = 0; y < height; y++) {
    const row = Math.min(half.height - 1, y >> 1) * half.width;
    for (let x = 0; x < width; x++) sums[labels[row + columnOf[x]!]!]! += grid[y * width + x]!;
  }
  return sums;
}

/** 1 in `out` on the cells of `floor` whose superpixel is marked in `marked`. */
function markCellsOf(marked: Uint8Array, floor: Uint8Array, { width, height, labels, half, columnOf }: PhotoRegions, out: Uint8Array): void {
  for (let y = 0; y < height; y++) {
    const row = Math.min(half.height - 1, y >> 1) * half.width;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (floor[i] && marked[labels[row + columnOf[x]!]!]) out[i] = 1;
    }
  }
}
