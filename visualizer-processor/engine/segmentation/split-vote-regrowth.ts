/**
 * The floor some run saw, given back where it is the floor's own (issue 34, decision 012 session 21; off: see there).
 * The floor is kept only where every run (the photo and its mirror image) saw floor, and the object margin takes the
 * cells round anything a run saw standing on it. The step trace (evaluation/step-trace.ts) names those two as what
 * takes most of the floor the network saw (unanimity 1.95 points of IoU, the margin 1.79, of the 7.07 the steps take
 * on the tuning photos' first renders): the floor beside a rug or a thing one run called a thing, the floor between a
 * table's legs that the zoomed runs call part of the table.
 *
 * So the floor grows back into cells some run saw floor in and the steps left out (where the runs split; with
 * `intoMargin`, the object margin's too), as zoomed-margin-regrowth.ts grows it into the zoomed runs' margin: from
 * floor that is surely floor (every run saw floor, no thing within `seedGap` cells, no rug within `rugGap`), cell by
 * cell, while each cell keeps the hue of the sure floor near it, its light within shade and sun of it, no rougher
 * than it, and a gentle step in light from the cell it is reached from. Never above walls (`blocked`), into the zoomed
 * runs' wall, near a door, a mirror or a rug. Measured (session 21): where the "sure" floor is itself a desk top or a
 * patterned wall, the growth spreads the mistake, so it stays off until a guard tells such floor apart.
 */
import { dilate } from '../procedural/binary-morphology.ts';
import {
  ZOOMED_MARGIN_REGROWTH_LIMITS,
  cropper,
  gridColours,
  growFromSureFloor,
  paddedBox,
  roughnessInBox,
} from './zoomed-margin-regrowth.ts';
import type { GrayImage } from './guided-upsample.ts';

/**
 * The zoomed margin regrowth's tests, with the best measured here (decision 012, session 21): into the margin but
 * not a whole run's thing, sure floor from 1 cell of a thing, shade to 0.6.
 */
export const SPLIT_VOTE_LIMITS = {
  ...ZOOMED_MARGIN_REGROWTH_LIMITS,
  seedGap: 1,
  darker: 0.6,
  /** Whether the growth may enter the object margin (where a run saw a thing, and the ring round it). */
  intoMargin: true,
  /**
   * Whether it may enter cells a whole-photo run saw a thing in (with intoMargin). Not: the white legs of a chair on
   * white tile pass every colour test (kitchen-stools-chairs' precision -0.029 with, -0.011 without).
   */
  wholeRunThings: false,
};

export type SplitVoteLimits = typeof SPLIT_VOTE_LIMITS;

export interface SplitVoteInputs {
  /** Share of the whole-photo runs that saw floor, per cell, before unanimity. */
  votes: Float32Array;
  /** The floor the steps have kept so far. */
  floor: Uint8Array;
  /** Cells never grown into: those above walls, the zoomed runs' wall. */
  blocked: Uint8Array;
  /** The object margin's cells (every thing a run saw and its ring): not grown into unless `intoMargin`. */
  margin: Uint8Array;
  /** Where a whole-photo run saw a thing standing on the floor: not grown into unless `wholeRunThings`. */
  wholeRunThings?: Uint8Array;
  /** Where any run saw a thing standing on the floor (whole or zoomed): sure floor keeps `seedGap` from it. */
  things: Uint8Array;
  /** Where a zoomed run saw a door or a mirror. */
  glass: Uint8Array;
  /** Where a rug is known. */
  rugKnown: Uint8Array;
  /** The photo on the grid (RGB). */
  rgb: Uint8Array;
  /** The guide copy's brightness and the roughness window (guide pixels), as rough-rugs.ts reads roughness. */
  guide?: { brightness: GrayImage; radius: number };
}

/** A cell some run saw floor in, and (unless the growth may enter the margin, where both runs' floor was taken) not every run. */
function candidateVote(vote: number, limits: SplitVoteLimits): boolean {
  return vote > 0 && (vote < 1 || limits.intoMargin);
}

/** The cells where the runs split to give back to the floor. */
export function splitVoteRegrowth(
  inputs: SplitVoteInputs,
  width: number,
  height: number,
  limits: SplitVoteLimits = SPLIT_VOTE_LIMITS,
): Uint8Array {
  const size = width * height;
  const grown = new Uint8Array(size);
  const { votes, floor, things, glass, rugKnown } = inputs;
  let blocked = inputs.blocked;
  if (!limits.intoMargin) {
    blocked = blocked.slice();
    for (let i = 0; i < size; i++) if (inputs.margin[i]) blocked[i] = 1;
  }
  if (!limits.wholeRunThings && inputs.wholeRunThings) {
    blocked = blocked.slice();
    for (let i = 0; i < size; i++) if (inputs.wholeRunThings[i]) blocked[i] = 1;
  }
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let i = 0; i < size; i++) {
    const vote = votes[i]!;
    if (!candidateVote(vote, limits) || floor[i] || blocked[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    bottom = y;
  }
  if (right < 0) return grown;
  // The work in the box round the candidates and the sure floor they are compared with.
  const box = paddedBox({ left, right, top, bottom }, width, height, limits);
  const crop = cropper(box, width);
  const boxSize = box.width * box.height;
  const candidate = new Uint8Array(boxSize);
  const sure = new Uint8Array(boxSize);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const i = (y + box.top) * width + x + box.left;
      const vote = votes[i]!;
      if (candidateVote(vote, limits) && !floor[i] && !blocked[i]) candidate[y * box.width + x] = 1;
      if (floor[i] && vote >= 1) sure[y * box.width + x] = 1;
    }
  }
  const nearRug = dilate(crop(rugKnown), box.width, box.height, limits.rugGap);
  const nearGlass = dilate(crop(glass), box.width, box.height, limits.glassGap);
  const nearThing = dilate(crop(things), box.width, box.height, limits.seedGap);
  const seed = new Uint8Array(boxSize);
  for (let i = 0; i < boxSize; i++) {
    if (nearRug[i] || nearGlass[i]) candidate[i] = 0;
    if (sure[i] && !nearThing[i] && !nearRug[i]) seed[i] = 1;
  }
  const roughness =
    inputs.guide && Number.isFinite(limits.rougher)
      ? roughnessInBox(inputs.guide.brightness, width, height, box, inputs.guide.radius)
      : undefined;
  const colour = gridColours(crop(inputs.rgb, 3), box.width, box.height);
  // The rest of the floor (not sure, but floor) is walked through freely.
  const inBox = growFromSureFloor(seed, crop(floor), candidate, colour, box.width, box.height, limits, roughness);
  for (let y = 0; y < box.height; y++)
    grown.set(inBox.subarray(y * box.width, (y + 1) * box.width), (y + box.top) * width + box.left);
  return grown;
}
