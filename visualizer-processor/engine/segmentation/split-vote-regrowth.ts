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
import { dilate, labelComponents } from '../procedural/binary-morphology.ts';
import {
  ZOOMED_MARGIN_REGROWTH_LIMITS,
  SeedMeans,
  cropper,
  gridColours,
  growFromSureFloor,
  paddedBox,
  roughnessInBox,
  type GridColours,
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
  /**
   * Whether sure floor is only in the floor's main piece: of the floor's 4-connected pieces on the grid, the largest
   * that reaches the photo's bottom row (or the largest, if none does). Session 22: a desk top or a patterned wall the
   * network calls floor is a piece of its own, and growing from it spreads the mistake.
   */
  mainPiece: false,
  /**
   * Whether a cell is grown into only below the floor's far edge (the highest floor cell in its column): the growth
   * fills the floor's gaps, never extends it up (session 22: up a kitchen's plinth, the base of a fridge, the foot of
   * a wall, where one run saw floor).
   */
  belowFarEdge: false,
  /**
   * A cell whose sharpest step in the guide's brightness is more than this many times the sharpest step of the sure
   * floor's cells near it (their mean) is not grown into: a thing's outline crosses it (session 22: a wooden bucket
   * beside a table's leg on lino). Infinity = no test.
   */
  outline: Infinity,
  /**
   * The growth starts only from the sure floor's colour pieces (its cells joined to their 4-neighbours while of one
   * hue, `sameHue`, and a gentle step in light, `step`) whose mean hue (chromaticity) is within this of the largest
   * piece's: the floor's own material, in its shade and sun. Session 23: a desk's top that every run calls floor is a
   * piece of its own wood, parted by the desk's front edge from the carpet under it though joined to it on the grid,
   * and grown from it took the desk's knots and grain (office-desk-carpet; then a tap on the desk took less of it).
   * Infinity = every piece.
   */
  pieceHue: Infinity,
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
  const main = limits.mainPiece ? mainFloorPiece(floor, width, height) : null;
  const farEdge = limits.belowFarEdge ? floorFarEdge(floor, width, height) : null;
  const candidate = new Uint8Array(boxSize);
  const sure = new Uint8Array(boxSize);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const i = (y + box.top) * width + x + box.left;
      const vote = votes[i]!;
      const belowEdge = !farEdge || y + box.top > farEdge[x + box.left]!;
      if (candidateVote(vote, limits) && !floor[i] && !blocked[i] && belowEdge) candidate[y * box.width + x] = 1;
      if (floor[i] && vote >= 1 && (!main || main[i])) sure[y * box.width + x] = 1;
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
  if (Number.isFinite(limits.pieceHue)) keepFloorsOwnPieces(seed, colour, box.width, box.height, limits);
  if (inputs.guide && Number.isFinite(limits.outline)) {
    const sharpest = sharpestStepInBox(inputs.guide.brightness, width, height, box);
    const near = new SeedMeans(seed, colour, box.width, box.height, sharpest);
    for (let i = 0; i < boxSize; i++) {
      if (!candidate[i]) continue;
      const x = i % box.width;
      const floorNear = near.near(x, (i - x) / box.width, limits.reach);
      if (!floorNear || sharpest[i]! > limits.outline * floorNear.rough) candidate[i] = 0;
    }
  }
  // The rest of the floor (not sure, but floor) is walked through freely.
  const inBox = growFromSureFloor(seed, crop(floor), candidate, colour, box.width, box.height, limits, roughness);
  for (let y = 0; y < box.height; y++)
    grown.set(inBox.subarray(y * box.width, (y + 1) * box.width), (y + box.top) * width + box.left);
  return grown;
}

/**
 * The floor's main piece: of its 4-connected pieces, the largest that reaches the grid's bottom row, or the largest
 * if none does (a photo whose floor the network leaves short of the frame).
 */
export function mainFloorPiece(floor: Uint8Array, width: number, height: number): Uint8Array {
  const { labels, sizes } = labelComponents(floor, width, height, 1);
  let best = 0;
  for (let x = 0; x < width; x++) {
    const label = labels[(height - 1) * width + x]!;
    if (label && sizes[label]! > sizes[best]!) best = label;
  }
  if (!best) for (let label = 1; label < sizes.length; label++) if (sizes[label]! > sizes[best]!) best = label;
  const piece = new Uint8Array(floor.length);
  if (best) for (let i = 0; i < floor.length; i++) if (labels[i] === best) piece[i] = 1;
  return piece;
}

/**
 * Leaves in `seed` only the colour pieces of the largest piece's hue (within limits.pieceHue): a piece is the sure
 * floor's cells joined to their 4-neighbours while of one hue and a gentle step in light.
 * Written as flat loops over typed arrays (session 24): a closure per popped cell and Math.hypot per neighbour cost
 * ~80 ms of a 12 MP photo's floor; the hue test compares squares and asks Math.hypot only within a hair of the limit,
 * so every cell is joined exactly as before.
 */
export function keepFloorsOwnPieces(
  seed: Uint8Array,
  colour: GridColours,
  width: number,
  height: number,
  limits: SplitVoteLimits,
): void {
  const size = width * height;
  const { r: red, g: green, light } = colour;
  const labels = new Int32Array(size);
  const sizes = [0];
  const sumR = [0];
  const sumG = [0];
  const stack = new Int32Array(size);
  const sameHue = limits.sameHue;
  const step = limits.step;
  // dr² + dg² against sameHue², with a margin either side where the rounding of the squares could differ from hypot's.
  const surelyIn = sameHue * sameHue * (1 - 1e-9);
  const surelyOut = sameHue * sameHue * (1 + 1e-9);
  for (let start = 0; start < size; start++) {
    if (!seed[start] || labels[start]) continue;
    const label = sizes.length;
    let count = 0;
    let r = 0;
    let g = 0;
    labels[start] = label;
    let top = 0;
    stack[top++] = start;
    while (top) {
      const i = stack[--top]!;
      count++;
      const ri = red[i]!;
      const gi = green[i]!;
      const li = light[i]!;
      r += ri;
      g += gi;
      const x = i % width;
      for (let k = 0; k < 4; k++) {
        let n: number;
        if (k === 0) {
          if (x === 0) continue;
          n = i - 1;
        } else if (k === 1) {
          if (x === width - 1) continue;
          n = i + 1;
        } else if (k === 2) {
          if (i < width) continue;
          n = i - width;
        } else {
          if (i + width >= size) continue;
          n = i + width;
        }
        if (!seed[n] || labels[n]) continue;
        const dr = ri - red[n]!;
        const dg = gi - green[n]!;
        const squared = dr * dr + dg * dg;
        if (squared > surelyOut || (squared > surelyIn && Math.hypot(dr, dg) > sameHue)) continue;
        // gentleStep(n, i): the step in light within `step` of the brighter of the two.
        const ln = light[n]!;
        if (Math.abs(ln - li) > step * Math.max(ln, li, 1e-6)) continue;
        labels[n] = label;
        stack[top++] = n;
      }
    }
    sizes.push(count);
    sumR.push(r);
    sumG.push(g);
  }
  let main = 0;
  for (let label = 1; label < sizes.length; label++) if (sizes[label]! > sizes[main]!) main = label;
  if (!main) return;
  const keep = new Uint8Array(sizes.length);
  const mainR = sumR[main]! / sizes[main]!;
  const mainG = sumG[main]! / sizes[main]!;
  for (let label = 1; label < sizes.length; label++) {
    const hue = Math.hypot(sumR[label]! / sizes[label]! - mainR, sumG[label]! / sizes[label]! - mainG);
    keep[label] = hue <= limits.pieceHue ? 1 : 0;
  }
  for (let i = 0; i < size; i++) if (seed[i] && !keep[labels[i]!]) seed[i] = 0;
}

/** Per column, the row of the floor's highest cell (the grid's height where the column has none). */
function floorFarEdge(floor: Uint8Array, width: number, height: number): Int32Array {
  const edge = new Int32Array(width).fill(height);
  for (let y = height - 1; y >= 0; y--) for (let x = 0; x < width; x++) if (floor[y * width + x]) edge[x] = y;
  return edge;
}

/**
 * Per cell of `box`, the sharpest step in the guide's brightness among its pixels: the larger of the steps across and
 * down (central differences) over the pixel's brightness (at least 0.02), so a step reads the same in shade and sun.
 */
export function sharpestStepInBox(
  brightness: GrayImage,
  gridWidth: number,
  gridHeight: number,
  box: { left: number; top: number; width: number; height: number },
): Float32Array {
  const { width, height, values } = brightness;
  const sharpest = new Float32Array(box.width * box.height);
  const x0 = Math.max(1, Math.ceil((box.left * width) / gridWidth));
  const x1 = Math.min(width - 1, Math.ceil(((box.left + box.width) * width) / gridWidth));
  const y0 = Math.max(1, Math.ceil((box.top * height) / gridHeight));
  const y1 = Math.min(height - 1, Math.ceil(((box.top + box.height) * height) / gridHeight));
  for (let y = y0; y < y1; y++) {
    const cy = Math.min(gridHeight - 1, Math.floor((y * gridHeight) / height)) - box.top;
    if (cy < 0 || cy >= box.height) continue;
    for (let x = x0; x < x1; x++) {
      const cx = Math.min(gridWidth - 1, Math.floor((x * gridWidth) / width)) - box.left;
      if (cx < 0 || cx >= box.width) continue;
      const i = y * width + x;
      const step =
        Math.max(Math.abs(values[i + 1]! - values[i - 1]!), Math.abs(values[i + width]! - values[i - width]!)) /
        Math.max(0.02, values[i]!);
      const cell = cy * box.width + cx;
      if (step > sharpest[cell]!) sharpest[cell] = step;
    }
  }
  return sharpest;
}
