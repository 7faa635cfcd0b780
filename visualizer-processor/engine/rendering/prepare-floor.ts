import sharp from 'sharp';
import type { DecodedPhoto, FloorMask } from '../floor-engine.ts';
import { makeAnalysisImage, type AnalysisImage } from './analysis-image.ts';
import { detectLineSegments } from './detect-line-segments.ts';
import { estimateFloorCamera, type CameraEstimate } from './estimate-floor-camera.ts';
import { estimateFloorLight, type FloorLight } from './estimate-floor-light.ts';
import { floorHomography, scaleCamera, type FloorCamera } from './floor-camera.ts';

/**
 * Everything about a photo's floor that does not depend on the wood: which pixels change and how much
 * (the feathered mask), where each of them lies on the floor plane and how much floor it covers, and the
 * light on it. Computed once per photo; every style is then a pass over these arrays.
 */
export interface PreparedFloor {
  width: number;
  height: number;
  /** The photo, sRGB, 3 channels. */
  pixels: Buffer;
  camera: FloorCamera;
  cameraSource: CameraEstimate['source'];
  lighting: Omit<FloorLight, 'shading'>;
  tint: [number, number, number];
  /** One entry per pixel the new floor touches, in raster order. */
  floor: {
    index: Uint32Array;
    /** 255 inside the floor, falling to 0 over the feathered edge. */
    alpha: Uint8Array;
    /** Floor coordinates (metres) along the planks and across them. */
    along: Float32Array;
    across: Float32Array;
    /** Metres of floor the pixel spans, along and across the planks. */
    footAlong: Float32Array;
    footAcross: Float32Array;
    /** Light on the floor at the pixel, exposure included. */
    light: Float32Array;
  };
}

/** Blur of the mask's edge, in pixels at 1000 px on the long side (about 2.5 px at 2560). */
const FEATHER_SIGMA_PER_1000 = 0.5;
/** Beyond this distance (metres) floor pixels show the wood's far-away average. */
const FARTHEST = 60;

export async function prepareFloor(photo: DecodedPhoto, floor: FloorMask): Promise<PreparedFloor> {
  const { width, height } = photo;
  if (floor.width !== width || floor.height !== height) throw new Error('The floor mask does not match the photo size');
  const [analysis, alphaFull] = await Promise.all([makeAnalysisImage(photo, floor), featheredAlpha(floor)]);
  const estimate = estimateCamera(analysis);
  const light = estimateFloorLight(analysis, estimate.camera);
  const camera = scaleCamera(estimate.camera, analysis.scale);

  let count = 0;
  for (let i = 0; i < alphaFull.length; i++) if (alphaFull[i]! > 0) count++;
  const index = new Uint32Array(count);
  const alpha = new Uint8Array(count);
  const along = new Float32Array(count);
  const across = new Float32Array(count);
  const footAlong = new Float32Array(count);
  const footAcross = new Float32Array(count);
  const lightAt = new Float32Array(count);
  const H = floorHomography(camera);
  const wMin = (camera.height * 1.05) / FARTHEST;
  const { shading, ...lighting } = light;
  const scale = analysis.scale;
  let k = 0;
  for (let y = 0; y < height; y++) {
    const py = y + 0.5;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (alphaFull[i] === 0) continue;
      const px = x + 0.5;
      // Pixels at or above the horizon (a mask that strays up a wall) are treated as very far floor.
      const w = Math.max(wMin, H[6]! * px + H[7]! * py + H[8]!);
      const a = (H[0]! * px + H[1]! * py + H[2]!) / w;
      const c = (H[3]! * px + H[4]! * py + H[5]!) / w;
      index[k] = i;
      alpha[k] = alphaFull[i]!;
      along[k] = a;
      across[k] = c;
      footAlong[k] = (Math.abs(H[0]! - a * H[6]!) + Math.abs(H[1]! - a * H[7]!)) / w;
      footAcross[k] = (Math.abs(H[3]! - c * H[6]!) + Math.abs(H[4]! - c * H[7]!)) / w;
      lightAt[k] = light.exposure * bilinear(shading, analysis.width, analysis.height, px / scale - 0.5, py / scale - 0.5);
      k++;
    }
  }
  return {
    width,
    height,
    pixels: photo.pixels,
    camera,
    cameraSource: estimate.source,
    lighting,
    tint: light.tint,
    floor: { index, alpha, along, across, footAlong, footAcross, light: lightAt },
  };
}

/** The camera, from the photo's lines and the floor's outline (at the analysis size). */
export function estimateCamera(analysis: AnalysisImage): CameraEstimate {
  const { width, height, floor } = analysis;
  // A light blur first: sensor noise and JPEG blocks break long edges into short pieces.
  const gray = Float32Array.from(analysis.gray);
  boxBlur(gray, width, height, 1);
  const segments = detectLineSegments(gray, width, height);
  // A mask's outline comes in pixel steps; a slightly sloped edge would read as a run of level ones.
  const floorLevels = new Float32Array(floor.length);
  for (let i = 0; i < floor.length; i++) floorLevels[i] = floor[i]! * 255;
  boxBlur(floorLevels, width, height, 1);
  boxBlur(floorLevels, width, height, 1);
  const outlineSegments = detectLineSegments(floorLevels, width, height);
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
    for (const [dx, dy] of [[0, 0], [reach, 0], [-reach, 0], [0, reach], [0, -reach]] as const) {
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
  return sharp(floor.mask, { raw: { width: floor.width, height: floor.height, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer();
}

/** In-place box blur of the given radius, rows then columns (edges repeat). */
function boxBlur(values: Float32Array, width: number, height: number, radius: number): void {
  const line = new Float32Array(Math.max(width, height));
  const span = 2 * radius + 1;
  for (let pass = 0; pass < 2; pass++) {
    const count = pass === 0 ? height : width;
    const length = pass === 0 ? width : height;
    const stride = pass === 0 ? 1 : width;
    for (let k = 0; k < count; k++) {
      const base = pass === 0 ? k * width : k;
      for (let i = 0; i < length; i++) line[i] = values[base + i * stride]!;
      for (let i = 0; i < length; i++) {
        let sum = 0;
        for (let d = -radius; d <= radius; d++) sum += line[i + d < 0 ? 0 : i + d >= length ? length - 1 : i + d]!;
        values[base + i * stride] = sum / span;
      }
    }
  }
}

function bilinear(values: Float32Array, width: number, height: number, x: number, y: number): number {
  const fx = x < 0 ? 0 : x > width - 1 ? width - 1 : x;
  const fy = y < 0 ? 0 : y > height - 1 ? height - 1 : y;
  const x0 = fx | 0;
  const y0 = fy | 0;
  const x1 = x0 + 1 < width ? x0 + 1 : x0;
  const y1 = y0 + 1 < height ? y0 + 1 : y0;
  const tx = fx - x0;
  const ty = fy - y0;
  const top = values[y0 * width + x0]! * (1 - tx) + values[y0 * width + x1]! * tx;
  const bottom = values[y1 * width + x0]! * (1 - tx) + values[y1 * width + x1]! * tx;
  return top * (1 - ty) + bottom * ty;
}
