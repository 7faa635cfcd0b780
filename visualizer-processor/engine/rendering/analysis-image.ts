import sharp from 'sharp';
import type { DecodedPhoto, FloorMask } from '../floor-engine.ts';
import { photoLineSegments, type LineSegment } from './detect-line-segments.mjs';

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

/**
 * Finds the photo's line segments elsewhere (on a network thread): photoLineSegments's answer, or a rejection, which
 * it also gives when `takeBack` is aborted before it has started.
 */
export type FindPhotoLines = (gray: Float32Array, width: number, height: number, takeBack: AbortSignal) => Promise<LineSegment[]>;

async function analysePhoto(photo: DecodedPhoto, findLines?: FindPhotoLines, takeBack = new AbortController().signal): Promise<PhotoAnalysis> {
  const { width, height } = analysisSize(photo);
  const rgb = await sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const grayBytes = await sharp(rgb, { raw: { width, height, channels: 3 } }).greyscale().extractChannel(0).raw().toBuffer();
  const gray = Float32Array.from(grayBytes);
  // Elsewhere when asked (unless the render already wants them), and here if that fails (a thread lost or stopped, or
  // taken back): the same segments either way.
  const here = () => photoLineSegments(gray, width, height);
  const lines = findLines && !takeBack.aborted ? await findLines(gray, width, height, takeBack).catch(here) : here();
  return { width, height, rgb, gray, lines };
}

/**
 * Photo analyses started ahead (analysePhotoAhead), each taken by the first makeAnalysisImage of its photo, which
 * takes back lines asked elsewhere and not started there yet, to find them itself.
 */
const startedAhead = new WeakMap<Buffer, { analysis: Promise<PhotoAnalysis>; takeBack: AbortController }>();

/**
 * Starts the photo's half of the analysis image (its small copy, greys and lines) before its floor is known:
 * the engine calls this while the network's threads are busy with the photo and this thread would only wait.
 * `findLines` finds its line segments off this thread (the engine's: on a network thread once its runs are done).
 */
export function analysePhotoAhead(photo: DecodedPhoto, findLines?: FindPhotoLines): Promise<PhotoAnalysis> {
  let ahead = startedAhead.get(photo.pixels);
  if (!ahead) {
    const takeBack = new AbortController();
    ahead = { analysis: analysePhoto(photo, findLines, takeBack.signal), takeBack };
    // A failure is met again, and reported, by makeAnalysisImage.
    ahead.analysis.catch(() => {});
    startedAhead.set(photo.pixels, ahead);
  }
  return ahead.analysis;
}

export async function makeAnalysisImage(photo: DecodedPhoto, floor: FloorMask): Promise<AnalysisImage> {
  const ahead = startedAhead.get(photo.pixels);
  // Taken once: the arrays are the caller's from then on.
  startedAhead.delete(photo.pixels);
  // The render waits for no thread that has not started the lines (busy with another photo's runs): found here then.
  ahead?.takeBack.abort();
  const [{ width, height, rgb: small, gray, lines }, mask] = await Promise.all([
    ahead?.analysis ?? analysePhoto(photo),
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
