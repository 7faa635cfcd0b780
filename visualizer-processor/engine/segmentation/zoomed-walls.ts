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
 * - a patch with the hue of the floor beside it is floor: lighter or darker only, it is the floor in shade, in
 *   sunlight or mirroring the room (a glossy tile's reflection of the wall is wall to the zoomed run);
 * - a patch that is most of the floor (`maxShare`) is the floor itself, seen too close to tell (a carpet seen
 *   from above, called wall all over by both zoomed runs).
 */

import { dilate, erode, labelComponents } from '../procedural/binary-morphology.ts';

export const ZOOMED_WALL_LIMITS = {
  /** Opening (square, cells) of the zoomed runs' wall over the floor before it counts. */
  opening: 3,
  /** A patch whose border with the floor lies along a zoomed view's edge for at least this share is left. */
  viewEdge: 0.2,
  /** A patch whose mean chromaticity (r, g over r + g + b) is within this of the floor's around it is left. */
  sameHue: 0.005,
  /** How far (cells) around a patch the floor it is compared with is sampled. */
  ring: 6,
  /** A patch that is more than this share of the floor is left. */
  maxShare: 0.6,
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
  let candidates: Uint8Array = new Uint8Array(size);
  for (let i = 0; i < size; i++) candidates[i] = floor[i]! & zoomedWall[i]!;
  if (limits.opening > 0) {
    const opened = dilate(erode(candidates, width, height, limits.opening), width, height, limits.opening);
    for (let i = 0; i < size; i++) opened[i] = opened[i]! & candidates[i]!;
    candidates = opened;
  }
  const out = new Uint8Array(size);
  const { labels, sizes } = labelComponents(candidates, width, height, 1);
  const patches = sizes.length;
  if (patches <= 1) return out;
  const edgeColumn = new Uint8Array(width + 1);
  for (const x of edges.columns) if (x > 0 && x < width) edgeColumn[x] = 1;
  const edgeRow = new Uint8Array(height + 1);
  for (const y of edges.rows) if (y > 0 && y < height) edgeRow[y] = 1;
  const border = new Float64Array(patches);
  const onViewEdge = new Float64Array(patches);
  // Per patch: its colour sum and the floor's colour sum around it (r, g, b, count).
  const inside = new Float64Array(patches * 4);
  const around = new Float64Array(patches * 4);
  const lastCounted = new Int32Array(patches).fill(-1);
  const r = limits.ring;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const patch = labels[i]!;
      if (patch) {
        for (let c = 0; c < 3; c++) inside[patch * 4 + c]! += rgb[i * 3 + c]!;
        inside[patch * 4 + 3]!++;
        // Its border with floor that is not a patch, and how much of it lies along a zoomed view's edge.
        const sides: [number, boolean][] = [
          [x > 0 ? i - 1 : -1, edgeColumn[x] === 1],
          [x < width - 1 ? i + 1 : -1, edgeColumn[x + 1] === 1],
          [y > 0 ? i - width : -1, edgeRow[y] === 1],
          [y < height - 1 ? i + width : -1, edgeRow[y + 1] === 1],
        ];
        for (const [next, alongEdge] of sides) {
          if (next < 0 || !floor[next] || candidates[next]) continue;
          border[patch]!++;
          if (alongEdge) onViewEdge[patch]!++;
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
          for (let c = 0; c < 3; c++) around[near * 4 + c]! += rgb[i * 3 + c]!;
          around[near * 4 + 3]!++;
        }
      }
    }
  }
  const take = new Uint8Array(patches);
  let floorCells = 0;
  for (let i = 0; i < size; i++) floorCells += floor[i]!;
  for (let patch = 1; patch < patches; patch++) {
    if (sizes[patch]! > limits.maxShare * floorCells) continue;
    if (border[patch]! > 0 && onViewEdge[patch]! / border[patch]! >= limits.viewEdge) continue;
    if (sameHue(inside, around, patch, limits.sameHue)) continue;
    take[patch] = 1;
  }
  for (let i = 0; i < size; i++) if (take[labels[i]!]) out[i] = 1;
  return out;
}

/** Whether a patch's mean colour and the floor's around it have the same chromaticity (within `limit`). */
function sameHue(inside: Float64Array, around: Float64Array, patch: number, limit: number): boolean {
  const chromaticity = (sums: Float64Array) => {
    const total = sums[patch * 4]! + sums[patch * 4 + 1]! + sums[patch * 4 + 2]!;
    // Black has no hue: +1 per cell keeps the ratio defined and pulls near-black to grey.
    const n = total + sums[patch * 4 + 3]!;
    return [sums[patch * 4]! / n, sums[patch * 4 + 1]! / n];
  };
  if (!around[patch * 4 + 3]) return false;
  const [r1, g1] = chromaticity(inside);
  const [r2, g2] = chromaticity(around);
  return Math.hypot(r1! - r2!, g1! - g2!) < limit;
}
