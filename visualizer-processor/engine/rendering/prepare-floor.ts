import sharp from 'sharp';
import type { DecodedPhoto, FloorMask } from '../floor-engine.ts';
import { makeAnalysisImage, type AnalysisImage } from './analysis-image.ts';
import { boxBlur, detectLineSegments, photoLineSegments } from './detect-line-segments.mjs';
import { estimateFloorCamera, type CameraEstimate } from './estimate-floor-camera.ts';
import { estimateFloorLight, type FloorLight } from './estimate-floor-light.ts';
import { floorHomography, scaleCamera, type FloorCamera } from './floor-camera.ts';

/**
 * Everything about a photo's floor that does not depend on the wood: which pixels change and how much
 * (the feathered mask), the floor plane (a homography from pixels to metres) and the light on it. Computed
 * once per photo; every style is then one pass over the floor's pixels. Nothing is stored per pixel but the
 * mask: where a pixel lies on the floor, how much floor it covers and its light are a few multiplications
 * away, and a 5 MP floor's worth of arrays would cost more memory than the budget allows.
 */
export interface PreparedFloor {
  width: number;
  height: number;
  /** The photo, sRGB, 3 channels. */
  pixels: Buffer;
  camera: FloorCamera;
  cameraSource: CameraEstimate['source'];
  lighting: Omit<FloorLight, 'shading' | 'width' | 'height' | 'step'>;
  tint: [number, number, number];
  /** The photo's own sensor noise (standard deviation, sRGB levels), given to the new wood so it does not look pasted on. */
  grain: number;
  floor: {
    /** Per pixel of the photo: 255 inside the floor, falling to 0 over the feathered edge. */
    alpha: Buffer;
    /** Per row, the columns [rowStart, rowEnd) that hold every pixel with alpha > 0 (both 0 for none). */
    rowStart: Int32Array;
    rowEnd: Int32Array;
    /** Pixel (x + 0.5, y + 0.5) to floor metres along and across the planks: see floorHomography. */
    homography: Float64Array;
    /** Pixels nearer the horizon than this (w below it) are taken as far floor, about 60 m away. */
    minW: number;
    /** Light on the floor (exposure included) on a coarse grid: `scale` photo pixels per cell. */
    light: { width: number; height: number; scale: number; values: Float32Array };
  };
}

/** Blur of the mask's edge, in pixels at 1000 px on the long side (about 2.5 px at 2560). */
const FEATHER_SIGMA_PER_1000 = 0.5;
/** Noise above this (sRGB levels) is not copied onto the new floor. */
const MAX_GRAIN = 5;
/** Beyond this distance (metres) floor pixels show the wood's far-away average. */
const FARTHEST = 60;

export async function prepareFloor(photo: DecodedPhoto, floor: FloorMask): Promise<PreparedFloor> {
  const { width, height } = photo;
  if (floor.width !== width || floor.height !== height) throw new Error('The floor mask does not match the photo size');
  const [analysis, alpha] = await Promise.all([makeAnalysisImage(photo, floor), featheredAlpha(floor)]);
  const estimate = estimateCamera(analysis);
  const { shading, width: lightWidth, height: lightHeight, step: lightStep, ...lighting } = estimateFloorLight(analysis, estimate.camera);
  for (let i = 0; i < shading.length; i++) shading[i]! *= lighting.exposure;
  const camera = scaleCamera(estimate.camera, analysis.scale);
  const { rowStart, rowEnd } = rowSpans(alpha, width, height);
  return {
    width,
    height,
    pixels: photo.pixels,
    camera,
    cameraSource: estimate.source,
    lighting,
    tint: lighting.tint,
    grain: estimateGrain(photo, alpha),
    floor: {
      alpha,
      rowStart,
      rowEnd,
      homography: floorHomography(camera),
      minW: (camera.height * 1.05) / FARTHEST,
      light: { width: lightWidth, height: lightHeight, scale: analysis.scale * lightStep, values: shading },
    },
  };
}

/**
 * Per row, the columns [start, end) that hold every pixel with alpha > 0 (both 0 for none). A row is read from
 * its left end to its first such pixel and from its right end to its last, not across the floor between them.
 */
export function rowSpans(alpha: Buffer, width: number, height: number): { rowStart: Int32Array; rowEnd: Int32Array } {
  const rowStart = new Int32Array(height);
  const rowEnd = new Int32Array(height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = 0;
    while (first < width && alpha[row + first] === 0) first++;
    if (first === width) continue;
    let last = width - 1;
    while (alpha[row + last] === 0) last--;
    rowStart[y] = first;
    rowEnd[y] = last + 1;
  }
  return { rowStart, rowEnd };
}

/**
 * The photo's noise, from flat areas off the floor: the response to a Laplacian-like 3×3 mask, whose
 * output has six times the noise's standard deviation (Immerkær, "Fast noise variance estimation", 1996);
 * the median over a sample of pixels ignores edges and texture. Capped: heavy noise is not worth copying.
 */
function estimateGrain(photo: DecodedPhoto, alpha: Buffer): number {
  const { width, height, pixels } = photo;
  const luma = (i: number) => 0.299 * pixels[i * 3]! + 0.587 * pixels[i * 3 + 1]! + 0.114 * pixels[i * 3 + 2]!;
  const step = Math.max(1, Math.floor(Math.sqrt(((width - 2) * (height - 2)) / 20000)));
  const responses = new Float32Array(Math.ceil((height - 2) / step) * Math.ceil((width - 2) / step));
  let count = 0;
  for (let y = 1; y < height - 1; y += step) {
    for (let x = 1; x < width - 1; x += step) {
      const i = y * width + x;
      if (alpha[i] !== 0) continue;
      const edges = luma(i - width) + luma(i + width) + luma(i - 1) + luma(i + 1);
      const corners = luma(i - width - 1) + luma(i - width + 1) + luma(i + width - 1) + luma(i + width + 1);
      responses[count++] = Math.abs(4 * luma(i) - 2 * edges + corners);
    }
  }
  if (count < 100) return 0;
  const sorted = responses.subarray(0, count).sort();
  // Median of |N(0, 6σ)| is 0.6745 · 6σ.
  const sigma = sorted[count >> 1]! / (0.6745 * 6);
  return Math.min(MAX_GRAIN, sigma);
}

/** The camera, from the photo's lines and the floor's outline (at the analysis size). */
export function estimateCamera(analysis: AnalysisImage): CameraEstimate {
  const { width, height, floor } = analysis;
  // The photo's own lines: found ahead, while the network ran, when the engine could (analysis-image.ts).
  const segments = analysis.photoLines ?? photoLineSegments(analysis.gray, width, height);
  // The mask's outline, at half size (it is smooth) and blurred: a mask comes in pixel steps, and a slightly
  // sloped edge would otherwise read as a run of level ones.
  const halfWidth = width >> 1;
  const halfHeight = height >> 1;
  const floorLevels = new Float32Array(halfWidth * halfHeight);
  for (let y = 0; y < halfHeight; y++) {
    for (let x = 0; x < halfWidth; x++) {
      const i = 2 * y * width + 2 * x;
      floorLevels[y * halfWidth + x] = (floor[i]! + floor[i + 1]! + floor[i + width]! + floor[i + width + 1]!) * (255 / 4);
    }
  }
  boxBlur(floorLevels, halfWidth, halfHeight);
  const outlineSegments = detectLineSegments(floorLevels, halfWidth, halfHeight, { minLength: 8 }).map((s) => ({
    ...s,
    x1: s.x1 * 2,
    y1: s.y1 * 2,
    x2: s.x2 * 2,
    y2: s.y2 * 2,
    length: s.length * 2,
  }));
  const floorTop = new Float32Array(width).fill(Infinity);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height - 2; y++) {
      // The top of a run of floor, not a stray speck.
      if (floor[y * width + x]! >= 0.5 && floor[(y + 1) * width + x]! >= 0.5 && floor[(y + 2) * width + x]! >= 0.5) {
        floorTop[x] = y;
        break;
      }
    }
  }
  const reach = Math.max(2, Math.round(Math.max(width, height) / 200));
  const isOnFloor = (x: number, y: number) => {
    for (const [dx, dy] of [
      [0, 0],
      [reach, 0],
      [-reach, 0],
      [0, reach],
      [0, -reach],
    ] as const) {
      const xi = Math.floor(x + dx);
      const yi = Math.floor(y + dy);
      if (xi < 0 || yi < 0 || xi >= width || yi >= height || floor[yi * width + xi]! < 0.9) return false;
    }
    return true;
  };
  return estimateFloorCamera({ width, height, segments, outlineSegments, floorTop, isOnFloor });
}

function featherSigma(width: number, height: number): number {
  return Math.max(0.6, (FEATHER_SIGMA_PER_1000 * Math.max(width, height)) / 1000);
}

/** How far (pixels) the feathered edge reaches beyond the mask; nothing farther from the floor changes. */
export function featherReach(width: number, height: number): number {
  return Math.ceil(3 * featherSigma(width, height)) + 1;
}

async function featheredAlpha(floor: FloorMask): Promise<Buffer> {
  const sigma = featherSigma(floor.width, floor.height);
  return sharp(floor.mask, { raw: { width: floor.width, height: floor.height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
}
