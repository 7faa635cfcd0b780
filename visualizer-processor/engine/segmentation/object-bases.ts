/**
 * Precision first (issue 23), at the guide copy's resolution rather than the network's cells: the legs, casters,
 * wheels and feet of what stands on a floor are a few pixels wide, thinner than the network's 512-cell grid, and
 * the network (so the guided filter too, which only follows the mask it is given) lays floor over them. In the
 * photo they stand out from the floor around them: a black chair leg on grey tile, a red caster on green vinyl.
 *
 * So what is not floor grows back over the floor from the floor's edge, pixel by pixel (8-connected), through
 * pixels that are far in colour from the floor around them and thin: a pixel whose row of such pixels is longer
 * than `maxRun` is the floor's own shade, a reflection or a strip along the wall's foot, not a leg. The floor's
 * colour is local (sun and shade, a floor's far end): the mean and spread of the "deep" floor (pixels `deep` or
 * more from anything not floor) within `window` pixels, in Lab, taken twice (the second time without what the
 * first found far from it: legs standing deep in the floor darken its mean there). A pixel is far from it when
 * its distance is at least `minDistance` and `spread` times the floor's own spread there (a veined or patterned
 * floor has a wide spread, and its veins stay floor). The floor in shade or sun stays: a pixel of the floor's
 * chromaticity (within `sameHue`) whose brightness is within `shade`..`sun` times the floor's. On a dark floor a
 * black leg is near the floor in Lab, so a pixel under `darkFar` of the floor's brightness is far too, if its
 * dark run is a leg's shape (upright, wider than a grout line). Growth stops `reach` pixels from the floor's edge.
 * A thin piece standing wholly inside the floor, out of the growth's reach (a queue's post seen against the floor
 * all round), leaves too if it is tall and upright (`islandMinHeight`, `islandAspect`).
 *
 * The model is worked out on a copy of half the guide's size (the floor's colour varies slowly); the test and
 * the growth are at the guide's size. Measured on the real set in decision 012 (2026-11-26, session 5; the dark
 * test in issue 34 session 7, the upright islands in session 9).
 */
import { SRGB_TO_LINEAR } from '../rendering/color-space.ts';
import { boxMean } from './guided-upsample.ts';
import { onFloorBox } from './floor-box.ts';
import { eachNeighbour } from './eight-neighbours.ts';

export const OBJECT_BASE_LIMITS = {
  /** Guide pixels from non-floor from which a floor pixel is the floor's colour model. */
  deep: 8,
  /** Radius (guide pixels) of the window the floor's local colour is taken over. */
  window: 48,
  /** Least Lab distance from the local floor's mean for a pixel to be something else's. */
  minDistance: 35,
  /** ... and at least this many times the local floor's spread (RMS Lab distance from its mean). */
  spread: 3,
  /** Chromaticity (linear r, g over r + g + b) within this of the floor's: shade or sun, if its brightness allows. */
  sameHue: 0.02,
  /** Darker than this share of the floor's brightness (linear), even the floor's chromaticity is something else's. */
  shade: 0.25,
  /** Brighter than this many times the floor's, likewise. */
  sun: 3,
  /** A row of more far pixels than this (guide pixels) is not a thin part. */
  maxRun: 20,
  /** Steps (guide pixels) the growth reaches from the floor's edge. */
  reach: 80,
  /** The local model needs this share of its window to be deep floor; elsewhere nothing leaves. */
  minShare: 0.1,
  /** The floor's model is worked out on a copy this many times smaller than the guide (its colour varies slowly). */
  scale: 2,
  /** Passes of the model: the second leaves out what the first found far from the floor. */
  passes: 2,
  /**
   * Darker than this share of the local floor's brightness (linear) is something else's, however near in Lab:
   * a black leg on dark grey tile is nearer to it than `minDistance`. 0 = no such test. Such dark pixels count
   * as thin only in rows of `darkMinWidth` to `maxRun` of them (not a grout line) and columns of at least
   * `darkMinHeight` (not the shade along a thing's foot): a leg stands upright.
   */
  darkFar: 0.15,
  darkMinWidth: 2,
  darkMinHeight: 8,
  /**
   * A piece of thin pixels the growth from the floor's edge did not reach (it stands inside the floor: a post, a
   * leg seen against the floor behind it) leaves too when it is at least this tall (guide pixels) and `islandAspect`
   * times as tall as wide. 0 = no such test.
   */
  islandMinHeight: 24,
  islandAspect: 2,
};

export type ObjectBaseLimits = typeof OBJECT_BASE_LIMITS;

/** Lab's f(t) = cbrt(t) above 0.008856 (linear below), tabulated over 0..1 and read with linear interpolation. */
const CUBE_ROOT_STEPS = 4096;
const CUBE_ROOT = new Float32Array(CUBE_ROOT_STEPS + 2);
for (let k = 0; k <= CUBE_ROOT_STEPS + 1; k++) {
  const t = Math.min(1, k / CUBE_ROOT_STEPS);
  CUBE_ROOT[k] = t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
}
function labF(t: number): number {
  const at = Math.min(1, t) * CUBE_ROOT_STEPS;
  const k = Math.floor(at);
  return CUBE_ROOT[k]! + (CUBE_ROOT[k + 1]! - CUBE_ROOT[k]!) * (at - k);
}

/** One pixel's colour as the test reads it: Lab, linear brightness, chromaticity (r, g). */
export type Colour = Float64Array;
export const L = 0;
export const A = 1;
export const B = 2;
export const Y = 3;
export const R = 4;
export const G = 5;

/** Writes the colour of sRGB levels (r8, g8, b8) into `out`. */
export function colourOf(r8: number, g8: number, b8: number, out: Colour): void {
  const r = SRGB_TO_LINEAR[r8]!;
  const g = SRGB_TO_LINEAR[g8]!;
  const b = SRGB_TO_LINEAR[b8]!;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const fx = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505);
  const fy = labF(y);
  const fz = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089);
  out[L] = 116 * fy - 16;
  out[A] = 500 * (fx - fy);
  out[B] = 200 * (fy - fz);
  out[Y] = y;
  // A little grey added: black has no hue.
  const total = r + g + b + 0.003;
  out[R] = (r + 0.001) / total;
  out[G] = (g + 0.001) / total;
}

/**
 * `value` where `weight` is not 0, else 0, into `channel`. This loop and the others below are functions of their
 * own: with V8 compiling a hot loop on the spot (decision 028), the fast code made for one loop of a long function
 * was thrown away at the first line after it that had never run, and the function compiled again for its next loop
 * (six times a photo for the steps below when they were one function).
 */
function keepWeighted(value: Float32Array, weight: Float32Array, channel: Float32Array): void {
  for (let c = 0; c < channel.length; c++) channel[c] = weight[c]! ? value[c]! : 0;
}

/** Window sums `out` divided by the window's `share` (0 where it is 0), in place. */
function divideByShare(out: Float32Array, share: Float32Array): Float32Array {
  for (let c = 0; c < out.length; c++) out[c] = share[c]! > 0 ? out[c]! / share[c]! : 0;
  return out;
}

/**
 * The local floor on the half-size grid, per cell: mean Lab, squared spread, brightness and chromaticity of the
 * weighted cells within the window; `known` 0 where too little of the window is deep floor.
 */
interface LocalFloor {
  known: Uint8Array;
  l: Float32Array;
  a: Float32Array;
  b: Float32Array;
  spread2: Float32Array;
  y: Float32Array;
  r: Float32Array;
  g: Float32Array;
}

/**
 * Floor pixels (1 in `floor`, the guide copy's size, raw RGB `rgb`) that belong to something thin grown back
 * over them from the floor's edge: returns 1 there.
 */
export function objectBasesOverFloor(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: ObjectBaseLimits = OBJECT_BASE_LIMITS,
): Uint8Array {
  // A pixel round the floor's box: the growth starts there.
  return onFloorBox(floor, rgb, width, height, 1, (boxFloor, boxRgb, w, h) => basesInBox(boxFloor, boxRgb, w, h, limits));
}

/** The model's grid, `scale` times smaller than the box: each pixel column's cell and each pixel row's first cell. */
export interface ModelGrid {
  width: number;
  height: number;
  columnOf: Int32Array;
  rowOf: Int32Array;
}

function basesInBox(floor: Uint8Array, rgb: Uint8Array, width: number, height: number, limits: ObjectBaseLimits): Uint8Array {
  // The model's grid, `limits.scale` times smaller: each cell the mean of its pixels; its floor share too.
  const grid = modelGrid(width, height, limits.scale);
  const half = grid.width * grid.height;
  const { floorShare, bytes } = cellMeans(floor, rgb, width, height, grid);
  // The model grid's colours, channel by channel.
  const model = cellColours(bytes, half);
  // Deep floor: every cell within `deep` is wholly floor.
  const deep = wholly(boxMean(floorShare, grid.width, grid.height, Math.max(1, Math.round(limits.deep / limits.scale))));
  const radius = Math.max(1, Math.round(limits.window / limits.scale));
  const channel = new Float32Array(half);
  const test: FarTest = {
    minDistance2: limits.minDistance ** 2,
    spreadFactor2: limits.spread ** 2,
    sameHue2: limits.sameHue ** 2,
    shade: limits.shade,
    sun: limits.sun,
  };
  // Each cell's squared Lab length, for the spread: the same in every pass.
  const square = sumOfSquares(model[L]!, model[A]!, model[B]!);
  let floorModel = localFloor(deep, model, square, grid, radius, limits.minShare, channel);
  for (let pass = 1; pass < limits.passes; pass++) {
    floorModel = localFloor(nearCells(deep, model, floorModel, test), model, square, grid, radius, limits.minShare, channel);
  }
  const { thin, thinPixels } = thinPixelsOverFloor(floor, rgb, width, height, grid, floorModel, test, limits);
  // Growth from the floor's edge, over thin pixels only: it starts at those next to anything not floor.
  const out = new Uint8Array(width * height);
  const steps = growFromFloorEdge(floor, thin, thinPixels, width, height, limits.reach, out);
  if (limits.islandMinHeight > 0) addUprightIslands(thin, thinPixels, steps, width, height, limits, out);
  return out;
}

export function modelGrid(width: number, height: number, scale: number): ModelGrid {
  const hw = Math.max(1, Math.floor(width / scale));
  const hh = Math.max(1, Math.floor(height / scale));
  const columnOf = new Int32Array(width);
  for (let x = 0; x < width; x++) columnOf[x] = Math.min(hw - 1, Math.floor(x / scale));
  const rowOf = new Int32Array(height);
  for (let y = 0; y < height; y++) rowOf[y] = Math.min(hh - 1, Math.floor(y / scale)) * hw;
  return { width: hw, height: hh, columnOf, rowOf };
}

/** Each model cell's share of floor pixels and mean colour (rounded to sRGB levels, 3 a cell). */
function cellMeans(floor: Uint8Array, rgb: Uint8Array, width: number, height: number, grid: ModelGrid): { floorShare: Float32Array; bytes: Uint8Array } {
  const half = grid.width * grid.height;
  const floorShare = new Float32Array(half);
  const sums = new Float32Array(half * 3);
  const counts = new Float32Array(half);
  addPixelsToCells(floor, rgb, width, height, grid, counts, floorShare, sums);
  const bytes = new Uint8Array(half * 3);
  dividePerCell(floorShare, sums, counts, bytes);
  return { floorShare, bytes };
}

export function addPixelsToCells(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  { columnOf, rowOf }: ModelGrid,
  counts: Float32Array,
  floorSums: Float32Array,
  rgbSums: Float32Array,
): void {
  for (let y = 0; y < height; y++) {
    const cells = rowOf[y]!;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const c = cells + columnOf[x]!;
      counts[c]!++;
      floorSums[c]! += floor[i]!;
      rgbSums[c * 3]! += rgb[i * 3]!;
      rgbSums[c * 3 + 1]! += rgb[i * 3 + 1]!;
      rgbSums[c * 3 + 2]! += rgb[i * 3 + 2]!;
    }
  }
}

/** The floor's sums divided in place; the colours' into `bytes`, rounded. */
function dividePerCell(floorSums: Float32Array, rgbSums: Float32Array, counts: Float32Array, bytes: Uint8Array): void {
  for (let c = 0; c < counts.length; c++) {
    floorSums[c] = floorSums[c]! / counts[c]!;
    for (let k = 0; k < 3; k++) bytes[c * 3 + k] = Math.round(rgbSums[c * 3 + k]! / counts[c]!);
  }
}

/** Each cell's colour (`colourOf`), one array per channel (L, A, B, Y, R, G). */
export function cellColours(bytes: Uint8Array, cells: number): Float32Array[] {
  const model = Array.from({ length: 6 }, () => new Float32Array(cells));
  const colour: Colour = new Float64Array(6);
  for (let c = 0; c < cells; c++) {
    colourOf(bytes[c * 3]!, bytes[c * 3 + 1]!, bytes[c * 3 + 2]!, colour);
    for (let k = 0; k < 6; k++) model[k]![c] = colour[k]!;
  }
  return model;
}

/** 1 where a window's floor share is whole, else 0. */
function wholly(share: Float32Array): Float32Array {
  const out = new Float32Array(share.length);
  for (let c = 0; c < share.length; c++) out[c] = share[c]! > 0.9999 ? 1 : 0;
  return out;
}

/**
 * The floor's local model from the cells of non-zero `weight` (`square`: each cell's squared Lab length; `channel` is
 * scratch, the grid's size).
 */
function localFloor(
  weight: Float32Array,
  model: Float32Array[],
  square: Float32Array,
  grid: ModelGrid,
  radius: number,
  minShare: number,
  channel: Float32Array,
): LocalFloor {
  const { width, height } = grid;
  const share = boxMean(weight, width, height, radius);
  const mean = (value: Float32Array) => {
    keepWeighted(value, weight, channel);
    return divideByShare(boxMean(channel, width, height, radius), share);
  };
  const l = mean(model[L]!);
  const a = mean(model[A]!);
  const b = mean(model[B]!);
  const spread2 = mean(square);
  lessSquaresOfMeans(spread2, l, a, b);
  return { known: atLeast(share, minShare), l, a, b, spread2, y: mean(model[Y]!), r: mean(model[R]!), g: mean(model[G]!) };
}

function sumOfSquares(l: Float32Array, a: Float32Array, b: Float32Array): Float32Array {
  const square = new Float32Array(l.length);
  for (let c = 0; c < square.length; c++) square[c] = l[c]! ** 2 + a[c]! ** 2 + b[c]! ** 2;
  return square;
}

/** The mean of squares less the squared mean, in place: the spread about the mean (never below 0). */
function lessSquaresOfMeans(spread2: Float32Array, l: Float32Array, a: Float32Array, b: Float32Array): void {
  for (let c = 0; c < spread2.length; c++) spread2[c] = Math.max(0, spread2[c]! - l[c]! ** 2 - a[c]! ** 2 - b[c]! ** 2);
}

function atLeast(share: Float32Array, least: number): Uint8Array {
  const known = new Uint8Array(share.length);
  for (let c = 0; c < share.length; c++) known[c] = share[c]! >= least ? 1 : 0;
  return known;
}

/** What makes a colour far from the floor's local model (the limits', squared where compared squared). */
interface FarTest {
  minDistance2: number;
  spreadFactor2: number;
  sameHue2: number;
  shade: number;
  sun: number;
}

/** Is `colour` far from the floor's model at cell `c`? */
function isFar(m: LocalFloor, c: number, colour: Colour, test: FarTest): boolean {
  if (!m.known[c]) return false;
  const dl = colour[L]! - m.l[c]!;
  const da = colour[A]! - m.a[c]!;
  const db = colour[B]! - m.b[c]!;
  const d2 = dl * dl + da * da + db * db;
  if (d2 < test.minDistance2 || d2 < test.spreadFactor2 * m.spread2[c]!) return false;
  const ratio = colour[Y]! / Math.max(1e-4, m.y[c]!);
  if (ratio < test.shade || ratio > test.sun) return true;
  const dr = colour[R]! - m.r[c]!;
  const dg = colour[G]! - m.g[c]!;
  return dr * dr + dg * dg >= test.sameHue2;
}

/** 1 on the deep cells whose own colour is not far from `floorModel`: the next pass's weight. */
function nearCells(deep: Float32Array, model: Float32Array[], floorModel: LocalFloor, test: FarTest): Float32Array {
  const kept = new Float32Array(deep.length);
  const colour: Colour = new Float64Array(6);
  for (let c = 0; c < deep.length; c++) {
    if (!deep[c]) continue;
    for (let k = 0; k < 6; k++) colour[k] = model[k]![c]!;
    kept[c] = isFar(floorModel, c, colour, test) ? 0 : 1;
  }
  return kept;
}

/**
 * Far floor pixels, row by row, and of them only those in short rows (thin parts); and the dark ones in rows of a
 * leg's width that stand in tall columns: 1 in `thin`, listed in `thinPixels` (in that order).
 */
function thinPixelsOverFloor(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  grid: ModelGrid,
  floorModel: LocalFloor,
  test: FarTest,
  limits: ObjectBaseLimits,
): { thin: Uint8Array; thinPixels: number[] } {
  const thin = new Uint8Array(width * height);
  const thinPixels: number[] = [];
  // The dark ones (1), those in rows of a leg's width marked 2.
  const dark = limits.darkFar > 0 ? new Uint8Array(width * height) : null;
  const darkPixels = markFarRows(floor, rgb, width, height, grid, floorModel, test, limits, thin, thinPixels, dark);
  if (dark && darkPixels) addTallDark(dark, width, limits.darkMinHeight, thin, thinPixels);
  return { thin, thinPixels };
}

/** The rows' far pixels in short runs into `thin` and `thinPixels`, dark ones into `dark`; returns how many are dark. */
function markFarRows(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  { columnOf, rowOf }: ModelGrid,
  floorModel: LocalFloor,
  test: FarTest,
  limits: ObjectBaseLimits,
  thin: Uint8Array,
  thinPixels: number[],
  dark: Uint8Array | null,
): number {
  const colour: Colour = new Float64Array(6);
  let darkPixels = 0;
  for (let y = 0; y < height; y++) {
    const cells = rowOf[y]!;
    let run = 0;
    let darkRun = 0;
    for (let x = 0, i = y * width; x <= width; x++, i++) {
      let isFarPixel = false;
      let isDark = false;
      if (x < width && floor[i]) {
        const c = cells + columnOf[x]!;
        // Where too little of the window is deep floor, the model calls nothing far or dark: no colour to work out.
        if (floorModel.known[c] === 1) {
          colourOf(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, colour);
          isFarPixel = isFar(floorModel, c, colour, test);
          isDark = dark !== null && colour[Y]! < limits.darkFar * floorModel.y[c]!;
        }
      }
      if (isDark) {
        dark![i] = 1;
        darkPixels++;
        darkRun++;
      } else {
        if (darkRun >= limits.darkMinWidth && darkRun <= limits.maxRun) dark!.fill(2, i - darkRun, i);
        darkRun = 0;
      }
      if (isFarPixel) {
        run++;
        continue;
      }
      if (run && run <= limits.maxRun) {
        for (let k = i - run; k < i; k++) {
          thin[k] = 1;
          thinPixels.push(k);
        }
      }
      run = 0;
    }
  }
  return darkPixels;
}

/** Dark pixels in rows of a leg's width (2 in `dark`) that also stand in columns of at least `least`: thin too. */
function addTallDark(dark: Uint8Array, width: number, least: number, thin: Uint8Array, thinPixels: number[]): void {
  const tall = columnRunsAtLeast(dark, width, least);
  for (let i = 0; i < dark.length; i++) {
    if (dark[i] !== 2 || thin[i] || !tall[i]) continue;
    thin[i] = 1;
    thinPixels.push(i);
  }
}

/**
 * The thin pixels next to anything not floor, and those the growth from them reaches within `reach` steps over
 * thin pixels: 1 in `out`. Returns each pixel's step (0 where not reached).
 */
function growFromFloorEdge(
  floor: Uint8Array,
  thin: Uint8Array,
  thinPixels: number[],
  width: number,
  height: number,
  reach: number,
  out: Uint8Array,
): Int32Array {
  const steps = new Int32Array(width * height);
  const queue: number[] = [];
  for (const i of thinPixels) {
    let edge = false;
    eachNeighbour(i, width, height, (n) => (edge = !floor[n]));
    if (!edge) continue;
    steps[i] = 1;
    queue.push(i);
  }
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head]!;
    out[i] = 1;
    const depth = steps[i]!;
    if (depth >= reach) continue;
    eachNeighbour(i, width, height, (n) => {
      if (!thin[n] || steps[n]) return;
      steps[n] = depth + 1;
      queue.push(n);
    });
  }
  return steps;
}

/**
 * What the growth did not reach: a piece standing wholly inside the floor (a post or a leg seen against the floor
 * behind it, its top too) leaves (1 in `out`) if it is tall and upright; a seam, a knot or a stain in the floor is
 * short or squat. A piece the growth reached part of (and stopped at `reach`) stays as the growth left it.
 */
function addUprightIslands(
  thin: Uint8Array,
  thinPixels: number[],
  steps: Int32Array,
  width: number,
  height: number,
  limits: ObjectBaseLimits,
  out: Uint8Array,
): void {
  const piece: number[] = [];
  for (const start of thinPixels) {
    if (steps[start]) continue;
    piece.length = 0;
    steps[start] = -1;
    piece.push(start);
    let reached = false;
    let left = width;
    let right = -1;
    let top = height;
    let bottom = -1;
    for (let head = 0; head < piece.length; head++) {
      const i = piece[head]!;
      const x = i % width;
      const y = (i - x) / width;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      eachNeighbour(i, width, height, (n) => {
        if (!thin[n]) return;
        if (steps[n]! > 0) reached = true;
        if (steps[n]) return;
        steps[n] = -1;
        piece.push(n);
      });
    }
    const tall = bottom - top + 1;
    if (reached || tall < limits.islandMinHeight || tall < limits.islandAspect * (right - left + 1)) continue;
    for (const i of piece) out[i] = 1;
  }
}

/**
 * 1 where `set` (non-zero cells on a `width`-wide grid) lies in a column run of at least `least` cells (at most
 * 255). Two sweeps in memory order: the count so far down each column, then each run's count carried back up it.
 */
function columnRunsAtLeast(set: Uint8Array, width: number, least: number): Uint8Array {
  const size = set.length;
  const counts = new Uint8Array(size);
  for (let i = 0; i < size; i++) if (set[i]) counts[i] = Math.min(255, (i >= width ? counts[i - width]! : 0) + 1);
  for (let i = size - width - 1; i >= 0; i--) if (set[i] && set[i + width]) counts[i] = counts[i + width]!;
  for (let i = 0; i < size; i++) counts[i] = counts[i]! >= least ? 1 : 0;
  return counts;
}
