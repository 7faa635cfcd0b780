import sharp from 'sharp';
import type { FloorScene } from '../floor-engine.ts';
import { SEGMENTER_SIZE, classifyPixels } from './scene-segmenter.ts';

/**
 * How the photo meets the network's square input. `stretch` squeezes the whole photo into 512×512 (every
 * input pixel is photo); `letterbox` keeps its proportions and pads with grey; `crops` keeps its proportions
 * and covers it with two overlapping squares (left and right, or top and bottom), two runs of the network.
 */
export type FitMode = 'stretch' | 'letterbox' | 'crops';

export interface SegmentOptions {
  fit?: FitMode;
  /** Also classify the mirrored input and count both opinions (one more run per input). */
  mirrored?: boolean;
}

export interface SegmentedPhoto {
  /** The network's classes over the whole photo (where runs overlap, the nearer run's). */
  scene: FloorScene;
  /** Each run of the network and where it lies on the scene grid (`segmentedFromRuns` rebuilds the photo from them). */
  runs: readonly Run[];
  /** Per scene cell, the share of the runs covering it that saw one of `classIds` (0..1); a new array, the caller's to change. */
  share(classIds: readonly number[]): Float32Array;
}

export interface Placement {
  /** Where the run's content sits in the 512×512 input. */
  content: { left: number; top: number; width: number; height: number };
  /** Where that content lands on the scene grid. */
  target: { left: number; top: number };
}

export interface Run {
  classes: Uint8Array;
  placement: Placement;
}

const SIDE = SEGMENTER_SIZE;
const PAD_GREY = 128;

function mirrorRows(data: Uint8Array, width: number, height: number, channels: 1 | 3): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (channels === 1) {
      for (let x = 0; x < width; x++) out[row + width - 1 - x] = data[row + x]!;
      continue;
    }
    for (let x = 0; x < width; x++) {
      const from = (row + x) * 3;
      const to = (row + width - 1 - x) * 3;
      out[to] = data[from]!;
      out[to + 1] = data[from + 1]!;
      out[to + 2] = data[from + 2]!;
    }
  }
  return out;
}

/**
 * The scene grid the network's runs cover together for a photo of `width × height` (known before they run:
 * the floor steps' work on the photo alone is done on it while the network runs).
 */
export function sceneGridSize(width: number, height: number, fit: FitMode): { width: number; height: number } {
  if (fit === 'stretch') return { width: SIDE, height: SIDE };
  if (fit === 'letterbox') {
    const scale = SIDE / Math.max(width, height);
    return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  }
  const gridLong = Math.max(SIDE, Math.round((Math.max(width, height) * SIDE) / Math.min(width, height)));
  return width >= height ? { width: gridLong, height: SIDE } : { width: SIDE, height: gridLong };
}

/** The network's inputs for a photo, and the scene grid they cover together. */
async function networkInputs(rgb: Buffer, width: number, height: number, fit: FitMode) {
  const image = () => sharp(rgb, { raw: { width, height, channels: 3 } });
  const whole = { left: 0, top: 0, width: SIDE, height: SIDE };
  const grid = sceneGridSize(width, height, fit);
  if (fit === 'stretch') {
    const pixels = await image().resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
    return { grid, inputs: [{ pixels, placement: { content: whole, target: { left: 0, top: 0 } } }] };
  }
  if (fit === 'letterbox') {
    const { width: w, height: h } = grid;
    const content = { left: Math.floor((SIDE - w) / 2), top: Math.floor((SIDE - h) / 2), width: w, height: h };
    const pixels = await image()
      .resize(w, h, { fit: 'fill', kernel: 'cubic' })
      .extend({ left: content.left, top: content.top, right: SIDE - w - content.left, bottom: SIDE - h - content.top, background: { r: PAD_GREY, g: PAD_GREY, b: PAD_GREY } })
      .raw()
      .toBuffer();
    return { grid, inputs: [{ pixels, placement: { content, target: { left: 0, top: 0 } } }] };
  }
  // Two squares as tall (or wide) as the photo, at its two ends; a nearly square photo gets one.
  const landscape = width >= height;
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  const gridLong = landscape ? grid.width : grid.height;
  const starts = long - short < short * 0.05 ? [0] : [0, long - short];
  const inputs = await Promise.all(
    starts.map(async (start) => {
      const region = landscape ? { left: start, top: 0, width: short, height: short } : { left: 0, top: start, width: short, height: short };
      const pixels = await image().extract(region).resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
      const offset = Math.round((start * SIDE) / short);
      const target = landscape ? { left: Math.min(offset, gridLong - SIDE), top: 0 } : { left: 0, top: Math.min(offset, gridLong - SIDE) };
      return { pixels, placement: { content: whole, target } };
    }),
  );
  return { grid, inputs };
}

/**
 * Runs the network on an upright photo (raw RGB). The photo may be any size: it is scaled to the network's
 * input here, so callers pass the smallest copy they have that is at least 512 px on its longest side.
 */
export async function segmentPhoto(rgb: Buffer, width: number, height: number, options: SegmentOptions = {}): Promise<SegmentedPhoto> {
  const { grid, inputs } = await networkInputs(rgb, width, height, options.fit ?? 'stretch');
  // All runs asked for at once: the network's threads take them two at a time (scene-segmenter.ts).
  const runs = await Promise.all(
    inputs.flatMap((input): Promise<Run>[] => [
      classifyPixels(input.pixels).then((classes) => ({ classes, placement: input.placement })),
      ...(options.mirrored
        ? [classifyPixels(mirrorRows(input.pixels, SIDE, SIDE, 3)).then((classes) => ({ classes: mirrorRows(classes, SIDE, SIDE, 1), placement: input.placement }))]
        : []),
    ]),
  );
  return segmentedFromRuns(grid, runs);
}

/** The segmented photo made of the network's runs over a `grid` (as `segmentPhoto` makes it). */
export function segmentedFromRuns(grid: { width: number; height: number }, runs: readonly Run[]): SegmentedPhoto {
  // Each cell takes its classes from the run whose centre is nearest: the middle of a crop sees most context.
  const scene: FloorScene = { width: grid.width, height: grid.height, classes: new Uint8Array(grid.width * grid.height) };
  const nearest = new Float32Array(scene.classes.length).fill(Infinity);
  for (const run of runs) takeNearerClasses(run, grid.width, nearest, scene.classes);
  // How many runs cover each cell, counted once for every share asked.
  let covered: Float32Array | undefined;
  // Each set of classes' shares, worked out once per photo: the floor steps ask for the same few sets for each
  // floor they make (both rug choices, each tap), and callers get a copy they may change.
  const shares = new Map<string, Float32Array>();
  return {
    scene,
    runs,
    share(classIds) {
      const key = classIds.join(',');
      let known = shares.get(key);
      if (!known) {
        if (!covered) {
          covered = new Float32Array(scene.classes.length);
          for (const run of runs) addRunCover(run, grid.width, covered);
        }
        known = runShares(runs, grid.width, covered, classIds);
        shares.set(key, known);
      }
      return known.slice();
    },
  };
}

/**
 * The run's class at each cell it covers where its input is nearer its middle than any run's before (`nearest`, the
 * distance from the middle of the run that gave the cell its class). Loops written out rather than a visitor per
 * cell (the runs are 2-4 of 512² cells), and in a function of their own, as each of the loops over the runs below:
 * V8's fast code for them, made inside the caller during its first run, was thrown away on reaching the next run.
 */
function takeNearerClasses({ classes, placement }: Run, gridWidth: number, nearest: Float32Array, sceneClasses: Uint8Array): void {
  const { content, target } = placement;
  for (let y = 0; y < content.height; y++) {
    const cellRow = (target.top + y) * gridWidth + target.left;
    const inputRow = (content.top + y) * SIDE + content.left;
    for (let x = 0; x < content.width; x++) {
      const distance = Math.abs(x - content.width / 2) + Math.abs(y - content.height / 2);
      if (distance < nearest[cellRow + x]!) {
        nearest[cellRow + x] = distance;
        sceneClasses[cellRow + x] = classes[inputRow + x]!;
      }
    }
  }
}

/** Adds 1 to `covered` at each cell the run covers. */
function addRunCover({ placement }: Run, gridWidth: number, covered: Float32Array): void {
  const { content, target } = placement;
  for (let y = 0; y < content.height; y++) {
    const cellRow = (target.top + y) * gridWidth + target.left;
    for (let x = 0; x < content.width; x++) covered[cellRow + x]!++;
  }
}

/** Per cell, the share of the runs covering it (`covered`) that saw one of `classIds`. */
function runShares(runs: readonly Run[], gridWidth: number, covered: Float32Array, classIds: readonly number[]): Float32Array {
  const wanted = new Uint8Array(256);
  for (const id of classIds) wanted[id] = 1;
  const seen = new Float32Array(covered.length);
  for (const run of runs) addRunSightings(run, wanted, gridWidth, seen);
  for (let i = 0; i < seen.length; i++) seen[i] = covered[i] ? seen[i]! / covered[i]! : 0;
  return seen;
}

/** Adds 1 to `seen` at each cell where the run saw a `wanted` class (a function of its own, as takeNearerClasses). */
function addRunSightings({ classes, placement }: Run, wanted: Uint8Array, gridWidth: number, seen: Float32Array): void {
  const { content, target } = placement;
  for (let y = 0; y < content.height; y++) {
    const cellRow = (target.top + y) * gridWidth + target.left;
    const inputRow = (content.top + y) * SIDE + content.left;
    for (let x = 0; x < content.width; x++) seen[cellRow + x]! += wanted[classes[inputRow + x]!]!;
  }
}
