/**
 * The rim of a rug the rug steps took out (decision 012's log, sessions 25 and 27). The rug steps (take-out-rugs.ts,
 * rug-outlines.ts, rough-rugs.ts, rug-islands.ts) take a rug's body out of the floor and stop short of its edge
 * where the pile thins, the rug lies in shade or runs under a sofa's front: the render is then the floor's strip
 * plus a band of the rug's rim beside it, a second floor a visitor sees. So, while rugs are kept, the kept floor's
 * cells near the taken rug that are nearer its colour than the kept floor's and about as rough as it leave too.
 * Boards and laminate by a rug may be as rough as the pile beside them (a shag's wood strip along the wall), but
 * they keep their grain, one direction, where a pile has none: a cell with more grain than `maxGrain` stays.
 */
import { sortedValueAt } from '../percentiles.ts';
import { dilate } from '../procedural/binary-morphology.ts';

export const RUG_RIM_LIMITS = {
  /** How far (scene cells) from the taken rug a rim cell may lie. */
  reach: 12,
  /** A rim cell is at least this share of the taken rug's median roughness. */
  roughShare: 0.5,
  /**
   * A rim cell with more grain than this (`grainOnGrid`, 0..1) is boards or laminate: it stays (living-carpet's
   * laminate beside its grey rug, 0.78-0.96; the pile's rim 0.0-0.5). Infinity = no test.
   */
  maxGrain: 0.5,
  /** Fewer taken rug cells than this share of the grid: nothing to take the rim of. */
  minTakenShare: 0.002,
  /**
   * Half the side (cells) of the window whose taken rug and kept floor a rim cell's colour is compared with; 0 =
   * the whole grid's means (session 27). A rug's rim in shade (the jute's far edge under a stool's bench, a shag's
   * edge below the wall's strip) is darker than the rug's mean, and nearer it than the floor's only beside it
   * (session 27's lead; decision 012's log, session 34).
   */
  local: 0,
};

export type RugRimLimits = typeof RUG_RIM_LIMITS;

/**
 * `floor` and `taken` (the floor cells the rug steps took out) on a `width × height` grid, `rgb` its colours,
 * `roughness` and `grain` per cell (rough-rugs.ts). Returns 1 on the floor cells that are the taken rug's rim.
 */
export function rugRimOnFloor(
  floor: Uint8Array,
  taken: Uint8Array,
  rgb: Uint8Array,
  roughness: Float32Array,
  grain: Float32Array | null,
  width: number,
  height: number,
  limits: RugRimLimits = RUG_RIM_LIMITS,
): Uint8Array {
  const size = width * height;
  const rim = new Uint8Array(size);
  const values = new Float32Array(size);
  let takenCells = 0;
  let floorCells = 0;
  const rugMean = [0, 0, 0];
  const floorMean = [0, 0, 0];
  for (let i = 0; i < size; i++) {
    if (taken[i]) {
      values[takenCells++] = roughness[i]!;
      for (let c = 0; c < 3; c++) rugMean[c]! += rgb[i * 3 + c]!;
    } else if (floor[i]) {
      floorCells++;
      for (let c = 0; c < 3; c++) floorMean[c]! += rgb[i * 3 + c]!;
    }
  }
  if (takenCells < limits.minTakenShare * size || !floorCells) return rim;
  for (let c = 0; c < 3; c++) {
    rugMean[c]! /= takenCells;
    floorMean[c]! /= floorCells;
  }
  const least = limits.roughShare * sortedValueAt(values.subarray(0, takenCells), (takenCells - 1) >> 1);
  const near = dilate(taken, width, height, limits.reach);
  const rugSums = limits.local > 0 ? windowSums(taken, null, rgb, width, height) : null;
  const floorSums = limits.local > 0 ? windowSums(floor, taken, rgb, width, height) : null;
  const rugLocal = [0, 0, 0];
  const floorLocal = [0, 0, 0];
  for (let i = 0; i < size; i++) {
    if (!floor[i] || taken[i] || !near[i] || roughness[i]! < least) continue;
    if (grain && grain[i]! > limits.maxGrain) continue;
    let rugAt = rugMean;
    let floorAt = floorMean;
    if (rugSums && floorSums) {
      // Beside the cell, where both lie within the window; the grid's means where either is missing.
      const x = i % width;
      const y = (i - x) / width;
      if (windowMean(rugSums, x, y, limits.local, width, height, rugLocal)) rugAt = rugLocal;
      if (windowMean(floorSums, x, y, limits.local, width, height, floorLocal)) floorAt = floorLocal;
    }
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const toRug = (r - rugAt[0]!) ** 2 + (g - rugAt[1]!) ** 2 + (b - rugAt[2]!) ** 2;
    const toFloor = (r - floorAt[0]!) ** 2 + (g - floorAt[1]!) ** 2 + (b - floorAt[2]!) ** 2;
    if (toRug < toFloor) rim[i] = 1;
  }
  return rim;
}

/** Summed-area tables of the count and RGB of the cells set in `cells` (and not in `except`), (width+1) × (height+1) each. */
function windowSums(
  cells: Uint8Array,
  except: Uint8Array | null,
  rgb: Uint8Array,
  width: number,
  height: number,
): Float64Array[] {
  const stride = width + 1;
  const sums = [0, 1, 2, 3].map(() => new Float64Array(stride * (height + 1)));
  for (let y = 0; y < height; y++) {
    const row = [0, 0, 0, 0];
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (cells[i] && !except?.[i]) {
        row[0]!++;
        for (let c = 0; c < 3; c++) row[c + 1]! += rgb[i * 3 + c]!;
      }
      const at = (y + 1) * stride + x + 1;
      for (let k = 0; k < 4; k++) sums[k]![at] = sums[k]![at - stride]! + row[k]!;
    }
  }
  return sums;
}

/** The mean RGB of the counted cells within `radius` of (x, y) into `out`; false when there are none. */
function windowMean(
  sums: Float64Array[],
  x: number,
  y: number,
  radius: number,
  width: number,
  height: number,
  out: number[],
): boolean {
  const stride = width + 1;
  const x0 = Math.max(0, x - radius);
  const y0 = Math.max(0, y - radius);
  const x1 = Math.min(width, x + radius + 1);
  const y1 = Math.min(height, y + radius + 1);
  const box = (k: number) =>
    sums[k]![y1 * stride + x1]! -
    sums[k]![y0 * stride + x1]! -
    sums[k]![y1 * stride + x0]! +
    sums[k]![y0 * stride + x0]!;
  const count = box(0);
  if (count < 1) return false;
  for (let c = 0; c < 3; c++) out[c] = box(c + 1) / count;
  return true;
}
