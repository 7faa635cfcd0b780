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
  for (let i = 0; i < size; i++) {
    if (!floor[i] || taken[i] || !near[i] || roughness[i]! < least) continue;
    if (grain && grain[i]! > limits.maxGrain) continue;
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const toRug = (r - rugMean[0]!) ** 2 + (g - rugMean[1]!) ** 2 + (b - rugMean[2]!) ** 2;
    const toFloor = (r - floorMean[0]!) ** 2 + (g - floorMean[1]!) ** 2 + (b - floorMean[2]!) ** 2;
    if (toRug < toFloor) rim[i] = 1;
  }
  return rim;
}
