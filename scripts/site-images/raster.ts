// Glue between SVG layers, per-pixel layers and sharp. Every scene is a stack of full-size layers.

import sharp, { type Blend } from 'sharp';

export type SceneLayer =
  | { svg: string; blend?: Blend }
  | { rgba: Buffer; blend?: Blend };

export function svgDocument(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export async function rasterizeSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Flattens layers bottom to top into one opaque PNG master. */
export async function composeLayers(width: number, height: number, layers: readonly SceneLayer[]): Promise<Buffer> {
  const inputs = await Promise.all(
    layers.map(async (layer) => {
      if ('svg' in layer) return { input: await rasterizeSvg(layer.svg), blend: layer.blend };
      return { input: layer.rgba, raw: { width, height, channels: 4 as const }, blend: layer.blend };
    }),
  );
  const flattened = await sharp({ create: { width, height, channels: 4, background: '#ffffff' } })
    .composite(inputs.map(({ input, raw, blend }) => ({ input, raw, blend: blend ?? 'over' })))
    .png()
    .toBuffer();
  return sharp(flattened).flatten({ background: '#ffffff' }).png().toBuffer();
}

/** Photographic finish: gentle vignette so the eye stays on the floor, as a real interior shot would. */
export function vignetteLayer(width: number, height: number, strength = 0.22, centerY = 0.55): SceneLayer {
  const defs = `<radialGradient id="vignette" cx="0.5" cy="${centerY}" r="0.8"><stop offset="0.35" stop-color="#fff"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.88"/><stop offset="0.8" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  const body = `<rect width="${width}" height="${height}" fill="#3a2e24" opacity="${strength}"/><rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
  return { svg: svgDocument(width, height, body, defs), blend: 'multiply' };
}

export async function readRaw(image: Buffer): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Shallow depth of field, as in a close-up product photo: the image is blurred progressively from
 * `sharpFromY` (fully sharp below) to `blurredAtY` (fully blurred above).
 */
export async function depthOfField(master: Buffer, width: number, height: number, sharpFromY: number, blurredAtY: number, sigma: number): Promise<Buffer> {
  const blurred = await sharp(master).blur(sigma).png().toBuffer();
  const mask = svgDocument(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="url(#focus)"/>`,
    `<linearGradient id="focus" gradientUnits="userSpaceOnUse" x1="0" y1="${blurredAtY}" x2="0" y2="${sharpFromY}"><stop offset="0" stop-color="#000" stop-opacity="1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
  );
  const maskedBlur = await sharp(blurred).ensureAlpha().composite([{ input: Buffer.from(mask), blend: 'dest-in' }]).png().toBuffer();
  return sharp(master).composite([{ input: maskedBlur }]).png().toBuffer();
}
