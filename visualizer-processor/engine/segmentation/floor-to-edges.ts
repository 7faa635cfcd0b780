/**
 * The floor up to the photo's own edge round things (issue 34, decision 012's log, session 22). The object margin
 * takes a fixed band of cells round everything a run saw standing on the floor, and the zoomed runs' things take
 * their own cells, so the floor between a chair's legs, up to a bed's foot or a cabinet's plinth is left as the old
 * floor, spread thin along the thing's outline where no tap (one region each) can mend it; the guided filter's
 * threshold (0.6) does the same along any edge it is unsure of.
 *
 * Here, at the guide's size, the pixels the network's runs all called floor but the steps left out only for the
 * margin or the filter (`candidate`) are shared between the refined floor and the not-floor round them by geodesic
 * distance on the guide's colours: each goes to whichever it is reached from first, a step costing its length and
 * `edgeWeight` times the colour step it crosses. The floor comes back up to the strongest colour edge between it and
 * the thing (a leg's dark outline on pale tile), while a thing's part of the floor's tone stays with the thing it
 * joins without an edge. The floor starts `head` behind (where no edge parts them, the thing wins the middle), and
 * comes back no farther than `reach` pixels of path.
 */
import { boxMean } from './guided-upsample.ts';
import { eachNeighbour } from './eight-neighbours.ts';

export interface FloorToEdgeLimits {
  /** How much a colour step (Euclidean RGB, 0..1 a channel) costs, in pixels of path, per unit. */
  edgeWeight: number;
  /** Colour steps up to this (0..1 a channel, Euclidean) are the floor's grain or noise, and cost nothing. */
  grain: number;
  /** The floor's path starts this many pixels behind the not-floor's. */
  head: number;
  /** The floor comes back at most this far along its path (pixels, with the colour steps' cost). */
  reach: number;
  /** The floor that came back is fed to the guided filter again (true), or pinned as floor (false). */
  refilter: boolean;
  /** Only what the margin took may come back, not what the filter's threshold left out along other edges. */
  marginOnly: boolean;
  /**
   * A pixel comes back only when its colour is nearer the floor's round it than this times nearer the not-floor's
   * round it (means over a square of 2 × `window` + 1 pixels); 0 = no colour test.
   */
  likeFloor: number;
  window: number;
  /** The things' own cells within this many pixels of the refined floor may come back too; 0 = not. */
  band: number;
  /**
   * The floor does not pass a pixel whose colour gradient (central differences, Euclidean over the channels, 0..1 a
   * channel) reaches this: it stops at a thing's outline however thin the thing; 0 = no stop.
   */
  stop: number;
  /** Scene cells a run saw a thing in, more than this many cells inside its outline, never come back; 0 = any may. */
  interior: number;
  /**
   * The floor's path holds to the colour of the floor it grew from: it does not enter a pixel farther than this
   * (Euclidean RGB, 0..1 a channel) from the mean of the floor round its seed (a square of 2 × `holdWindow` + 1
   * pixels), so a soft-edged thing of a near tone, whose colour drifts away a little a step, stops it; 0 = no hold.
   */
  hold: number;
  holdWindow: number;
  /** Only scene cells where no zoomed run saw a thing may come back (the band's and the margin's alike). */
  zoomedClear: boolean;
  /**
   * No scene cell within this many cells of a door or mirror any run saw comes back (the floor's reflection in a
   * glass door is the floor's colour, and the floor painted over it would grow along it); 0 = no such test.
   */
  glassClear: number;
  /**
   * The floor's paths start this many pixels inside the refined floor (where a square of 2 × `seedDeep` + 1 pixels is
   * all floor) and cross the refined floor's edge band as they cross the candidates (`reach` grows by 1.5 × this):
   * paint the engine already lays on a thing's foot, a mat or a reflection is then reached only across the colour
   * edge between it and the floor, and seeds nothing; 0 = the paths start at the refined floor's edge.
   */
  seedDeep: number;
}

/**
 * The first form measured (decision 012's log, session 22: off, its precision cost too high); the variants in
 * engine-variants.ts ('engine, floor to edges, ...') add the band, the stop and the things' insides, and (session 23,
 * still off) the hold to the seed's colour, the zoomed runs' things and the glass.
 */
export const FLOOR_TO_EDGE_LIMITS: FloorToEdgeLimits = {
  edgeWeight: 60,
  grain: 0.06,
  head: 1,
  reach: 24,
  refilter: true,
  marginOnly: false,
  likeFloor: 1,
  window: 8,
  band: 0,
  stop: 0,
  interior: 0,
  hold: 0,
  holdWindow: 8,
  zoomedClear: false,
  glassClear: 0,
  seedDeep: 0,
};

/** A binary min-heap of pixel indices keyed by a Float64 distance array (ties: any order). */
class PixelHeap {
  private items: Int32Array;
  private size = 0;

  constructor(
    capacity: number,
    private readonly keys: Float64Array,
  ) {
    this.items = new Int32Array(Math.max(16, capacity));
  }

  get length(): number {
    return this.size;
  }

  push(i: number): void {
    if (this.size === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    const { items, keys } = this;
    let at = this.size++;
    const key = keys[i]!;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (keys[items[parent]!]! <= key) break;
      items[at] = items[parent]!;
      at = parent;
    }
    items[at] = i;
  }

  pop(): number {
    const { items, keys } = this;
    const top = items[0]!;
    const last = items[--this.size]!;
    const key = keys[last]!;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && keys[items[child + 1]!]! < keys[items[child]!]!) child++;
      if (keys[items[child]!]! >= key) break;
      items[at] = items[child]!;
      at = child;
    }
    if (this.size > 0) items[at] = last;
    return top;
  }
}

/**
 * The candidate pixels that come back as floor. `floor` is the refined floor (1), `candidate` the pixels that may
 * come back (not in `floor`); every other pixel is not floor. `rgb` is the guide copy (raw RGB, `width` × `height`).
 */
export function floorToEdges(
  floor: Uint8Array,
  candidate: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: FloorToEdgeLimits = FLOOR_TO_EDGE_LIMITS,
): Uint8Array {
  const size = width * height;
  if (limits.seedDeep > 0) {
    // The refined floor's edge band becomes part of the field: the floor must reach the candidates from deep inside.
    const plane = new Float32Array(size);
    for (let i = 0; i < size; i++) plane[i] = floor[i]!;
    const share = boxMean(plane, width, height, limits.seedDeep);
    const deep = new Uint8Array(size);
    const field = new Uint8Array(size);
    for (let i = 0; i < size; i++) {
      deep[i] = share[i]! > 0.999 ? 1 : 0;
      field[i] = candidate[i] || (floor[i] && !deep[i]) ? 1 : 0;
    }
    const reached = floorToEdges(deep, field, rgb, width, height, {
      ...limits,
      seedDeep: 0,
      reach: limits.reach + 1.5 * limits.seedDeep,
    });
    const back = new Uint8Array(size);
    for (let i = 0; i < size; i++) if (candidate[i] && reached[i]) back[i] = 1;
    return back;
  }
  const means = limits.likeFloor > 0 ? sideMeans(floor, candidate, rgb, width, height, limits.window) : null;
  const floorish = means ? likeTheFloor(candidate, rgb, size, means, limits.likeFloor) : null;
  const holdMeans =
    limits.hold > 0
      ? means && limits.holdWindow === limits.window
        ? means
        : sideMeans(floor, candidate, rgb, width, height, limits.holdWindow)
      : null;
  // Per pixel the floor reached, the seed its path started from (for `hold`).
  const origin = limits.hold > 0 ? new Int32Array(size).fill(-1) : null;
  const holdLimit = (limits.hold * 255) ** 2;
  const edges = limits.stop > 0 ? strongEdges(candidate, rgb, width, height, limits.stop) : null;
  const distance = new Float64Array(size).fill(Infinity);
  // 1 floor, 2 not floor, 0 not reached.
  const label = new Uint8Array(size);
  const heap = new PixelHeap(1024, distance);
  // Seeds: the pixels beside a candidate, of either side, found from the candidates (a few of the guide's pixels),
  // then pushed in pixel order (the heap breaks ties by its order).
  const beside = new Uint8Array(size);
  const markBeside = (n: number) => {
    if (!candidate[n]) beside[n] = 1;
  };
  for (let i = 0; i < size; i++) if (candidate[i]) eachNeighbour(i, width, height, markBeside);
  for (let i = 0; i < size; i++) {
    if (!beside[i]) continue;
    label[i] = floor[i] ? 1 : 2;
    distance[i] = floor[i] ? limits.head : 0;
    if (origin && floor[i]) origin[i] = i;
    heap.push(i);
  }
  const done = new Uint8Array(size);
  const scale = limits.edgeWeight / 255;
  // The pixel being settled, its distance and side: one visitor for the whole walk (a closure a pixel would be
  // garbage by the million at 12 MP).
  let i = 0;
  let from = 0;
  let side = 0;
  const relax = (n: number, diagonal: boolean) => {
    if (!candidate[n] || done[n]) return;
    if (side === 1 && ((floorish && !floorish[n]) || (edges && edges[n]))) return;
    const dr = rgb[n * 3]! - rgb[i * 3]!;
    const dg = rgb[n * 3 + 1]! - rgb[i * 3 + 1]!;
    const db = rgb[n * 3 + 2]! - rgb[i * 3 + 2]!;
    const step = Math.max(0, Math.sqrt(dr * dr + dg * dg + db * db) * scale - limits.grain * limits.edgeWeight);
    const to = from + (diagonal ? Math.SQRT2 : 1) + step;
    if (side === 1 && to > limits.reach) return;
    if (side === 1 && origin && holdMeans && !nearSeed(rgb, n, origin[i]!, holdMeans[0]!, holdLimit)) return;
    if (to < distance[n]!) {
      distance[n] = to;
      label[n] = side;
      if (origin) origin[n] = side === 1 ? origin[i]! : -1;
      heap.push(n);
    }
  };
  while (heap.length) {
    i = heap.pop();
    if (done[i]) continue;
    done[i] = 1;
    from = distance[i]!;
    side = label[i]!;
    eachNeighbour(i, width, height, relax);
  }
  const back = new Uint8Array(size);
  for (let i = 0; i < size; i++) if (candidate[i] && label[i] === 1) back[i] = 1;
  return back;
}

/**
 * Over squares of 2 × `window` + 1 pixels, the means of R, G, B (0 where a pixel is not counted) and of the share
 * counted, of the floor's pixels and of the not-floor's, neither counting candidates: R's mean over the share's is the
 * side's mean R. Only read at the candidates and the pixels beside them (the seeds), so worked out on their bounding
 * box grown by the window: there every window is whole or cut by the photo's edge as on the whole photo, the rows'
 * sums are of whole numbers and the columns' of those means in Float64 (exact at these sizes), so the values read are
 * the whole photo's to the bit, at a part of its cost (most of the photo is far from any candidate).
 */
function sideMeans(
  floor: Uint8Array,
  candidate: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  window: number,
): Float32Array[][] {
  const size = width * height;
  const out = [0, 1].map(() => [0, 1, 2, 3].map(() => new Float32Array(size)));
  let left = width;
  let right = -1;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = candidate.subarray(y * width, (y + 1) * width);
    const first = row.indexOf(1);
    if (first < 0) continue;
    left = Math.min(left, first);
    right = Math.max(right, row.lastIndexOf(1));
    if (top < 0) top = y;
    bottom = y;
  }
  if (right < 0) return out;
  const reach = window + 1;
  const x0 = Math.max(0, left - reach);
  const x1 = Math.min(width - 1, right + reach);
  const y0 = Math.max(0, top - reach);
  const y1 = Math.min(height - 1, bottom + reach);
  const boxWidth = x1 - x0 + 1;
  const boxHeight = y1 - y0 + 1;
  const sums = [0, 1].map(() => [0, 1, 2, 3].map(() => new Float32Array(boxWidth * boxHeight)));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * width + x;
      if (candidate[i]) continue;
      const side = sums[floor[i] ? 0 : 1]!;
      const b = (y - y0) * boxWidth + (x - x0);
      side[0]![b] = rgb[i * 3]!;
      side[1]![b] = rgb[i * 3 + 1]!;
      side[2]![b] = rgb[i * 3 + 2]!;
      side[3]![b] = 1;
    }
  }
  for (let s = 0; s < 2; s++) {
    for (let c = 0; c < 4; c++) {
      const means = boxMean(sums[s]![c]!, boxWidth, boxHeight, window);
      const plane = out[s]![c]!;
      for (let y = y0; y <= y1; y++)
        plane.set(means.subarray((y - y0) * boxWidth, (y - y0 + 1) * boxWidth), y * width + x0);
    }
  }
  return out;
}

/** Whether pixel `n`'s colour is within the limit (squared, 0..255 a channel) of the floor's mean round `seed`. */
function nearSeed(rgb: Uint8Array, n: number, seed: number, floorMeans: Float32Array[], limit: number): boolean {
  const count = floorMeans[3]![seed]!;
  if (!(count > 0)) return true;
  let sum = 0;
  for (let c = 0; c < 3; c++) sum += (rgb[n * 3 + c]! - floorMeans[c]![seed]! / count) ** 2;
  return sum <= limit;
}

/**
 * 1 at the candidates whose colour is nearer the mean of the floor round them than `likeFloor` times nearer the
 * mean of the not-floor round them (neither counting candidates); with none of either round, not.
 */
function likeTheFloor(
  candidate: Uint8Array,
  rgb: Uint8Array,
  size: number,
  means: Float32Array[][],
  likeFloor: number,
): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    if (!candidate[i]) continue;
    const floorCount = means[0]![3]![i]!;
    const otherCount = means[1]![3]![i]!;
    if (!(floorCount > 0)) continue;
    if (!(otherCount > 0)) {
      out[i] = 1;
      continue;
    }
    let toFloor = 0;
    let toOther = 0;
    for (let c = 0; c < 3; c++) {
      toFloor += (rgb[i * 3 + c]! - means[0]![c]![i]! / floorCount) ** 2;
      toOther += (rgb[i * 3 + c]! - means[1]![c]![i]! / otherCount) ** 2;
    }
    if (Math.sqrt(toFloor) * likeFloor < Math.sqrt(toOther)) out[i] = 1;
  }
  return out;
}

/** 1 at the candidates (not on the frame) whose colour gradient reaches `stop`. */
function strongEdges(candidate: Uint8Array, rgb: Uint8Array, width: number, height: number, stop: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const limit = (2 * 255 * stop) ** 2;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (!candidate[i]) continue;
      let sum = 0;
      for (let c = 0; c < 3; c++) {
        const gx = rgb[(i + 1) * 3 + c]! - rgb[(i - 1) * 3 + c]!;
        const gy = rgb[(i + width) * 3 + c]! - rgb[(i - width) * 3 + c]!;
        sum += gx * gx + gy * gy;
      }
      if (sum >= limit) out[i] = 1;
    }
  }
  return out;
}
