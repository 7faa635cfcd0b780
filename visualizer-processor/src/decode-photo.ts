import { createRequire } from 'node:module';
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

/** The few parts of libheif-js (libheif compiled to WebAssembly, its C API bound by Emscripten) the decode uses. */
type LibheifError = { code?: unknown; message?: string };
type Libheif = {
  heif_context_alloc(): unknown;
  heif_context_free(context: unknown): void;
  heif_context_read_from_memory(context: unknown, bytes: Uint8Array): LibheifError;
  heif_js_context_get_list_of_top_level_image_IDs(context: unknown): number[] & LibheifError;
  heif_js_context_get_image_handle(context: unknown, id: number): LibheifError;
  heif_image_handle_release(handle: unknown): void;
  heif_js_decode_image2(
    handle: unknown,
    colorspace: unknown,
    chroma: unknown,
  ): LibheifError & { image?: unknown; channels?: { id: unknown; width: number; height: number; stride: number; data: Uint8Array }[] };
  heif_image_release(image: unknown): void;
  heif_error_code: { heif_error_Ok: unknown };
  heif_colorspace: { heif_colorspace_RGB: unknown };
  heif_chroma: { heif_chroma_interleaved_RGBA: unknown };
  heif_channel: { heif_channel_interleaved: unknown };
};

/** libheif-js, loaded on the first HEIC (its WebAssembly is 2 MB of script); a CommonJS module without types. */
let libheif: Libheif | undefined;
const loadLibheif = () => (libheif ??= createRequire(import.meta.url)('libheif-js/wasm-bundle') as Libheif);

/**
 * HEVC pixels of a HEIC/HEIF file (what iPhones take), as RGBA. The bundled sharp reads the HEIF container but
 * has no HEVC decoder (a patent-encumbered codec it leaves out), so libheif compiled to WebAssembly (libheif-js)
 * decodes them: no system library. libheif applies the file's rotation and mirroring (irot, imir) itself, so the
 * pixels come out upright. libheif's own calls are used rather than libheif-js's HeifDecoder and its image's
 * display() (what heic-decode wrapped): those print a damaged file's error to stdout with console.log (a dump of
 * the handle and the error, before the command's one line, and into the processor's log), where these return it.
 */
async function decodeHevcPixels(bytes: Buffer): Promise<Sharp> {
  const heif = loadLibheif();
  const failed = (outcome: LibheifError | undefined) => !outcome || outcome.code !== undefined;
  const context = heif.heif_context_alloc();
  let handle: unknown;
  try {
    const read = heif.heif_context_read_from_memory(context, bytes);
    if (read.code !== heif.heif_error_code.heif_error_Ok) throw new Error(`libheif cannot read the file: ${read.message}`);
    const ids = heif.heif_js_context_get_list_of_top_level_image_IDs(context);
    if (failed(ids) || ids.length === 0) throw new Error(`no image in the HEIF file ${ids.message ?? ''}`);
    const found = heif.heif_js_context_get_image_handle(context, ids[0]!);
    if (failed(found)) throw new Error(`libheif cannot open the image: ${found.message}`);
    handle = found;
    const decoded = await heif.heif_js_decode_image2(handle, heif.heif_colorspace.heif_colorspace_RGB, heif.heif_chroma.heif_chroma_interleaved_RGBA);
    if (failed(decoded)) throw new Error(`libheif cannot decode the image: ${decoded.message}`);
    try {
      const plane = decoded.channels?.find((channel) => channel.id === heif.heif_channel.heif_channel_interleaved);
      if (!plane) throw new Error('libheif decoded no interleaved RGBA plane');
      const { width, height, stride } = plane;
      const rowBytes = width * 4;
      // Rows may be padded to the plane's stride; sharp wants them packed.
      const pixels = Buffer.alloc(rowBytes * height);
      for (let row = 0; row < height; row++) pixels.set(plane.data.subarray(row * stride, row * stride + rowBytes), row * rowBytes);
      return sharp(pixels, { raw: { width, height, channels: 4 } });
    } finally {
      heif.heif_image_release(decoded.image);
    }
  } finally {
    if (handle !== undefined) heif.heif_image_handle_release(handle);
    heif.heif_context_free(context);
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
