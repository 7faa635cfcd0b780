/**
 * Whole things every network run calls floor (a cage's black base on pale tile, a trolley's black caster on vinyl)
 * are pieces a visitor's eye takes out at once: a broad patch inside the floor, parted from it by a sharp outline,
 * whose colour is unlike the floor on every side of it and found nowhere else on the floor (decision 012, issue 34
 * session 11). The floor's own shade, sun, veins or a darker patch of it are none of these: shade and sun keep the
 * floor's chromaticity within a brightness ratio, a pattern's colours recur across the floor, a vein is thin.
 *
 * On the refined floor, on a copy of the guide `scale` times smaller (cells of the mean of its pixels):
 * 1. the largest piece of the floor between its strong colour steps (`edge` times its median step between cells
 *    two apart, at least `edgeMin`) gives the body's colour; the floor's body is every cell of that colour (within
 *    `minDistance`), of its sun (brighter up to `sun` times, of its hue) or its shade (darker, of about its hue);
 *    far darker or brighter than `dark` is never the body (a black base on dark grey tile is near it in Lab);
 * 2. the rest, opened by `open` cells (so grout, plank lines, cables and a thing's thin shadow fall away), gives
 *    the candidates: broad connected patches of at least `minArea` of the photo and at most `maxShare` of the floor;
 * 3. a candidate leaves when its colour recurs on the floor elsewhere in less than `recurs` times its area (not a
 *    pattern's tile; thin strokes, which the opening took away, are no pattern), the colour steps just out of it are
 *    strong (a sharp outline, not a fading darker end), the body in a `ring` round it is unlike it as a whole and, on
 *    at least `everySide` of the ring's cells one by one, plainly apart from it (unlike on every side); its outline
 *    goes with it.
 * A keyboard on a carpet of its colour is only the carpet in sun by colour: its keys' texture would tell, and that
 * was not built (decision 012's log).
 */
import { onFloorBox } from './floor-box.ts';
import { A, B, G, L, R, Y, addPixelsToCells, cellColours, modelGrid, type ModelGrid } from './object-bases.ts';

export const UNLIKE_PIECE_LIMITS = {
  /** A colour step (Lab distance between cells two apart) this many times the floor's median step parts pieces. */
  edge: 3,
  /** ... and at least this one. */
  edgeMin: 12,
  /** A sharp outline: the mean colour step just out of a candidate is at least this many times the parting step. */
  outline: 1,
  /** The work is on a copy of the guide this many times smaller; the lengths below are in its cells. */
  scale: 2,
  /** Opening radius (cells): what is thinner than twice this (grout, a plank line, a cable) is no candidate. */
  open: 1,
  /** Least share of the photo's pixels a candidate covers. */
  minArea: 0.002,
  /** Most share of the floor a candidate covers: a larger one is a floor of two colours, or much of a small floor. */
  maxShare: 0.15,
  /** Width (cells) of the ring round a candidate: its outline (`open` + 1), then the floor's body it reads. */
  ring: 4,
  /** Least Lab distance between a candidate's mean colour and its ring's (and between the body and what is not). */
  minDistance: 30,
  /** Share of the ring's pixels each plainly apart from the candidate (half `minDistance`): unlike on every side. */
  everySide: 0.85,
  /** Brighter, with chromaticity within this of the other's and up to `sun` times its brightness: the floor in sun. */
  sameHue: 0.02,
  sun: 3,
  /** Darker, with chromaticity within this of the other's: the floor's shade (shade shifts the hue more than sun). */
  darkHue: 0.04,
  /** Darker than this share of the other's brightness (linear), or brighter than its inverse, is unlike whatever its hue. */
  dark: 0.15,
  /**
   * Near in Lab (`minDistance`) is the floor's own only up to this many times brighter; past it, only as its sun (of
   * its hue). On a dark floor 30 apart in Lab is twice to four times the light: a squat pan's pale blue-grey on dark
   * grey tile, a toilet's pedestal in a dim room. At 2 the pan leaves (bathroom-tile believable). Off until session
   * 21: the simulated visitor's next tap then climbed a wall, which the taps' far-edge rule now stops (decision 012's
   * log, sessions 20 and 21).
   */
  nearBrighter: 2,
  /** The floor outside a candidate may hold at most this many times its area of its colour (else it is a pattern). */
  recurs: 0.5,
  /**
   * Whether thin strokes of the candidate's colour (what the opening takes from the rest: a stool's legs, cables,
   * grout) count as its colour recurring. They do not: a pattern repeats broad patches, and a rug's black border
   * band is no pattern for the black legs standing on the floor beside it (decision 012's log, session 13).
   */
  strokesRecur: false,
};

export type UnlikePieceLimits = typeof UNLIKE_PIECE_LIMITS;

/** Lab bins of this size count how much of the floor is of a colour. */
const BIN = 8;
const L_BINS = Math.ceil(101 / BIN);
const AB_BINS = Math.ceil(256 / BIN);
function binOf(l: number, a: number, b: number): number {
  const bl = Math.min(L_BINS - 1, Math.max(0, Math.floor(l / BIN)));
  const ba = Math.min(AB_BINS - 1, Math.max(0, Math.floor((a + 128) / BIN)));
  const bb = Math.min(AB_BINS - 1, Math.max(0, Math.floor((b + 128) / BIN)));
  return (bl * AB_BINS + ba) * AB_BINS + bb;
}

/** The bins within one of `home` in each of L, a and b. */
function binsAround(home: number): Set<number> {
  const near = new Set<number>();
  const hl = Math.floor(home / (AB_BINS * AB_BINS));
  const ha = Math.floor(home / AB_BINS) % AB_BINS;
  const hb = home % AB_BINS;
  for (let bl = Math.max(0, hl - 1); bl <= Math.min(L_BINS - 1, hl + 1); bl++)
    for (let ba = Math.max(0, ha - 1); ba <= Math.min(AB_BINS - 1, ha + 1); ba++)
      for (let bb = Math.max(0, hb - 1); bb <= Math.min(AB_BINS - 1, hb + 1); bb++) near.add((bl * AB_BINS + ba) * AB_BINS + bb);
  return near;
}

/**
 * Floor pixels (1 in `floor`, raw RGB `rgb`, `width` × `height`) of broad pieces unlike the floor round them: 1 there.
 */
export function piecesUnlikeTheFloor(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: UnlikePieceLimits = UNLIKE_PIECE_LIMITS,
): Uint8Array {
  // The ring and the colour steps read a little round the floor.
  return onFloorBox(floor, rgb, width, height, (limits.ring + 2) * limits.scale, (boxFloor, boxRgb, w, h) =>
    piecesInBox(boxFloor, boxRgb, w, h, (limits.minArea * width * height) / limits.scale ** 2, limits),
  );
}

/** `piecesUnlikeTheFloor` on the floor's box: the work on a copy `scale` times smaller, laid back at the box's size. */
function piecesInBox(boxFloor: Uint8Array, boxRgb: Uint8Array, w: number, h: number, minCells: number, limits: UnlikePieceLimits): Uint8Array {
  // The work is on a copy `scale` times smaller (a candidate is broad): each cell the mean of its pixels, floor
  // where at least half of them are. The cells' sums are object-bases' (the same loop, already fast: that step runs
  // first).
  const grid = modelGrid(w, h, limits.scale);
  const cells = grid.width * grid.height;
  const floorSum = new Float32Array(cells);
  const rgbSum = new Float32Array(cells * 3);
  const counts = new Float32Array(cells);
  addPixelsToCells(boxFloor, boxRgb, w, h, grid, counts, floorSum, rgbSum);
  const cellFloor = new Uint8Array(cells);
  const cellRgb = new Uint8Array(cells * 3);
  const cellFloorCount = cellMeansOfBox(floorSum, rgbSum, counts, cellFloor, cellRgb);
  const found = piecesOnGrid(cellFloor, cellRgb, grid.width, grid.height, cellFloorCount, minCells, limits);
  return layBackOnBox(boxFloor, found, w, h, grid);
}

/*
 * The loops below are functions of their own, not one long function: V8 compiles a hot loop on the spot with the
 * function holding it (decision 028), and the fast code made for one loop of a long function was thrown away at the
 * first line after it that had never run, then compiled again for the next loop: a fresh process's first three calls
 * took 70-100 ms against 20 once the function had been compiled whole (decision 028, session 20).
 */

/** Each cell's floor (at least half its pixels) into `cellFloor` and its rounded mean colour into `cellRgb`; returns the floor cells. */
function cellMeansOfBox(floorSum: Float32Array, rgbSum: Float32Array, counts: Float32Array, cellFloor: Uint8Array, cellRgb: Uint8Array): number {
  let cellFloorCount = 0;
  for (let c = 0; c < counts.length; c++) {
    cellFloor[c] = floorSum[c]! * 2 >= counts[c]! ? 1 : 0;
    cellFloorCount += cellFloor[c]!;
    for (let k = 0; k < 3; k++) cellRgb[c * 3 + k] = Math.round(rgbSum[c * 3 + k]! / counts[c]!);
  }
  return cellFloorCount;
}

/** The box's floor pixels whose cell was `found`: 1 there, at the box's size. */
function layBackOnBox(boxFloor: Uint8Array, found: Uint8Array, w: number, h: number, { columnOf, rowOf }: ModelGrid): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = rowOf[y]!;
    for (let x = 0, i = y * w; x < w; x++, i++) if (boxFloor[i] && found[row + columnOf[x]!]) out[i] = 1;
  }
  return out;
}

/** Lab distance between cells `i` and `j`. */
function cellDistance(labL: Float32Array, labA: Float32Array, labB: Float32Array, i: number, j: number): number {
  const dl = labL[i]! - labL[j]!;
  const da = labA[i]! - labA[j]!;
  const db = labB[i]! - labB[j]!;
  return Math.sqrt(dl * dl + da * da + db * db);
}

/** The colour step at each floor cell (into `step`), counted in half-unit bins (into `stepCounts`). */
function colourSteps(
  floor: Uint8Array,
  labL: Float32Array,
  labA: Float32Array,
  labB: Float32Array,
  width: number,
  height: number,
  step: Float32Array,
  stepCounts: Uint32Array,
): void {
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (!floor[i]) continue;
      step[i] = Math.max(cellDistance(labL, labA, labB, i - 1, i + 1), cellDistance(labL, labA, labB, i - width, i + width));
      stepCounts[Math.min(400, Math.floor(step[i]! * 2))]!++;
    }
  }
}

/** The largest piece of the floor between its strong steps (4-connected): its cells' summed colour and its size. */
function largestSmoothPiece(
  floor: Uint8Array,
  step: Float32Array,
  barrier: number,
  channels: Float32Array[],
  width: number,
  queue: Int32Array,
): { sum: number[]; size: number } {
  const size = floor.length;
  const visited = new Uint8Array(size);
  let bodySum: number[] = [];
  let bodySize = 0;
  for (let start = 0; start < size; start++) {
    if (!floor[start] || visited[start] || step[start]! >= barrier) continue;
    const sum = [0, 0, 0, 0, 0, 0];
    const tail = growSmoothPiece(start, floor, step, barrier, channels, width, queue, visited, sum);
    if (tail > bodySize) {
      bodySize = tail;
      bodySum = sum;
    }
  }
  return { sum: bodySum, size: bodySize };
}

/** The piece of the floor between its strong steps from `start` (4-connected), marked in `visited`; its colour summed into `sum`; returns its size. */
function growSmoothPiece(
  start: number,
  floor: Uint8Array,
  step: Float32Array,
  barrier: number,
  channels: Float32Array[],
  width: number,
  queue: Int32Array,
  visited: Uint8Array,
  sum: number[],
): number {
  const size = floor.length;
  let tail = 0;
  queue[tail++] = start;
  visited[start] = 1;
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    for (let k = 0; k < 6; k++) sum[k]! += channels[k]![i]!;
    const x = i % width;
    for (let side = 0; side < 4; side++) {
      const n = side === 0 ? (x > 0 ? i - 1 : -1) : side === 1 ? (x < width - 1 ? i + 1 : -1) : side === 2 ? i - width : i + width;
      if (n < 0 || n >= size || !floor[n] || visited[n] || step[n]! >= barrier) continue;
      visited[n] = 1;
      queue[tail++] = n;
    }
  }
  return tail;
}

/** Lab distance between two colours (L, a, b, Y, r, g). */
function lab(c: ArrayLike<number>, f: ArrayLike<number>): number {
  return Math.sqrt((c[L]! - f[L]!) ** 2 + (c[A]! - f[A]!) ** 2 + (c[B]! - f[B]!) ** 2);
}

/** Is colour `c` (L, a, b, Y, r, g) the floor's own beside colour `f`: near in Lab, or its shade or sun? */
function alike(c: ArrayLike<number>, f: ArrayLike<number>, limits: UnlikePieceLimits): boolean {
  const ratio = c[Y]! / Math.max(1e-4, f[Y]!);
  if (ratio < limits.dark || ratio > 1 / limits.dark) return false;
  if (lab(c, f) < limits.minDistance && ratio <= limits.nearBrighter) return true;
  const hue2 = (c[R]! - f[R]!) ** 2 + (c[G]! - f[G]!) ** 2;
  return ratio < 1 ? hue2 < limits.darkHue ** 2 : ratio <= limits.sun && hue2 < limits.sameHue ** 2;
}

/** The floor's body (its cells of the body's colour, or its shade or sun) into `body`, the rest into `rest`; returns the rest's size. */
function splitBody(floor: Uint8Array, channels: Float32Array[], bodyColour: number[], limits: UnlikePieceLimits, body: Uint8Array, rest: Uint8Array): number {
  let restCount = 0;
  const pixel = [0, 0, 0, 0, 0, 0];
  const [labL, labA, labB, lightness, chromaR, chromaG] = [channels[L]!, channels[A]!, channels[B]!, channels[Y]!, channels[R]!, channels[G]!];
  for (let i = 0; i < floor.length; i++) {
    if (!floor[i]) continue;
    // Near in Lab and not far darker or brighter: the body, without asking more.
    const ratio = lightness[i]! / Math.max(1e-4, bodyColour[Y]!);
    const dl = labL[i]! - bodyColour[L]!;
    const da = labA[i]! - bodyColour[A]!;
    const db = labB[i]! - bodyColour[B]!;
    if (ratio >= limits.dark && ratio <= 1 / limits.dark && ratio <= limits.nearBrighter && dl * dl + da * da + db * db < limits.minDistance ** 2) {
      body[i] = 1;
      continue;
    }
    pixel[L] = labL[i]!;
    pixel[A] = labA[i]!;
    pixel[B] = labB[i]!;
    pixel[Y] = lightness[i]!;
    pixel[R] = chromaR[i]!;
    pixel[G] = chromaG[i]!;
    if (alike(pixel, bodyColour, limits)) body[i] = 1;
    else {
      rest[i] = 1;
      restCount++;
    }
  }
  return restCount;
}

/** Keeps `into` only where `where` is set too. */
function keepWhere(into: Uint8Array, where: Uint8Array): void {
  for (let i = 0; i < into.length; i++) into[i] = into[i]! & where[i]!;
}

/** Each floor cell's colour bin (into `binAt`), and how many floor cells each bin holds (into `floorBins`; thin strokes of the rest left out unless they count). */
function floorColourBins(
  floor: Uint8Array,
  channels: Float32Array[],
  rest: Uint8Array,
  opened: Uint8Array,
  strokesRecur: boolean,
  floorBins: Uint32Array,
  binAt: Int32Array,
): void {
  const [labL, labA, labB] = [channels[L]!, channels[A]!, channels[B]!];
  for (let i = 0; i < floor.length; i++) {
    if (!floor[i]) continue;
    binAt[i] = binOf(labL[i]!, labA[i]!, labB[i]!);
    if (!strokesRecur && rest[i] && !opened[i]) continue;
    floorBins[binAt[i]!]!++;
  }
}

/** Labels the piece of `opened` (8-connected) from `start` as `candidate`, queued from 0; sums its colour into `sum`; returns its size. */
function labelPiece(start: number, candidate: number, opened: Uint8Array, label: Int32Array, queue: Int32Array, channels: Float32Array[], width: number, sum: number[]): number {
  const size = opened.length;
  let tail = 0;
  queue[tail++] = start;
  label[start] = candidate;
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    for (let k = 0; k < 6; k++) sum[k]! += channels[k]![i]!;
    const x = i % width;
    for (let dy = -width; dy <= width; dy += width) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = i + dy + dx;
        if (n < 0 || n >= size || x + dx < 0 || x + dx >= width || !opened[n] || label[n]) continue;
        label[n] = candidate;
        queue[tail++] = n;
      }
    }
  }
  return tail;
}

/** The floor elsewhere of colour `mean`'s bins round it (less the candidate's own `area` cells, queued from 0). */
function floorElsewhereOfColour(mean: number[], candidate: number, floorBins: Uint32Array, nearBin: Int32Array, binAt: Int32Array, queue: Int32Array, area: number): number {
  const near = binsAround(binOf(mean[L]!, mean[A]!, mean[B]!));
  let elsewhere = 0;
  for (const bin of near) {
    elsewhere += floorBins[bin]!;
    nearBin[bin] = candidate;
  }
  for (let head = 0; head < area; head++) if (nearBin[binAt[queue[head]!]!] === candidate) elsewhere--;
  return elsewhere;
}

/**
 * The ring `ring` steps out of the candidate (4-connected, through anything), queued after its `area` cells and
 * marked in `ringMark`; returns where the queue ends and where its outline (the first `open` + 1 layers) ends.
 */
function ringAround(candidate: number, area: number, queue: Int32Array, ringMark: Int32Array, width: number, ring: number, open: number): { ringTail: number; outlineEnd: number } {
  const size = ringMark.length;
  for (let head = 0; head < area; head++) ringMark[queue[head]!] = candidate;
  let ringTail = area;
  let layerStart = 0;
  let outlineEnd = area;
  for (let reach = 0; reach < ring; reach++) {
    const layerEnd = ringTail;
    for (let head = layerStart; head < layerEnd; head++) {
      const i = queue[head]!;
      const x = i % width;
      for (let side = 0; side < 4; side++) {
        const n = side === 0 ? (x > 0 ? i - 1 : -1) : side === 1 ? (x < width - 1 ? i + 1 : -1) : side === 2 ? i - width : i + width;
        if (n < 0 || n >= size || ringMark[n] === candidate) continue;
        ringMark[n] = candidate;
        queue[ringTail++] = n;
      }
    }
    layerStart = layerEnd;
    if (reach === open) outlineEnd = ringTail;
  }
  return { ringTail, outlineEnd };
}

/** Is the mean colour step on the floor of the queue's cells `from`..`to` (the outline) at least `least`? */
function sharpOutline(queue: Int32Array, from: number, to: number, floor: Uint8Array, step: Float32Array, least: number): boolean {
  let outlineSum = 0;
  let outlineCount = 0;
  for (let head = from; head < to; head++) {
    const i = queue[head]!;
    if (!floor[i]) continue;
    outlineSum += step[i]!;
    outlineCount++;
  }
  return !(outlineSum < least * outlineCount);
}

/** The summed colour of the body's cells among the queue's `from`..`to` (into `ringSum`); returns how many. */
function bodyInRing(queue: Int32Array, from: number, to: number, body: Uint8Array, channels: Float32Array[], ringSum: number[]): number {
  let ringCount = 0;
  for (let head = from; head < to; head++) {
    const i = queue[head]!;
    if (!body[i]) continue;
    ringCount++;
    for (let k = 0; k < 6; k++) ringSum[k]! += channels[k]![i]!;
  }
  return ringCount;
}

/** How many of the body's cells among the queue's `from`..`to` are plainly apart from `mean` (half the distance, or far darker or brighter). */
function apartInRing(queue: Int32Array, from: number, to: number, body: Uint8Array, channels: Float32Array[], mean: number[], limits: UnlikePieceLimits): number {
  const pixel = [0, 0, 0, 0, 0, 0];
  let apart = 0;
  for (let head = from; head < to; head++) {
    const i = queue[head]!;
    if (!body[i]) continue;
    for (let k = 0; k < 6; k++) pixel[k] = channels[k]![i]!;
    const ratio = pixel[Y]! / Math.max(1e-4, mean[Y]!);
    if (ratio < limits.dark || ratio > 1 / limits.dark || lab(pixel, mean) >= limits.minDistance / 2) apart++;
  }
  return apart;
}

/** Sets `into` where both `a` and `b` are set. */
function markWhereBoth(into: Uint8Array, a: Uint8Array, b: Uint8Array): void {
  for (let i = 0; i < into.length; i++) if (a[i] && b[i]) into[i] = 1;
}

function piecesOnGrid(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  floorCount: number,
  minArea: number,
  limits: UnlikePieceLimits,
): Uint8Array {
  const size = width * height;
  const out = new Uint8Array(size);
  // Each cell's colour (the mean of its pixels: the noise of a photo's pixels is not an outline).
  const channels = cellColours(rgb, size);
  // The colour step at each floor pixel, and the floor's median step (from a histogram of half-unit bins).
  const step = new Float32Array(size);
  const stepCounts = new Uint32Array(401);
  colourSteps(floor, channels[L]!, channels[A]!, channels[B]!, width, height, step, stepCounts);
  let seen = 0;
  let median = 0;
  for (let k = 0; k <= 400; k++) {
    seen += stepCounts[k]!;
    if (seen * 2 >= floorCount) {
      median = (k + 0.5) / 2;
      break;
    }
  }
  const barrier = Math.max(limits.edgeMin, limits.edge * median);
  // The largest piece of the floor between its strong steps (4-connected) gives the colour of the floor's body.
  const queue = new Int32Array(size);
  const { sum: bodySum, size: bodySize } = largestSmoothPiece(floor, step, barrier, channels, width, queue);
  if (!bodySize) return out;
  const bodyColour = bodySum.map((value) => value / bodySize);
  // The floor's body: its pixels of the body's colour (or its shade or sun); the rest may hold things.
  const body = new Uint8Array(size);
  const rest = new Uint8Array(size);
  const restCount = splitBody(floor, channels, bodyColour, limits, body, rest);
  // Every candidate lies in the rest: with less of it than a candidate's least area, there is none.
  if (restCount < minArea) return out;
  const opened = dilate(erode(rest, width, height, limits.open), width, height, limits.open);
  keepWhere(opened, rest);
  // How much of the floor is of each colour (in broad patches, unless strokes count).
  const floorBins = new Uint32Array(L_BINS * AB_BINS * AB_BINS);
  const binAt = new Int32Array(size);
  floorColourBins(floor, channels, rest, opened, limits.strokesRecur, floorBins, binAt);
  const maxArea = limits.maxShare * floorCount;
  // Candidates are labelled 1, 2, ...; the ring's pixels are marked with their candidate's label.
  const label = new Int32Array(size);
  const ringMark = new Int32Array(size);
  const nearBin = new Int32Array(floorBins.length);
  let candidate = 0;
  for (let start = 0; start < size; start++) {
    if (!opened[start] || label[start]) continue;
    candidate++;
    const sum = [0, 0, 0, 0, 0, 0];
    const area = labelPiece(start, candidate, opened, label, queue, channels, width, sum);
    if (area < minArea || area > maxArea) continue;
    const mean = sum.map((value) => value / area);
    // The floor elsewhere of its colour (the bins round its mean, less its own pixels there): a pattern's tiles.
    if (floorElsewhereOfColour(mean, candidate, floorBins, nearBin, binAt, queue, area) > limits.recurs * area) continue;
    const { ringTail, outlineEnd } = ringAround(candidate, area, queue, ringMark, width, limits.ring, limits.open);
    // A sharp outline: the mean colour step on the floor in the first `open` + 1 layers out is a strong one.
    if (!sharpOutline(queue, area, outlineEnd, floor, step, limits.outline * barrier)) continue;
    // The floor round it, past the outline (whose pixels blend the two colours).
    const ringSum = [0, 0, 0, 0, 0, 0];
    const ringCount = bodyInRing(queue, outlineEnd, ringTail, body, channels, ringSum);
    if (ringCount < area * 0.05) continue;
    if (alike(mean, ringSum.map((value) => value / ringCount), limits)) continue;
    // Unlike on every side: the ring's pixels one by one plainly apart from it.
    if (apartInRing(queue, outlineEnd, ringTail, body, channels, mean, limits) < limits.everySide * ringCount) continue;
    for (let head = 0; head < area; head++) out[queue[head]!] = 1;
  }
  // The outline itself goes with what it outlines: the rest of the floor (not its body) within the opening's reach.
  markWhereBoth(out, dilate(out, width, height, limits.open + 1), rest);
  return out;
}

/** 1 where every pixel within `radius` (a square) is set. Pixels past the edge count as set. */
function erode(set: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return squareFilter(set, width, height, radius, true);
}

/** 1 where any pixel within `radius` (a square) is set. */
function dilate(set: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return squareFilter(set, width, height, radius, false);
}

/** A square min (`all`) or max filter: a pass along the rows, then along the columns, each by running counts. */
function squareFilter(set: Uint8Array, width: number, height: number, radius: number, all: boolean): Uint8Array {
  const rows = new Uint8Array(set.length);
  for (let y = 0; y < height; y++) filterLine(set, rows, y * width, 1, width, radius, all);
  const out = new Uint8Array(set.length);
  for (let x = 0; x < width; x++) filterLine(rows, out, x, width, height, radius, all);
  return out;
}

/** One line of `length` values from `start`, `stride` apart: set where all (or any) within `radius` are set. */
function filterLine(from: Uint8Array, to: Uint8Array, start: number, stride: number, length: number, radius: number, all: boolean): void {
  const span = 2 * radius + 1;
  // Values past the line's ends count as set for a min filter (so the edge does not eat in), unset for a max.
  const past = all ? 1 : 0;
  let count = past * radius;
  for (let k = 0; k < Math.min(radius, length); k++) count += from[start + k * stride]!;
  count += past * Math.max(0, radius - length);
  for (let k = 0; k < length; k++) {
    const enter = k + radius;
    count += enter < length ? from[start + enter * stride]! : past;
    const at = start + k * stride;
    to[at] = all ? (count === span ? 1 : 0) : count > 0 ? 1 : 0;
    const leave = k - radius;
    count -= leave >= 0 ? from[start + leave * stride]! : past;
  }
}
