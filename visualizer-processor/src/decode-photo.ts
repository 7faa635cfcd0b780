import sharp, { type Metadata, type Sharp } from 'sharp';
import type { DecodedPhoto } from '../engine/floor-engine.ts';

/** 50 megapixels: above any phone camera, far below a decompression bomb's billions. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The processor works on at most this many pixels along the longest side; more only costs time. The result
 * step shows a render at most 992 CSS px wide (the page's max-w-5xl column less its padding), which is 1984
 * device pixels on a devicePixelRatio-2 screen, and a phone (DPR 3, about 400 CSS px) needs 1200: 2048 px
 * covers both, and renders 36 % fewer pixels than 2560 did (engine bench: render and encode scale with them).
 */
export const MAX_WORKING_SIDE = 2048;

/**
 * The shortest side a visitor's photo may have: below it a room's floor is a few dozen pixels high, too few to
 * find or to show (a 1×1 image was rendered and its e-mail sent to staff; issue 38).
 */
export const MIN_PHOTO_SHORT_SIDE = 200;

/**
 * The picture formats a camera, phone or photo editor saves, as sharp names them (AVIF reads as `heif`). The bundled
 * sharp also reads SVG, a drawing that librsvg executes: a 400-byte SVG with a turbulence filter took 20 s of CPU to
 * draw at 2000×2000 px and would take minutes at the pixel limit, and no camera makes one. The page redraws any picture
 * its browser can show as a JPEG before sending it (prepare-photo.ts), so only a hand-made call sends a drawing.
 */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);

/** A photo the processor cannot use; the message is safe to show to the visitor. */
export class PhotoRejectedError extends Error {
  override name = 'PhotoRejectedError';
}

/** An image whose header reads but whose pixels do not all decode (a truncated or corrupt file). */
export class DamagedPhotoError extends PhotoRejectedError {
  override name = 'DamagedPhotoError';
  constructor() {
    super('The image is damaged or incomplete and cannot be read.');
  }
}

export interface DecodeOptions {
  maxInputPixels?: number;
  /** Longest side of the result; larger photos are scaled down. Infinity keeps the size. */
  maxSide?: number;
  /**
   * Decode what a damaged file still holds (a truncated JPEG's missing rows come out grey) instead of refusing
   * it. The commands use this: a mask of a slightly damaged dataset photo beats no mask. The site keeps
   * refusing, since wood laid on a grey block would only puzzle the visitor.
   */
  readDamaged?: boolean;
  /** Refuse a photo whose shorter side is below this many pixels (the site's MIN_PHOTO_SHORT_SIDE; none by default). */
  minShortSide?: number;
}

type HeifImage = {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
};

/**
 * HEVC pixels of a HEIC/HEIF file (what iPhones take), as RGBA. The bundled sharp reads the HEIF container but
 * has no HEVC decoder (a patent-encumbered codec it leaves out), so libheif compiled to WebAssembly
 * (heic-decode, on libheif-js) decodes them: no system library. libheif applies the file's rotation and mirroring
 * (irot, imir) itself, so the pixels come out upright.
 */
async function decodeHevcPixels(bytes: Buffer): Promise<Sharp> {
  const { default: heicDecode } = await import('heic-decode');
  const images = (await heicDecode.all({ buffer: bytes })) as unknown as HeifImage[] & { dispose(): void };
  try {
    const primary = images[0];
    if (!primary) throw new Error('no image in the HEIF file');
    const { width, height, data } = await primary.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose();
  }
}

/**
 * Decodes an uploaded photo: the header is checked against the pixel limit before any pixel is decoded
 * (a 20000×20000 PNG of a few kilobytes is refused here), EXIF orientation is applied, transparency is
 * flattened onto white, and only raw pixels come out, so nothing of the file's metadata (GPS above all)
 * can reach what is stored. HEIC photos from iPhones are decoded too (decodeHevcPixels).
 */
export async function decodePhoto(bytes: Buffer, options: DecodeOptions = {}): Promise<DecodedPhoto> {
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const maxSide = options.maxSide ?? Infinity;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejectedError('The file is not a readable image.');
  }
  const { width, height } = metadata;
  if (!width || !height) throw new PhotoRejectedError('The file is not a readable image.');
  if (!PHOTO_FORMATS.has(metadata.format ?? '')) {
    throw new PhotoRejectedError('This file is not a photo. Please choose a photo of your room (JPEG, PNG, WebP or HEIC).');
  }
  if (Math.min(width, height) < (options.minShortSide ?? 0)) {
    throw new PhotoRejectedError(
      `This photo is too small to show a floor: ${width}×${height} pixels. Please choose a photo at least ${options.minShortSide} pixels on its shorter side.`,
    );
  }
  if (width * height > maxInputPixels) {
    throw new PhotoRejectedError(
      `The image is too large: ${width}×${height} pixels (at most ${Math.round(maxInputPixels / 1_000_000)} megapixels).`,
    );
  }
  try {
    const source =
      metadata.format === 'heif' && metadata.compression === 'hevc'
        ? await decodeHevcPixels(bytes)
        : sharp(bytes, { limitInputPixels: maxInputPixels, failOn: options.readDamaged ? 'none' : 'warning' });
    let pipeline = source.rotate().flatten({ background: '#ffffff' }).toColourspace('srgb');
    if (Number.isFinite(maxSide)) {
      pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    }
    const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { pixels: data, width: info.width, height: info.height };
  } catch {
    throw new DamagedPhotoError();
  }
}

/** Encodes upright pixels as a metadata-free JPEG (sharp writes no EXIF unless asked to). */
export function encodeJpeg(photo: DecodedPhoto, quality = 88): Promise<Buffer> {
  return sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
