import sharp from 'sharp';
import { JPEG_RENDITION_WIDTH, WEBP_RENDITION_WIDTHS } from '../../contracts/image-renditions.ts';

export type EncodedFile = { width: number; height: number; bytes: Buffer };
export type EncodedRenditions = { webp: EncodedFile[]; jpeg: EncodedFile };

type RawPicture = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/**
 * Web-sized copies of one picture (the photo as shown, or a style's full render): a WebP per width of
 * WEBP_RENDITION_WIDTHS and one JPEG at JPEG_RENDITION_WIDTH, none wider than the picture (a narrower picture gets
 * its own width). Three encodes a picture; qualities are the smallest at which the wood's grain and the room's
 * edges look the same at their size. Timings: decision 026.
 */
export async function encodeWebRenditions(picture: Buffer | { pixels: Buffer; width: number; height: number }): Promise<EncodedRenditions> {
  const source = () =>
    Buffer.isBuffer(picture) ? sharp(picture) : sharp(picture.pixels, { raw: { width: picture.width, height: picture.height, channels: 3 } });
  const fullWidth = Buffer.isBuffer(picture) ? ((await sharp(picture).metadata()).width ?? WEBP_RENDITION_WIDTHS[0]) : picture.width;
  const webpWidths = [...new Set(WEBP_RENDITION_WIDTHS.map((width) => Math.min(width, fullWidth)))];
  const jpegWidth = Math.min(JPEG_RENDITION_WIDTH, fullWidth);
  // One decode, scaled to the widest copy; each narrower copy is scaled from the next wider one (cheap).
  const widths = [...new Set([...webpWidths, jpegWidth])].sort((a, b) => b - a);
  const scaled = new Map<number, RawPicture>();
  let from: RawPicture | undefined;
  for (const width of widths) {
    const input = from ? sharp(from.data, { raw: { width: from.width, height: from.height, channels: from.channels } }) : source();
    const { data, info } = await input.resize({ width }).raw().toBuffer({ resolveWithObject: true });
    from = { data, width: info.width, height: info.height, channels: info.channels };
    scaled.set(width, from);
  }
  const encode = async (width: number, format: 'webp' | 'jpeg'): Promise<EncodedFile> => {
    const { data, height, channels } = scaled.get(width)!;
    const raw = sharp(data, { raw: { width, height, channels } });
    // WebP at effort 2: a few per cent larger than the default 4, at half the time.
    const bytes = await (format === 'webp' ? raw.webp({ quality: 72, effort: 2 }) : raw.jpeg({ quality: 80, progressive: true })).toBuffer();
    return { width, height, bytes };
  };
  const [jpeg, ...webp] = await Promise.all([encode(jpegWidth, 'jpeg'), ...webpWidths.map((width) => encode(width, 'webp'))]);
  return { webp, jpeg: jpeg! };
}

/** `<folder>/<name>.jpg` → `<folder>/<name>-<width>w.<ext>`, beside the full picture. */
export function renditionPath(fullPath: string, width: number, extension: 'webp' | 'jpg'): string {
  return `${fullPath.replace(/\.[a-z]+$/, '')}-${width}w.${extension}`;
}
