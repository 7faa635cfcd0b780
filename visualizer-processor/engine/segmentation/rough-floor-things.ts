/**
 * A chair's star base, a trolley's caster, a tangle of cables: things every network run calls floor that are of the
 * floor's colours, or dark on a floor in shade, so no colour test tells them (object-bases.ts, unlike-floor-pieces.ts).
 * What tells them is their detail: on a smooth floor (tile, vinyl, polished concrete, laminate) a thing's edges,
 * spokes and highlights change the brightness from place to place many times more than the floor does anywhere, its
 * joints and grain included (decision 012, issue 34 session 12).
 *
 * On the refined floor, on cells `scale` guide pixels wide (each its pixels' mean brightness): each cell's roughness
 * is the mean brightness step between neighbouring floor cells in a window of `radius` cells round it, over the
 * window's mean brightness (so the floor's shade is not rougher than its sun), steps across the floor's own edge
 * left out (what lies past it is not the floor's detail). Cells at least `times` the floor's median roughness, and at
 * least `least`, whose steps do not all run one way (`grain`: stripes of sun through blinds far down a corridor,
 * plank joints), in pieces of at least `minArea` of the photo, leave the floor. A carpet is rough all over, so on it
 * nothing is `times` rougher than its median; a rug the runs did not see may be, so the step runs only while rugs
 * are kept.
 */
import { onFloorBox } from './floor-box.ts';

export const ROUGH_THING_LIMITS = {
  /** The work is on cells this many guide pixels wide; the lengths below are in cells. */
  scale: 2,
  /** Radius (cells) of the window a cell's roughness is read over. */
  radius: 2,
  /** A cell this many times as rough as the floor's median is a thing's detail... */
  times: 8,
  /** ... and at least this rough (mean step over mean brightness): on a floor with no texture at all, noise is not a thing. */
  least: 0.08,
  /**
   * A cell whose steps run mostly one way (coherence of the window's brightness gradients, 0 none to 1 all one way)
   * at least this much is the floor's stripes, not a thing: sun through blinds far down a corridor, joints, grain.
   */
  grain: 0.9,
  /** Least share of the photo's pixels a piece covers. */
  minArea: 0.001,
};

export type RoughThingLimits = typeof ROUGH_THING_LIMITS;

/** Floor pixels (1 in `floor`, raw RGB `rgb`, `width` × `height`) of broad pieces far rougher than the floor: 1 there. */
export function roughThingsOnFloor(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: RoughThingLimits = ROUGH_THING_LIMITS,
): Uint8Array {
  return onFloorBox(floor, rgb, width, height, (limits.radius + 1) * limits.scale, (boxFloor, boxRgb, w, h) =>
    roughInBox(boxFloor, boxRgb, w, h, (limits.minArea * width * height) / limits.scale ** 2, limits),
  );
}

/*
 * Each loop over the pixels or cells is a function of its own: V8 compiles a hot loop with the whole function that
 * holds it, and in a function of several loops throws the first one's fast code away at the next (decision 028, the
 * log's session 12, speed).
 */

/** Cells `scale` pixels wide over a box `width` pixels wide, `columns` × `rows` of them; `columnOf` each pixel column's. */
export interface CellGrid {
  scale: number;
  columns: number;
  rows: number;
  columnOf: Int32Array;
}

function roughInBox(boxFloor: Uint8Array, boxRgb: Uint8Array, w: number, h: number, minCells: number, limits: RoughThingLimits): Uint8Array {
  const rough = roughCellsOfBox(boxFloor, boxRgb, w, h, limits);
  if (!rough) return new Uint8Array(w * h);
  return layBack(boxFloor, broadPieces(rough.rough, rough.grid.columns, rough.grid.rows, minCells), w, h, rough.grid);
}

/**
 * The box's cells (`scale` pixels wide) and, 1 in `rough`, its floor cells at least `times` the floor's median
 * roughness and `least`, whose steps do not all run one way; undefined without floor. Shared with
 * rough-closed-things.ts, which reads the same cells at a lower bar.
 */
export function roughCellsOfBox(
  boxFloor: Uint8Array,
  boxRgb: Uint8Array,
  w: number,
  h: number,
  limits: Pick<RoughThingLimits, 'scale' | 'radius' | 'times' | 'least' | 'grain'>,
): {
  grid: CellGrid;
  cellFloor: Uint8Array;
  rough: Uint8Array;
  roughness: Float32Array;
  /** The floor cells at `times` another multiple of the floor's median roughness (and `least`, the grain test). */
  roughAt: (times: number) => Uint8Array;
} | undefined {
  // The work is on cells `scale` pixels wide, each its pixels' mean brightness, floor where at least half of them
  // are (a thing's detail is broad; the floor's finest grain and the camera's noise average out).
  const scale = limits.scale;
  const columns = Math.max(1, Math.floor(w / scale));
  const rows = Math.max(1, Math.floor(h / scale));
  const columnOf = new Int32Array(w);
  for (let x = 0; x < w; x++) columnOf[x] = Math.min(columns - 1, Math.floor(x / scale));
  const grid: CellGrid = { scale, columns, rows, columnOf };
  const { bright, cellFloor } = cellsOfBox(boxFloor, boxRgb, w, h, grid);
  const steps = stepsBetweenCells(bright, cellFloor, columns, rows);
  const [stepW, pairW, brightW, floorW] = [steps.stepSum, steps.pairs, steps.brightSum, steps.floorCells].map((values) =>
    windowSums(values, columns, rows, limits.radius),
  ) as [Float32Array, Float32Array, Float32Array, Float32Array];
  const roughness = new Float32Array(columns * rows);
  const floorRoughness = new Float32Array(columns * rows);
  const floorCellCount = roughnessOfCells(cellFloor, stepW, pairW, brightW, floorW, roughness, floorRoughness);
  if (!floorCellCount) return undefined;
  const median = medianRoughness(floorRoughness, floorCellCount);
  const roughAt = (times: number) =>
    roughCells(cellFloor, roughness, Math.max(limits.least, times * median), bright, { columns, rows, radius: limits.radius }, limits.grain);
  return { grid, cellFloor, rough: roughAt(limits.times), roughness, roughAt };
}

/** Each cell's mean brightness, and 1 where at least half its pixels are floor. */
function cellsOfBox(boxFloor: Uint8Array, boxRgb: Uint8Array, w: number, h: number, grid: CellGrid): { bright: Float32Array; cellFloor: Uint8Array } {
  const { scale, columns, rows, columnOf } = grid;
  const cells = columns * rows;
  const bright = new Float32Array(cells);
  const floorCount = new Float32Array(cells);
  const count = new Float32Array(cells);
  for (let y = 0; y < h; y++) {
    const row = Math.min(rows - 1, Math.floor(y / scale)) * columns;
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const c = row + columnOf[x]!;
      count[c]!++;
      floorCount[c]! += boxFloor[i]!;
      bright[c]! += 0.299 * boxRgb[i * 3]! + 0.587 * boxRgb[i * 3 + 1]! + 0.114 * boxRgb[i * 3 + 2]!;
    }
  }
  const cellFloor = new Uint8Array(cells);
  for (let c = 0; c < cells; c++) {
    bright[c]! /= count[c]!;
    cellFloor[c] = floorCount[c]! * 2 >= count[c]! ? 1 : 0;
  }
  return { bright, cellFloor };
}

/**
 * Per floor cell: the steps to its floor neighbours (right and below) and their count, its brightness, and 1 for
 * the floor. A step across the floor's own edge is left out: what lies past it is not the floor's detail.
 */
function stepsBetweenCells(bright: Float32Array, cellFloor: Uint8Array, columns: number, rows: number) {
  const cells = columns * rows;
  const stepSum = new Float32Array(cells);
  const pairs = new Float32Array(cells);
  const brightSum = new Float32Array(cells);
  const floorCells = new Float32Array(cells);
  for (let y = 0; y < rows; y++) {
    for (let x = 0, c = y * columns; x < columns; x++, c++) {
      if (!cellFloor[c]) continue;
      floorCells[c] = 1;
      brightSum[c] = bright[c]!;
      const right = x + 1 < columns && cellFloor[c + 1] === 1;
      const below = y + 1 < rows && cellFloor[c + columns] === 1;
      const gx = right ? bright[c + 1]! - bright[c]! : 0;
      const gy = below ? bright[c + columns]! - bright[c]! : 0;
      stepSum[c] = Math.abs(gx) + Math.abs(gy);
      pairs[c] = (right ? 1 : 0) + (below ? 1 : 0);
    }
  }
  return { stepSum, pairs, brightSum, floorCells };
}

/** Each floor cell's roughness into `roughness`, and in turn into `floorRoughness`; returns how many. */
function roughnessOfCells(
  cellFloor: Uint8Array,
  stepW: Float32Array,
  pairW: Float32Array,
  brightW: Float32Array,
  floorW: Float32Array,
  roughness: Float32Array,
  floorRoughness: Float32Array,
): number {
  let count = 0;
  for (let c = 0; c < cellFloor.length; c++) {
    if (!cellFloor[c]) continue;
    // 8 on the 0..255 scale: a black cell's noise is not detail.
    roughness[c] = pairW[c]! > 0 ? stepW[c]! / pairW[c]! / (brightW[c]! / floorW[c]! + 8) : 0;
    floorRoughness[count++] = roughness[c]!;
  }
  return count;
}

/** Bins of the floor's roughness from 0 to its greatest, for its median. */
const MEDIAN_BINS = 1024;

/**
 * The value a sort of the first `count` of `values` (roughness: 0 or more) puts at index `count >> 1`, as
 * sortedValueAt gives it, from a histogram and a sort of only the bin that holds that index: in a fresh process
 * sortedValueAt's copy and partitions of every floor cell cost more than these three plain passes (decision 012's
 * log, session 13).
 */
export function medianRoughness(values: Float32Array, count: number): number {
  const rank = count >> 1;
  const greatest = greatestOf(values, count);
  if (!(greatest > 0)) return greatest;
  const perUnit = MEDIAN_BINS / greatest;
  const bins = binCounts(values, count, perUnit);
  let bin = 0;
  let before = 0;
  while (before + bins[bin]! <= rank) before += bins[bin++]!;
  return valuesInBin(values, count, perUnit, bin, bins[bin]!).sort()[rank - before]!;
}

function greatestOf(values: Float32Array, count: number): number {
  let greatest = 0;
  for (let c = 0; c < count; c++) if (values[c]! > greatest) greatest = values[c]!;
  return greatest;
}

/** A value's bin: monotone in the value, so every value of a lower bin sorts before every value of a higher one. */
function binOf(value: number, perUnit: number): number {
  return Math.min(MEDIAN_BINS - 1, Math.floor(value * perUnit));
}

function binCounts(values: Float32Array, count: number, perUnit: number): Uint32Array {
  const bins = new Uint32Array(MEDIAN_BINS);
  for (let c = 0; c < count; c++) bins[binOf(values[c]!, perUnit)]!++;
  return bins;
}

function valuesInBin(values: Float32Array, count: number, perUnit: number, bin: number, size: number): Float32Array {
  const inBin = new Float32Array(size);
  for (let c = 0, k = 0; c < count; c++) if (binOf(values[c]!, perUnit) === bin) inBin[k++] = values[c]!;
  return inBin;
}

/**
 * Floor cells at least `bar` rough whose window's gradients are less coherent than `grain`: 1 there. The window's
 * structure (the gradient's products x·x, y·y, x·y at its cells whose right and lower neighbours are floor too) is
 * summed only round the cells rough enough to ask, few of the floor's, rather than as window sums over every cell.
 */
function roughCells(
  cellFloor: Uint8Array,
  roughness: Float32Array,
  bar: number,
  bright: Float32Array,
  window: { columns: number; rows: number; radius: number },
  grain: number,
): Uint8Array {
  const { columns, rows, radius } = window;
  const rough = new Uint8Array(cellFloor.length);
  for (let c = 0; c < cellFloor.length; c++) {
    if (!cellFloor[c] || roughness[c]! < bar) continue;
    const x = c % columns;
    const y = (c - x) / columns;
    let xx = 0;
    let yy = 0;
    let xy = 0;
    for (let wy = Math.max(0, y - radius); wy <= Math.min(rows - 2, y + radius); wy++) {
      for (let wx = Math.max(0, x - radius), d = wy * columns + wx; wx <= Math.min(columns - 2, x + radius); wx++, d++) {
        if (!cellFloor[d] || cellFloor[d + 1] !== 1 || cellFloor[d + columns] !== 1) continue;
        const gx = bright[d + 1]! - bright[d]!;
        const gy = bright[d + columns]! - bright[d]!;
        xx += gx * gx;
        yy += gy * gy;
        xy += gx * gy;
      }
    }
    const total = xx + yy;
    const coherence = total > 0 ? Math.sqrt((xx - yy) ** 2 + 4 * xy ** 2) / total : 0;
    if (coherence < grain) rough[c] = 1;
  }
  return rough;
}

/** The box's floor pixels whose cell is set in `found`: 1 there. */
export function layBack(boxFloor: Uint8Array, found: Uint8Array, w: number, h: number, grid: CellGrid): Uint8Array {
  const { scale, columns, rows, columnOf } = grid;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = Math.min(rows - 1, Math.floor(y / scale)) * columns;
    for (let x = 0, i = y * w; x < w; x++, i++) if (boxFloor[i] && found[row + columnOf[x]!]) out[i] = 1;
  }
  return out;
}

/** Per cell, the sum of `values` over the square of `radius` cells round it (clipped at the grid's edges). */
function windowSums(values: Float32Array, width: number, height: number, radius: number): Float32Array {
  const rows = new Float32Array(values.length);
  for (let y = 0; y < height; y++) windowLine(values, rows, y * width, 1, width, radius);
  const out = new Float32Array(values.length);
  for (let x = 0; x < width; x++) windowLine(rows, out, x, width, height, radius);
  return out;
}

function windowLine(from: Float32Array, to: Float32Array, start: number, stride: number, length: number, radius: number): void {
  let sum = 0;
  for (let k = 0; k < Math.min(radius, length); k++) sum += from[start + k * stride]!;
  for (let k = 0; k < length; k++) {
    if (k + radius < length) sum += from[start + (k + radius) * stride]!;
    to[start + k * stride] = sum;
    if (k - radius >= 0) sum -= from[start + (k - radius) * stride]!;
  }
}

/** The 8-connected pieces of `set` of at least `minCells` cells: 1 there. */
function broadPieces(set: Uint8Array, width: number, height: number, minCells: number): Uint8Array {
  const size = width * height;
  const out = new Uint8Array(size);
  const seen = new Uint8Array(size);
  const queue = new Int32Array(size);
  for (let start = 0; start < size; start++) {
    if (!set[start] || seen[start]) continue;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    for (let head = 0; head < tail; head++) {
      const i = queue[head]!;
      const x = i % width;
      for (let dy = -width; dy <= width; dy += width) {
        for (let dx = -1; dx <= 1; dx++) {
          const n = i + dy + dx;
          if (n < 0 || n >= size || x + dx < 0 || x + dx >= width || !set[n] || seen[n]) continue;
          seen[n] = 1;
          queue[tail++] = n;
        }
      }
    }
    if (tail < minCells) continue;
    for (let k = 0; k < tail; k++) out[queue[k]!] = 1;
  }
  return out;
}
