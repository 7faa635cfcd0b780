import type { AnalysisImage } from './analysis-image.ts';
import { SRGB_TO_LINEAR } from './color-space.ts';
import { SCENE_CLASS } from '../segmentation/scene-classes.ts';
import { floorHomography, type FloorCamera } from './floor-camera.ts';
import { percentiles, sortedValueAt } from '../percentiles.ts';

/**
 * The light falling on the floor, read off the old floor: its luminance, heavily smoothed, relative to its
 * typical value. Shadows under furniture, the bright patch under a window and reflections carry over; the
 * old floor's own pattern (grout lines, carpet pile, dark and light boards) must not. Two things keep the
 * pattern out:
 * - the smoothing is done on the floor plane, not the image: its radius is a fixed distance on the floor
 *   (a tile's or board's size), so far away, where tiles are a few pixels, it is a few pixels too;
 * - where the old floor is strongly patterned everywhere (board to board contrast that a smoothing the size
 *   of a board cannot remove), only the coarser light is used.
 * Nor must what stands out of the floor over a few centimetres: a chair leg's mirror image, a caster, a
 * leg's foot that the mask took for floor. Such pixels hardly count in the smoothing (outlierWeights).
 *
 * The new wood's brightness follows the photo's exposure (a dark photo gets a dark floor), judged on the
 * walls and other non-floor surfaces, and its colour takes most of the colour cast of the room's brightest surfaces.
 */
export interface FloorLight {
  /** Relative light (1 = the floor's typical light) on a grid of `step` × `step` analysis pixels. */
  shading: Float32Array;
  width: number;
  height: number;
  step: number;
  /** Overall brightness factor for the new wood. */
  exposure: number;
  /** Per-channel multipliers for the room light's colour (luminance 1). */
  tint: [number, number, number];
  /** How strongly the old floor was patterned (median of its small-scale detail, log units). */
  pattern: number;
}

/** Smoothing radii on the floor plane, metres: the old floor's texture, the light's detail, the coarse light. */
const TEXTURE_RADIUS = 0.015;
/** Analysis pixels per light cell, each way. */
const LIGHT_STEP = 2;
const FINE_RADIUS = 0.08;
const COARSE_RADIUS = 0.4;
/**
 * Pixels of the old floor that stand out from the floor within OUTLIER_RADIUS by more than OUTLIER_SPREAD
 * times its typical difference (and at least OUTLIER_MIN, log units: a third brighter or a quarter darker)
 * count less and less in its light (see outlierWeights).
 */
const OUTLIER_RADIUS = 0.08;
const OUTLIER_SPREAD = 3;
const OUTLIER_MIN = 0.3;
/**
 * Darker pixels must differ this many times as much as brighter ones: a leg's shadow in the sun is as thin
 * as its mirror image but real, and stays on the new wood; a near-black foot or a dark leg's mirror image is
 * darker still. (With the same threshold both ways, the rendered window-sun room lost its window bars'
 * shadows: light log-RMSE 0.300 -> 0.368.)
 */
const OUTLIER_DARK_FACTOR = 2;
/** Analysis pixels between reads of the floor's light around them. */
const OUTLIER_STEP = 4;
/** Ambient occlusion: how far (metres) walls and furniture shade the floor, and how much at most. */
const OCCLUSION_RADIUS = 0.06;
const OCCLUSION_STRENGTH = 0.3;
/**
 * Relative light above which old-floor highlights are compressed (a glossy floor's reflections would glare
 * on satin wood). At 2 a sun patch, typically 2-4 times the floor's light, keeps most of its brightness.
 */
const HIGHLIGHT_KNEE = 2;
/**
 * Local light is a power mean of luminance (the root of the mean square: luminance is squared before the
 * blur) rather than a plain mean: where the old floor mixes dark and light boards, their local proportions
 * change the mean much more than the root mean square, which leans on the lighter ones.
 */
const POWER = 2;
/** Median small-scale detail (log units) of a plain floor (carpet, concrete, tile between its joints). */
const PLAIN_FLOOR_DETAIL = 0.05;
/**
 * The percentiles of each band's changes that are taken for the old floor's pattern (see the thresholds
 * below): on a patterned floor the higher ones, on a plain floor the lower ones, blended between a median
 * small-scale detail of PLAIN_FLOOR_DETAIL and PATTERNED_FLOOR_DETAIL. A plain floor has little pattern to
 * hide, and its sun patch or shadows may cover a quarter of it or more, which the higher percentile would
 * take for pattern and flatten (a sun patch at 2.7 times the light came out at 1.3 times).
 */
const PATTERNED_FLOOR_DETAIL = 0.09;
const PATTERN_PERCENTILES = { small: { plain: 0.7, patterned: 0.85 }, large: { plain: 0.5, patterned: 0.75 } } as const;
/**
 * Reflectances (linear) assumed when judging the light: the typical floor, and the typical non-floor
 * surface of a room photo (mostly light walls, some furniture).
 */
const TYPICAL_FLOOR_ALBEDO = 0.3;
const TYPICAL_ROOM_ALBEDO = 0.35;
const TYPICAL_WALL_ALBEDO = 0.55;
/** The share of the brightest surfaces off the floor that tell the light's colour, and at least how many samples. */
const LIGHT_COLOUR_SHARE = 0.1;
const LIGHT_COLOUR_MIN_SAMPLES = 50;
/**
 * How much of their colour cast the new wood takes (an exponent), and within what per-channel limits. Nearly
 * all of it: under tungsten light that the camera left orange, wood given four fifths of the cast looked pale
 * grey beside the orange cabinets (kitchen-tile-coco). The limits only stop a cast stronger than that.
 */
const LIGHT_COLOUR_STRENGTH = 0.95;
const LIGHT_COLOUR_LIMITS = [0.15, 2.2] as const;
/**
 * What the network named as outside the room's light or with colours of its own: a sky or a garden through the
 * window, a picture, a face. None of them tells the light's colour.
 */
const NOT_ROOM_LIT = new Uint8Array(256);
for (const name of ['sky', 'tree', 'grass', 'mountain', 'sea', 'water', 'field', 'building', 'house', 'road', 'sidewalk', 'earth', 'car', 'windowpane', 'plant', 'painting', 'person'] as const) {
  NOT_ROOM_LIT[SCENE_CLASS[name]] = 1;
}
const SCENE_WALL = SCENE_CLASS.wall;
const SCENE_CEILING = SCENE_CLASS.ceiling;

export function estimateFloorLight(image: AnalysisImage, camera: FloorCamera): FloorLight {
  const { width, height, floor } = image;
  const { poweredLuminance, weight, floorPixels } = lightInputs(image);
  const H = floorHomography(camera);
  const maskPyramid = new MaskedPyramid(poweredLuminance, weight, width, height);
  const pyramid = new MaskedPyramid(poweredLuminance, outlierWeights(maskPyramid, poweredLuminance, weight, width, height, H), width, height);
  // The light is estimated on a grid of LIGHT_STEP × LIGHT_STEP analysis pixels: it changes slowly, and the
  // full-size lookup interpolates. It is needed on the floor's cells and one cell around them.
  const gridWidth = Math.ceil(width / LIGHT_STEP);
  const gridHeight = Math.ceil(height / LIGHT_STEP);
  const needed = cellsNearFloor(floor, width, height, gridWidth, gridHeight);

  // The light is rebuilt band by band (coarse light, plus the detail between the fine and coarse radii,
  // plus the detail between the texture and fine radii). In each band, changes as small as the old floor's
  // typical pattern there are taken for pattern and dropped; larger ones (a shadow halves the light: 0.7 in
  // log units) pass, less that threshold. Patterns cover the whole floor, shadows and sun patches part of
  // it, so high percentiles of a band's changes measure the pattern and not the light; how high depends on
  // how patterned the floor is (PATTERN_PERCENTILES).
  const { smallDetail, largeDetail, levels } = floorBands(pyramid, H, weight, width, floorPixels);
  // A strongly patterned floor (its median small-scale detail well above a plain floor's) cannot be told
  // from its light at small scales at all: its board edges alone outnumber any shadow's.
  const [pattern = 0] = percentiles(smallDetail, [0.5]);
  const patterned = Math.max(0, pattern - PLAIN_FLOOR_DETAIL);
  const plainness = Math.min(1, Math.max(0, (PATTERNED_FLOOR_DETAIL - pattern) / (PATTERNED_FLOOR_DETAIL - PLAIN_FLOOR_DETAIL)));
  const percentileOf = ({ plain, patterned }: { plain: number; patterned: number }) => patterned + (plain - patterned) * plainness;
  const thresholds: ShadingThresholds = {
    small: 1.2 * percentiles(smallDetail, [percentileOf(PATTERN_PERCENTILES.small)])[0]! + 3 * patterned,
    large: 1.2 * percentiles(largeDetail, [percentileOf(PATTERN_PERCENTILES.large)])[0]! + 2 * patterned,
    reference: levels.length > 0 ? percentiles(levels, [0.5])[0]! : 0,
  };
  const shading = new Float32Array(gridWidth * gridHeight);
  const bands = new Float64Array(4);
  for (let gy = 0; gy < gridHeight; gy++) shadingRow(pyramid, maskPyramid, H, needed, gy, gridWidth, thresholds, bands, shading);
  return { shading, width: gridWidth, height: gridHeight, step: LIGHT_STEP, pattern, ...exposureAndTint(image, Math.exp(thresholds.reference)) };
}

/**
 * Per analysis pixel, the luminance (linear) to the power POWER, and its weight in the light: 1 on clear floor,
 * 0 elsewhere (mixed boundary pixels carry wall or furniture); and how many pixels are clear floor.
 *
 * This and the other loops of the light's estimate are functions of their own: V8 makes a loop that runs once
 * fast while it runs, by compiling the function that holds it, and a function holding several such loops was
 * compiled again at each (decision 028).
 */
function lightInputs(image: AnalysisImage): { poweredLuminance: Float32Array; weight: Float32Array; floorPixels: number } {
  const { rgb, floor } = image;
  const size = image.width * image.height;
  const poweredLuminance = new Float32Array(size);
  const weight = new Float32Array(size);
  let floorPixels = 0;
  for (let i = 0; i < size; i++) {
    const y = 0.2126 * SRGB_TO_LINEAR[rgb[i * 3]!]! + 0.7152 * SRGB_TO_LINEAR[rgb[i * 3 + 1]!]! + 0.0722 * SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!;
    poweredLuminance[i] = (y + 0.003) * (y + 0.003);
    const clear = floor[i]! >= 0.75 ? 1 : 0;
    weight[i] = clear;
    floorPixels += clear;
  }
  return { poweredLuminance, weight, floorPixels };
}

/**
 * The three smoothings of the light around analysis point (x, y) (pixel index coordinates, centre at x + 0.5),
 * in log units, into `bands`; and the metres of floor per analysis pixel there, as bands[3].
 */
function smoothBands(pyramid: MaskedPyramid, H: Float64Array, x: number, y: number, bands: Float64Array): void {
  const metresPerPixel = footprintAt(H, x + 0.5, y + 0.5);
  bands[3] = metresPerPixel;
  bands[0] = Math.log(pyramid.sample(x, y, TEXTURE_RADIUS / metresPerPixel) + 1e-9) / POWER;
  bands[1] = Math.log(pyramid.sample(x, y, FINE_RADIUS / metresPerPixel) + 1e-9) / POWER;
  bands[2] = Math.log(pyramid.sample(x, y, COARSE_RADIUS / metresPerPixel) + 1e-9) / POWER;
}

/**
 * On a sample of the clear floor's pixels (a sample is plenty for the percentiles taken of them): the small-scale
 * detail (texture to fine), the large-scale detail (fine to coarse) and the coarse light, in log units.
 */
function floorBands(
  pyramid: MaskedPyramid,
  H: Float64Array,
  weight: Float32Array,
  width: number,
  floorPixels: number,
): { smallDetail: number[]; largeDetail: number[]; levels: number[] } {
  const smallDetail: number[] = [];
  const largeDetail: number[] = [];
  const levels: number[] = [];
  const bands = new Float64Array(4);
  const stride = Math.max(1, Math.floor(floorPixels / 20000));
  for (let i = 0, seen = 0; i < weight.length; i++) {
    if (weight[i] === 0 || seen++ % stride !== 0) continue;
    const x = i % width;
    smoothBands(pyramid, H, x, (i - x) / width, bands);
    smallDetail.push(Math.abs(bands[0]! - bands[1]!));
    largeDetail.push(Math.abs(bands[1]! - bands[2]!));
    levels.push(bands[2]!);
  }
  return { smallDetail, largeDetail, levels };
}

/** The pattern thresholds of the small and large bands, and the floor's typical coarse light (log units). */
interface ShadingThresholds {
  small: number;
  large: number;
  reference: number;
}

/** Row `gy` of the light grid, on the cells `needed` marks: the light, relative to the floor's typical light. */
function shadingRow(
  pyramid: MaskedPyramid,
  maskPyramid: MaskedPyramid,
  H: Float64Array,
  needed: Uint8Array,
  gy: number,
  gridWidth: number,
  thresholds: ShadingThresholds,
  bands: Float64Array,
  shading: Float32Array,
): void {
  for (let gx = 0; gx < gridWidth; gx++) {
    if (!needed[gy * gridWidth + gx]) continue;
    // The cell's centre, in analysis pixel index coordinates.
    const x = gx * LIGHT_STEP + (LIGHT_STEP - 1) / 2;
    const y = gy * LIGHT_STEP + (LIGHT_STEP - 1) / 2;
    smoothBands(pyramid, H, x, y, bands);
    let value = Math.exp(bands[2]! + core(bands[1]! - bands[2]!, thresholds.large) + core(bands[0]! - bands[1]!, thresholds.small) - thresholds.reference);
    // Bright reflections on a glossy old floor would glare on a satin one: keep them, softened.
    if (value > HIGHLIGHT_KNEE) value = HIGHLIGHT_KNEE + (value - HIGHLIGHT_KNEE) * 0.5;
    // Where walls and furniture close in, less of the room's light reaches the floor (ambient occlusion):
    // the share of non-floor within a few centimetres darkens it a little, which grounds legs and skirting.
    const occluded = 1 - maskPyramid.coverage(x, y, OCCLUSION_RADIUS / bands[3]!);
    shading[gy * gridWidth + gx] = Math.min(3, Math.max(0.12, value * (1 - OCCLUSION_STRENGTH * occluded)));
  }
}

/**
 * The light grid's cells (LIGHT_STEP analysis pixels a side) that hold floor, and the cells around them: each
 * cell is looked at once, rather than the nine around every floor pixel.
 */
function cellsNearFloor(floor: Float32Array, width: number, height: number, gridWidth: number, gridHeight: number): Uint8Array {
  const holding = new Uint8Array(gridWidth * gridHeight);
  for (let y = 0; y < height; y++) markCellsHolding(floor, y * width, width, ((y / LIGHT_STEP) | 0) * gridWidth, holding);
  const needed = new Uint8Array(gridWidth * gridHeight);
  for (let gy = 0; gy < gridHeight; gy++) markCellsAround(holding, gy, gridWidth, gridHeight, needed);
  return needed;
}

/** The cells (from `cells`) of the analysis row from `row` that hold floor. */
function markCellsHolding(floor: Float32Array, row: number, width: number, cells: number, holding: Uint8Array): void {
  for (let x = 0; x < width; x++) if (floor[row + x]! > 0) holding[cells + ((x / LIGHT_STEP) | 0)] = 1;
}

/** Every cell within one of a cell of grid row `gy` that holds floor. */
function markCellsAround(holding: Uint8Array, gy: number, gridWidth: number, gridHeight: number, needed: Uint8Array): void {
  for (let gx = 0; gx < gridWidth; gx++) {
    if (!holding[gy * gridWidth + gx]) continue;
    for (let yy = Math.max(0, gy - 1); yy <= Math.min(gridHeight - 1, gy + 1); yy++) {
      for (let xx = Math.max(0, gx - 1); xx <= Math.min(gridWidth - 1, gx + 1); xx++) needed[yy * gridWidth + xx] = 1;
    }
  }
}

/**
 * Weights for the light's smoothing that leave out what stands out of the floor around it: per floor pixel,
 * its luminance against the floor's light within OUTLIER_RADIUS (log units); pixels that differ by more than
 * the floor's typical difference times OUTLIER_SPREAD (and at least OUTLIER_MIN) count less and less. A
 * chair leg's mirror image on a glossy floor, a caster or the foot of a leg that the mask took for floor
 * are a few centimetres wide and far brighter or darker than the floor beside them; left in, each is printed
 * on the new wood as a pale or dark leg-shaped ghost. A shadow under a table or a sun patch covers more than
 * the radius, so its pixels are close to their own neighbourhood's light and keep their weight (only their
 * edges lose a little).
 */
function outlierWeights(pyramid: MaskedPyramid, values: Float32Array, weight: Float32Array, width: number, height: number, H: Float64Array): Float32Array {
  // The floor's light within the radius changes slowly: read it on a grid of OUTLIER_STEP pixels and
  // interpolate (a read per pixel would cost more than the rest of the light's estimate).
  const gridWidth = Math.ceil(width / OUTLIER_STEP) + 1;
  const gridHeight = Math.ceil(height / OUTLIER_STEP) + 1;
  const local = new Float32Array(gridWidth * gridHeight);
  // Only the grid points a floor pixel interpolates between are ever read, so only those are worked out: the
  // others lie off the floor, where a read also climbs the pyramid until it finds floor.
  const holding = cellsHoldingWeight(weight, width, height, gridWidth, gridHeight);
  for (let gy = 0; gy < gridHeight; gy++) localLightRow(pyramid, H, gy, width, height, gridWidth, holding, local);
  const deviation = new Float32Array(values.length);
  // Every seventh deviation is plenty for the median.
  const sample: number[] = [];
  let seen = 0;
  for (let y = 0; y < height; y++) seen = deviationRow(values, weight, local, y, width, gridWidth, gridHeight, deviation, sample, seen);
  const [typical = 0] = percentiles(sample, [0.5]);
  const threshold = Math.max(OUTLIER_MIN, OUTLIER_SPREAD * typical);
  return weightsFromDeviations(weight, deviation, threshold);
}

/**
 * Per cell of outlierWeights' grid (the cell from point (gx, gy) to (gx + 1, gy + 1)), 1 where a pixel with weight
 * reads its corners: the cell deviationRow interpolates in for that pixel.
 */
function cellsHoldingWeight(
  weight: Float32Array,
  width: number,
  height: number,
  gridWidth: number,
  gridHeight: number,
): Uint8Array {
  const holding = new Uint8Array(gridWidth * gridHeight);
  for (let y = 0; y < height; y++) {
    const cells = Math.min(gridHeight - 2, (y / OUTLIER_STEP) | 0) * gridWidth;
    markCellsWithWeight(weight, y * width, width, cells, gridWidth, holding);
  }
  return holding;
}

/** The cells (a row of them, from `cells`) holding the pixels with weight of the row from `row`. */
function markCellsWithWeight(
  weight: Float32Array,
  row: number,
  width: number,
  cells: number,
  gridWidth: number,
  holding: Uint8Array,
): void {
  for (let x = 0; x < width; x++) {
    if (weight[row + x] !== 0) holding[cells + Math.min(gridWidth - 2, (x / OUTLIER_STEP) | 0)] = 1;
  }
}

/**
 * Row `gy` of outlierWeights' grid: the floor's light within OUTLIER_RADIUS of each grid point that is a corner of a
 * cell `holding` marks (the others are never read, and stay 0).
 */
function localLightRow(
  pyramid: MaskedPyramid,
  H: Float64Array,
  gy: number,
  width: number,
  height: number,
  gridWidth: number,
  holding: Uint8Array,
  local: Float32Array,
): void {
  const y = Math.min(height - 1, gy * OUTLIER_STEP);
  const row = gy * gridWidth;
  const above = row - gridWidth;
  for (let gx = 0; gx < gridWidth; gx++) {
    const left = gx > 0;
    const below = holding[row + gx] || (left && holding[row + gx - 1]);
    const corner = below || (gy > 0 && (holding[above + gx] || (left && holding[above + gx - 1])));
    if (!corner) continue;
    const x = Math.min(width - 1, gx * OUTLIER_STEP);
    local[gy * gridWidth + gx] = pyramid.sample(x, y, OUTLIER_RADIUS / footprintAt(H, x + 0.5, y + 0.5));
  }
}

/**
 * Row `y`'s floor pixels: how far each stands out of the floor's light around it (log units, darker ones
 * divided by OUTLIER_DARK_FACTOR), into `deviation`; every seventh floor pixel's also into `sample`, counting on
 * from `seen` floor pixels before the row. Returns the count after it.
 */
function deviationRow(
  values: Float32Array,
  weight: Float32Array,
  local: Float32Array,
  y: number,
  width: number,
  gridWidth: number,
  gridHeight: number,
  deviation: Float32Array,
  sample: number[],
  seen: number,
): number {
  const gy = Math.min(gridHeight - 2, (y / OUTLIER_STEP) | 0);
  const fy = Math.min(1, y / OUTLIER_STEP - gy);
  for (let x = 0; x < width; x++) {
    const i = y * width + x;
    if (weight[i] === 0) continue;
    const gx = Math.min(gridWidth - 2, (x / OUTLIER_STEP) | 0);
    const fx = Math.min(1, x / OUTLIER_STEP - gx);
    const k = gy * gridWidth + gx;
    const top = local[k]! + (local[k + 1]! - local[k]!) * fx;
    const bottom = local[k + gridWidth]! + (local[k + gridWidth + 1]! - local[k + gridWidth]!) * fx;
    const signed = Math.log((values[i]! + 1e-9) / (top + (bottom - top) * fy + 1e-9)) / POWER;
    const d = signed >= 0 ? signed : -signed / OUTLIER_DARK_FACTOR;
    deviation[i] = d;
    if (seen++ % 7 === 0) sample.push(d);
  }
  return seen;
}

/** Each floor pixel's weight, less and less as its deviation passes the threshold. */
function weightsFromDeviations(weight: Float32Array, deviation: Float32Array, threshold: number): Float32Array {
  const weights = new Float32Array(weight.length);
  for (let i = 0; i < weight.length; i++) {
    if (weight[i] === 0) continue;
    const r = deviation[i]! / threshold;
    const r2 = r * r;
    const r4 = r2 * r2;
    weights[i] = weight[i]! / (1 + r4 * r4);
  }
  return weights;
}

/** Metres of floor per analysis pixel at (px, py) (the square root of its footprint's area), capped far away. */
function footprintAt(H: Float64Array, px: number, py: number): number {
  const w = H[6]! * px + H[7]! * py + H[8]!;
  if (!(w > 1e-6)) return 10;
  const a = (H[0]! * px + H[1]! * py + H[2]!) / w;
  const c = (H[3]! * px + H[4]! * py + H[5]!) / w;
  const ax = (H[0]! - a * H[6]!) / w;
  const ay = (H[1]! - a * H[7]!) / w;
  const cx = (H[3]! - c * H[6]!) / w;
  const cy = (H[4]! - c * H[7]!) / w;
  return Math.max(1e-5, Math.min(10, Math.sqrt(Math.abs(ax * cy - ay * cx))));
}

interface PyramidLevel {
  width: number;
  height: number;
  value: Float32Array;
  weight: Float32Array;
}

/**
 * A Gaussian pyramid of a masked image, read back at any blur radius (in pixels of the full analysis
 * image). Masked ("normalised") convolution: values and weights are blurred alike and divided, so walls
 * and furniture never bleed into the floor's light.
 */
class MaskedPyramid {
  private readonly levels: PyramidLevel[] = [];
  private lowerValue = 0;
  private lowerWeight = 0;

  constructor(values: Float32Array, weights: Float32Array, width: number, height: number) {
    this.levels.push({ width, height, value: weightedValues(values, weights), weight: Float32Array.from(weights) });
    while (this.levels.length < 12) {
      const last = this.levels[this.levels.length - 1]!;
      if (last.width <= 2 && last.height <= 2) break;
      const value = reduce(last.value, last.width, last.height);
      this.levels.push({ width: value.width, height: value.height, value: value.data, weight: reduce(last.weight, last.width, last.height).data });
    }
  }

  /** The masked mean around pixel (x, y) with a blur of about `radius` pixels. */
  sample(x: number, y: number, radius: number): number {
    const top = this.levels.length - 1;
    const lod = this.levelOfDetail(radius);
    let k = Math.floor(lod);
    let f = lod - k;
    this.read(k, x, y);
    // Go coarser until the mask gives enough floor to average (near the floor's edge).
    while (this.lowerWeight < 0.05 && k < top) {
      k++;
      f = 0;
      this.read(k, x, y);
    }
    if (f === 0 || k === top) return this.lowerWeight > 1e-6 ? this.lowerValue / this.lowerWeight : 0;
    const value = this.lowerValue;
    const weight = this.lowerWeight;
    this.read(k + 1, x, y);
    const v = value * (1 - f) + this.lowerValue * f;
    const w = weight * (1 - f) + this.lowerWeight * f;
    return w > 1e-6 ? v / w : 0;
  }

  /** The mask's mean around pixel (x, y) at a blur of about `radius` pixels: how much of it is floor. */
  coverage(x: number, y: number, radius: number): number {
    const top = this.levels.length - 1;
    const lod = this.levelOfDetail(radius);
    const k = Math.floor(lod);
    const f = lod - k;
    this.read(k, x, y);
    if (f === 0 || k === top) return this.lowerWeight;
    const weight = this.lowerWeight;
    this.read(k + 1, x, y);
    return weight * (1 - f) + this.lowerWeight * f;
  }

  /** The pyramid level, fractional, that blurs by about `radius` pixels (level k of a 5-tap binomial pyramid blurs by about 2^k). */
  private levelOfDetail(radius: number): number {
    const lod = Math.log2(radius > 0.5 ? radius : 0.5);
    return Math.min(Math.max(lod, 0), this.levels.length - 1);
  }

  /** Bilinear read of level k at full-resolution pixel (x, y), into lowerValue/lowerWeight. */
  private read(k: number, x: number, y: number): void {
    const level = this.levels[k]!;
    const scale = 1 << k;
    const width = level.width;
    let u = (x + 0.5) / scale - 0.5;
    let v = (y + 0.5) / scale - 0.5;
    if (u < 0) u = 0;
    if (v < 0) v = 0;
    if (u > width - 1) u = width - 1;
    if (v > level.height - 1) v = level.height - 1;
    const i0 = u | 0;
    const j0 = v | 0;
    const i1 = i0 + 1 < width ? i0 + 1 : i0;
    const j1 = j0 + 1 < level.height ? j0 + 1 : j0;
    const fu = u - i0;
    const fv = v - j0;
    const a = j0 * width + i0;
    const b = j0 * width + i1;
    const c = j1 * width + i0;
    const d = j1 * width + i1;
    const w00 = (1 - fu) * (1 - fv);
    const w10 = fu * (1 - fv);
    const w01 = (1 - fu) * fv;
    const w11 = fu * fv;
    this.lowerValue = level.value[a]! * w00 + level.value[b]! * w10 + level.value[c]! * w01 + level.value[d]! * w11;
    this.lowerWeight = level.weight[a]! * w00 + level.weight[b]! * w10 + level.weight[c]! * w01 + level.weight[d]! * w11;
  }
}

/** Each value times its weight. */
function weightedValues(values: Float32Array, weights: Float32Array): Float32Array {
  const weighted = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) weighted[i] = values[i]! * weights[i]!;
  return weighted;
}

/** `data[row + k]` with k clamped to 0..last. */
function clampedRead(data: Float32Array, row: number, k: number, last: number): number {
  return data[row + (k < 0 ? 0 : k > last ? last : k)]!;
}

/** Blur with [1 4 6 4 1]/16 both ways, then keep every other pixel (edges repeat the border pixel). */
function reduce(data: Float32Array, width: number, height: number): { width: number; height: number; data: Float32Array } {
  const w2 = Math.max(1, Math.ceil(width / 2));
  const h2 = Math.max(1, Math.ceil(height / 2));
  // The two passes in functions of their own: one function with both loops had its fast code thrown away on
  // reaching the second loop, on every call (decision 028).
  const rows = reduceRows(data, width, height, w2);
  return { width: w2, height: h2, data: reduceColumns(rows, w2, height, h2) };
}

/** The rows blurred with [1 4 6 4 1]/16, every other column kept (`w2` of them). */
function reduceRows(data: Float32Array, width: number, height: number, w2: number): Float32Array {
  const rows = new Float32Array(w2 * height);
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x2 = 0; x2 < w2; x2++) {
      const x = 2 * x2;
      if (x >= 2 && x + 2 <= last) {
        rows[y * w2 + x2] = (data[row + x - 2]! + data[row + x + 2]! + 4 * (data[row + x - 1]! + data[row + x + 1]!) + 6 * data[row + x]!) / 16;
      } else {
        // Near the row's ends, the reads are clamped to the row.
        rows[y * w2 + x2] =
          (clampedRead(data, row, x - 2, last) +
            clampedRead(data, row, x + 2, last) +
            4 * (clampedRead(data, row, x - 1, last) + clampedRead(data, row, x + 1, last)) +
            6 * clampedRead(data, row, x, last)) /
          16;
      }
    }
  }
  return rows;
}

/** The columns of `rows` blurred with [1 4 6 4 1]/16, every other row kept (`h2` of them). */
function reduceColumns(rows: Float32Array, w2: number, height: number, h2: number): Float32Array {
  const out = new Float32Array(w2 * h2);
  const lastRow = height - 1;
  for (let y2 = 0; y2 < h2; y2++) {
    const y = 2 * y2;
    const r0 = (y - 2 < 0 ? 0 : y - 2) * w2;
    const r1 = (y - 1 < 0 ? 0 : y - 1) * w2;
    const r2 = (y > lastRow ? lastRow : y) * w2;
    const r3 = (y + 1 > lastRow ? lastRow : y + 1) * w2;
    const r4 = (y + 2 > lastRow ? lastRow : y + 2) * w2;
    for (let x2 = 0; x2 < w2; x2++) {
      out[y2 * w2 + x2] = (rows[r0 + x2]! + rows[r4 + x2]! + 4 * (rows[r1 + x2]! + rows[r3 + x2]!) + 6 * rows[r2 + x2]!) / 16;
    }
  }
  return out;
}

/**
 * How bright the new wood should be, and the light's colour. The old floor's brightness is its light times
 * its own reflectance, which is unknown: a dark carpet in a bright room and a beige tile in a dim one look
 * alike. The rest of the room gives a second opinion on the light; the two are averaged (geometrically), and
 * the result is kept within what an old floor between a dark carpet and a white tile would allow.
 */
function exposureAndTint(image: AnalysisImage, floorLuminance: number): { exposure: number; tint: [number, number, number] } {
  const { classes } = image;
  // Walls and ceiling when the network named them (mostly light paint), else whatever is not floor.
  const useClasses = classes !== undefined && wallsAndCeiling(classes) >= classes.length * 0.05;
  const { luminances, surfaces } = roomSamples(image, useClasses);
  const luminanceCount = luminances.length;
  const roomAlbedo = useClasses ? TYPICAL_WALL_ALBEDO : TYPICAL_ROOM_ALBEDO;
  const fromFloor = floorLuminance / TYPICAL_FLOOR_ALBEDO;
  const fromRoom = luminanceCount >= 100 ? percentiles(luminances, [0.5])[0]! / roomAlbedo : fromFloor;
  // The floor and the room each say how bright the light is; they are averaged, and nothing pulls that
  // toward a well exposed photo. (A prior that a camera's automatic exposure puts a typical room at about 1
  // in these units pulled night shots and underexposed rooms up: their new floors came out about twice as
  // bright as floor and walls agreed, "bright, evenly lit planks" in a dark room.) The old floor's
  // reflectance is kept between a dark carpet's and a white tile's.
  const roomWeight = useClasses ? 1.3 : 1;
  const combined = Math.exp((Math.log(fromFloor) + roomWeight * Math.log(fromRoom)) / (1 + roomWeight));
  const exposure = Math.min(1.3, Math.max(0.04, Math.min(4 * fromFloor, Math.max(0.6 * fromFloor, combined))));
  return { exposure, tint: lightColour(surfaces) };
}

/** How many analysis pixels the network called wall or ceiling. */
function wallsAndCeiling(classes: Uint8Array): number {
  let walls = 0;
  for (let i = 0; i < classes.length; i++) if (classes[i] === SCENE_WALL || classes[i] === SCENE_CEILING) walls++;
  return walls;
}

/**
 * Every seventh analysis pixel off the floor and unclipped (every seventh is plenty for a median and a mean): the
 * linear luminances of the walls and ceiling (of every such pixel without `useClasses`), and the linear luminance,
 * red, green and blue of the room's surfaces lit by its light (four numbers each), for the light's colour.
 */
function roomSamples(image: AnalysisImage, useClasses: boolean): { luminances: Float64Array; surfaces: Float64Array } {
  const { rgb, floor, classes } = image;
  // Typed arrays as long as the most they can hold, not arrays grown a number at a time (decision 028).
  const most = Math.ceil(floor.length / 7);
  const luminances = new Float64Array(most);
  let luminanceCount = 0;
  const surfaces = new Float64Array(most * 4);
  let surfaceCount = 0;
  for (let i = 0; i < floor.length; i += 7) {
    if (floor[i]! > 0.05) continue;
    const r8 = rgb[i * 3]!;
    const g8 = rgb[i * 3 + 1]!;
    const b8 = rgb[i * 3 + 2]!;
    if (r8 >= 250 || g8 >= 250 || b8 >= 250) continue;
    const r = SRGB_TO_LINEAR[r8]!;
    const g = SRGB_TO_LINEAR[g8]!;
    const b = SRGB_TO_LINEAR[b8]!;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if (!useClasses || classes![i] === SCENE_WALL || classes![i] === SCENE_CEILING) luminances[luminanceCount++] = y;
    if (y > 0.03 && !(classes && NOT_ROOM_LIT[classes[i]!])) {
      surfaces[surfaceCount++] = y;
      surfaces[surfaceCount++] = r;
      surfaces[surfaceCount++] = g;
      surfaces[surfaceCount++] = b;
    }
  }
  return { luminances: luminances.subarray(0, luminanceCount), surfaces: surfaces.subarray(0, surfaceCount) };
}

/**
 * The light's colour, from the brightest tenth of the room's surfaces off the floor (`surfaces`: luminance,
 * red, green, blue, linear, four numbers each). The brightest unclipped surfaces of a room are mostly white:
 * ceilings, cabinets, bedding, lamp shades, which show the light's own colour; a beige, wooden or yellow wall is
 * darker than those. Under tungsten light that the camera left orange they are orange, and the new wood must
 * be as orange as everything else, or it looks lilac beside it.
 */
function lightColour(surfaces: Float64Array): [number, number, number] {
  const count = surfaces.length / 4;
  if (count < LIGHT_COLOUR_MIN_SAMPLES) return [1, 1, 1];
  const luminances = new Float32Array(count);
  for (let k = 0; k < count; k++) luminances[k] = surfaces[k * 4]!;
  const threshold = sortedValueAt(luminances, count - Math.max(LIGHT_COLOUR_MIN_SAMPLES, Math.round(count * LIGHT_COLOUR_SHARE)));
  const sum = [0, 0, 0];
  for (let k = 0; k < count; k++) {
    if (surfaces[k * 4]! < threshold) continue;
    sum[0]! += surfaces[k * 4 + 1]!;
    sum[1]! += surfaces[k * 4 + 2]!;
    sum[2]! += surfaces[k * 4 + 3]!;
  }
  const y = 0.2126 * sum[0]! + 0.7152 * sum[1]! + 0.0722 * sum[2]!;
  const raw = sum.map((channel) => Math.min(LIGHT_COLOUR_LIMITS[1], Math.max(LIGHT_COLOUR_LIMITS[0], (channel / y) ** LIGHT_COLOUR_STRENGTH)));
  const norm = 0.2126 * raw[0]! + 0.7152 * raw[1]! + 0.0722 * raw[2]!;
  return [raw[0]! / norm, raw[1]! / norm, raw[2]! / norm];
}

/** Soft threshold: changes under `threshold` vanish, larger ones shrink by it. */
function core(value: number, threshold: number): number {
  return value > threshold ? value - threshold : value < -threshold ? value + threshold : 0;
}
