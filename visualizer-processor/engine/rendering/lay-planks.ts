import type { PlankRowsArgs } from '../row-split/row-kernels.mjs';
import { rehearseRows, runRows, shared, sharedBytes, sharedPixels } from '../row-split/row-split.ts';
import { LINEAR_TO_SRGB } from './color-space.ts';
import type { PreparedFloor } from './prepare-floor.ts';
import type { BoardTextureSet } from './wood-board-textures.ts';
import type { WoodLook } from './wood-looks.ts';

/**
 * Lays one style's planks on the prepared floor and returns the photo with the new floor (sRGB, 3
 * channels). Only floor pixels are written, so `output` may be a buffer from an earlier style: everywhere
 * else it already holds the photo. Planks run in columns along the room's main axis; within a column, butt joints fall at random
 * lengths between the style's shortest and longest plank, and neighbouring columns are staggered by about
 * 0.38 of a plank so joints never line up. Each plank shows a stock board (mirrored, shifted, tinted).
 *
 * Everything is filtered by the pixel's footprint on the floor: texture mip levels, the joints' coverage,
 * and the variation between planks, so the floor fades to its average colour toward the horizon instead of
 * breaking into moiré.
 *
 * The loop is row-kernels.mjs' layPlankRows, run half on the floor tail's second thread (row-split.ts); `output`
 * must be in shared memory for that (`sharedBytes`), else every row is laid here.
 */
export function layPlanks(scene: PreparedFloor, look: WoodLook, boards: BoardTextureSet, seed: number, output: Buffer = photoCopy(scene.pixels)): Buffer {
  const { rowStart, rowEnd } = scene.floor;
  runRows('layPlankRows', plankRowsArgs(scene, look, boards, seed, output), scene.height, scene.width * scene.height, middleOfTheFloor(rowStart, rowEnd));
  return output;
}

/** The row above which half the floor's pixels lie (counted by the rows' spans): the two threads' halves of the work. */
function middleOfTheFloor(rowStart: Int32Array, rowEnd: Int32Array): number {
  let total = 0;
  for (let y = 0; y < rowStart.length; y++) total += rowEnd[y]! - rowStart[y]!;
  let above = 0;
  for (let y = 0; y < rowStart.length; y++) {
    above += rowEnd[y]! - rowStart[y]!;
    if (above * 2 >= total) return y + 1;
  }
  return rowStart.length;
}

/**
 * Lays the planks once on each of the floor tail's two threads, every row (see rehearseRows): for a made-up
 * floor (feedbackFloor) before the first photo.
 */
export function rehearsePlanks(scene: PreparedFloor, look: WoodLook, boards: BoardTextureSet, seed: number): void {
  rehearseRows('layPlankRows', plankRowsArgs(scene, look, boards, seed, photoCopy(scene.pixels)), scene.height);
}

/** layPlankRows' inputs for a floor, a style and an output (in shared memory where the second thread reads them). */
export function plankRowsArgs(scene: PreparedFloor, look: WoodLook, boards: BoardTextureSet, seed: number, output: Buffer): PlankRowsArgs {
  const { alpha, rowStart, rowEnd, homography, minW, light } = scene.floor;
  return {
    photo: sharedPixels(scene.pixels),
    output,
    width: scene.width,
    alpha: shared(alpha),
    rowStart: shared(rowStart),
    rowEnd: shared(rowEnd),
    homography: Array.from(homography),
    minW,
    light: { ...light, values: shared(light.values) },
    tint: scene.tint,
    grain: scene.grain,
    look,
    boards: { ...boards, flatSawn: shared(boards.flatSawn), levels: boards.levels.map((level) => ({ ...level, rgb: shared(level.rgb) })) },
    seed,
    linearToSrgb: SHARED_LINEAR_TO_SRGB,
  };
}

const SHARED_LINEAR_TO_SRGB = shared(LINEAR_TO_SRGB);

/** A copy of the photo in shared memory, for the new floor to be laid into. */
export function photoCopy(pixels: Uint8Array): Buffer {
  const copy = sharedBytes(pixels.length);
  copy.set(pixels);
  return copy;
}
