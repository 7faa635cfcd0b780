import sharp from 'sharp';
import type { DecodedPhoto, FloorMask } from '../floor-engine.ts';
import { dilate, erode, labelComponents } from './binary-morphology.ts';
import { estimatePerspective } from './estimate-perspective.ts';

/**
 * Finds the floor by region growing from the bottom centre of the photo, where a room photo nearly always
 * shows floor. It works on a small, median-filtered copy: that is fast, and the filter wipes out carpet pile,
 * grout lines and wood grain, so the region follows surfaces rather than texture.
 *
 * A neighbour joins the floor when it is close to the floor already found around it (continuity: light
 * fades smoothly across a floor, while a floor/wall boundary or a baseboard is a step) and its chromaticity is
 * close to the seed's (light and shadow change brightness much more than hue). Closing and hole filling
 * then bridge what the filter left of grout lines and specks.
 */

export const ANALYSIS_SIZE = 400;

export interface AnalysisImage {
  width: number;
  height: number;
  /** Median-filtered RGB at analysis size. */
  rgb: Buffer;
}

export async function makeAnalysisImage(photo: DecodedPhoto): Promise<AnalysisImage> {
  const { data, info } = await sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside', withoutEnlargement: true })
    .median(5)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

interface PixelFeatures {
  logLuminance: Float32Array;
  redGreen: Float32Array;
  yellowBlue: Float32Array;
}

function computeFeatures(image: AnalysisImage): PixelFeatures {
  const count = image.width * image.height;
  const logLuminance = new Float32Array(count);
  const redGreen = new Float32Array(count);
  const yellowBlue = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const r = image.rgb[i * 3]!;
    const g = image.rgb[i * 3 + 1]!;
    const b = image.rgb[i * 3 + 2]!;
    const sum = r + g + b + 24;
    logLuminance[i] = Math.log(0.299 * r + 0.587 * g + 0.114 * b + 8);
    redGreen[i] = (r - g) / sum;
    yellowBlue[i] = ((r + g) / 2 - b) / sum;
  }
  return { logLuminance, redGreen, yellowBlue };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const LOCAL_WINDOW_RADIUS = 4;
const LOCAL_LUMINANCE_STEP = 0.07;
const LOCAL_CHROMA_STEP = 0.01;
const SEED_CHROMA_DISTANCE = 0.04;
const SEED_LUMINANCE_RANGE = { below: -0.9, above: 0.55 };

/** The floor region on the analysis image: 1 = floor. */
export function growFloorRegion(image: AnalysisImage): Uint8Array {
  const { width, height } = image;
  const features = computeFeatures(image);
  const seedIndexes: number[] = [];
  for (let y = Math.floor(height * 0.86); y < Math.floor(height * 0.98); y++) {
    for (let x = Math.floor(width * 0.3); x < Math.ceil(width * 0.7); x++) seedIndexes.push(y * width + x);
  }
  const model = {
    logLuminance: median(seedIndexes.map((i) => features.logLuminance[i]!)),
    redGreen: median(seedIndexes.map((i) => features.redGreen[i]!)),
    yellowBlue: median(seedIndexes.map((i) => features.yellowBlue[i]!)),
  };
  const chromaToModel = (i: number) =>
    Math.hypot(features.redGreen[i]! - model.redGreen, features.yellowBlue[i]! - model.yellowBlue);
  const fitsModel = (i: number) => {
    const luminance = features.logLuminance[i]! - model.logLuminance;
    return chromaToModel(i) < SEED_CHROMA_DISTANCE && luminance > SEED_LUMINANCE_RANGE.below && luminance < SEED_LUMINANCE_RANGE.above;
  };

  const region = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  for (const i of seedIndexes) {
    // Seed only from pixels like the seed's median, so furniture in the seed box does not seed itself.
    if (fitsModel(i) && Math.abs(features.logLuminance[i]! - model.logLuminance) < 0.25) {
      region[i] = 1;
      queue[tail++] = i;
    }
  }
  // Compared with the mean of the floor already found around it, not with one neighbour: a soft edge
  // (JPEG, downscaling) is a chain of small steps that a neighbour-to-neighbour test would walk up.
  const matchesNearbyFloor = (index: number) => {
    const x = index % width;
    const y = (index - x) / width;
    let count = 0;
    let luminance = 0;
    let redGreen = 0;
    let yellowBlue = 0;
    for (let wy = Math.max(0, y - LOCAL_WINDOW_RADIUS); wy <= Math.min(height - 1, y + LOCAL_WINDOW_RADIUS); wy++) {
      for (let wx = Math.max(0, x - LOCAL_WINDOW_RADIUS); wx <= Math.min(width - 1, x + LOCAL_WINDOW_RADIUS); wx++) {
        const i = wy * width + wx;
        if (!region[i]) continue;
        count++;
        luminance += features.logLuminance[i]!;
        redGreen += features.redGreen[i]!;
        yellowBlue += features.yellowBlue[i]!;
      }
    }
    if (count === 0) return false;
    return (
      Math.abs(features.logLuminance[index]! - luminance / count) < LOCAL_LUMINANCE_STEP &&
      Math.abs(features.redGreen[index]! - redGreen / count) < LOCAL_CHROMA_STEP &&
      Math.abs(features.yellowBlue[index]! - yellowBlue / count) < LOCAL_CHROMA_STEP
    );
  };
  while (head < tail) {
    const index = queue[head++]!;
    const x = index % width;
    const y = (index - x) / width;
    const neighbours = [x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, y > 0 ? index - width : -1, y < height - 1 ? index + width : -1];
    for (const next of neighbours) {
      if (next < 0 || region[next]) continue;
      const continuous = matchesNearbyFloor(next);
      if (continuous && fitsModel(next)) {
        region[next] = 1;
        queue[tail++] = next;
      }
    }
  }
  return region;
}

/** Closing, then filling small enclosed holes, then keeping only the largest piece. */
export function cleanFloorRegion(region: Uint8Array, width: number, height: number): Uint8Array {
  const radius = Math.max(1, Math.round(Math.max(width, height) / 200));
  const closed = erode(dilate(region, width, height, radius), width, height, radius);
  const holes = labelComponents(closed, width, height, 0);
  const maxHoleArea = width * height * 0.004;
  const filled = new Uint8Array(closed);
  for (let i = 0; i < filled.length; i++) {
    const label = holes.labels[i]!;
    if (label && !holes.touchesBorder[label] && holes.sizes[label]! < maxHoleArea) filled[i] = 1;
  }
  const pieces = labelComponents(filled, width, height, 1);
  let largest = 0;
  for (let label = 1; label < pieces.sizes.length; label++) {
    if (pieces.sizes[label]! > (pieces.sizes[largest] ?? 0)) largest = label;
  }
  const result = new Uint8Array(filled.length);
  if (largest === 0) return result;
  for (let i = 0; i < result.length; i++) result[i] = pieces.labels[i] === largest ? 1 : 0;
  return result;
}

/** Scales the analysis mask up to the photo's size: a smooth resize, then a threshold at half. */
export async function upscaleMask(region: Uint8Array, width: number, height: number, photo: DecodedPhoto): Promise<Buffer> {
  const small = Buffer.alloc(region.length);
  for (let i = 0; i < region.length; i++) small[i] = region[i] ? 255 : 0;
  const { data } = await sharp(small, { raw: { width, height, channels: 1 } })
    .resize(photo.width, photo.height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = data[i]! >= 128 ? 255 : 0;
  return data;
}

/** The whole region grower: analysis copy, growth, clean-up, nothing at or above the horizon, photo size. */
export async function findFloorByRegionGrowing(photo: DecodedPhoto): Promise<FloorMask> {
  const analysis = await makeAnalysisImage(photo);
  const region = cleanFloorRegion(growFloorRegion(analysis), analysis.width, analysis.height);
  const perspective = estimatePerspective(region, analysis.width, analysis.height);
  const horizonRow = Math.ceil(perspective.horizonY + 1);
  for (let i = 0; i < Math.min(region.length, horizonRow * analysis.width); i++) region[i] = 0;
  const mask = await upscaleMask(region, analysis.width, analysis.height, photo);
  return { width: photo.width, height: photo.height, mask };
}
