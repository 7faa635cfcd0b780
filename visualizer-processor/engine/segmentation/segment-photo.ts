import sharp from 'sharp';
import type { FloorScene } from '../floor-engine.ts';
import { SEGMENTER_SIZE, classifyPixels } from './scene-segmenter.ts';

/**
 * How the photo meets the network's square input. `stretch` squeezes the whole photo into 512×512 (every
 * input pixel is photo); `letterbox` keeps its proportions and pads with grey.
 */
export type FitMode = 'stretch' | 'letterbox';

export interface SegmentOptions {
  fit?: FitMode;
  /** Also classify the mirrored photo and count both opinions (costs a second run of the network). */
  mirrored?: boolean;
}

export interface SegmentedPhoto {
  /** The first run's classes, over the whole photo. */
  scene: FloorScene;
  /** Per scene cell, how many runs saw each class; `runs` in all. */
  votes(classIds: readonly number[]): Uint8Array;
  runs: number;
}

const PAD_GREY = 128;

/** The photo as the network's input: RGB, 512×512, and where the photo lies inside it. */
async function networkInput(rgb: Buffer, width: number, height: number, fit: FitMode) {
  const side = SEGMENTER_SIZE;
  const image = sharp(rgb, { raw: { width, height, channels: 3 } });
  if (fit === 'stretch') {
    const pixels = await image.resize(side, side, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
    return { pixels, content: { left: 0, top: 0, width: side, height: side } };
  }
  const scale = side / Math.max(width, height);
  const content = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), left: 0, top: 0 };
  content.left = Math.floor((side - content.width) / 2);
  content.top = Math.floor((side - content.height) / 2);
  const pixels = await image
    .resize(content.width, content.height, { fit: 'fill', kernel: 'cubic' })
    .extend({
      left: content.left,
      top: content.top,
      right: side - content.width - content.left,
      bottom: side - content.height - content.top,
      background: { r: PAD_GREY, g: PAD_GREY, b: PAD_GREY },
    })
    .raw()
    .toBuffer();
  return { pixels, content };
}

function mirrorRows(data: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * channels;
      const to = (y * width + (width - 1 - x)) * channels;
      for (let c = 0; c < channels; c++) out[to + c] = data[from + c]!;
    }
  }
  return out;
}

function crop(classes: Uint8Array, content: { left: number; top: number; width: number; height: number }): Uint8Array {
  if (content.width === SEGMENTER_SIZE && content.height === SEGMENTER_SIZE) return classes;
  const out = new Uint8Array(content.width * content.height);
  for (let y = 0; y < content.height; y++) {
    const start = (content.top + y) * SEGMENTER_SIZE + content.left;
    out.set(classes.subarray(start, start + content.width), y * content.width);
  }
  return out;
}

/**
 * Runs the network on an upright photo (raw RGB). The photo may be any size: it is scaled to the network's
 * input here, so callers pass the smallest copy they have that is at least 512 px on its longest side.
 */
export async function segmentPhoto(rgb: Buffer, width: number, height: number, options: SegmentOptions = {}): Promise<SegmentedPhoto> {
  const { pixels, content } = await networkInput(rgb, width, height, options.fit ?? 'stretch');
  const runs = [crop(await classifyPixels(pixels), content)];
  if (options.mirrored) {
    const side = SEGMENTER_SIZE;
    const mirroredClasses = await classifyPixels(mirrorRows(pixels, side, side, 3));
    runs.push(crop(mirrorRows(mirroredClasses, side, side, 1), content));
  }
  const scene: FloorScene = { width: content.width, height: content.height, classes: runs[0]! };
  return {
    scene,
    runs: runs.length,
    votes(classIds) {
      const wanted = new Uint8Array(256);
      for (const id of classIds) wanted[id] = 1;
      const count = new Uint8Array(scene.width * scene.height);
      for (const classes of runs) for (let i = 0; i < count.length; i++) count[i]! += wanted[classes[i]!]!;
      return count;
    },
  };
}
