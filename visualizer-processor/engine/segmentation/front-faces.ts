/**
 * A bookcase's plinth, a refrigerator's kick plate, a counter's front: an upright face standing on the floor, seen from
 * in front, of a tone every network run calls floor (decision 012's log, session 29). Seen from in front such a face is
 * a band lying level across the photo: above it the thing it belongs to (where the floor ends), below it one long,
 * straight, sharp step where it meets the floor, and the floor going on below that step. The floor's own level lines
 * are not that: grout and plank seams laid across the view come again and again down the floor, a step at about the
 * band's spacing below the first; and the floor's far edge at a wall is the floor's border, with no second line below it.
 *
 * On the refined floor at the guide's size, on its brightness (each pixel the mean of itself and its two neighbours
 * across): the steps down each column (mean of 2 rows below minus 2 rows above) that are the largest of their row's
 * neighbours, at least `times` the floor's median step (and `minStep`), inside the floor `minHeight` to `maxHeight` of
 * the guide's height below where its run down the column begins, are chained across the columns (a step joins the
 * nearest of its sign at most a row away in the column before). A chain is a face's foot when it spans at least
 * `minLength` of the guide's width (with a step on `fill` of its columns) and `slender` times the band's mean height,
 * its line (least squares) falls at most `maxSlope` per pixel across and it lies within `straight` pixels of it (rms),
 * the floor goes on below it for the band's height on `below` of its columns, the strongest step of its sign from half
 * to twice the band's height further down is at most `repeat` of its own on average, and a zoomed run calls at least
 * `zoomedOther` of the band something other than floor. The band, from where the floor begins down to the foot,
 * leaves.
 *
 * Off (decision 012's log, session 29): on the tuning photos it took a door's threshold (kitchen-galley-oak, precision
 * 0.990 -> 0.996) but also the floor under a bed's net hem and a far strip of floor above a level band of sun
 * (bedroom-net-tile -0.016 IoU, hall-people-glass -0.009); without the zoomed runs' say it took a glossy floor's band
 * of reflection too (other-theatre-carts -0.065). Session 33 added `sameGrain` (0 = off in these limits; 0.3 in the
 * variant 'engine, with front faces, not where the grain goes on below'): the hem's and the sun's bands keep the grain
 * of the floor below them and stay, so on the tuning part only the threshold is taken; still off for its cost (the
 * step, 11-26 ms warm at the guide's size, over the engine's budget) against one photo's +0.006 of precision.
 */

export const FRONT_FACE_LIMITS = {
  /** Least step (grey levels) of a face's foot. */
  minStep: 10,
  /** A face's mean step is at least this many times the floor's median step down a column. */
  times: 4,
  /** Least band height (guide pixels). */
  minHeight: 3,
  /** Most band height, as a share of the guide's height. */
  maxHeight: 0.12,
  /** Least length of a face, as a share of the guide's width... */
  minLength: 0.08,
  /** ... with a step on at least this share of the columns it spans. */
  fill: 0.8,
  /** ... and at least this many times its mean height: a band lying level, not a block. */
  slender: 4,
  /** Most fall of the foot's line per pixel across: seen from in front, it lies near level. */
  maxSlope: 0.12,
  /** Most rms distance (guide pixels) of the foot's steps from its line: one straight edge. */
  straight: 1.5,
  /** Least share of the face's columns with floor for the band's height below its foot. */
  below: 0.8,
  /** Most mean strength of the strongest step of the same sign below the foot (half to twice the band's height), as a share of the foot's: grout and seams repeat. */
  repeat: 0.5,
  /**
   * Least share of the band a zoomed run (the bottom half seen closer) calls something other than floor: up close the
   * network tells a plinth or a kick plate from the floor at times; a glossy floor's band of reflection it calls floor.
   */
  zoomedOther: 0.2,
  /**
   * The floor going on (session 33): a band whose grain runs as the floor's just below its foot leaves nothing. Per side
   * of the foot (the band, and as many rows of floor below it), the structure tensor of the brightness summed into its
   * double-angle vector ((Jxx - Jyy), 2 Jxy) / (Jxx + Jyy): a band of shade, sun or reflection on boards or tiles keeps
   * the boards' and grout's directions, which recede towards the floor's vanishing point; a face standing on the floor
   * is seen square, its grain level or none. The band stays when the two vectors lie within `sameGrain` of each other
   * (0: no test).
   */
  sameGrain: 0,
};

export type FrontFaceLimits = typeof FRONT_FACE_LIMITS;

/** Floor pixels (1 in `floor`, raw RGB `rgb`, `width` × `height`) of faces standing in front on it: 1 there. */
export function frontFacesOnFloor(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  zoomedOther: Uint8Array | null,
  limits: FrontFaceLimits = FRONT_FACE_LIMITS,
): Uint8Array {
  const maxHeight = Math.max(limits.minHeight + 1, Math.round(limits.maxHeight * height));
  const minLength = Math.max(8, Math.round(limits.minLength * width));
  return facesOnFloor(floor, rgb, width, height, maxHeight, minLength, limits, zoomedOther);
}

/** Per guide pixel, 1 where a zoomed run (`region` in guide pixels, `classes` its 512 × 512 classes) saw a class not in `floorIds`. */
export function zoomedOtherThanFloor(runs: readonly { region: { left: number; top: number; width: number; height: number }; classes: Uint8Array }[], width: number, height: number, floorIds: readonly number[], side = 512): Uint8Array {
  const out = new Uint8Array(width * height);
  const isFloor = new Uint8Array(256);
  for (const id of floorIds) isFloor[id] = 1;
  for (const { region, classes } of runs) {
    for (let y = Math.max(0, region.top); y < Math.min(height, region.top + region.height); y++) {
      const zy = Math.min(side - 1, Math.floor(((y + 0.5 - region.top) * side) / region.height));
      for (let x = Math.max(0, region.left); x < Math.min(width, region.left + region.width); x++) {
        const zx = Math.min(side - 1, Math.floor(((x + 0.5 - region.left) * side) / region.width));
        if (!isFloor[classes[zy * side + zx]!]) out[y * width + x] = 1;
      }
    }
  }
  return out;
}

/** A step down column `x`: where the floor's run begins (`top`), the step's row (`foot`, the first row past it) and its size. */
interface Column {
  x: number;
  top: number;
  foot: number;
  step: number;
}

/*
 * Each loop over the pixels is a function of its own: V8 compiles a hot loop with the whole function that holds it
 * (decision 028, the log's session 12, speed).
 */

function facesOnFloor(floor: Uint8Array, rgb: Uint8Array, w: number, h: number, maxHeight: number, minLength: number, limits: FrontFaceLimits, zoomedOther: Uint8Array | null): Uint8Array {
  const grey = smoothedAcross(rgb, w, h);
  const median = medianStepDown(grey, floor, w, h);
  const strong = Math.max(limits.minStep, limits.times * median);
  const runTop = floorRunTops(floor, w, h);
  const out = new Uint8Array(w * h);
  for (const chain of levelChains(grey, floor, runTop, w, h, limits.minHeight, maxHeight, strong)) {
    if (chain.length >= limits.fill * minLength && chain[chain.length - 1]!.x - chain[0]!.x + 1 >= minLength) markIfFace(chain, grey, floor, w, h, limits, out, zoomedOther);
  }
  return out;
}

/** Each floor pixel's row where its run of floor down the column begins (-1 off the floor, and for a run from the photo's top: no border seen). */
function floorRunTops(floor: Uint8Array, w: number, h: number): Int32Array {
  const tops = new Int32Array(w * h).fill(-1);
  for (let x = 0; x < w; x++) {
    let top = -1;
    for (let y = 0; y < h; y++) {
      const i = y * w + x;
      if (!floor[i]) top = -1;
      else if (y > 0 && !floor[i - w]) top = y;
      tops[i] = top;
    }
  }
  return tops;
}

/**
 * The steps down the columns that are the largest of their row's neighbours, of at least `strong`, inside the floor
 * `minHeight` to `maxHeight` rows below where its run begins, linked across into chains: a step takes the chain of the
 * nearest step of its sign at most a row away in the column before (or two rows, three columns before: a knot).
 */
function levelChains(grey: Float32Array, floor: Uint8Array, runTop: Int32Array, w: number, h: number, minHeight: number, maxHeight: number, strong: number): Column[][] {
  const chains: Column[][] = [];
  // Per column, its steps and the chain each joined.
  let recent: { steps: Column[]; chains: number[] }[] = [];
  for (let x = 0; x < w; x++) {
    const steps: Column[] = [];
    const joined: number[] = [];
    for (let y = 2; y < h - 1; y++) {
      const i = y * w + x;
      const top = runTop[i]!;
      if (top < 0 || y - top < minHeight || y - top > maxHeight || !floor[i + w]) continue;
      const step = stepAt(grey, w, x, y);
      const size = Math.abs(step);
      if (size < strong || size < Math.abs(stepAt(grey, w, x, y - 1)) || size < Math.abs(stepAt(grey, w, x, y + 1))) continue;
      const here = { x, top, foot: y, step };
      let chain = -1;
      for (let back = recent.length - 1; back >= 0 && chain < 0; back--) {
        const reach = back === recent.length - 1 ? 1 : 2;
        const before = recent[back]!;
        let nearest = reach + 1;
        for (let k = 0; k < before.steps.length; k++) {
          const other = before.steps[k]!;
          const apart = Math.abs(other.foot - y);
          if (Math.sign(other.step) === Math.sign(step) && apart < nearest && chains[before.chains[k]!]![chains[before.chains[k]!]!.length - 1]!.x === other.x) {
            nearest = apart;
            chain = before.chains[k]!;
          }
        }
      }
      if (chain < 0) {
        chain = chains.length;
        chains.push([]);
      }
      chains[chain]!.push(here);
      steps.push(here);
      joined.push(chain);
    }
    recent.push({ steps, chains: joined });
    if (recent.length > 3) recent = recent.slice(-3);
  }
  return chains;
}

/** Brightness, each pixel the mean of itself and its two neighbours across (a level step keeps its height, grain fades). */
function smoothedAcross(rgb: Uint8Array, w: number, h: number): Float32Array {
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) grey[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const left = x > 0 ? grey[i - 1]! : grey[i]!;
      const right = x < w - 1 ? grey[i + 1]! : grey[i]!;
      out[i] = (left + grey[i]! + right) / 3;
    }
  }
  return out;
}

/** The step down the column at row `y` (the first row past it): mean of rows y, y + 1 minus rows y - 2, y - 1. */
function stepAt(grey: Float32Array, w: number, x: number, y: number): number {
  return (grey[y * w + x]! + grey[(y + 1) * w + x]! - grey[(y - 1) * w + x]! - grey[(y - 2) * w + x]!) / 2;
}

/** The floor's median step down a column (half-level bins). */
function medianStepDown(grey: Float32Array, floor: Uint8Array, w: number, h: number): number {
  const counts = new Uint32Array(512);
  let total = 0;
  for (let y = 2; y < h - 1; y++) {
    for (let x = 0; x < w; x++) {
      if (!floor[y * w + x] || !floor[(y - 2) * w + x] || !floor[(y + 1) * w + x]) continue;
      counts[Math.min(511, Math.floor(Math.abs(stepAt(grey, w, x, y)) * 2))]!++;
      total++;
    }
  }
  let seen = 0;
  for (let k = 0; k < 512; k++) {
    seen += counts[k]!;
    if (seen * 2 >= total) return (k + 0.5) / 2;
  }
  return 0;
}

/** A chain of steps: marked in `out` if it is a face's foot. */
function markIfFace(chain: Column[], grey: Float32Array, floor: Uint8Array, w: number, h: number, limits: FrontFaceLimits, out: Uint8Array, zoomedOther: Uint8Array | null): void {
  const n = chain.length;
  let sumX = 0;
  let sumY = 0;
  let sumXY = 0;
  let sumXX = 0;
  let bandHeight = 0;
  let step = 0;
  for (const { x, top, foot, step: size } of chain) {
    sumX += x;
    sumY += foot;
    sumXY += x * foot;
    sumXX += x * x;
    bandHeight += foot - top;
    step += Math.abs(size);
  }
  bandHeight /= n;
  step /= n;
  const span = chain[n - 1]!.x - chain[0]!.x + 1;
  if (span < limits.slender * bandHeight) return;
  const slope = (n * sumXY - sumX * sumY) / Math.max(1e-9, n * sumXX - sumX * sumX);
  if (Math.abs(slope) > limits.maxSlope) return;
  const intercept = (sumY - slope * sumX) / n;
  let squared = 0;
  for (const { x, foot } of chain) squared += (foot - (intercept + slope * x)) ** 2;
  if (Math.sqrt(squared / n) > limits.straight) return;
  const reach = Math.max(2, Math.round(bandHeight));
  let floorBelow = 0;
  let repeated = 0;
  const sign = Math.sign(chain[0]!.step);
  for (const { x, foot } of chain) {
    let all = true;
    for (let y = foot + 1; y <= foot + reach && all; y++) all = y < h && floor[y * w + x] === 1;
    if (all) floorBelow++;
    let strongest = 0;
    for (let y = foot + Math.max(2, Math.round(bandHeight / 2)); y <= foot + 2 * reach && y < h - 1; y++) {
      if (!floor[y * w + x]) break;
      strongest = Math.max(strongest, sign * stepAt(grey, w, x, y));
    }
    repeated += strongest;
  }
  if (floorBelow < limits.below * n) return;
  if (repeated / n > limits.repeat * step) return;
  if (limits.zoomedOther > 0) {
    let other = 0;
    let all = 0;
    for (const { x, top, foot } of chain) {
      for (let y = top; y < foot; y++) {
        all++;
        if (zoomedOther?.[y * w + x]) other++;
      }
    }
    if (other < limits.zoomedOther * all) return;
  }
  if (limits.sameGrain > 0 && grainDistance(chain, grey, floor, w, h) <= limits.sameGrain) return;
  for (const { x, top, foot } of chain) for (let y = top; y < foot; y++) if (floor[y * w + x]) out[y * w + x] = 1;
}

/**
 * How far apart the band's grain and the floor's just below its foot are: the distance between the two sides'
 * double-angle vectors of the brightness's structure tensor (0 the same direction and coherence, up to 2). The rows
 * next to the foot (its own step) and the columns next to the chain's ends are left out of both sides.
 */
function grainDistance(chain: readonly Column[], grey: Float32Array, floor: Uint8Array, w: number, h: number): number {
  let ax = 0;
  let ay = 0;
  let axy = 0;
  let bx = 0;
  let by = 0;
  let bxy = 0;
  // The chain's end columns left out too: the band's own sides are edges across.
  const first = Math.max(1, chain[0]!.x + 2);
  const last = Math.min(w - 2, chain[chain.length - 1]!.x - 2);
  for (const { x, top, foot } of chain) {
    if (x < first || x > last) continue;
    const rows = foot - top;
    for (let y = top + 1; y < foot - 2; y++) {
      const i = y * w + x;
      const gx = grey[i + 1]! - grey[i - 1]!;
      const gy = grey[i + w]! - grey[i - w]!;
      ax += gx * gx;
      ay += gy * gy;
      axy += gx * gy;
    }
    for (let y = foot + 2; y < Math.min(h - 1, foot + 2 + rows) && floor[y * w + x]; y++) {
      const i = y * w + x;
      const gx = grey[i + 1]! - grey[i - 1]!;
      const gy = grey[i + w]! - grey[i - w]!;
      bx += gx * gx;
      by += gy * gy;
      bxy += gx * gy;
    }
  }
  const a = ax + ay;
  const b = bx + by;
  if (a <= 0 || b <= 0) return 2;
  return Math.hypot((ax - ay) / a - (bx - by) / b, (2 * axy) / a - (2 * bxy) / b);
}
