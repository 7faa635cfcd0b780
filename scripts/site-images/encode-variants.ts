// Writes AVIF and WebP at responsive widths and describes them for the manifest.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const RESPONSIVE_WIDTHS = [400, 800, 1200, 1600] as const;

export interface EncodedImage {
  width: number;
  height: number;
  avifSrcset: string;
  webpSrcset: string;
  fallback: string;
  bytes: number;
}

/** Quality settings chosen by eye: grain and grout survive, and the whole set stays well under 4 MB. */
const AVIF_OPTIONS = { quality: 60, effort: 6, chromaSubsampling: '4:2:0' } as const;

/** How one image departs from the defaults (see `SiteImageDefinition.avif`). */
export interface AvifSettings {
  quality?: number;
  effort?: number;
}
const WEBP_OPTIONS = { quality: 80, effort: 6, smartSubsample: true } as const;

export async function encodeVariants(
  master: Buffer,
  name: string,
  outputDirectory: string,
  publicPath: string,
  avifSettings: AvifSettings = {},
): Promise<EncodedImage> {
  const avifOptions = { ...AVIF_OPTIONS, ...avifSettings };
  const { width = 0, height = 0 } = await sharp(master).metadata();
  const widths = RESPONSIVE_WIDTHS.filter((candidate) => candidate <= width);
  await mkdir(outputDirectory, { recursive: true });
  let bytes = 0;
  const avif: string[] = [];
  const webp: string[] = [];
  for (const variantWidth of widths) {
    const resized = sharp(master).resize({ width: variantWidth, kernel: 'lanczos3' });
    const [avifBuffer, webpBuffer] = await Promise.all([resized.clone().avif(avifOptions).toBuffer(), resized.clone().webp(WEBP_OPTIONS).toBuffer()]);
    const avifName = `${name}-${variantWidth}.avif`;
    const webpName = `${name}-${variantWidth}.webp`;
    await writeFile(path.join(outputDirectory, avifName), avifBuffer);
    await writeFile(path.join(outputDirectory, webpName), webpBuffer);
    bytes += avifBuffer.length + webpBuffer.length;
    avif.push(`${publicPath}/${avifName} ${variantWidth}w`);
    webp.push(`${publicPath}/${webpName} ${variantWidth}w`);
  }
  // Browsers without <picture> support get the 800 px WebP: sharp enough for a card, light enough for a phone.
  const fallbackWidth = widths.includes(800) ? 800 : widths[widths.length - 1];
  return {
    width,
    height,
    avifSrcset: avif.join(', '),
    webpSrcset: webp.join(', '),
    fallback: `${publicPath}/${name}-${fallbackWidth}.webp`,
    bytes,
  };
}
