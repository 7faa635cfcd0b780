/**
 * An area rug the network sees only in part (issue 23): one run calls some of it rug, the rest of it (a
 * sunlit medallion, a weave like the floor's own grain) both runs call floor, and with rugs kept the wood is
 * painted over it. An area rug lies flat and is a rectangle or an oval: seen in perspective, a convex shape.
 * So the floor inside the convex outline of each rug the runs saw is rug too. Scattered rug votes (a few cells
 * here and there on a patterned floor) fill too little of their outline to count, and an outline that makes up
 * much of the floor's far edge runs to the walls: it is carpet, the floor itself.
 */

import { dilate, erode } from '../procedural/binary-morphology.ts';

export const RUG_OUTLINE_LIMITS = {
  /** Rug cells this many cells apart (or closer) belong to one rug: the runs' votes are ragged. */
  join: 4,
  /** A rug smaller than this share of the grid is a mat or a stray vote, and keeps its own cells only. */
  minArea: 0.01,
  /** The rug cells must fill at least this share of their convex outline (not a scatter of votes). */
  minFill: 0.35,
  /** An outline that is more than this share of the floor's far edge runs to the walls (carpet): left alone. */
  maxFarEdge: 0.5,
  /** Only cells at least this far inside the outline: the runs' rug votes spill a cell or two past its edge. */
  shrink: 3,
};

export type RugOutlineLimits = typeof RUG_OUTLINE_LIMITS;

/**
 * `floor` and `rugSeen` are 1 where floor and where any run saw a rug, on a `width × height` grid. Returns the
 * floor cells inside the convex outline of a rug (1), to be taken out of the floor while rugs are kept.
 */
export function floorInsideRugs(floor: Uint8Array, rugSeen: Uint8Array, width: number, height: number, limits: RugOutlineLimits = RUG_OUTLINE_LIMITS): Uint8Array {
  const size = width * height;
  const inside = new Uint8Array(size);
  if (!rugSeen.includes(1)) return inside;
  const joined = dilate(rugSeen, width, height, limits.join);
  const labels = new Int32Array(size);
  const queue = new Int32Array(size);
  let label = 0;
  for (let start = 0; start < size; start++) {
    if (!joined[start] || labels[start]) continue;
    label++;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    labels[start] = label;
    // Per row, the leftmost and rightmost rug cell of this component.
    const left = new Int32Array(height).fill(width);
    const right = new Int32Array(height).fill(-1);
    let rugCells = 0;
    while (head < tail) {
      const index = queue[head++]!;
      const x = index % width;
      const y = (index - x) / width;
      if (rugSeen[index]) {
        rugCells++;
        if (x < left[y]!) left[y] = x;
        if (x > right[y]!) right[y] = x;
      }
      if (x > 0 && joined[index - 1] && !labels[index - 1]) (labels[index - 1] = label), (queue[tail++] = index - 1);
      if (x < width - 1 && joined[index + 1] && !labels[index + 1]) (labels[index + 1] = label), (queue[tail++] = index + 1);
      if (y > 0 && joined[index - width] && !labels[index - width]) (labels[index - width] = label), (queue[tail++] = index - width);
      if (y < height - 1 && joined[index + width] && !labels[index + width]) (labels[index + width] = label), (queue[tail++] = index + width);
    }
    if (rugCells < size * limits.minArea) continue;
    const hull = convexHull(left, right);
    const spans = hullSpans(hull, width, height);
    let hullCells = 0;
    for (let y = 0; y < height; y++) if (spans.to[y]! >= spans.from[y]!) hullCells += spans.to[y]! - spans.from[y]! + 1;
    if (rugCells < hullCells * limits.minFill) continue;
    if (shareOfFarEdgeInside(floor, spans, width, height) > limits.maxFarEdge) continue;
    const outline = new Uint8Array(size);
    for (let y = 0; y < height; y++) for (let x = spans.from[y]!; x <= spans.to[y]!; x++) outline[y * width + x] = 1;
    const core = limits.shrink > 0 ? erode(outline, width, height, limits.shrink) : outline;
    for (let i = 0; i < size; i++) if (core[i] && floor[i]) inside[i] = 1;
  }
  return inside;
}

export type Point = [number, number];

/** Convex hull (Andrew's monotone chain) of the rows' end cells, counter-clockwise. */
export function convexHull(left: Int32Array, right: Int32Array): Point[] {
  const points: Point[] = [];
  for (let y = 0; y < left.length; y++) {
    if (right[y]! < 0) continue;
    points.push([left[y]!, y], [right[y]!, y]);
  }
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (points.length < 3) return points;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of points) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Per row, the first and last cell inside a convex polygon of cell centres (to < from where none). */
export function hullSpans(hull: Point[], width: number, height: number) {
  const from = new Int32Array(height).fill(width);
  const to = new Int32Array(height).fill(-1);
  const n = hull.length;
  for (let k = 0; k < n; k++) {
    const [x0, y0] = hull[k]!;
    const [x1, y1] = hull[(k + 1) % n]!;
    const yStart = Math.min(y0, y1);
    const yEnd = Math.max(y0, y1);
    for (let y = yStart; y <= yEnd; y++) {
      const x = y0 === y1 ? null : x0 + ((y - y0) * (x1 - x0)) / (y1 - y0);
      const xs = x === null ? [x0, x1] : [x];
      for (const xv of xs) {
        if (Math.ceil(xv - 1e-9) < from[y]!) from[y] = Math.max(0, Math.ceil(xv - 1e-9));
        if (Math.floor(xv + 1e-9) > to[y]!) to[y] = Math.min(width - 1, Math.floor(xv + 1e-9));
      }
    }
  }
  return { from, to };
}

/** Of the floor's far edge (the topmost floor cell of each column), the share inside the spans. */
function shareOfFarEdgeInside(floor: Uint8Array, spans: { from: Int32Array; to: Int32Array }, width: number, height: number): number {
  let columns = 0;
  let inside = 0;
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      if (!floor[y * width + x]) continue;
      columns++;
      if (x >= spans.from[y]! && x <= spans.to[y]!) inside++;
      break;
    }
  }
  return columns ? inside / columns : 0;
}
