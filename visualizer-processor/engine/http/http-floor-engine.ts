import sharp from 'sharp';
import { encodeJpeg } from '../../src/decode-photo.ts';
import type { DecodedPhoto, FloorEngine, FloorEngineOptions, FloorEngineResult } from '../floor-engine.ts';

/**
 * An adapter for an external (AI) floor service. It POSTs the upright photo as `image/jpeg` (options as
 * query parameters) and expects the rendered photo back as any `image/*` body. Such services rarely return
 * a mask, so the mask is derived: the pixels the service visibly changed.
 */
export interface HttpFloorEngineSettings {
  url: string;
  timeoutMs?: number;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
}

/** A change larger than this (sum over R, G, B) marks a pixel as floor in the derived mask. */
const CHANGED_PIXEL_THRESHOLD = 36;

export function createHttpFloorEngine(settings: HttpFloorEngineSettings): FloorEngine {
  return {
    name: 'http',
    async render(photo: DecodedPhoto, options: FloorEngineOptions = {}): Promise<FloorEngineResult> {
      const url = new URL(settings.url);
      if (options.woodTone) url.searchParams.set('woodTone', options.woodTone);
      if (options.seed !== undefined) url.searchParams.set('seed', String(options.seed));
      const body = await encodeJpeg(photo, 92);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'image/jpeg',
          accept: 'image/*',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 120_000),
      });
      if (!response.ok) {
        throw new Error(`The floor engine service answered ${response.status} ${response.statusText}`.trim());
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.startsWith('image/')) {
        throw new Error(`The floor engine service answered with ${contentType || 'no content type'}, not an image`);
      }
      const rendered = Buffer.from(await response.arrayBuffer());
      let pixels: Buffer;
      try {
        pixels = await sharp(rendered, { limitInputPixels: 100_000_000 })
          .rotate()
          .flatten({ background: '#ffffff' })
          .resize(photo.width, photo.height, { fit: 'fill' })
          .removeAlpha()
          .raw()
          .toBuffer();
      } catch {
        throw new Error('The floor engine service answered with an image that cannot be read');
      }
      const mask = Buffer.alloc(photo.width * photo.height);
      for (let i = 0; i < mask.length; i++) {
        const change =
          Math.abs(pixels[i * 3]! - photo.pixels[i * 3]!) +
          Math.abs(pixels[i * 3 + 1]! - photo.pixels[i * 3 + 1]!) +
          Math.abs(pixels[i * 3 + 2]! - photo.pixels[i * 3 + 2]!);
        mask[i] = change > CHANGED_PIXEL_THRESHOLD ? 255 : 0;
      }
      const image = await encodeJpeg({ pixels, width: photo.width, height: photo.height });
      return { width: photo.width, height: photo.height, mask, image };
    },
  };
}
