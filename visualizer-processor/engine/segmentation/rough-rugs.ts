/**
 * A rug the network sees only in part, lying on a smoother floor (issue 34): the runs call part of a patterned
 * rug rug and the rest of it floor, so with rugs kept the wood is painted over the rest (bedroom-rugs: the red
 * rug's front, 1 % of the photo). Its outline is not convex enough for rug-outlines.ts, and its colours reach the
 * floor's, but its weave does not: at the guide copy's scale a rug is rough (its pile and pattern change the
 * brightness from pixel to pixel) where laminate, tile or boards are smooth but for their joints. So from the rug
 * the runs saw, the rug grows over the floor through cells about as rough as it is and nearer its colour and hue
 * than the floor's, and leaves the floor only if the floor that stays is much smoother than what left. Where the
 * floor is the rougher of the two (a patterned tile beside a plain mat), nothing is taken. Measured on the tuning
 * photos (decision 012's log, issue 34 session 8).
 *
 * A grey rug on grey laminate is too near the floor's colour for that growth (living-carpet: 16.8 % of the photo
 * painted). Boards and laminate change in one direction, their grain and joints; a rug's pile in none. So the rug
 * grows a second time through rough cells with no grain as well, whatever their colour, and that growth leaves the
 * floor instead when the floor left is clearly the more grained (decision 012's log, issue 34 session 9, rugs).
 */
import { sortedValueAt } from '../percentiles.ts';
import { boxMean } from './guided-upsample.ts';
import { fillEnclosed, shareOfFarEdge } from './take-out-rugs.ts';

export const ROUGH_RUG_LIMITS = {
  /** Radius (guide pixels) of the window the roughness is averaged over. */
  radius: 4,
  /** A floor cell joins the rug when its roughness is at least this share of the seen rug's median. */
  share: 0.7,
  /** The grown rug's median roughness must be at least this many times the median of the floor left. */
  minRatio: 2.5,
  /** The floor left must be at least this share of the floor before. */
  minFloorLeft: 0.2,
  /** A grown rug that makes up more than this share of the floor's far edge runs to the walls (carpet): it stays. */
  maxFarEdge: 0.8,
  /** Fewer seen rug cells than this share of the grid: a stray vote, nothing grows. */
  minRugShare: 0.005,
  /**
   * A piece of floor left inside the rug (a smoother patch of its pattern) goes too when at least this share of
   * its border is rug and it is under `holes` of the floor.
   */
  enclosedShare: 0.7,
  holes: 0.05,
  /**
   * A cell joins only if its colour is no more than this much farther (RGB distance) from the seen rug's mean
   * colour than from the floor's: rough wood beyond a patterned rug has the floor's colour. Infinity = no test.
   */
  colourSlack: 0,
  /**
   * ... and no farther in chromaticity (plus this): dark wood in shade behind a grey patterned rug is as near the
   * rug's mean colour as the floor's, but keeps the floor's hue. Infinity = no test.
   */
  hueSlack: 0,
  /** A seen rug smoother than this (its median roughness) shows no weave to grow by: a dim or blurred photo. */
  minRoughness: 0.02,
  /**
   * Boards and laminate show their grain and joints in one direction (`grainOnGrid` near 1), a rug's pile and
   * pattern in none. A second growth lets in rough cells with less grain than this whatever their colour (a grey
   * rug on grey laminate); rough wood in shade or sun keeps its grain. -Infinity = no grain test.
   */
  grainless: 0.5,
  /**
   * That growth leaves the floor (instead of the growth by colour) only if the floor left is the smoother and at
   * least this much more grained (medians): another surface, though with the legs and shade of the furniture on
   * the rug it may not be `minRatio` times smoother. A patterned rug on wood with little grain grows by colour alone.
   */
  minGrainGap: 0.25,
  /**
   * With the growth by grain, a piece of the floor left that meets it and is nearer in grain (median) to it than to
   * the largest piece left (the floor) is more of the rug: its smoother, blurred or shaded parts. false = not.
   */
  grainlessPieces: true,
  /**
   * The growth by grain may leave less floor than `minFloorLeft` (a large rug on a narrow band of laminate): the
   * grain gap already tells the floor left from a carpet under the rug. At least this share of the floor is left.
   */
  minGrainedFloorLeft: 0.05,
};

export type RoughRugLimits = typeof ROUGH_RUG_LIMITS;

/**
 * Per cell of a `gridWidth × gridHeight` grid, the roughness of the guide copy (`brightness`, 0..1, guide size):
 * the mean absolute Laplacian of the brightness over a window, over the window's mean brightness (so a rug in
 * shade is as rough as in light), averaged over the guide pixels of each cell.
 */
export function roughnessOnGrid(
  brightness: Float32Array,
  width: number,
  height: number,
  gridWidth: number,
  gridHeight: number,
  radius: number,
): Float32Array {
  const laplacian = new Float32Array(width * height);
  eachInnerPixel(width, height, (i) => {
    laplacian[i] = Math.abs(4 * brightness[i]! - brightness[i - 1]! - brightness[i + 1]! - brightness[i - width]! - brightness[i + width]!);
  });
  const rough = boxMean(laplacian, width, height, radius);
  const light = boxMean(brightness, width, height, radius);
  return meansOnGrid(width, height, gridWidth, gridHeight, (i) => rough[i]! / Math.max(0.02, light[i]!));
}

/** Calls `visit` with the index of each pixel of a `width × height` image that has four neighbours. */
function eachInnerPixel(width: number, height: number, visit: (i: number) => void): void {
  for (let y = 1; y < height - 1; y++) for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) visit(i);
}

/** Per cell of a `gridWidth × gridHeight` grid over a `width × height` image, the mean of `valueAt` its pixels. */
function meansOnGrid(width: number, height: number, gridWidth: number, gridHeight: number, valueAt: (i: number) => number): Float32Array {
  const sums = new Float32Array(gridWidth * gridHeight);
  const counts = new Float32Array(gridWidth * gridHeight);
  const columnOf = new Int32Array(width);
  for (let x = 0; x < width; x++) columnOf[x] = Math.min(gridWidth - 1, Math.floor((x * gridWidth) / width));
  for (let y = 0; y < height; y++) {
    const row = Math.min(gridHeight - 1, Math.floor((y * gridHeight) / height)) * gridWidth;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const c = row + columnOf[x]!;
      sums[c]! += valueAt(i);
      counts[c]!++;
    }
  }
  for (let c = 0; c < sums.length; c++) sums[c] = counts[c]! ? sums[c]! / counts[c]! : 0;
  return sums;
}

/**
 * Per cell of a `gridWidth × gridHeight` grid, how much the guide copy's brightness changes in one direction
 * only (0..1, the coherence of the gradients' structure tensor over a window): near 1 on boards and laminate (the
 * grain, the joints), low on a rug's pile and pattern and on plain noise. Averaged over the guide pixels of each cell.
 */
export function grainOnGrid(
  brightness: Float32Array,
  width: number,
  height: number,
  gridWidth: number,
  gridHeight: number,
  radius: number,
): Float32Array {
  const xx = new Float32Array(width * height);
  const yy = new Float32Array(width * height);
  const xy = new Float32Array(width * height);
  eachInnerPixel(width, height, (i) => {
    const gx = brightness[i + 1]! - brightness[i - 1]!;
    const gy = brightness[i + width]! - brightness[i - width]!;
    xx[i] = gx * gx;
    yy[i] = gy * gy;
    xy[i] = gx * gy;
  });
  const a = boxMean(xx, width, height, radius);
  const b = boxMean(yy, width, height, radius);
  const c = boxMean(xy, width, height, radius);
  return meansOnGrid(width, height, gridWidth, gridHeight, (i) => {
    const total = a[i]! + b[i]!;
    // A flat window (no change at all) has no direction: it counts as no grain.
    return total > 1e-7 ? Math.sqrt((a[i]! - b[i]!) ** 2 + 4 * c[i]! ** 2) / total : 0;
  });
}

/** The median (the lower one of an even count) of the first `count` values, found by selection; 0 for none. */
function median(values: Float32Array, count: number): number {
  return count ? sortedValueAt(values.subarray(0, count), (count - 1) >> 1) : 0;
}

/**
 * `floor` and `rugSeen` (1 where any run saw a rug) on a `width × height` grid, `roughness` per cell
 * (`roughnessOnGrid`), and `grain` per cell (`grainOnGrid`) when the grain test runs. Returns the floor cells that
 * are rug grown from the seen rug (1), to be taken out of the floor while rugs are kept; none when a guard fails.
 */
export function roughRugOverFloor(
  floor: Uint8Array,
  rugSeen: Uint8Array,
  roughness: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: RoughRugLimits = ROUGH_RUG_LIMITS,
  grain?: Float32Array,
): Uint8Array {
  const size = width * height;
  const none = new Uint8Array(size);
  // The values the medians are read from (reordered in place each time).
  const values = new Float32Array(size);
  let rugCells = 0;
  let floorCells = 0;
  const rugMean = [0, 0, 0];
  const floorMean = [0, 0, 0];
  for (let i = 0; i < size; i++) {
    if (floor[i]) {
      floorCells++;
      for (let c = 0; c < 3; c++) floorMean[c]! += rgb[i * 3 + c]!;
    } else if (rugSeen[i]) {
      values[rugCells++] = roughness[i]!;
      for (let c = 0; c < 3; c++) rugMean[c]! += rgb[i * 3 + c]!;
    }
  }
  if (rugCells < limits.minRugShare * size || !floorCells) return none;
  const rugRoughness = median(values, rugCells);
  if (rugRoughness < limits.minRoughness) return none;
  const least = limits.share * rugRoughness;
  // The seen rug's mean colour and hue, and the floor's (painted rug and all): a cell joins only if nearer the rug's.
  for (let c = 0; c < 3; c++) {
    rugMean[c]! /= rugCells;
    floorMean[c]! /= floorCells;
  }
  const [rugR, rugG] = chromaticity(rugMean[0]!, rugMean[1]!, rugMean[2]!);
  const [floorR, floorG] = chromaticity(floorMean[0]!, floorMean[1]!, floorMean[2]!);
  const byColour = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    if (!floor[i] || roughness[i]! < least) continue;
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const toRug = Math.sqrt((r - rugMean[0]!) ** 2 + (g - rugMean[1]!) ** 2 + (b - rugMean[2]!) ** 2);
    const toFloor = Math.sqrt((r - floorMean[0]!) ** 2 + (g - floorMean[1]!) ** 2 + (b - floorMean[2]!) ** 2);
    if (toRug > toFloor + limits.colourSlack) continue;
    if (limits.hueSlack !== Infinity) {
      const total = r + g + b + 1;
      const hr = (r + 1 / 3) / total;
      const hg = (g + 1 / 3) / total;
      if (Math.sqrt((hr - rugR) ** 2 + (hg - rugG) ** 2) > Math.sqrt((hr - floorR) ** 2 + (hg - floorG) ** 2) + limits.hueSlack) continue;
    }
    byColour[i] = 1;
  }
  const grow = (joinable: Uint8Array) => grownFromSeenRug(joinable, floor, rugSeen, width, height, floorCells * limits.holes, limits.enclosedShare);
  /** The floor left, and its roughness median; null when less than `leastShare` of the floor is left. */
  const floorLeft = (grown: Uint8Array, leastShare: number) => {
    let leftCells = 0;
    for (let i = 0; i < size; i++) if (floor[i] && !grown[i]) leftCells++;
    if (leftCells < leastShare * floorCells) return null;
    return { leftRoughness: medianOnFloor(roughness, floor, grown, false, values), grownRoughness: medianOnFloor(roughness, floor, grown, true, values) };
  };
  const farEdgeKept = (grown: Uint8Array) => shareOfFarEdge(grown, floor, width, height) <= limits.maxFarEdge;

  const colourGrown = grow(byColour);
  const colourLeft = colourGrown && floorLeft(colourGrown, limits.minFloorLeft);
  const byColourTaken = colourGrown && colourLeft && colourLeft.grownRoughness >= limits.minRatio * colourLeft.leftRoughness && farEdgeKept(colourGrown) ? colourGrown : none;
  if (!grain || limits.grainless === -Infinity) return byColourTaken;
  // The grain test: the rug grows again, whatever the colour, through rough cells with little grain too, and
  // leaves so only if the floor left is the smoother and clearly more grained (boards, laminate) than it.
  const byGrain = byColour.slice();
  for (let i = 0; i < size; i++) if (floor[i] && roughness[i]! >= least && grain[i]! < limits.grainless) byGrain[i] = 1;
  const grainGrown = grow(byGrain);
  if (grainGrown && limits.grainlessPieces) joinGrainlessPieces(grainGrown, floor, grain, width, height, values);
  const grainLeft = grainGrown && floorLeft(grainGrown, limits.minGrainedFloorLeft);
  if (grainGrown && grainLeft && grainLeft.grownRoughness > grainLeft.leftRoughness && grainGap(floor, grainGrown, grain, values) >= limits.minGrainGap && farEdgeKept(grainGrown)) {
    return grainGrown;
  }
  return byColourTaken;
}

/**
 * The floor cells grown from the seen rug (a `joinable` cell on it, or beside it where it is not floor),
 * 4-connected, with the pieces of floor the growth encloses (fillEnclosed); null when nothing grows.
 */
function grownFromSeenRug(
  joinable: Uint8Array,
  floor: Uint8Array,
  rugSeen: Uint8Array,
  width: number,
  height: number,
  holes: number,
  enclosedShare: number,
): Uint8Array | null {
  const size = width * height;
  const grown = new Uint8Array(size);
  const queue = new Int32Array(size);
  let tail = 0;
  for (let i = 0; i < size; i++) {
    if (!joinable[i]) continue;
    const x = i % width;
    const beside =
      rugSeen[i] ||
      (x > 0 && rugSeen[i - 1] && !floor[i - 1]) ||
      (x < width - 1 && rugSeen[i + 1] && !floor[i + 1]) ||
      (i >= width && rugSeen[i - width] && !floor[i - width]) ||
      (i < size - width && rugSeen[i + width] && !floor[i + width]);
    if (!beside) continue;
    grown[i] = 1;
    queue[tail++] = i;
  }
  const visit = (next: number) => {
    if (!joinable[next] || grown[next]) return;
    grown[next] = 1;
    queue[tail++] = next;
  };
  for (let head = 0; head < tail; head++) {
    const index = queue[head]!;
    const x = index % width;
    if (x > 0) visit(index - 1);
    if (x < width - 1) visit(index + 1);
    if (index >= width) visit(index - width);
    if (index < size - width) visit(index + width);
  }
  if (!tail) return null;
  // A piece running out of the photo is not enclosed, and the seen rug beyond the floor counts as rug round it.
  fillEnclosed(grown, floor, width, height, holes, enclosedShare, { rugBeyondFloor: rugSeen, frameIsOther: true });
  return grown;
}

/**
 * The pieces (4-connected) of the floor not in `grown` that meet it and are nearer in grain (median) to it than to
 * the largest piece, the floor that stays, join `grown` (in place). `scratch` holds the values the medians are
 * read from.
 */
function joinGrainlessPieces(grown: Uint8Array, floor: Uint8Array, grain: Float32Array, width: number, height: number, scratch: Float32Array): void {
  const size = width * height;
  const seen = new Uint8Array(size);
  // Every piece's cells, one piece after another: piece k is order[from[k]] .. order[from[k + 1] - 1].
  const order = new Int32Array(size);
  const from: number[] = [];
  const meetsRug: boolean[] = [];
  const grains: number[] = [];
  let tail = 0;
  for (let start = 0; start < size; start++) {
    if (!floor[start] || grown[start] || seen[start]) continue;
    const first = tail;
    let meets = false;
    order[tail++] = start;
    seen[start] = 1;
    for (let head = first; head < tail; head++) {
      const index = order[head]!;
      scratch[head - first] = grain[index]!;
      const x = index % width;
      for (const next of [x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, index >= width ? index - width : -1, index < size - width ? index + width : -1]) {
        if (next < 0 || !floor[next]) continue;
        if (grown[next]) meets = true;
        else if (!seen[next]) (seen[next] = 1), (order[tail++] = next);
      }
    }
    from.push(first);
    meetsRug.push(meets);
    grains.push(median(scratch, tail - first));
  }
  from.push(tail);
  let largest = -1;
  for (let k = 0; k < grains.length; k++) if (largest < 0 || from[k + 1]! - from[k]! > from[largest + 1]! - from[largest]!) largest = k;
  if (largest < 0) return;
  const line = (medianOnFloor(grain, floor, grown, true, scratch) + grains[largest]!) / 2;
  for (let k = 0; k < grains.length; k++) {
    if (k === largest || !meetsRug[k] || grains[k]! >= line) continue;
    for (let n = from[k]!; n < from[k + 1]!; n++) grown[order[n]!] = 1;
  }
}

/** The floor left's median grain less the grown rug's (`scratch` holds the values the medians are read from). */
function grainGap(floor: Uint8Array, grown: Uint8Array, grain: Float32Array, scratch: Float32Array): number {
  return medianOnFloor(grain, floor, grown, false, scratch) - medianOnFloor(grain, floor, grown, true, scratch);
}

/**
 * The median of `values` over the floor cells in the grown rug (`inGrown`) or in the floor left (not `inGrown`);
 * `scratch` holds the values the median is read from.
 */
function medianOnFloor(values: Float32Array, floor: Uint8Array, grown: Uint8Array, inGrown: boolean, scratch: Float32Array): number {
  let count = 0;
  for (let i = 0; i < floor.length; i++) if (floor[i] && !!grown[i] === inGrown) scratch[count++] = values[i]!;
  return median(scratch, count);
}

/** Chromaticity (r, g over r + g + b, a little grey added: black has no hue) of a colour. */
function chromaticity(r: number, g: number, b: number): [number, number] {
  const total = r + g + b + 1;
  return [(r + 1 / 3) / total, (g + 1 / 3) / total];
}
