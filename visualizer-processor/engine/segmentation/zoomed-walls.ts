/**
 * Precision first (issue 23): things the whole-photo runs call floor that are not, a desk top over its knee
 * space, a drawer pedestal, the foot of a wall, a toilet room's side wall. Seen at twice the scale (the zoomed
 * runs on the bottom half's quadrants), the network often calls them wall: it sees their edges and grain, not the
 * room around them. Where it does, the cells leave the floor, with three guards for the zoomed run's own
 * mistakes, each measured on the real set (decision 012, session 3):
 * - a thin strip (a sliver along the skirting, a cell or two at a shadow's edge) is not taken: only what is left
 *   after an opening of `opening` cells;
 * - a patch whose border with the floor runs along the edge of the zoomed view is the zoomed run missing the room
 *   around it (a corridor's floor, cut off by the middle of the photo, called wall to the edge of the view);
 * - a patch that looks like the floor beside it is floor: of nearly its colour (`likeFloor`), or of its hue
 *   (`sameHue`), lighter or darker only: the floor in shade, in sunlight or mirroring the room (a glossy tile's
 *   reflection of the wall is wall to the zoomed run). It has to look like both all the floor beside it and the part
 *   of it no zoomed run called wall, when there is any;
 * - a patch that is most of the floor (`maxShare`) is the floor itself, seen too close to tell (a carpet seen
 *   from above, called wall all over by both zoomed runs).
 */

import { labelComponents } from '../procedural/binary-morphology.ts';

export const ZOOMED_WALL_LIMITS = {
  /** Opening (square, cells) of the zoomed runs' wall over the floor before it counts. */
  opening: 3,
  /** A patch whose border with the floor lies along a zoomed view's edge for at least this share is left. */
  viewEdge: 0.2,
  /** A patch whose mean colour is within this (RGB 0..255, Euclidean) of the floor's around it is left. */
  likeFloor: 5,
  /** A patch whose mean chromaticity (r, g over r + g + b) is within this of the floor's around it is left. */
  sameHue: 0.005,
  /** How far (cells) around a patch the floor it is compared with is sampled. */
  ring: 6,
  /** A patch that is more than this share of the floor is left. */
  maxShare: 0.6,
  /**
   * Whether `sameHue` also leaves a patch lighter than the floor round it (beyond `likeFloor`). Left on (session 30):
   * off, it takes the tuning part's lighter walls and things of the floor's hue (the wall behind a piano, a glass
   * door's floor, a desk top) and keeps the darker shade under a counter, but held back it leaves floor on two photos
   * (one loses 0.023 after 2 taps), and the simulated first tap on the piano's photo falls 0.022 (decision 012's log).
   */
  sameHueLighter: true,
};

export type ZoomedWallLimits = typeof ZOOMED_WALL_LIMITS;

/** Where the zoomed views' edges run on the scene grid: a border between cells x-1 and x, or y-1 and y. */
export interface ZoomedViewEdges {
  columns: readonly number[];
  rows: readonly number[];
}

/**
 * `floor` is 1 for floor cells, `zoomedWall` 1 where a zoomed run saw wall, `rgb` the photo's colour per cell
 * (3 bytes), all on a `width × height` grid. Returns the floor cells to take out (1).
 */
export function floorZoomedRunsCallWall(
  floor: Uint8Array,
  zoomedWall: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  edges: ZoomedViewEdges,
  limits: ZoomedWallLimits = ZOOMED_WALL_LIMITS,
): Uint8Array {
  const size = width * height;
  const out = new Uint8Array(size);
  // Only the box around the floor the zoomed runs call wall is worked on (with room for the opening and the
  // ring): this runs on every photo, and the zoomed views cover the bottom half at most.
  let floorCells = 0;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floorCells += floor[i]!;
      if (!(floor[i]! & zoomedWall[i]!)) continue;
      if (y < top) top = y;
      bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (bottom < 0) return out;
  const margin = Math.max(limits.ring, limits.opening) + 2;
  const box = { left: Math.max(0, left - margin), top: Math.max(0, top - margin) };
  const boxWidth = Math.min(width, right + margin + 1) - box.left;
  const boxHeight = Math.min(height, bottom + margin + 1) - box.top;
  const crop = (values: Uint8Array, channels: number) => {
    const part = new Uint8Array(boxWidth * boxHeight * channels);
    for (let y = 0; y < boxHeight; y++) {
      const from = ((box.top + y) * width + box.left) * channels;
      part.set(values.subarray(from, from + boxWidth * channels), y * boxWidth * channels);
    }
    return part;
  };
  const boxEdges = { columns: edges.columns.map((x) => x - box.left), rows: edges.rows.map((y) => y - box.top) };
  const grids = { floor: crop(floor, 1), zoomedWall: crop(zoomedWall, 1), rgb: crop(rgb, 3), width: boxWidth, height: boxHeight, edges: boxEdges };
  const taken = takenInBox(grids, floorCells, limits);
  for (let y = 0; y < boxHeight; y++) out.set(taken.subarray(y * boxWidth, (y + 1) * boxWidth), (box.top + y) * width + box.left);
  return out;
}

/** `floorZoomedRunsCallWall` on the box: its grids cropped, and the floor's size on the whole grid. */
function takenInBox(
  grids: { floor: Uint8Array; zoomedWall: Uint8Array; rgb: Uint8Array; width: number; height: number; edges: ZoomedViewEdges },
  floorCells: number,
  limits: ZoomedWallLimits,
): Uint8Array {
  const { floor, zoomedWall, width, height } = grids;
  const size = width * height;
  const out = new Uint8Array(size);
  let candidates = bothSet(floor, zoomedWall);
  if (limits.opening > 0) candidates = opened(candidates, width, height, limits.opening);
  const { labels, sizes } = labelComponents(candidates, width, height, 1);
  const patches = sizes.length;
  if (patches <= 1) return out;
  const { border, onViewEdge, inside, undoubted, doubted } = patchSums(grids, candidates, labels, patches, limits.ring);
  const around = new Float64Array(patches * 4);
  for (let k = 0; k < around.length; k++) around[k] = undoubted[k]! + doubted[k]!;
  const take = new Uint8Array(patches);
  for (let patch = 1; patch < patches; patch++) {
    if (sizes[patch]! > limits.maxShare * floorCells) continue;
    if (border[patch]! > 0 && onViewEdge[patch]! / border[patch]! >= limits.viewEdge) continue;
    // Both, so the strips cannot make a patch look like the floor; where the zoomed runs doubted all the floor round
    // it, there is nothing else to go by.
    const likeUndoubted = undoubted[patch * 4 + 3] === 0 || looksLikeTheFloor(inside, undoubted, patch, limits);
    if (likeUndoubted && looksLikeTheFloor(inside, around, patch, limits)) continue;
    take[patch] = 1;
  }
  for (let i = 0; i < size; i++) if (take[labels[i]!]) out[i] = 1;
  return out;
}

/**
 * 1 where both are. This loop and patchSums' are functions of their own: with V8 compiling a hot loop on the spot
 * (decision 028), the fast code made for one loop of takenInBox was thrown away at the first line after it that
 * had never run, and it compiled again for its next loop.
 */
function bothSet(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & b[i]!;
  return out;
}

/**
 * Per patch (label of `labels`): its border with floor that is not a patch, and how much of it lies along a zoomed
 * view's edge; its colour sum and the floor's colour sums around it (r, g, b, count), the floor no zoomed run called
 * wall apart from the floor one did (in strips too thin to be patches). Those strips are often more of the patch's own
 * thing (a rug's shaded pile round a pouf), and what they add to the ring's mean moves with an invisible change of
 * the input (issue 35: the shag's moat read 2.0 from the page's copy, 8.8 from the file, 17.4-27.1 from nudges).
 */
function patchSums(
  grids: { floor: Uint8Array; zoomedWall: Uint8Array; rgb: Uint8Array; width: number; height: number; edges: ZoomedViewEdges },
  candidates: Uint8Array,
  labels: Int32Array,
  patches: number,
  r: number,
): { border: Float64Array; onViewEdge: Float64Array; inside: Float64Array; undoubted: Float64Array; doubted: Float64Array } {
  const { floor, zoomedWall, rgb, width, height, edges } = grids;
  const edgeColumn = new Uint8Array(width + 1);
  for (const x of edges.columns) if (x > 0 && x < width) edgeColumn[x] = 1;
  const edgeRow = new Uint8Array(height + 1);
  for (const y of edges.rows) if (y > 0 && y < height) edgeRow[y] = 1;
  const border = new Float64Array(patches);
  const onViewEdge = new Float64Array(patches);
  const inside = new Float64Array(patches * 4);
  const undoubted = new Float64Array(patches * 4);
  const doubted = new Float64Array(patches * 4);
  const lastCounted = new Int32Array(patches).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const patch = labels[i]!;
      if (patch) {
        for (let c = 0; c < 3; c++) inside[patch * 4 + c]! += rgb[i * 3 + c]!;
        inside[patch * 4 + 3]!++;
        // Its border with floor that is not a patch, and how much of it lies along a zoomed view's edge.
        if (x > 0 && floor[i - 1] && !candidates[i - 1]) {
          border[patch]!++;
          onViewEdge[patch]! += edgeColumn[x]!;
        }
        if (x < width - 1 && floor[i + 1] && !candidates[i + 1]) {
          border[patch]!++;
          onViewEdge[patch]! += edgeColumn[x + 1]!;
        }
        if (y > 0 && floor[i - width] && !candidates[i - width]) {
          border[patch]!++;
          onViewEdge[patch]! += edgeRow[y]!;
        }
        if (y < height - 1 && floor[i + width] && !candidates[i + width]) {
          border[patch]!++;
          onViewEdge[patch]! += edgeRow[y + 1]!;
        }
        continue;
      }
      if (!floor[i]) continue;
      // A floor cell counts once towards each patch that has a cell `ring` away from it (a sparse ring).
      for (let dy = -r; dy <= r; dy += r) {
        for (let dx = -r; dx <= r; dx += r) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const near = labels[yy * width + xx]!;
          if (!near || lastCounted[near] === i) continue;
          lastCounted[near] = i;
          const sums = zoomedWall[i] ? doubted : undoubted;
          for (let c = 0; c < 3; c++) sums[near * 4 + c]! += rgb[i * 3 + c]!;
          sums[near * 4 + 3]!++;
        }
      }
    }
  }
  return { border, onViewEdge, inside, undoubted, doubted };
}

/** Whether a patch's mean colour is near the floor's around it, or of the same chromaticity (the floor's hue). */
function looksLikeTheFloor(inside: Float64Array, around: Float64Array, patch: number, limits: ZoomedWallLimits): boolean {
  const n = inside[patch * 4 + 3]!;
  const m = around[patch * 4 + 3]!;
  if (!m) return false;
  const mean = (sums: Float64Array, count: number) => [0, 1, 2].map((c) => sums[patch * 4 + c]! / count);
  const [r1, g1, b1] = mean(inside, n) as [number, number, number];
  const [r2, g2, b2] = mean(around, m) as [number, number, number];
  if (Math.hypot(r1 - r2, g1 - g2, b1 - b2) < limits.likeFloor) return true;
  // Black has no hue: +1 keeps the ratio defined and pulls near-black towards grey.
  const s1 = r1 + g1 + b1 + 1;
  const s2 = r2 + g2 + b2 + 1;
  if (!limits.sameHueLighter && s1 > s2) return false;
  return Math.hypot(r1 / s1 - r2 / s2, g1 / s1 - g2 / s2) < limits.sameHue;
}

/**
 * Morphological opening with a (2r+1)² square, clipped at the frame's edge (a cell survives the erosion when
 * every cell of its window inside the frame is set). Running sums along rows, then columns: the mask is the
 * scene grid (512²), and this runs on every photo.
 */
function opened(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const sums = new Int32Array(Math.max(width, height) + 1);
  // One pass along every row (or column): a cell is set when its window's sum, clipped to the frame, is its
  // whole window (erode) or more than 0 (dilate).
  const filter = (input: Uint8Array, horizontal: boolean, erode: boolean) => {
    const out = new Uint8Array(input.length);
    const lines = horizontal ? height : width;
    const length = horizontal ? width : height;
    const step = horizontal ? 1 : width;
    for (let l = 0; l < lines; l++) {
      const start = horizontal ? l * width : l;
      for (let k = 0; k < length; k++) sums[k + 1] = sums[k]! + input[start + k * step]!;
      if (sums[length] === 0) continue;
      for (let k = 0; k < length; k++) {
        const from = k > r ? k - r : 0;
        const to = k + r + 1 < length ? k + r + 1 : length;
        const sum = sums[to]! - sums[from]!;
        if (erode ? sum === to - from : sum > 0) out[start + k * step] = 1;
      }
    }
    return out;
  };
  const eroded = filter(filter(mask, true, true), false, true);
  const result = filter(filter(eroded, true, false), false, false);
  for (let i = 0; i < result.length; i++) result[i]! &= mask[i]!;
  return result;
}
