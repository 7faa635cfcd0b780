/**
 * The band at a kept rug's far edge (decision 012's log, session 34). The rug steps (and the runs) find a rug's body
 * and stop short of its far edge, where the pile lies in a sofa's or a wall's shade: the render is then the floor's
 * strip plus a band of the rug beside it, a second floor a visitor sees. Its colour does not part it from the floor
 * strip beside it (a shag's edge in shade is as dark as the wood strip along the wall: rugRim's `local`, session 34),
 * but its outline does: a rug lies flat and its far edge is a straight line in the photo, one long edge where the
 * brightness steps the same way all along it (pile to boards), while a pile's own texture steps every way and cancels
 * out along a line. So the found rug's far boundary (its top rug cells with floor above them) is fitted with a line;
 * if it is straight, the same line moved up cell by cell is scored by the mean signed brightness step across it, and
 * where that step is strong, and the found boundary itself lies on no such step (else the runs had the edge right),
 * the floor between the found boundary and that edge line is the rug's band: it leaves, if it is nearer the rug's
 * colour than the rest of the kept floor's and keeps some of the rug's texture (a kept oak strip between a rug's side
 * and a cabinet's foot is the floor's colour: living-oak-rug). Only while rugs are kept.
 */

export const RUG_EDGE_LIMITS = {
  /** How far (scene cells) past the found far boundary the rug's edge line is looked for. */
  reach: 16,
  /** The found boundary must span at least this share of the grid's columns. */
  minColumns: 0.08,
  /** ...and lie this close (root mean square, cells) to its line: a rug's edge is straight. */
  maxWobble: 3,
  /** The edge line's mean signed brightness step (0..1) across it must be at least this... */
  minStep: 0.04,
  /** ...and this many times the same way's step on the found boundary (there, the runs had the edge right). */
  overBoundary: 2,
  /** The band's texture (brightness steps along a row) is at least this share of the rug's just below it. */
  minTexture: 0.35,
  /**
   * A band cell with more grain than this (`grainOnGrid`) stays; Infinity = no test. None: a jute's weave has grain
   * (bedroom-stools' band is 0.5-1), and the line and the band's colour already keep the boards out.
   */
  maxGrain: Infinity,
  /**
   * Where the edge line's step is under `overBoundary` times the boundary's but at least this many times (the found
   * boundary lies on a weaker step of its own: a shag's ragged fringe against the floor's strip above it), the band
   * is taken cell by cell: walked up from the boundary, it stops at the first cell nearer the kept floor's mean colour
   * than the rug's. Infinity = never (the band is left). 1.5, session 35: the shag's band goes (edge 0.053 over its
   * boundary's 0.034), no other tuning or held-back photo moves; without the walk, 1.5 took part of the shag's strip.
   */
  colourWalkOver: 1.5,
};

export type RugEdgeLimits = typeof RUG_EDGE_LIMITS;

export interface RugEdgeLine {
  /** The found far boundary's line: y = slope * x + offset (cells). */
  slope: number;
  offset: number;
  /** The rug's edge line lies this many cells above it (0: none found). */
  lift: number;
  /** The mean signed step on the edge line and on the found boundary. */
  step: number;
  boundaryStep: number;
  columns: number;
  /** The band's mean colour is nearer the rug's below it than the kept floor's outside it, with its texture kept. */
  rugLike: boolean;
}

/**
 * `floor` and `rug` (the cells a run saw as rug or a rug step took) on a `width × height` grid, `rgb` its colours,
 * `grain` per cell (rough-rugs.ts) or null. Returns 1 on the floor cells of the band between the found rug's far
 * boundary and its edge line, and the line found (null when the boundary is too short or not straight).
 */
export function rugEdgeBand(
  floor: Uint8Array,
  rug: Uint8Array,
  rgb: Uint8Array,
  grain: Float32Array | null,
  width: number,
  height: number,
  limits: RugEdgeLimits = RUG_EDGE_LIMITS,
): { band: Uint8Array; line: RugEdgeLine | null } {
  const band = new Uint8Array(width * height);
  // Per column, the topmost rug cell with floor straight above it: the found rug's far boundary.
  const top = new Int32Array(width).fill(-1);
  // Row by row (the grid's order in memory), until every column has its boundary.
  let open = width;
  for (let y = 1; y < height && open > 0; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (top[x] === -1 && rug[i] === 1 && floor[i - width] === 1) {
        top[x] = y;
        open--;
      }
    }
  }
  let kept = Uint8Array.from(top, (y) => (y >= 0 ? 1 : 0));
  let fit = fitLine(top, kept);
  if (!fit) return { band, line: null };
  // Twice: drop the columns far off the line (a bench's legs, a second rug), and fit again.
  for (let round = 0; round < 2 && fit; round++) {
    const residuals: number[] = [];
    for (let x = 0; x < width; x++) if (kept[x]) residuals.push(Math.abs(top[x]! - (fit.slope * x + fit.offset)));
    residuals.sort((a, b) => a - b);
    const cut = Math.max(2, 2 * residuals[residuals.length >> 1]!);
    const next = new Uint8Array(width);
    for (let x = 0; x < width; x++) if (kept[x] && Math.abs(top[x]! - (fit.slope * x + fit.offset)) <= cut) next[x] = 1;
    kept = next;
    fit = fitLine(top, kept);
  }
  if (!fit || fit.count < limits.minColumns * width || fit.wobble > limits.maxWobble) return { band, line: null };
  // Brightness where it is read (the rows near the line, the band and the floor), not over the whole grid.
  const luminance = (i: number) => (0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!) / 255;
  // The mean signed step across the line lifted by `lift` cells: the row above it less the row below it.
  const stepAt = (lift: number): number => {
    let sum = 0;
    let count = 0;
    for (let x = 0; x < width; x++) {
      if (!kept[x]) continue;
      const y = Math.round(fit.slope * x + fit.offset) - lift;
      if (y - 1 < 0 || y + 1 >= height) continue;
      sum += luminance((y - 1) * width + x) - luminance((y + 1) * width + x);
      count++;
    }
    return count ? sum / count : 0;
  };
  let lift = 0;
  let signed = 0;
  for (let d = 2; d <= limits.reach; d++) {
    const s = stepAt(d);
    if (Math.abs(s) > Math.abs(signed)) ((signed = s), (lift = d));
  }
  // The found boundary's own step the same way (pile to boards): had the runs found the edge, it would be there.
  const boundaryStep = Math.max(0, Math.sign(signed) * stepAt(0), Math.sign(signed) * stepAt(1));
  const step = Math.abs(signed);
  // The band: up from the found boundary through the floor, to the row below the edge line.
  for (let x = 0; x < width && lift; x++) {
    if (!kept[x]) continue;
    const edge = Math.round(fit.slope * x + fit.offset) - lift;
    for (let y = top[x]! - 1; y > edge && y >= 0; y--) {
      const i = y * width + x;
      if (!floor[i]) break;
      if (grain && grain[i]! > limits.maxGrain) break;
      band[i] = 1;
    }
  }
  // Each sum: count, R, G, B, and the texture (the brightness step to the next cell in the row: a pile's or a
  // weave's is large, smooth boards' and their shade's small). The rug: its cells as deep below the boundary as
  // the band is high; the floor: every kept floor cell outside the band (the floor's own surface, in light and shade).
  const near = { band: [0, 0, 0, 0, 0], rug: [0, 0, 0, 0, 0], floor: [0, 0, 0, 0, 0] };
  const add = (sum: number[], i: number) => {
    sum[0]!++;
    for (let c = 0; c < 3; c++) sum[c + 1]! += rgb[i * 3 + c]!;
    if (i % width < width - 1) sum[4]! += Math.abs(luminance(i + 1) - luminance(i));
  };
  for (let x = 0; x < width && lift; x++) {
    if (!kept[x]) continue;
    const base = top[x]!;
    for (let y = base; y < Math.min(height, base + lift); y++) if (rug[y * width + x]) add(near.rug, y * width + x);
  }
  if (lift) sumBandAndFloor(band, floor, rgb, width, near.band, near.floor);
  const mean = (sum: number[]) => sum.slice(1).map((v) => v / Math.max(1, sum[0]!));
  const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
  const rug3 = mean(near.rug);
  let band3 = mean(near.band);
  let floor3 = mean(near.floor);
  // The boundary's own step is strong enough to hold the band back unless the band proves itself cell by cell.
  const byColour = step < limits.overBoundary * boundaryStep && step >= limits.colourWalkOver * boundaryStep;
  const walked = byColour && lift > 0 && near.floor[0]! > 0;
  if (walked) {
    // Per column, up from the boundary, the band ends at the first cell of the floor's colour: above a rug's fringe
    // lies the floor's own strip, which the edge line (a straight line) may reach into where the fringe is ragged.
    // What the walk leaves moves from the band's sums to the floor's (not a second pass over the whole grid).
    const left = walkBandByColour(band, rgb, top, kept, width, floor3, rug3);
    for (let k = 0; k < 5; k++) ((near.band[k]! -= left[k]!), (near.floor[k]! += left[k]!));
    band3 = mean(near.band);
    floor3 = mean(near.floor);
  }
  // Nearer the rug's colour than the floor's, and with at least `minTexture` of the rug's texture: a pile or a weave
  // in shade keeps some of it, smooth boards in shade have next to none (a texture nearer the rug's than the floor's
  // would not do: a weave in a sofa's shade is as smooth as boards in the light, session 34's log). No floor outside
  // the band (the rug runs under a sofa): judged by its step and texture.
  const rugLike =
    near.band[4]! / Math.max(1, near.band[0]!) >= limits.minTexture * (near.rug[4]! / Math.max(1, near.rug[0]!)) &&
    (!near.floor[0] || distance(band3, rug3) < distance(band3, floor3));
  const line = { slope: fit.slope, offset: fit.offset, lift, step, boundaryStep, columns: fit.count, rugLike };
  if (!near.band[0] || !rugLike || step < limits.minStep || (step < limits.overBoundary * boundaryStep && !walked)) {
    band.fill(0);
    return { band, line: { ...line, lift: 0 } };
  }
  return { band, line };
}

/**
 * The band again, cell by cell: per kept column, up from the found boundary `top[x]` through the band (one run of
 * cells), it ends at the first cell nearer `floor3` than `rug3` (mean colours); the cells past it leave the band.
 * Returns their sums as `sumBandAndFloor` makes them (count, R, G, B, texture). A loop of its own, as that one;
 * squared distances worked out inline.
 */
function walkBandByColour(
  band: Uint8Array,
  rgb: Uint8Array,
  top: Int32Array,
  kept: Uint8Array,
  width: number,
  floor3: number[],
  rug3: number[],
): number[] {
  const left = [0, 0, 0, 0, 0];
  const fr = floor3[0]!;
  const fg = floor3[1]!;
  const fb = floor3[2]!;
  const rr = rug3[0]!;
  const rg = rug3[1]!;
  const rb = rug3[2]!;
  for (let x = 0; x < width; x++) {
    if (!kept[x]) continue;
    let stopped = false;
    for (let y = top[x]! - 1; y >= 0; y--) {
      const i = y * width + x;
      if (!band[i]) break;
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      if (!stopped) {
        const toFloor = (r - fr) * (r - fr) + (g - fg) * (g - fg) + (b - fb) * (b - fb);
        const toRug = (r - rr) * (r - rr) + (g - rg) * (g - rg) + (b - rb) * (b - rb);
        stopped = toFloor < toRug;
      }
      if (!stopped) continue;
      band[i] = 0;
      left[0]!++;
      left[1]! += r;
      left[2]! += g;
      left[3]! += b;
      if ((i + 1) % width !== 0) {
        const here = 0.299 * r + 0.587 * g + 0.114 * b;
        const next = 0.299 * rgb[i * 3 + 3]! + 0.587 * rgb[i * 3 + 4]! + 0.114 * rgb[i * 3 + 5]!;
        left[4]! += Math.abs(next - here) / 255;
      }
    }
  }
  return left;
}

/** The least-squares line y = slope * x + offset through (x, top[x]) of the kept columns, and its wobble (RMS). */
function fitLine(
  top: Int32Array,
  kept: Uint8Array,
): { slope: number; offset: number; wobble: number; count: number } | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let x = 0; x < top.length; x++) {
    if (!kept[x]) continue;
    const y = top[x]!;
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const spread = n * sxx - sx * sx;
  if (n < 2 || spread <= 0) return null;
  const slope = (n * sxy - sx * sy) / spread;
  const offset = (sy - slope * sx) / n;
  let squares = 0;
  for (let x = 0; x < top.length; x++) if (kept[x]) squares += (top[x]! - (slope * x + offset)) ** 2;
  return { slope, offset, wobble: Math.sqrt(squares / n), count: n };
}

/**
 * Into `bandSum` and `floorSum` (count, R, G, B, texture): the band's cells and the other floor cells. A plain loop
 * of its own over the whole grid: V8 makes a loop fast only once it has optimised it (find-floor-with-segmenter.ts).
 */
function sumBandAndFloor(
  band: Uint8Array,
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  bandSum: number[],
  floorSum: number[],
): void {
  let bandCount = 0;
  let floorCount = 0;
  const b = [0, 0, 0, 0];
  const f = [0, 0, 0, 0];
  for (let i = 0; i < band.length; i++) {
    const inBand = band[i] === 1;
    if (!inBand && !floor[i]) continue;
    const sum = inBand ? b : f;
    if (inBand) bandCount++;
    else floorCount++;
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const bl = rgb[i * 3 + 2]!;
    sum[0]! += r;
    sum[1]! += g;
    sum[2]! += bl;
    if ((i + 1) % width !== 0) {
      const here = 0.299 * r + 0.587 * g + 0.114 * bl;
      const next = 0.299 * rgb[i * 3 + 3]! + 0.587 * rgb[i * 3 + 4]! + 0.114 * rgb[i * 3 + 5]!;
      sum[3]! += Math.abs(next - here) / 255;
    }
  }
  bandSum[0]! += bandCount;
  floorSum[0]! += floorCount;
  for (let k = 0; k < 4; k++) {
    bandSum[k + 1]! += b[k]!;
    floorSum[k + 1]! += f[k]!;
  }
}
