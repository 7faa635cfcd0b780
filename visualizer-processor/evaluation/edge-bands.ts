import { assertSameSize, isFloor, type FloorMask } from './floor-mask.ts';

/**
 * How far from the floor's true edge a render goes wrong (issue 34, session 15): a render that paints a band
 * past the floor's edge on every photo wants a sharper edge, one that paints whole things within the floor wants
 * a step that finds the thing. Distances are shares of the photo's diagonal, so photos of any size add up.
 */
export const EDGE_BANDS = [0.002, 0.005, 0.01, 0.02, 0.05] as const;

export interface EdgeBands {
  /** Per band (then one for anything farther): painted pixels by their distance to the nearest true floor, as shares of the painted floor (so they add up to 1 - precision). */
  painted: number[];
  /** Missed floor by its distance to the nearest painted floor, as shares of the true floor (adding up to 1 - recall). */
  missed: number[];
  /** Of the painted pixels in the bands up to `EDGE_BANDS[1]`, those whose nearest true floor lies straight below them (the floor's far edge, a thing's foot), as a share of the painted floor. */
  paintedAboveTheFloor: number;
  /** Of the missed pixels in the same bands, those with painted floor straight below (the render stopping short of the far edge), as a share of the true floor. */
  missedAboveThePaint: number;
}

export function edgeBands(predicted: FloorMask, truth: FloorMask, bands: readonly number[] = EDGE_BANDS): EdgeBands {
  assertSameSize(predicted, truth, 'edgeBands');
  const { width, height } = truth;
  const painted = new Uint8Array(width * height);
  const floor = new Uint8Array(width * height);
  let paintedCount = 0;
  let floorCount = 0;
  for (let i = 0; i < painted.length; i++) {
    painted[i] = isFloor(predicted, i) ? 1 : 0;
    floor[i] = isFloor(truth, i) ? 1 : 0;
    paintedCount += painted[i]!;
    floorCount += floor[i]!;
  }
  const diagonal = Math.hypot(width, height);
  const nearReach = bands.length > 1 ? bands[1]! : bands[0] ?? 0;
  const count = (wrong: Uint8Array, other: Uint8Array, total: number) => {
    const distance = distanceTo(other, width, height);
    const byBand = new Array<number>(bands.length + 1).fill(0);
    let above = 0;
    const reach = Math.round(nearReach * diagonal);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (!wrong[i] || other[i]) continue;
        const share = distance[i]! / diagonal;
        let band = bands.findIndex((limit) => share <= limit);
        if (band < 0) band = bands.length;
        byBand[band]!++;
        if (share <= nearReach && nearestSideIsBelow(other, width, height, x, y, reach)) above++;
      }
    }
    return { byBand: byBand.map((n) => (total ? n / total : 0)), above: total ? above / total : 0 };
  };
  const paintedFigures = count(painted, floor, paintedCount);
  const missedFigures = count(floor, painted, floorCount);
  return {
    painted: paintedFigures.byBand,
    missed: missedFigures.byBand,
    paintedAboveTheFloor: paintedFigures.above,
    missedAboveThePaint: missedFigures.above,
  };
}

/** Whether the nearest `target` pixel along the four straight directions, within `reach`, lies below (ties go below). */
function nearestSideIsBelow(target: Uint8Array, width: number, height: number, x: number, y: number, reach: number): boolean {
  for (let step = 1; step <= reach; step++) {
    if (y + step < height && target[(y + step) * width + x]) return true;
    if ((y - step >= 0 && target[(y - step) * width + x]) || (x - step >= 0 && target[y * width + x - step]) || (x + step < width && target[y * width + x + step]))
      return false;
  }
  return false;
}

/**
 * Euclidean distance from every pixel to the nearest set pixel of `target` (Felzenszwalb and Huttenlocher's
 * lower envelope of parabolas, by columns then rows); Infinity everywhere when none is set.
 */
export function distanceTo(target: Uint8Array, width: number, height: number): Float64Array {
  const far = 1e20;
  const longest = Math.max(width, height);
  const line = new Float64Array(longest);
  const squared = new Float64Array(width * height);
  const envelope = { at: new Int32Array(longest), bounds: new Float64Array(longest + 1), out: new Float64Array(longest) };
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) line[y] = target[y * width + x] ? 0 : far;
    lowerEnvelope(line, height, envelope);
    for (let y = 0; y < height; y++) squared[y * width + x] = envelope.out[y]!;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) line[x] = squared[y * width + x]!;
    lowerEnvelope(line, width, envelope);
    for (let x = 0; x < width; x++) squared[y * width + x] = envelope.out[x]!;
  }
  for (let i = 0; i < squared.length; i++) squared[i] = squared[i]! >= far ? Infinity : Math.sqrt(squared[i]!);
  return squared;
}

/** One dimension of the squared distance transform of `values` (0 on a target, huge elsewhere) into `out`. */
function lowerEnvelope(values: Float64Array, length: number, scratch: { at: Int32Array; bounds: Float64Array; out: Float64Array }): void {
  const { at, bounds, out } = scratch;
  const crossing = (q: number, p: number) => (values[q]! + q * q - (values[p]! + p * p)) / (2 * q - 2 * p);
  let k = 0;
  at[0] = 0;
  bounds[0] = -Infinity;
  bounds[1] = Infinity;
  for (let q = 1; q < length; q++) {
    let s = crossing(q, at[k]!);
    while (s <= bounds[k]!) {
      k--;
      s = crossing(q, at[k]!);
    }
    k++;
    at[k] = q;
    bounds[k] = s;
    bounds[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < length; q++) {
    while (bounds[k + 1]! < q) k++;
    out[q] = (q - at[k]!) ** 2 + values[at[k]!]!;
  }
}
