import sharp from 'sharp';
import type { DecodedPhoto, FloorMask, StyleRender, WoodStyleId } from '../floor-engine.ts';
import { estimatePerspective } from './estimate-perspective.ts';
import { makeAnalysisImage, type AnalysisImage } from './find-floor.ts';
import { samplePlankAlbedo, type PlankSample } from './render-planks.ts';

/**
 * Lays procedural planks on a floor mask: estimates the floor's perspective from the mask's outline
 * (estimate-perspective.ts), lays planks (render-planks.ts) lit by the photo's own floor light, and blends
 * them in through a feathered mask. The analysis (perspective, light, feathering) is done once; each style
 * only repaints.
 */

/** Shading of the floor relative to its mean: heavily blurred floor luminance, using floor pixels only. */
function floorShading(image: AnalysisImage, region: Uint8Array): Float32Array {
  const { width, height } = image;
  const luminance = new Float32Array(width * height);
  const weight = new Float32Array(width * height);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < luminance.length; i++) {
    if (!region[i]) continue;
    const value = 0.299 * image.rgb[i * 3]! + 0.587 * image.rgb[i * 3 + 1]! + 0.114 * image.rgb[i * 3 + 2]!;
    luminance[i] = value;
    weight[i] = 1;
    sum += value;
    count++;
  }
  const radius = Math.max(2, Math.round(Math.max(width, height) / 80));
  // Three box blurs approximate a Gaussian; blurring the weights too keeps walls from bleeding in.
  for (let pass = 0; pass < 3; pass++) {
    boxBlur(luminance, width, height, radius);
    boxBlur(weight, width, height, radius);
  }
  const mean = count > 0 ? sum / count : 1;
  const shading = new Float32Array(width * height);
  for (let i = 0; i < shading.length; i++) {
    const local = weight[i]! > 1e-3 ? luminance[i]! / weight[i]! : mean;
    shading[i] = Math.min(1.6, Math.max(0.3, local / mean));
  }
  return shading;
}

function boxBlur(values: Float32Array, width: number, height: number, radius: number): void {
  const line = new Float32Array(Math.max(width, height));
  const blurLine = (length: number, get: (i: number) => number, set: (i: number, value: number) => void) => {
    for (let i = 0; i < length; i++) line[i] = get(i);
    let total = 0;
    for (let i = -radius; i <= radius; i++) total += line[Math.min(length - 1, Math.max(0, i))]!;
    for (let i = 0; i < length; i++) {
      set(i, total / (2 * radius + 1));
      total += line[Math.min(length - 1, i + radius + 1)]! - line[Math.max(0, i - radius)]!;
    }
  };
  for (let y = 0; y < height; y++) blurLine(width, (x) => values[y * width + x]!, (x, v) => (values[y * width + x] = v));
  for (let x = 0; x < width; x++) blurLine(height, (y) => values[y * width + x]!, (y, v) => (values[y * width + x] = v));
}

function bilinear(values: Float32Array, width: number, height: number, x: number, y: number): number {
  const fx = Math.min(width - 1, Math.max(0, x));
  const fy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const top = values[y0 * width + x0]! * (1 - tx) + values[y0 * width + x1]! * tx;
  const bottom = values[y1 * width + x0]! * (1 - tx) + values[y1 * width + x1]! * tx;
  return top * (1 - ty) + bottom * ty;
}

export async function renderWoodStyles(
  photo: DecodedPhoto,
  floor: FloorMask,
  styles: readonly WoodStyleId[],
  seed = 1,
): Promise<StyleRender[]> {
  const { width, height, pixels } = photo;
  const analysis = await makeAnalysisImage(photo);
  const region = await shrinkMask(floor, analysis.width, analysis.height);
  const perspective = estimatePerspective(region, analysis.width, analysis.height);
  const scale = width / analysis.width;

  const featherSigma = Math.max(0.8, Math.max(width, height) / 900);
  const alpha = await sharp(floor.mask, { raw: { width, height, channels: 1 } }).blur(featherSigma).extractChannel(0).raw().toBuffer();
  const shading = floorShading(analysis, region);

  // Match the wood's exposure to the photo's, so a dim photo does not get a glowing floor.
  let photoLuminance = 0;
  for (let i = 0; i < analysis.rgb.length; i += 3) {
    photoLuminance += 0.299 * analysis.rgb[i]! + 0.587 * analysis.rgb[i + 1]! + 0.114 * analysis.rgb[i + 2]!;
  }
  photoLuminance /= analysis.width * analysis.height;
  const exposure = Math.min(1.15, Math.max(0.6, Math.sqrt(photoLuminance / 150)));

  const renders: StyleRender[] = [];
  for (const style of styles) {
    const layout = {
      vanishingX: perspective.vanishingX * scale,
      horizonY: perspective.horizonY * scale,
      // A phone's main camera sees about 65–70° across, so the focal length is about 0.75 widths.
      focal: 0.75 * Math.max(width, height),
      style,
      seed,
    };
    const output = Buffer.from(pixels);
    const sample: PlankSample = { r: 0, g: 0, b: 0 };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const index = y * width + x;
        const coverage = alpha[index]! / 255;
        if (coverage === 0) continue;
        samplePlankAlbedo(layout, x, y, sample);
        const light = exposure * bilinear(shading, analysis.width, analysis.height, (x + 0.5) / scale - 0.5, (y + 0.5) / scale - 0.5);
        const offset = index * 3;
        output[offset] = Math.round(pixels[offset]! * (1 - coverage) + Math.min(255, sample.r * light) * coverage);
        output[offset + 1] = Math.round(pixels[offset + 1]! * (1 - coverage) + Math.min(255, sample.g * light) * coverage);
        output[offset + 2] = Math.round(pixels[offset + 2]! * (1 - coverage) + Math.min(255, sample.b * light) * coverage);
      }
    }
    const image = await sharp(output, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
    renders.push({ style, image });
  }
  return renders;
}

/** The floor mask at the analysis size, as 0/1. */
async function shrinkMask(floor: FloorMask, width: number, height: number): Promise<Uint8Array> {
  const small = await sharp(floor.mask, { raw: { width: floor.width, height: floor.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const region = new Uint8Array(width * height);
  for (let i = 0; i < region.length; i++) region[i] = small[i]! >= 128 ? 1 : 0;
  return region;
}
