/**
 * Issue 34, "never two floors": a step may leave a connected piece of the network's floor as the old floor only
 * for a thing with a clear outline, never for the floor's own surface. What the zoomed runs (the bottom half at
 * twice the scale) alone saw standing on the floor is both: the legs, bases and plinths the whole photo's grid
 * blurs into the floor, and stretches of floor the close view, without the room round it, took for the thing
 * beside it (the floor round a cat's bowl, along a kitchen's cabinets, round a plant pot). A thing meets the floor
 * along an edge of another colour (a bowl's rim, a cage's black base, a leg); the floor round it goes on in the
 * floor's own colours. So the floor the engine keeps grows back into those cells, cell to neighbouring cell, as far
 * as they keep the colour of the floor it grew from. Measured on the tuning photos (decision 012, issue 34
 * session 10): the parameters below are where no photo lost believability, at the first render or after a tap.
 */

export const OUTLINE_LIMITS = {
  /**
   * An outline: a cell farther in colour (RGB 0..255, Euclidean) than this many times the floor's own steps from
   * the colour carried to it, and at least `minStep`. The floor's own step is the median colour step between
   * neighbouring floor cells (grain, grout and noise are the floor's; the median, as the floor the network calls
   * floor holds rugs and patterns too).
   */
  times: 2,
  minStep: 6,
  /**
   * How far the colour carried along the regrowth moves towards each cell it crosses (0..1). 0: it stays the colour
   * of the floor cell the growth left from, so an outline blurred over several cells stops it as a sharp one does.
   * Following the cells (0.1, 0.3) let it creep over the soft edges of a desk's shade, a screen, a bucket.
   */
  follow: 0,
  /**
   * Not into cells darker (r + g + b) than the floor's at this quantile: the shade under a desk or a sofa, and a dark
   * base, are where the floor's own colours meet the thing's. 0 = any.
   */
  darkest: 0.1,
};

export type OutlineLimits = typeof OUTLINE_LIMITS;

/** Squared Euclidean distance between two cells' colours (RGB 0..255): a whole number up to 3 × 255². */
function squaredStep(rgb: Uint8Array, a: number, b: number): number {
  const dr = rgb[a * 3]! - rgb[b * 3]!;
  const dg = rgb[a * 3 + 1]! - rgb[b * 3 + 1]!;
  const db = rgb[a * 3 + 2]! - rgb[b * 3 + 2]!;
  return dr * dr + dg * dg + db * db;
}

/** The value at `rank` (0..1) of the whole numbers counted in `histogram` (histogram[v] = how many are v). */
function rankInHistogram(histogram: Uint32Array, count: number, rank: number): number {
  const wanted = Math.floor(rank * count);
  let seen = 0;
  for (let value = 0; value < histogram.length; value++) {
    seen += histogram[value]!;
    if (seen > wanted) return value;
  }
  return histogram.length - 1;
}

/**
 * The median colour step between 4-neighbouring floor cells; 0 where the floor has no two such cells. Counted in a
 * histogram of squared steps (whole numbers): this runs on every photo, and a sort of the half-million steps of a
 * full floor took longer than the rest of the regrowth.
 */
export function floorStep(floor: Uint8Array, rgb: Uint8Array, width: number, height: number): number {
  const histogram = new Uint32Array(3 * 255 * 255 + 1);
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!floor[i]) continue;
      if (x + 1 < width && floor[i + 1]) {
        histogram[squaredStep(rgb, i, i + 1)]!++;
        count++;
      }
      if (y + 1 < height && floor[i + width]) {
        histogram[squaredStep(rgb, i, i + width)]!++;
        count++;
      }
    }
  }
  return count ? Math.sqrt(rankInHistogram(histogram, count, 0.5)) : 0;
}

/**
 * `floor` is 1 for floor cells, `candidates` 1 for the cells the floor may grow back into, `rgb` the photo's colour
 * per cell (3 bytes), all on a `width × height` grid. Returns the candidates the floor reaches without crossing an
 * outline (1), 4-connected (a diagonal step slips between two cells of an outline), breadth first.
 */
export function floorWithoutAnOutline(
  floor: Uint8Array,
  candidates: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: OutlineLimits = OUTLINE_LIMITS,
): Uint8Array {
  const size = width * height;
  const reached = new Uint8Array(size);
  const outline = Math.max(limits.minStep, limits.times * floorStep(floor, rgb, width, height));
  let darkest = -1;
  if (limits.darkest > 0) {
    const histogram = new Uint32Array(3 * 255 + 1);
    let count = 0;
    for (let i = 0; i < size; i++) {
      if (!floor[i]) continue;
      histogram[rgb[i * 3]! + rgb[i * 3 + 1]! + rgb[i * 3 + 2]!]!++;
      count++;
    }
    if (count) darkest = rankInHistogram(histogram, count, limits.darkest);
  }
  const carried = new Float32Array(size * 3);
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  const visited = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    if (!floor[i]) continue;
    visited[i] = 1;
    queue[tail++] = i;
    for (let c = 0; c < 3; c++) carried[i * 3 + c] = rgb[i * 3 + c]!;
  }
  const { follow } = limits;
  const reach = (from: number, to: number) => {
    if (visited[to] || !candidates[to]) return;
    if (rgb[to * 3]! + rgb[to * 3 + 1]! + rgb[to * 3 + 2]! < darkest) return;
    const dr = rgb[to * 3]! - carried[from * 3]!;
    const dg = rgb[to * 3 + 1]! - carried[from * 3 + 1]!;
    const db = rgb[to * 3 + 2]! - carried[from * 3 + 2]!;
    if (Math.sqrt(dr * dr + dg * dg + db * db) > outline) return;
    visited[to] = 1;
    reached[to] = 1;
    queue[tail++] = to;
    for (let c = 0; c < 3; c++)
      carried[to * 3 + c] = carried[from * 3 + c]! + follow * (rgb[to * 3 + c]! - carried[from * 3 + c]!);
  };
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    if (x > 0) reach(i, i - 1);
    if (x + 1 < width) reach(i, i + 1);
    if (i >= width) reach(i, i - width);
    if (i + width < size) reach(i, i + width);
  }
  return reached;
}
