/**
 * Precision first (issue 23): where the floor meets something standing on it, the network's floor often runs
 * a little into the thing (a chair's legs, a cabinet's plinth, a stool's base are thin or shaded, and the
 * network's 512-cell grid is coarse). A chair painted over is what makes a render a fake; a strip of the old
 * floor left beside it is forgiven. So the floor gives way around every cell that any run saw as an object:
 * `side` cells left and right, `down` cells below (legs and bases reach down, under what the network saw) and
 * `up` cells above. Walls are not objects here: the floor meets them at the skirting, which is straight and
 * clean, and giving way there only loses floor.
 */
import { dilate, erode, labelComponents } from '../procedural/binary-morphology.ts';
import { SRGB_TO_LINEAR } from '../rendering/color-space.ts';
import { SCENE_CLASS } from './scene-classes.ts';

export interface ObjectMargin {
  side: number;
  down: number;
  up: number;
}

/** What stands on a floor, of the network's classes: furniture, people, plants and "other" (stools, machines, vases). */
export const OBJECT_CLASSES: readonly number[] = [
  SCENE_CLASS.other,
  SCENE_CLASS.bed,
  SCENE_CLASS.cabinet,
  SCENE_CLASS.person,
  SCENE_CLASS.door,
  SCENE_CLASS.table,
  SCENE_CLASS.plant,
  SCENE_CLASS.curtain,
  SCENE_CLASS.chair,
  SCENE_CLASS.car,
  SCENE_CLASS.sofa,
  SCENE_CLASS.shelf,
  SCENE_CLASS.mirror,
  SCENE_CLASS.armchair,
];

/**
 * `objectSeen` is, per scene cell, the share of runs that saw an object there (> 0: at least one). Returns
 * the cells to take out of the floor: every cell within the margin of one.
 */
export function cellsAroundObjects(
  objectSeen: Float32Array,
  width: number,
  height: number,
  margin: ObjectMargin,
): Uint8Array {
  const near = new Uint8Array(width * height);
  // Rows first: spread each object cell sideways.
  const wide = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let last = -Infinity;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (objectSeen[row + x]! > 0) last = x;
      if (x - last <= margin.side) wide[row + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (objectSeen[row + x]! > 0) last = x;
      if (last - x <= margin.side) wide[row + x] = 1;
    }
  }
  // Then columns: down from each widened cell, and up.
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (wide[y * width + x]) last = y;
      if (y - last <= margin.down) near[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (wide[y * width + x]) last = y;
      if (last - y <= margin.up) near[y * width + x] = 1;
    }
  }
  return near;
}

/** Measured on the tuning photos (decision 012, issue 34 sessions 4 and 6). */
export const ZOOMED_PATCH_LIMITS = {
  /** A patch a square of 2 × this + 1 cells fits in is broad (17 cells, 3 % of the 512-cell grid). */
  radius: 8,
  /** The floor round a patch: floor cells no run saw a thing on, within this many cells of it. */
  ring: 6,
  /**
   * A broad patch whose chromaticity (its summed linear r, g over r + g + b) is within this of the floor round it is
   * that floor, in shade or sun as it may be; farther, it is a thing of its own colour (a cage's base, a desk's
   * shade, a dark rug), as the zoomed runs say.
   */
  sameHue: 0.03,
};

export type ZoomedPatchLimits = typeof ZOOMED_PATCH_LIMITS;

/**
 * What the zoomed runs (the bottom half at twice the scale) saw standing on the floor, for the floor to give way
 * to: all of it, except broad patches of what they alone saw there that have the hue of the floor round them. Up
 * close the network sees the legs, bases and plinths the whole photo's 512-cell grid blurs into the floor, and
 * those are thin; but without the room around it, it also takes a broad stretch of floor for a thing (the floor
 * in front of a bed or under a mosquito net, the floor beside a plant pot), where every whole-photo run saw floor,
 * and the floor lost there is a second floor beside the new one (issue 34). So, of the cells only a zoomed run saw
 * as a thing (no whole-photo run did, and every one saw floor: `floor` is 1 there), the parts a square of
 * `2 × radius + 1` cells fits in (a morphological opening) do not count, where the patch's mean hue is the
 * floor's round it (its brightness may differ: shade and sun are the floor's). A broad patch of another hue is
 * as often a real thing the whole view missed (shoes, a dark rug, a cage's base) and still counts; so does what
 * they call a door or a mirror (`zoomedGlass`): glass shows the floor's own colours, through it or in it.
 * `wholeRunObjects` is the share of whole-photo runs that saw an object per cell; `rgb` the photo on the grid.
 */
export function zoomedThingsThatCount(
  zoomedObjects: Uint8Array,
  wholeRunObjects: Float32Array,
  floor: Float32Array,
  zoomedGlass: Uint8Array,
  rgb: Uint8Array,
  { width, height }: { width: number; height: number },
  limits: ZoomedPatchLimits = ZOOMED_PATCH_LIMITS,
): Uint8Array {
  const size = width * height;
  const { radius } = limits;
  const alone = new Uint8Array(size);
  const box = markAlone(zoomedObjects, zoomedGlass, wholeRunObjects, floor, width, height, alone);
  if (!box) return zoomedObjects;
  // The opening is worked out on the box round those cells and `radius` + 1 more (clamped to the grid): beyond
  // that nothing is alone, so the opening there changes nothing inside, and most patches are a small part of the grid.
  const left = Math.max(0, box.left - radius - 1);
  const right = Math.min(width - 1, box.right + radius + 1);
  const top = Math.max(0, box.top - radius - 1);
  const bottom = Math.min(height - 1, box.bottom + radius + 1);
  const boxWidth = right - left + 1;
  const boxHeight = bottom - top + 1;
  const boxAlone = new Uint8Array(boxWidth * boxHeight);
  for (let y = 0; y < boxHeight; y++)
    boxAlone.set(alone.subarray((y + top) * width + left, (y + top) * width + right + 1), y * boxWidth);
  // The opening by the square: its cores (erode clamps its window to the box, so a patch cut by the frame goes on
  // past it), grown back.
  const opened = dilate(erode(boxAlone, boxWidth, boxHeight, radius), boxWidth, boxHeight, radius);
  const broad = new Uint8Array(size);
  markOpened(boxAlone, opened, boxWidth, boxHeight, left, top, width, broad);
  const floorHued = patchesOfTheFloorsHue(broad, floor, zoomedObjects, wholeRunObjects, rgb, width, height, limits);
  return allBut(zoomedObjects, floorHued);
}

/**
 * 1 in `alone` where only a zoomed run saw a thing (not glass) on what every whole-photo run saw as floor; returns
 * the box round those cells, null if there are none. This step's loops are functions of their own: with V8
 * compiling a hot loop on the spot (decision 028), the fast code made for one loop of a function was thrown away
 * at the first line after it that had never run, and the function compiled again for its next loop.
 */
function markAlone(
  zoomedObjects: Uint8Array,
  zoomedGlass: Uint8Array,
  wholeRunObjects: Float32Array,
  floor: Float32Array,
  width: number,
  height: number,
  alone: Uint8Array,
): { left: number; right: number; top: number; bottom: number } | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let i = 0; i < alone.length; i++) {
    if (!zoomedObjects[i] || zoomedGlass[i] || wholeRunObjects[i]! > 0 || floor[i]! < 1) continue;
    alone[i] = 1;
    const x = i % width;
    const y = (i - x) / width;
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    bottom = y;
  }
  return right < 0 ? null : { left, right, top, bottom };
}

/** 1 in `out` (the grid, `width` wide) where the box's cell at (`left`, `top`) + (x, y) is in `boxAlone` and `opened`. */
function markOpened(boxAlone: Uint8Array, opened: Uint8Array, boxWidth: number, boxHeight: number, left: number, top: number, width: number, out: Uint8Array): void {
  for (let y = 0; y < boxHeight; y++) {
    for (let x = 0; x < boxWidth; x++) {
      const at = y * boxWidth + x;
      if (boxAlone[at] && opened[at]) out[(y + top) * width + x + left] = 1;
    }
  }
}

/** 1 where `set` is and `removed` is not. */
function allBut(set: Uint8Array, removed: Uint8Array): Uint8Array {
  const out = new Uint8Array(set.length);
  for (let i = 0; i < out.length; i++) out[i] = set[i] && !removed[i] ? 1 : 0;
  return out;
}

/** The eight steps to a cell's neighbours. */
const KING_STEPS = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
] as const;

/** Adds a grid cell's linear-light colour to `sums` (r, g, b, cells). */
function addLinearColour(rgb: Uint8Array, i: number, sums: Float64Array): void {
  sums[0]! += SRGB_TO_LINEAR[rgb[i * 3]!]!;
  sums[1]! += SRGB_TO_LINEAR[rgb[i * 3 + 1]!]!;
  sums[2]! += SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!;
  sums[3]!++;
}

/** Chromaticity (r, g over r + g + b) of summed linear light: the hue of the light a surface sends on the whole. */
function chromaticity(sums: Float64Array): [number, number] {
  const total = sums[0]! + sums[1]! + sums[2]! || 1;
  return [sums[0]! / total, sums[1]! / total];
}

/**
 * Of the `patches` (4-connected pieces), those whose mean chromaticity is within `sameHue` of the floor's within
 * `ring` cells of them (floor cells no run saw a thing on; the nearest patch's, where two are near). A patch with
 * no such floor round it is not returned.
 */
function patchesOfTheFloorsHue(
  patches: Uint8Array,
  floor: Float32Array,
  zoomedObjects: Uint8Array,
  wholeRunObjects: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: ZoomedPatchLimits,
): Uint8Array {
  const size = width * height;
  const { labels: label, sizes } = labelComponents(patches, width, height, 1);
  const pieces = sizes.slice(1).map(() => ({ cells: [] as number[], inside: new Float64Array(4), ring: new Float64Array(4) }));
  addCellsToPieces(label, rgb, pieces);
  const out = new Uint8Array(size);
  if (!pieces.length) return out;
  addRingColours(label, floor, zoomedObjects, wholeRunObjects, rgb, width, height, limits.ring, pieces);
  for (const { cells, inside, ring } of pieces) {
    if (!ring[3]) continue;
    const [r, g] = chromaticity(inside);
    const [floorR, floorG] = chromaticity(ring);
    const hue = Math.hypot(r - floorR, g - floorG);
    if (hue > limits.sameHue) continue;
    for (const i of cells) out[i] = 1;
  }
  return out;
}

interface Patch {
  cells: number[];
  /** Linear-light sums (r, g, b, cells) of the patch's cells and of the floor round it. */
  inside: Float64Array;
  ring: Float64Array;
}

/** Each labelled cell into its patch (label k: `pieces[k - 1]`): listed, its colour added. */
function addCellsToPieces(label: Int32Array, rgb: Uint8Array, pieces: Patch[]): void {
  for (let i = 0; i < label.length; i++) {
    if (!label[i]) continue;
    const piece = pieces[label[i]! - 1]!;
    piece.cells.push(i);
    addLinearColour(rgb, i, piece.inside);
  }
}

/**
 * The ring: grown out from every patch at once (8-connected steps, `ring` of them), each cell to the patch it was
 * reached from first; the colours of its floor cells no run saw a thing on are added to that patch's `ring`.
 */
function addRingColours(
  label: Int32Array,
  floor: Float32Array,
  zoomedObjects: Uint8Array,
  wholeRunObjects: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  ring: number,
  pieces: Patch[],
): void {
  const owner = label.slice();
  let frontier: number[] = [];
  for (let i = 0; i < owner.length; i++) if (owner[i]) frontier.push(i);
  for (let step = 1; step <= ring && frontier.length; step++) {
    frontier = ringStep(frontier, owner, floor, zoomedObjects, wholeRunObjects, rgb, width, height, pieces);
  }
}

/**
 * One step of addRingColours' growth: the cells first reached from `frontier` (returned), each given to the patch
 * it was reached from, their colours added to its ring. A function of its own: V8's fast code for the growth, made
 * on the spot inside addRingColours, was thrown away at lines after it that had not run yet, and made again
 * (decision 028).
 */
function ringStep(
  frontier: number[],
  owner: Int32Array,
  floor: Float32Array,
  zoomedObjects: Uint8Array,
  wholeRunObjects: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  pieces: Patch[],
): number[] {
  const next: number[] = [];
  for (const i of frontier) {
    const x = i % width;
    const y = (i - x) / width;
    for (const [dx, dy] of KING_STEPS) {
      if (x + dx < 0 || x + dx >= width || y + dy < 0 || y + dy >= height) continue;
      const n = i + dy * width + dx;
      if (owner[n]) continue;
      owner[n] = owner[i]!;
      next.push(n);
      if (floor[n]! >= 1 && !zoomedObjects[n] && !(wholeRunObjects[n]! > 0))
        addLinearColour(rgb, n, pieces[owner[n]! - 1]!.ring);
    }
  }
  return next;
}
