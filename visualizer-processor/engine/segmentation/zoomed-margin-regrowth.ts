/**
 * The floor given back where only the zoomed runs' things took it (issue 34, decision 012 session 18). Up close
 * (the bottom half at twice the scale, without the room round it) the network calls a broad stretch of floor beside
 * a thing part of that thing: the sunlit floor beside a plant pot and its saucer, the tiles round a cat's bowl,
 * where every whole-photo run saw floor and none a thing. `zoomedBroadPatches` keeps such a patch only whole, by its
 * mean hue, and a patch that holds the pot or the bowl too is not of the floor's hue: the floor beside it, and the
 * margin round it, leave, and the render shows a second floor beside the new one.
 *
 * So the floor grows back into those cells from floor that is surely floor (every whole-photo run saw floor, and
 * no run saw a thing, a door or a mirror within `seedGap` cells), cell by cell, while each cell keeps the hue of
 * the sure floor near it (its shade or sun may differ: brightness within `darker`..`lighter` times it) and steps
 * from the cell it is reached from by at most `step` of their brightness (no thing's outline is crossed). The
 * thing itself, of another hue or parted from the floor by its outline, stays out with its margin. It never grows
 * where a whole-photo run saw a thing (or its margin), where a zoomed run saw glass (which shows the floor's own
 * colours), near a rug any run saw or a rug step took out, nor into a cell far rougher than the sure floor near it:
 * a rug's edge beside the floor is of the floor's hue often enough, and no run need have called it a rug.
 */
import { dilate } from '../procedural/binary-morphology.ts';
import { SRGB_TO_LINEAR } from '../rendering/color-space.ts';
import { boxMean, type GrayImage } from './guided-upsample.ts';

/** Measured on the tuning photos (decision 012, issue 34 sessions 18 and 19). */
export const ZOOMED_MARGIN_REGROWTH_LIMITS = {
  /** Sure floor is at least this many cells (of the 512 grid) from anything a run saw standing on it. */
  seedGap: 3,
  /** The sure floor a cell is compared with lies within this many cells of it (doubled, twice, where there is too little). */
  reach: 8,
  /** Largest distance in chromaticity (linear r, g over r + g + b) from the sure floor near it. */
  sameHue: 0.02,
  /**
   * Brightness (linear) from this many times the near sure floor's... Shade beside a thing is mostly what the thing
   * casts, and labels count it floor in some rooms and not in others (session 17): at 0.5 the growth took the shade
   * along a kitchen's toe kick, and a tap on what was left then painted the plinth (kitchen-yellow -0.011).
   */
  darker: 0.85,
  /** ...to this many times it: sun on the floor is the floor's (no thing casts it). */
  lighter: 2,
  /** Largest brightness step from the cell it is reached from, as a share of the brighter of the two. */
  step: 0.15,
  /** Cells this near a zoomed run's door or mirror are not grown into. */
  glassGap: 3,
  /**
   * Nor cells this near a known rug (session 19: 6, was 2; at 2 the growth reached the edges of rugs on three
   * held-back photos).
   */
  rugGap: 6,
  /** Whether a rug only a zoomed run saw is a known rug too (session 19). */
  zoomedRugs: true,
  /**
   * A cell more than this many times as rough as the sure floor near it is not grown into: a rug's pile or pattern
   * beside a smooth floor that no run called a rug (session 19); Infinity = no test.
   */
  rougher: 1.5,
};

export type ZoomedMarginRegrowthLimits = typeof ZOOMED_MARGIN_REGROWTH_LIMITS;

export interface ZoomedMarginInputs {
  /** 1 where every whole-photo run saw floor (before the margin). */
  unanimousFloor: Uint8Array;
  /** Cells the margin round every thing (whole-photo and zoomed runs) took out. */
  margin: Uint8Array;
  /** Cells the margin round the whole-photo runs' things alone takes out. */
  wholeRunMargin: Uint8Array;
  /** Share of whole-photo runs that saw a thing, per cell. */
  wholeRunObjects: Float32Array;
  /** What the zoomed runs saw standing on the floor (as counted: zoomedThingsThatCount). */
  zoomedObjects: Uint8Array;
  /** Where a zoomed run saw a door or a mirror. */
  zoomedGlass: Uint8Array;
  /** The floor the steps have kept so far (after the rug and wall steps). */
  floor: Uint8Array;
  /** Where a rug is known: a run saw it, or a rug step took it out of the floor. */
  rugKnown: Uint8Array;
  /** The photo on the grid (RGB). */
  rgb: Uint8Array;
  /**
   * The guide copy's brightness (0..1) and the window radius (guide pixels) its roughness is read with, as
   * rough-rugs.ts' roughnessOnGrid reads it; needed only with a finite `rougher`.
   */
  guide?: { brightness: GrayImage; radius: number };
}

/** The inputs cropped to the box the work is done in, with the roughness of its cells (when the test needs it). */
interface BoxInputs extends Omit<ZoomedMarginInputs, 'guide'> {
  roughness?: Float32Array;
}

/**
 * The cells of `margin` to give back to the floor. The work is done in the box round the cells it may give back and
 * as far again as the sure floor it reads (the 512 grid's cells are 260,000; such cells are a few hundred to a few
 * thousand, mostly in one place): the growth only reaches them from sure floor in that box.
 */
export function zoomedMarginRegrowth(
  inputs: ZoomedMarginInputs,
  width: number,
  height: number,
  limits: ZoomedMarginRegrowthLimits = ZOOMED_MARGIN_REGROWTH_LIMITS,
): Uint8Array {
  const bounds = candidateBounds(inputs, width, height);
  const grown = new Uint8Array(width * height);
  if (!bounds) return grown;
  const box = paddedBox(bounds, width, height, limits);
  const crop = cropper(box, width);
  const cropped: BoxInputs = {
    unanimousFloor: crop(inputs.unanimousFloor),
    margin: crop(inputs.margin),
    wholeRunMargin: crop(inputs.wholeRunMargin),
    wholeRunObjects: crop(inputs.wholeRunObjects),
    zoomedObjects: crop(inputs.zoomedObjects),
    zoomedGlass: crop(inputs.zoomedGlass),
    floor: crop(inputs.floor),
    rugKnown: crop(inputs.rugKnown),
    rgb: crop(inputs.rgb, 3),
    roughness:
      inputs.guide && Number.isFinite(limits.rougher)
        ? roughnessInBox(inputs.guide.brightness, width, height, box, inputs.guide.radius)
        : undefined,
  };
  const inBox = regrowWithin(cropped, box.width, box.height, limits);
  for (let y = 0; y < box.height; y++)
    grown.set(inBox.subarray(y * box.width, (y + 1) * box.width), (y + box.top) * width + box.left);
  return grown;
}

/** The cells a regrowth may give back lie within these bounds (inclusive, grid cells). */
export interface GridBounds {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A box of the grid: its top-left cell and its size. */
export interface GridBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The box a regrowth works in: round the cells it may give back and as far again as the sure floor it reads (its
 * colour up to 4 × reach away, tested for things, glass and rugs their gap beyond that), within the grid.
 */
export function paddedBox(
  bounds: GridBounds,
  width: number,
  height: number,
  limits: Pick<ZoomedMarginRegrowthLimits, 'reach' | 'seedGap' | 'glassGap' | 'rugGap'>,
): GridBox {
  const pad = 4 * limits.reach + Math.max(limits.seedGap, limits.glassGap, limits.rugGap) + 2;
  const left = Math.max(0, bounds.left - pad);
  const top = Math.max(0, bounds.top - pad);
  return {
    left,
    top,
    width: Math.min(width - 1, bounds.right + pad) - left + 1,
    height: Math.min(height - 1, bounds.bottom + pad) - top + 1,
  };
}

/**
 * Crops grids of `width` columns (`channels` values a cell) to `box`, into plain typed arrays (the photo's grid may
 * be a Buffer, whose constructor Node warns against calling).
 */
export function cropper(box: GridBox, width: number) {
  return <T extends Uint8Array | Float32Array>(values: T, channels = 1): T => {
    const length = box.width * box.height * channels;
    const out = (values instanceof Float32Array ? new Float32Array(length) : new Uint8Array(length)) as T;
    for (let y = 0; y < box.height; y++) {
      const from = ((y + box.top) * width + box.left) * channels;
      out.set(values.subarray(from, from + box.width * channels), y * box.width * channels);
    }
    return out;
  };
}

/**
 * rough-rugs.ts' roughnessOnGrid (the mean absolute Laplacian of the brightness over a window, over the window's mean
 * brightness, averaged over each cell's guide pixels) for the cells of `box` only: the guide pixels under it and as
 * many again as the window needs, not the whole copy (this step's box is a small part of the grid).
 */
export function roughnessInBox(
  brightness: GrayImage,
  gridWidth: number,
  gridHeight: number,
  box: { left: number; top: number; width: number; height: number },
  radius: number,
): Float32Array {
  const { width, height, values } = brightness;
  // Pixel x lies in cell floor(x × gridWidth / width): a cell's first pixel is the ceiling of its start.
  const margin = radius + 2;
  const x0 = Math.max(0, Math.ceil((box.left * width) / gridWidth) - margin);
  const x1 = Math.min(width, Math.ceil(((box.left + box.width) * width) / gridWidth) + margin);
  const y0 = Math.max(0, Math.ceil((box.top * height) / gridHeight) - margin);
  const y1 = Math.min(height, Math.ceil(((box.top + box.height) * height) / gridHeight) + margin);
  const cropWidth = x1 - x0;
  const cropHeight = y1 - y0;
  const crop = new Float32Array(cropWidth * cropHeight);
  for (let y = 0; y < cropHeight; y++)
    crop.set(values.subarray((y + y0) * width + x0, (y + y0) * width + x1), y * cropWidth);
  // The Laplacian where a pixel has its four neighbours in the photo (none at the photo's own edge, as there).
  const laplacian = new Float32Array(crop.length);
  for (let y = Math.max(1, 1 - y0); y < Math.min(cropHeight - 1, height - 1 - y0); y++) {
    for (let x = Math.max(1, 1 - x0); x < Math.min(cropWidth - 1, width - 1 - x0); x++) {
      const i = y * cropWidth + x;
      laplacian[i] = Math.abs(4 * crop[i]! - crop[i - 1]! - crop[i + 1]! - crop[i - cropWidth]! - crop[i + cropWidth]!);
    }
  }
  const rough = boxMean(laplacian, cropWidth, cropHeight, radius);
  const light = boxMean(crop, cropWidth, cropHeight, radius);
  const sums = new Float32Array(box.width * box.height);
  const counts = new Float32Array(box.width * box.height);
  for (let y = 0; y < cropHeight; y++) {
    const cy = Math.min(gridHeight - 1, Math.floor(((y + y0) * gridHeight) / height)) - box.top;
    if (cy < 0 || cy >= box.height) continue;
    for (let x = 0; x < cropWidth; x++) {
      const cx = Math.min(gridWidth - 1, Math.floor(((x + x0) * gridWidth) / width)) - box.left;
      if (cx < 0 || cx >= box.width) continue;
      const i = y * cropWidth + x;
      sums[cy * box.width + cx]! += rough[i]! / Math.max(0.02, light[i]!);
      counts[cy * box.width + cx]!++;
    }
  }
  for (let c = 0; c < sums.length; c++) sums[c] = counts[c]! ? sums[c]! / counts[c]! : 0;
  return sums;
}

/** Whether a cell may be given back: every whole run saw floor there, the margin took it, and not the whole runs' margin. */
function mayRegrow(inputs: BoxInputs, i: number): boolean {
  return Boolean(
    inputs.unanimousFloor[i] &&
    inputs.margin[i] &&
    !inputs.floor[i] &&
    !inputs.wholeRunMargin[i] &&
    !(inputs.wholeRunObjects[i]! > 0),
  );
}

/** The bounds of the cells that may be given back; null if there are none. */
function candidateBounds(inputs: ZoomedMarginInputs, width: number, height: number): GridBounds | null {
  const { unanimousFloor, margin, floor, wholeRunMargin, wholeRunObjects } = inputs;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  // mayRegrow written out: this loop runs over the whole grid, once, in a process that may not have compiled it yet.
  for (let i = 0; i < width * height; i++) {
    if (!unanimousFloor[i] || !margin[i] || floor[i] || wholeRunMargin[i] || wholeRunObjects[i]! > 0) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    bottom = y;
  }
  return right < 0 ? null : { left, right, top, bottom };
}

function regrowWithin(
  inputs: BoxInputs,
  width: number,
  height: number,
  limits: ZoomedMarginRegrowthLimits = ZOOMED_MARGIN_REGROWTH_LIMITS,
): Uint8Array {
  const size = width * height;
  const grown = new Uint8Array(size);
  const { margin, wholeRunObjects, zoomedObjects, zoomedGlass, floor, rugKnown } = inputs;
  const candidate = new Uint8Array(size);
  const anyThing = new Uint8Array(size);
  let candidates = 0;
  for (let i = 0; i < size; i++) {
    anyThing[i] = wholeRunObjects[i]! > 0 || zoomedObjects[i] || zoomedGlass[i] ? 1 : 0;
    if (mayRegrow(inputs, i)) {
      candidate[i] = 1;
      candidates++;
    }
  }
  if (!candidates) return grown;
  const nearGlass = dilate(zoomedGlass, width, height, limits.glassGap);
  const nearRug = dilate(rugKnown, width, height, limits.rugGap);
  const nearThing = dilate(anyThing, width, height, limits.seedGap);
  const colour = gridColours(inputs.rgb, width, height);
  const seed = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    if (nearGlass[i] || nearRug[i]) candidate[i] = 0;
    if (floor[i] && !margin[i] && !nearThing[i] && !nearRug[i]) seed[i] = 1;
  }
  return growFromSureFloor(seed, floor, candidate, colour, width, height, limits, inputs.roughness);
}

/**
 * The cells of `candidate` grown into, breadth first from `seed` (sure floor), through `walkable` floor freely (not
 * sure, but floor) and into a candidate cell only while it is like the sure floor near it (likeSureFloor) and a
 * gentle step in light from the cell it is reached from (gentleStep). The walk both regrowths take (this file's and
 * split-vote-regrowth.ts').
 */
export function growFromSureFloor(
  seed: Uint8Array,
  walkable: Uint8Array,
  candidate: Uint8Array,
  colour: GridColours,
  width: number,
  height: number,
  limits: ZoomedMarginRegrowthLimits,
  roughness?: Float32Array,
): Uint8Array {
  const size = width * height;
  const grown = new Uint8Array(size);
  const seedMeans = new SeedMeans(seed, colour, width, height, roughness);
  const reached = seed.slice();
  // Per cell: 0 not judged yet, 1 of the sure floor's hue and light, 2 not (the same whichever cell reaches it).
  const verdict = new Uint8Array(size);
  let frontier: number[] = [];
  for (let i = 0; i < size; i++) if (seed[i]) frontier.push(i);
  const visit = (n: number, from: number, next: number[]) => {
    if (reached[n]) return;
    if (walkable[n]) {
      reached[n] = 1;
      next.push(n);
      return;
    }
    if (!candidate[n]) return;
    if (!verdict[n]) verdict[n] = likeSureFloor(n, colour, seedMeans, width, limits, roughness) ? 1 : 2;
    if (verdict[n] !== 1 || !gentleStep(n, from, colour, limits)) return;
    reached[n] = 1;
    grown[n] = 1;
    next.push(n);
  };
  while (frontier.length) {
    const next: number[] = [];
    for (const i of frontier) {
      const x = i % width;
      if (x > 0) visit(i - 1, i, next);
      if (x < width - 1) visit(i + 1, i, next);
      if (i >= width) visit(i - width, i, next);
      if (i + width < size) visit(i + width, i, next);
    }
    frontier = next;
  }
  return grown;
}

export interface GridColours {
  /** Chromaticity r, g and brightness (linear) of each cell, its 3 × 3 neighbourhood averaged. */
  r: Float32Array;
  g: Float32Array;
  light: Float32Array;
}

export function gridColours(rgb: Uint8Array, width: number, height: number): GridColours {
  const size = width * height;
  const lr = new Float32Array(size);
  const lg = new Float32Array(size);
  const lb = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    lr[i] = SRGB_TO_LINEAR[rgb[i * 3]!]!;
    lg[i] = SRGB_TO_LINEAR[rgb[i * 3 + 1]!]!;
    lb[i] = SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!;
  }
  // The 3 × 3 sums, separably: across each row (the frame's cell counted again at the edge), then down.
  const across = [lr, lg, lb].map((channel) => {
    const sums = new Float64Array(size);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let x = 0; x < width; x++) {
        sums[row + x] =
          channel[row + Math.max(0, x - 1)]! + channel[row + x]! + channel[row + Math.min(width - 1, x + 1)]!;
      }
    }
    return sums;
  }) as [Float64Array, Float64Array, Float64Array];
  const out = { r: new Float32Array(size), g: new Float32Array(size), light: new Float32Array(size) };
  for (let y = 0; y < height; y++) {
    const above = Math.max(0, y - 1) * width;
    const row = y * width;
    const below = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const r = across[0][above + x]! + across[0][row + x]! + across[0][below + x]!;
      const g = across[1][above + x]! + across[1][row + x]! + across[1][below + x]!;
      const b = across[2][above + x]! + across[2][row + x]! + across[2][below + x]!;
      const i = row + x;
      const total = r + g + b || 1e-6;
      out.r[i] = r / total;
      out.g[i] = g / total;
      out.light[i] = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 9;
    }
  }
  return out;
}

/** Box sums of the sure floor's cells and colours (summed-area tables), for its mean near any cell. */
export class SeedMeans {
  private readonly count: Float64Array;
  private readonly r: Float64Array;
  private readonly g: Float64Array;
  private readonly light: Float64Array;
  private readonly rough: Float64Array;

  constructor(
    seed: Uint8Array,
    colour: GridColours,
    private readonly width: number,
    private readonly height: number,
    roughness?: Float32Array,
  ) {
    const stride = width + 1;
    const tables = [0, 1, 2, 3, 4].map((k) => new Float64Array(k < 4 || roughness ? stride * (height + 1) : 0));
    const [count, r, g, light, rough] = tables as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    for (let y = 0; y < height; y++) {
      let rowCount = 0;
      let rowR = 0;
      let rowG = 0;
      let rowLight = 0;
      let rowRough = 0;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (seed[i]) {
          rowCount++;
          rowR += colour.r[i]!;
          rowG += colour.g[i]!;
          rowLight += colour.light[i]!;
          if (roughness) rowRough += roughness[i]!;
        }
        const at = (y + 1) * stride + x + 1;
        count[at] = count[at - stride]! + rowCount;
        r[at] = r[at - stride]! + rowR;
        g[at] = g[at - stride]! + rowG;
        light[at] = light[at - stride]! + rowLight;
        if (roughness) rough[at] = rough[at - stride]! + rowRough;
      }
    }
    this.count = count;
    this.r = r;
    this.g = g;
    this.light = light;
    this.rough = rough;
  }

  private sum(table: Float64Array, x: number, y: number, reach: number): number {
    const stride = this.width + 1;
    const x0 = Math.max(0, x - reach);
    const x1 = Math.min(this.width, x + reach + 1);
    const y0 = Math.max(0, y - reach);
    const y1 = Math.min(this.height, y + reach + 1);
    return table[y1 * stride + x1]! - table[y0 * stride + x1]! - table[y1 * stride + x0]! + table[y0 * stride + x0]!;
  }

  /** The sure floor's mean colour within `reach` cells of (x, y), doubling the reach twice where it holds under 5 cells; null if none. */
  near(x: number, y: number, reach: number): { r: number; g: number; light: number; rough: number } | null {
    for (let k = 0; k < 3; k++, reach *= 2) {
      const cells = this.sum(this.count, x, y, reach);
      if (cells < 5) continue;
      return {
        r: this.sum(this.r, x, y, reach) / cells,
        g: this.sum(this.g, x, y, reach) / cells,
        light: this.sum(this.light, x, y, reach) / cells,
        rough: this.rough.length ? this.sum(this.rough, x, y, reach) / cells : 0,
      };
    }
    return null;
  }
}

/** Whether a cell has the hue of the sure floor near it, and its light within shade and sun of it. */
export function likeSureFloor(
  cell: number,
  colour: GridColours,
  seeds: SeedMeans,
  width: number,
  limits: ZoomedMarginRegrowthLimits,
  roughness?: Float32Array,
): boolean {
  const x = cell % width;
  const floor = seeds.near(x, (cell - x) / width, limits.reach);
  if (!floor) return false;
  if (Math.hypot(colour.r[cell]! - floor.r, colour.g[cell]! - floor.g) > limits.sameHue) return false;
  if (roughness && Number.isFinite(limits.rougher) && roughness[cell]! > limits.rougher * floor.rough) return false;
  const light = colour.light[cell]!;
  return light >= limits.darker * floor.light && light <= limits.lighter * floor.light;
}

/** Whether the step in light from the cell it is reached from is small: no thing's outline lies between them. */
export function gentleStep(
  cell: number,
  from: number,
  colour: GridColours,
  limits: ZoomedMarginRegrowthLimits,
): boolean {
  const light = colour.light[cell]!;
  const before = colour.light[from]!;
  return Math.abs(light - before) <= limits.step * Math.max(light, before, 1e-6);
}
