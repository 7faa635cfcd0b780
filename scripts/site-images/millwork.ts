// Turns flat SVG moulding outlines into lit, three-dimensional millwork. Each layer's outline is
// blurred into a height field; its slope is lit from the upper left (bevel highlights and
// shaded edges) and an offset, blurred copy darkens the wall as a cast shadow.

import sharp from 'sharp';
import { clamp01, type Rgb } from './noise.ts';
import { toByte } from './room-raycaster.ts';
import { svgDocument } from './raster.ts';

export interface MillworkLayer {
  /** SVG elements whose filled area is the moulding (fill/stroke them white). */
  shapes: string;
  color: Rgb;
  /** Roughly half the width of the rounded edge, in pixels. */
  bevelRadius: number;
  /** Height exaggeration of the edge; larger reads as a deeper profile. */
  relief: number;
  shadowOffset: readonly [number, number];
  shadowBlur: number;
  shadowOpacity: number;
}

// Towards the light, screen axes (y down): upper left and in front, like a window to the left of the viewer.
const LIGHT = normalize([-0.5, -0.62, 0.6]);

function normalize(vector: readonly [number, number, number]): [number, number, number] {
  const length = Math.hypot(vector[0], vector[1], vector[2]);
  return [vector[0] / length, vector[1] / length, vector[2] / length];
}

async function greyRaw(image: Buffer, blur?: number): Promise<Uint8Array> {
  let pipeline = sharp(image).flatten({ background: '#000000' }).greyscale();
  if (blur && blur >= 0.3) pipeline = pipeline.blur(blur);
  const { data } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return data;
}

/**
 * Renders each layer, bottom to top, onto `base` (an opaque PNG of the same size). Room-scale light
 * falloff is applied afterwards by the scene, over wall and mouldings alike.
 */
export async function renderMillwork(base: Buffer, width: number, height: number, layers: readonly MillworkLayer[]): Promise<Buffer> {
  const { data } = await sharp(base).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Float32Array(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (data[index] ?? 0) / 255;

  for (const layer of layers) {
    const maskSvg = Buffer.from(svgDocument(width, height, `<rect width="${width}" height="${height}" fill="#000"/><g fill="#fff" stroke="#fff">${layer.shapes}</g>`));
    const maskPng = await sharp(maskSvg).png().toBuffer();
    const [mask, heightField, shadow] = await Promise.all([greyRaw(maskPng), greyRaw(maskPng, layer.bevelRadius), greyRaw(maskPng, layer.shadowBlur)]);
    const [offsetX, offsetY] = layer.shadowOffset;
    const flatLight = LIGHT[2];

    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const index = y * width + x;
        const coverage = (mask[index] ?? 0) / 255;
        const shadowX = Math.min(width - 1, Math.max(0, Math.round(x - offsetX)));
        const shadowY = Math.min(height - 1, Math.max(0, Math.round(y - offsetY)));
        const castShadow = ((shadow[shadowY * width + shadowX] ?? 0) / 255) * layer.shadowOpacity;
        const wallFactor = 1 - castShadow;
        const red = index * 3;
        if (coverage <= 0) {
          pixels[red] = pixels[red]! * wallFactor;
          pixels[red + 1] = pixels[red + 1]! * wallFactor;
          pixels[red + 2] = pixels[red + 2]! * wallFactor;
          continue;
        }
        const left = heightField[index - (x > 0 ? 1 : 0)] ?? 0;
        const right = heightField[index + (x < width - 1 ? 1 : 0)] ?? 0;
        const up = heightField[index - (y > 0 ? width : 0)] ?? 0;
        const down = heightField[index + (y < height - 1 ? width : 0)] ?? 0;
        const slopeX = ((right - left) / 255) * layer.relief;
        const slopeY = ((down - up) / 255) * layer.relief;
        const normal = normalize([-slopeX, -slopeY, 1]);
        const diffuse = Math.max(0, normal[0] * LIGHT[0] + normal[1] * LIGHT[1] + normal[2] * LIGHT[2]);
        // A soft specular sheen on edges facing the light, as satin paint gives.
        const halfway = normalize([LIGHT[0], LIGHT[1], LIGHT[2] + 1]);
        const specular = Math.pow(Math.max(0, normal[0] * halfway[0] + normal[1] * halfway[1] + normal[2] * halfway[2]), 40) * 0.12;
        const shade = 0.18 + 0.82 * (diffuse / flatLight);
        for (let channel = 0; channel < 3; channel++) {
          const lit = layer.color[channel]! * shade + specular;
          pixels[red + channel] = pixels[red + channel]! * (1 - coverage) * wallFactor + clamp01(lit) * coverage;
        }
      }
    }
  }

  const output = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) output[index] = toByte(pixels[index]!);
  return sharp(output, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
