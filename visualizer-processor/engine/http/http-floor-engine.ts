import sharp from 'sharp';
import { encodeJpeg } from '../../src/decode-photo.ts';
import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS } from '../../../contracts/wood-styles.ts';
import type { DecodedPhoto, FindFloorOptions, FloorEngine, FloorMask, WoodStyleId } from '../floor-engine.ts';

/**
 * An adapter for an external (AI) floor service. It POSTs the upright photo as `image/jpeg`, once per wood
 * style, with the options as query parameters (`style`, `seed`, and `taps` as JSON when the visitor
 * corrected the floor), and expects the rendered photo back as any `image/*` body. Such services rarely
 * return a mask, so the mask is derived: the pixels the service visibly changed in the first style.
 */
export interface HttpFloorEngineSettings {
  url: string;
  timeoutMs?: number;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
}

/** A change larger than this (sum over R, G, B) marks a pixel as floor in the derived mask. */
const CHANGED_PIXEL_THRESHOLD = 36;

interface ServiceOptions extends FindFloorOptions {
  style: WoodStyleId;
  seed?: number;
}

export function createHttpFloorEngine(settings: HttpFloorEngineSettings): FloorEngine {
  async function renderOne(photo: DecodedPhoto, options: ServiceOptions): Promise<Buffer> {
    const url = new URL(settings.url);
    url.searchParams.set('style', options.style);
    if (options.seed !== undefined) url.searchParams.set('seed', String(options.seed));
    if (options.taps?.length) url.searchParams.set('taps', JSON.stringify(options.taps));
    if (options.keepRugs === false) url.searchParams.set('keepRugs', 'false');
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
    try {
      return await sharp(rendered, { limitInputPixels: 100_000_000 })
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize(photo.width, photo.height, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer();
    } catch {
      throw new Error('The floor engine service answered with an image that cannot be read');
    }
  }

  function changedPixels(photo: DecodedPhoto, pixels: Buffer): FloorMask {
    const mask = Buffer.alloc(photo.width * photo.height);
    for (let i = 0; i < mask.length; i++) {
      const change =
        Math.abs(pixels[i * 3]! - photo.pixels[i * 3]!) +
        Math.abs(pixels[i * 3 + 1]! - photo.pixels[i * 3 + 1]!) +
        Math.abs(pixels[i * 3 + 2]! - photo.pixels[i * 3 + 2]!);
      mask[i] = change > CHANGED_PIXEL_THRESHOLD ? 255 : 0;
    }
    return { width: photo.width, height: photo.height, mask };
  }

  return {
    name: 'http',
    async findFloor(photo, options = {}) {
      return changedPixels(photo, await renderOne(photo, { ...options, style: DEFAULT_WOOD_STYLE }));
    },
    async visualize(photo, options = {}) {
      const styles = options.styles ?? WOOD_STYLE_IDS;
      const renders = [];
      let floor: FloorMask | undefined;
      for (const style of styles) {
        const pixels = await renderOne(photo, { ...options, style });
        floor ??= changedPixels(photo, pixels);
        renders.push({ style, image: await encodeJpeg({ pixels, width: photo.width, height: photo.height }) });
      }
      return { ...(floor ?? { width: photo.width, height: photo.height, mask: Buffer.alloc(photo.width * photo.height) }), renders };
    },
  };
}
