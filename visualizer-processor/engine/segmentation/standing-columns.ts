/**
 * A toilet's pedestal, a door frame's foot: an upright thing of the floor's own colour and light that every network
 * run calls floor, and that no colour or texture step tells from the floor (decision 012, issue 34 session 14). What
 * tells it is its shape: two long straight sharp edges standing upright side by side inside the floor, the one dark to
 * light and the other light to dark (a column's two sides), both running up to where the floor ends above them (the
 * column goes on up into the thing it holds). The floor's own lines are not that: plank seams and grout recede towards
 * the vanishing point and stop short of the floor's top edge, with more floor beyond them along their line, and the
 * floor's edge at a wall is the floor's border, not a line inside it (the log's session 14 survey: of 285 long straight
 * edges inside the first render's floor on the tuning photos, none is upright and runs up to the floor's top edge).
 *
 * On the refined floor at the guide's size, on its brightness (the floor's box and a margin round it): pixels of a
 * step (Sobel, in grey levels) of at least `minStep`, the largest across (thin edges) and running nearer upright than
 * lying, grow into edges while their direction stays within `turn` of the edge's mean. An edge stands when its line
 * (the principal axis of its pixels) is at least `minLength` of the guide's diagonal long and `slender` times as long
 * as wide, leans at most `upright` from the vertical, its mean step is `times` the floor's median step, the floor lies
 * on both sides `across` pixels out on `inside` of its length, and its line meets the floor's top border within
 * `reach` pixels above it. Two standing edges of opposite step, `minGap` pixels to `maxGap` of the guide's width
 * apart, side by side over `overlap` of the shorter one, whose floor between them is `unlike` the floor past each
 * side, are a column: the floor between them, from the floor's border down to their feet, leaves.
 */
import { onFloorBox } from './floor-box.ts';

export const STANDING_COLUMN_LIMITS = {
  /** Least brightness step (grey levels, Sobel over 4) of an edge pixel. */
  minStep: 12,
  /** Most turn (radians) of a pixel's edge direction from its edge's so far as the edge grows: straight on. */
  turn: Math.PI / 8,
  /**
   * An edge's mean step is at least this many times the floor's median step. At 4 or 5 a door frame's foot with its
   * glass beside it is a column too (hall-airport-tile), and the glass door's painted piece, split by it, is no longer
   * taken whole by the visitor's tap (the log's session 14).
   */
  times: 6,
  /** Most lean of an edge from the vertical (radians): 15°. */
  upright: Math.PI / 12,
  /** Least length of an edge, as a share of the guide's diagonal... */
  minLength: 0.04,
  /** ... and at least this many times its width: a line, not a blob of grain. */
  slender: 6,
  /** Distance (guide pixels) across an edge at which both sides are read... */
  across: 5,
  /** ... and the least share of its length on which both are floor: inside the floor, not its border. */
  inside: 0.6,
  /** Most distance (guide pixels) from an edge's upper end up its line to where the floor ends. */
  reach: 12,
  /** Least gap (guide pixels) between a column's two sides... */
  minGap: 6,
  /** ... and the most, as a share of the guide's width. */
  maxGap: 1 / 6,
  /** Least share of the shorter side's height the two sides stand beside each other. */
  overlap: 0.5,
  /**
   * A column is one surface unlike the floor on both its sides: its mean brightness between its sides is at least
   * this many grey levels above (or below) the floor's `across` pixels out past each side. Between a chair frame's two
   * thin legs lies the floor again, which the engine keeps (`grounded`: floor seen past a seat counts).
   */
  unlike: 6,
};

export type StandingColumnLimits = typeof STANDING_COLUMN_LIMITS;

/** Floor pixels (1 in `floor`, raw RGB `rgb`, `width` × `height`) of columns standing upright in it: 1 there. */
export function columnsStandingInFloor(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: StandingColumnLimits = STANDING_COLUMN_LIMITS,
): Uint8Array {
  const minLength = limits.minLength * Math.hypot(width, height);
  const maxGap = limits.maxGap * width;
  // The box reaches past the floor's top border as far as an edge's line is followed up.
  return onFloorBox(floor, rgb, width, height, limits.reach + limits.across + 2, (boxFloor, boxRgb, w, h) =>
    columnsInBox(boxFloor, boxRgb, w, h, minLength, maxGap, limits),
  );
}

/** An upright edge: its line x = `at` + `lean` × y, from `top` (where the floor ends above it) to `foot`; `sign` its step's. */
interface StandingEdge {
  at: number;
  lean: number;
  top: number;
  foot: number;
  sign: number;
}

/** Each pixel's brightness step: its size (0 where it is not the largest across: thin edges) and its direction, doubled. */
interface Steps {
  size: Float32Array;
  cos2: Float32Array;
  sin2: Float32Array;
  grey: Float32Array;
}

/*
 * Each loop over the pixels is a function of its own: V8 compiles a hot loop with the whole function that holds it
 * (decision 028, the log's session 12, speed).
 */

function columnsInBox(floor: Uint8Array, rgb: Uint8Array, w: number, h: number, minLength: number, maxGap: number, limits: StandingColumnLimits): Uint8Array {
  const grey = brightnessOf(rgb, w * h);
  const raw = new Float32Array(w * h);
  const steps: Steps = { size: new Float32Array(w * h), cos2: new Float32Array(w * h), sin2: new Float32Array(w * h), grey };
  const median = sobelSteps(grey, floor, w, h, raw, steps, limits.minStep);
  thinSteps(raw, steps, w, h, limits.minStep);
  const edges = standingEdges(steps, floor, w, h, Math.max(limits.times * median, limits.minStep), minLength, limits);
  const out = new Uint8Array(w * h);
  for (const left of edges) {
    for (const right of edges) {
      if (left.sign === right.sign) continue;
      const gap = right.at + right.lean * (right.top + right.foot) / 2 - (left.at + left.lean * (left.top + left.foot) / 2);
      if (gap < limits.minGap || gap > maxGap) continue;
      const together = Math.min(left.foot, right.foot) - Math.max(left.top, right.top);
      if (together < limits.overlap * Math.min(left.foot - left.top, right.foot - right.top)) continue;
      if (!unlikeBothSides(steps.grey, floor, w, h, left, right, limits.across, limits.unlike)) continue;
      markBetween(out, floor, w, h, left, right);
    }
  }
  return out;
}

function brightnessOf(rgb: Uint8Array, size: number): Float32Array {
  const grey = new Float32Array(size);
  for (let i = 0; i < size; i++) grey[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  return grey;
}

/**
 * Each pixel's brightness step (Sobel over 4, in grey levels) into `raw`, and where it reaches `least` its direction
 * (doubled, so a step and its opposite agree) into `steps`; the floor's median step (from a histogram of half-level
 * bins) returned.
 */
function sobelSteps(grey: Float32Array, floor: Uint8Array, w: number, h: number, raw: Float32Array, steps: Steps, least: number): number {
  const counts = new Uint32Array(512);
  let floorCount = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1, i = y * w + 1; x < w - 1; x++, i++) {
      const gx = (grey[i - w + 1]! + 2 * grey[i + 1]! + grey[i + w + 1]! - grey[i - w - 1]! - 2 * grey[i - 1]! - grey[i + w - 1]!) / 4;
      const gy = (grey[i + w - 1]! + 2 * grey[i + w]! + grey[i + w + 1]! - grey[i - w - 1]! - 2 * grey[i - w]! - grey[i - w + 1]!) / 4;
      const size = Math.sqrt(gx * gx + gy * gy);
      raw[i] = size;
      if (size >= least) {
        // cos and sin of twice the step's direction.
        steps.cos2[i] = (gx * gx - gy * gy) / (size * size);
        steps.sin2[i] = (2 * gx * gy) / (size * size);
      }
      if (!floor[i]) continue;
      floorCount++;
      counts[Math.min(511, Math.floor(size * 2))]!++;
    }
  }
  let seen = 0;
  for (let k = 0; k < 512; k++) {
    seen += counts[k]!;
    if (seen * 2 >= floorCount) return (k + 0.5) / 2;
  }
  return 0;
}

/**
 * `steps.size`: the step where it reaches `least`, runs nearer upright than lying (its doubled direction's cosine
 * positive: no pixel of an edge within `upright` of the vertical turns further) and is the largest of the two
 * neighbours along its direction; else 0.
 */
function thinSteps(raw: Float32Array, steps: Steps, w: number, h: number, least: number): void {
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1, i = y * w + 1; x < w - 1; x++, i++) {
      const size = raw[i]!;
      if (size < least || steps.cos2[i]! <= 0) continue;
      // The direction itself from the doubled one: cos² = (1 + cos2) / 2, and sin's sign against cos's is sin2's.
      const cos = Math.sqrt((1 + steps.cos2[i]!) / 2);
      const sin = Math.sqrt(Math.max(0, (1 - steps.cos2[i]!) / 2)) * (steps.sin2[i]! < 0 ? -1 : 1);
      const along = Math.round(sin) * w + Math.round(cos);
      if (size >= raw[i + along]! && size >= raw[i - along]!) steps.size[i] = size;
    }
  }
}

/** The thin steps grown into straight edges, strongest first, kept where they stand (see the file's comment). */
function standingEdges(steps: Steps, floor: Uint8Array, w: number, h: number, strong: number, minLength: number, limits: StandingColumnLimits): StandingEdge[] {
  const order = strongestFirst(steps.size, limits.minStep);
  const used = new Uint8Array(w * h);
  const region = new Int32Array(w * h);
  const edges: StandingEdge[] = [];
  const keepTurn = Math.cos(2 * limits.turn);
  for (let k = 0; k < order.length; k++) {
    const seed = order[k]!;
    if (used[seed]) continue;
    const count = growEdge(seed, steps, used, region, w, h, limits.minStep, keepTurn);
    if (count < minLength) continue;
    const edge = edgeThatStands(region, count, steps, floor, w, h, strong, minLength, limits);
    if (edge) edges.push(edge);
  }
  return edges;
}

/** Pixels with a thin step of at least `least`, strongest first (by whole grey levels). */
function strongestFirst(size: Float32Array, least: number): Int32Array {
  const counts = new Uint32Array(257);
  let total = 0;
  for (let i = 0; i < size.length; i++) {
    if (size[i]! < least) continue;
    counts[256 - Math.min(256, Math.floor(size[i]!))]!++;
    total++;
  }
  const starts = new Uint32Array(257);
  for (let b = 1; b < 257; b++) starts[b] = starts[b - 1]! + counts[b - 1]!;
  const order = new Int32Array(total);
  for (let i = 0; i < size.length; i++) {
    if (size[i]! < least) continue;
    order[starts[256 - Math.min(256, Math.floor(size[i]!))]!++] = i;
  }
  return order;
}

/** Grows an edge from `seed` (8-connected) through thin steps turning at most the limit from its mean direction. */
function growEdge(seed: number, steps: Steps, used: Uint8Array, region: Int32Array, w: number, h: number, least: number, keepTurn: number): number {
  let count = 0;
  region[count++] = seed;
  used[seed] = 1;
  let sumCos = steps.cos2[seed]!;
  let sumSin = steps.sin2[seed]!;
  for (let head = 0; head < count; head++) {
    const i = region[head]!;
    const x = i % w;
    const norm = Math.sqrt(sumCos * sumCos + sumSin * sumSin);
    const meanCos = sumCos / norm;
    const meanSin = sumSin / norm;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = i + dy * w + dx;
        if (n < 0 || n >= w * h || x + dx < 0 || x + dx >= w || used[n] || steps.size[n]! < least) continue;
        if (steps.cos2[n]! * meanCos + steps.sin2[n]! * meanSin < keepTurn) continue;
        used[n] = 1;
        region[count++] = n;
        sumCos += steps.cos2[n]!;
        sumSin += steps.sin2[n]!;
      }
    }
  }
  return count;
}

/** The edge of `region`'s first `count` pixels as a line, if it stands (see the file's comment); else null. */
function edgeThatStands(
  region: Int32Array,
  count: number,
  steps: Steps,
  floor: Uint8Array,
  w: number,
  h: number,
  strong: number,
  minLength: number,
  limits: StandingColumnLimits,
): StandingEdge | null {
  // Its line: the principal axis of its pixels, weighted by their steps.
  let total = 0;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < count; k++) {
    const i = region[k]!;
    const weight = steps.size[i]!;
    total += weight;
    mx += (i % w) * weight;
    my += Math.floor(i / w) * weight;
  }
  if (total < strong * count) return null;
  mx /= total;
  my /= total;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let k = 0; k < count; k++) {
    const i = region[k]!;
    const weight = steps.size[i]!;
    const ex = (i % w) - mx;
    const ey = Math.floor(i / w) - my;
    sxx += ex * ex * weight;
    syy += ey * ey * weight;
    sxy += ex * ey * weight;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  // Upright: the line's direction within `upright` of the vertical.
  if (Math.abs(Math.cos(theta)) > Math.sin(limits.upright)) return null;
  const dx = Math.cos(theta);
  const dy = Math.sin(theta);
  let low = Infinity;
  let high = -Infinity;
  let narrow = Infinity;
  let wide = -Infinity;
  for (let k = 0; k < count; k++) {
    const i = region[k]!;
    const ex = (i % w) - mx;
    const ey = Math.floor(i / w) - my;
    const along = ex * dx + ey * dy;
    const across = -ex * dy + ey * dx;
    if (along < low) low = along;
    if (along > high) high = along;
    if (across < narrow) narrow = across;
    if (across > wide) wide = across;
  }
  const length = high - low + 1;
  if (length < minLength || length < limits.slender * (wide - narrow + 1)) return null;
  const lean = dx / dy;
  const at = mx - lean * my;
  const top = Math.round(Math.min(my + low * dy, my + high * dy));
  const foot = Math.round(Math.max(my + low * dy, my + high * dy));
  if (!floorOnBothSides(floor, w, h, at, lean, top, foot, limits.across, limits.inside)) return null;
  const border = floorEndsAbove(floor, w, at, lean, top, limits.reach);
  if (border < 0) return null;
  // Which way its step goes, across its middle from left to right.
  const row = Math.round(my) * w;
  const x = Math.round(mx);
  const sign = Math.sign(steps.grey[row + Math.min(w - 1, x + 3)]! - steps.grey[row + Math.max(0, x - 3)]!);
  if (sign === 0) return null;
  return { at, lean, top: border, foot, sign };
}

function floorOnBothSides(floor: Uint8Array, w: number, h: number, at: number, lean: number, top: number, foot: number, across: number, least: number): boolean {
  let left = 0;
  let right = 0;
  let read = 0;
  for (let y = Math.max(0, top); y <= Math.min(h - 1, foot); y += 2) {
    const x = Math.round(at + lean * y);
    if (x - across < 0 || x + across >= w) continue;
    read++;
    left += floor[y * w + x - across]!;
    right += floor[y * w + x + across]!;
  }
  return read > 0 && left >= least * read && right >= least * read;
}

/** The row where the floor ends going up the line from `top`, within `reach` pixels; -1 if it goes on. */
function floorEndsAbove(floor: Uint8Array, w: number, at: number, lean: number, top: number, reach: number): number {
  for (let t = 1; t <= reach; t++) {
    const y = top - t;
    if (y < 0) return -1;
    const x = Math.round(at + lean * y);
    if (x < 0 || x >= w) return -1;
    if (!floor[y * w + x]) return y;
  }
  return -1;
}

/**
 * Whether the floor between two edges (inside by `across`, over the rows both stand) is brighter, or darker, than the
 * floor `across` pixels out past each of them by at least `least` grey levels.
 */
function unlikeBothSides(grey: Float32Array, floor: Uint8Array, w: number, h: number, left: StandingEdge, right: StandingEdge, across: number, least: number): boolean {
  let inside = 0;
  let insideCount = 0;
  let outLeft = 0;
  let outLeftCount = 0;
  let outRight = 0;
  let outRightCount = 0;
  const from = Math.max(0, Math.max(left.top, right.top));
  const to = Math.min(h - 1, Math.min(left.foot, right.foot));
  for (let y = from; y <= to; y++) {
    const x0 = Math.round(left.at + left.lean * y);
    const x1 = Math.round(right.at + right.lean * y);
    for (let x = x0 + across, i = y * w + x; x <= x1 - across; x++, i++) {
      if (!floor[i]) continue;
      inside += grey[i]!;
      insideCount++;
    }
    const l = x0 - across;
    if (l >= 0 && floor[y * w + l]) {
      outLeft += grey[y * w + l]!;
      outLeftCount++;
    }
    const r = x1 + across;
    if (r < w && floor[y * w + r]) {
      outRight += grey[y * w + r]!;
      outRightCount++;
    }
  }
  if (!insideCount || !outLeftCount || !outRightCount) return false;
  const middle = inside / insideCount;
  const toLeft = middle - outLeft / outLeftCount;
  const toRight = middle - outRight / outRightCount;
  return (toLeft >= least && toRight >= least) || (toLeft <= -least && toRight <= -least);
}

/** The floor between two edges, from the higher one's top to the lower one's foot: 1 in `out`. */
function markBetween(out: Uint8Array, floor: Uint8Array, w: number, h: number, left: StandingEdge, right: StandingEdge): void {
  const from = Math.max(0, Math.min(left.top, right.top));
  const to = Math.min(h - 1, Math.max(left.foot, right.foot));
  for (let y = from; y <= to; y++) {
    const x0 = Math.max(0, Math.ceil(left.at + left.lean * y));
    const x1 = Math.min(w - 1, Math.floor(right.at + right.lean * y));
    for (let x = x0, i = y * w + x0; x <= x1; x++, i++) if (floor[i]) out[i] = 1;
  }
}
