import sharp from 'sharp';
import type { DecodedPhoto, FloorMask } from '../floor-engine.ts';
import { detectLineSegments, type LineSegment } from './detect-line-segments.ts';

/**
 * The photo and its floor at a small working size. Lines, camera and light are estimated here: at 768 px
 * along the longest side a room's lines are still several pixels long and every pass over the image costs
 * a few milliseconds instead of a few hundred.
 */
export const ANALYSIS_LONG_SIDE = 768;

export interface AnalysisImage {
  width: number;
  height: number;
  /** Full-size pixels per analysis pixel. */
  scale: number;
  /** sRGB, 3 channels. */
  rgb: Uint8Array;
  /** Grey levels (0..255), for finding lines. */
  gray: Float32Array;
  /** 0..1: how much of each analysis pixel is floor. */
  floor: Float32Array;
  /** What the segmentation network saw at each analysis pixel (floor-engine.ts's FloorScene), when it ran. */
  classes?: Uint8Array;
  /** The photo's own line segments (photoLineSegments), when they were found with it. */
  photoLines?: LineSegment[];
}

/** The part of the analysis image that depends on the photo alone. */
export interface PhotoAnalysis {
  width: number;
  height: number;
  rgb: Buffer;
  gray: Float32Array;
  lines: LineSegment[];
}

function analysisSize(photo: DecodedPhoto): { width: number; height: number } {
  const factor = Math.min(1, ANALYSIS_LONG_SIDE / Math.max(photo.width, photo.height));
  return { width: Math.max(1, Math.round(photo.width * factor)), height: Math.max(1, Math.round(photo.height * factor)) };
}

async function analysePhoto(photo: DecodedPhoto): Promise<PhotoAnalysis> {
  const { width, height } = analysisSize(photo);
  const rgb = await sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const grayBytes = await sharp(rgb, { raw: { width, height, channels: 3 } }).greyscale().extractChannel(0).raw().toBuffer();
  const gray = Float32Array.from(grayBytes);
  return { width, height, rgb, gray, lines: photoLineSegments(gray, width, height) };
}

/** The photo's line segments, for the camera (prepare-floor.ts's estimateCamera). */
export function photoLineSegments(gray: Float32Array, width: number, height: number): LineSegment[] {
  // A light blur first: sensor noise and JPEG blocks break long edges into short pieces.
  const blurred = Float32Array.from(gray);
  boxBlur(blurred, width, height);
  return detectLineSegments(blurred, width, height);
}

/** In-place 3-tap box blur (radius 1), rows then columns, edges repeated. */
export function boxBlur(values: Float32Array, width: number, height: number): void {
  const line = new Float32Array(Math.max(width, height));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    line.set(values.subarray(row, row + width));
    values[row] = (2 * line[0]! + line[Math.min(1, width - 1)]!) / 3;
    for (let x = 1; x < width - 1; x++) values[row + x] = (line[x - 1]! + line[x]! + line[x + 1]!) / 3;
    if (width > 1) values[row + width - 1] = (line[width - 2]! + 2 * line[width - 1]!) / 3;
  }
  const above = new Float32Array(width);
  const current = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    current.set(values.subarray(row, row + width));
    if (y === 0) above.set(current);
    const below = y + 1 < height ? row + width : row;
    for (let x = 0; x < width; x++) values[row + x] = (above[x]! + current[x]! + values[below + x]!) / 3;
    above.set(current);
  }
}


/** Photo analyses started ahead (analysePhotoAhead), each taken by the first makeAnalysisImage of its photo. */
const startedAhead = new WeakMap<Buffer, Promise<PhotoAnalysis>>();

/**
 * Starts the photo's half of the analysis image (its small copy, greys and lines) before its floor is known:
 * the engine calls this while the network's threads are busy with the photo and this thread would only wait.
 */
export function analysePhotoAhead(photo: DecodedPhoto): Promise<PhotoAnalysis> {
  let analysis = startedAhead.get(photo.pixels);
  if (!analysis) {
    analysis = analysePhoto(photo);
    // A failure is met again, and reported, by makeAnalysisImage.
    analysis.catch(() => {});
    startedAhead.set(photo.pixels, analysis);
  }
  return analysis;
}

export async function makeAnalysisImage(photo: DecodedPhoto, floor: FloorMask): Promise<AnalysisImage> {
  const ahead = startedAhead.get(photo.pixels);
  // Taken once: the arrays are the caller's from then on.
  startedAhead.delete(photo.pixels);
  const [{ width, height, rgb: small, gray, lines }, mask] = await Promise.all([
    ahead ?? analysePhoto(photo),
    sharp(floor.mask, { raw: { width: floor.width, height: floor.height, channels: 1 } })
      .resize(analysisSize(photo).width, analysisSize(photo).height, { fit: 'fill', kernel: 'linear' })
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const coverage = new Float32Array(width * height);
  for (let i = 0; i < coverage.length; i++) coverage[i] = mask[i]! / 255;
  const image: AnalysisImage = { width, height, scale: photo.width / width, rgb: small, gray, floor: coverage, photoLines: lines };
  if (floor.scene) {
    const { scene } = floor;
    const classes = new Uint8Array(width * height);
    // Each analysis column's scene column, worked out once rather than once per pixel.
    const columns = new Int32Array(width);
    for (let x = 0; x < width; x++) columns[x] = Math.min(scene.width - 1, Math.floor(((x + 0.5) * scene.width) / width));
    for (let y = 0; y < height; y++) {
      const row = Math.min(scene.height - 1, Math.floor(((y + 0.5) * scene.height) / height)) * scene.width;
      for (let x = 0; x < width; x++) classes[y * width + x] = scene.classes[row + columns[x]!]!;
    }
    image.classes = classes;
  }
  return image;
}
