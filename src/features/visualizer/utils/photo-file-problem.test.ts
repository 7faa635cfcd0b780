import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoFileProblem } from './photo-file-problem';

/**
 * The upload step's first look at a chosen file: every picture a phone or a computer gives (real encoder output:
 * sharp's libjpeg, libpng, libwebp, giflib, libtiff, and the committed iPhone-style HEIC fixture) is let through;
 * an empty file and text under a photo's name are not.
 */
const room = sharp({
  create: { width: 320, height: 240, channels: 4, background: { r: 180, g: 140, b: 90, alpha: 0.5 } },
});

const pictures: [string, () => Promise<Buffer>, string][] = [
  ['a JPEG', () => room.clone().jpeg().toBuffer(), 'image/jpeg'],
  [
    'a progressive CMYK JPEG',
    () => room.clone().toColourspace('cmyk').jpeg({ progressive: true }).toBuffer(),
    'image/jpeg',
  ],
  ['a PNG screenshot with transparency', () => room.clone().png().toBuffer(), 'image/png'],
  ['a WebP', () => room.clone().webp().toBuffer(), 'image/webp'],
  ['a GIF', () => room.clone().gif().toBuffer(), 'image/gif'],
  ['a TIFF', () => room.clone().tiff().toBuffer(), 'image/tiff'],
  ['an AVIF', () => room.clone().avif().toBuffer(), 'image/avif'],
  [
    "an iPhone's HEIC",
    async () => readFileSync(resolve('visualizer-processor/fixtures/images/room-gps-rotated.heic')),
    'image/heic',
  ],
];

describe('photoFileProblem', () => {
  it.each(pictures)('lets %s through', async (_, bytes, type) => {
    expect(await photoFileProblem(new File([new Uint8Array(await bytes())], 'room', { type }))).toBeNull();
  });

  // Safari draws these (JPEG XL since 17, JPEG 2000 before 18) and the page sends its own JPEG of what it draws, so
  // they went through before the first-bytes check (review34, session 34). Their first bytes as the formats fix them
  // (ISO/IEC 18181-2 and 15444-1): no encoder for them is installed here.
  it.each([
    ['a JPEG XL codestream', [0xff, 0x0a], 'image/jxl'],
    ['a JPEG XL in its box', [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a], 'image/jxl'],
    ['a JPEG 2000 (JP2)', [0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a], 'image/jp2'],
  ])('lets %s through, which Safari draws', async (_, first, type) => {
    const bytes = new Uint8Array(4096);
    bytes.set(first);
    expect(await photoFileProblem(new File([bytes], 'room', { type }))).toBeNull();
  });

  it('lets an SVG through, text as it is', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300"/></svg>';
    expect(await photoFileProblem(new File([svg], 'plan.svg', { type: 'image/svg+xml' }))).toBeNull();
  });

  it('says a 0-byte file is empty', async () => {
    expect(await photoFileProblem(new File([], 'IMG_2231.JPG', { type: 'image/jpeg' }))).toEqual({ kind: 'empty' });
  });

  it.each([
    ['notes renamed to .jpg', 'Measurements: living room 14x18\n'],
    ['a web page saved as .png', '<!doctype html><title>Photo</title>'],
    ['one byte', 'x'],
  ])('says %s is no picture', async (_, text) => {
    expect(await photoFileProblem(new File([text], 'room.jpg', { type: 'image/jpeg' }))).toEqual({
      kind: 'not-a-picture',
    });
  });

  // What a phone keeps of a photo saved from a chat or a web page can be a thumbnail: the processor refuses it
  // (MIN_PHOTO_SHORT_SIDE, 200 px), so the page says so before sending it.
  const sized = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#a0784a' } });
  it.each([
    ['a JPEG', () => sized(200, 150).jpeg().toBuffer(), 'image/jpeg', 200, 150],
    [
      'a progressive JPEG with EXIF and a colour profile',
      () => sized(150, 200).withMetadata({ orientation: 6 }).jpeg({ progressive: true }).toBuffer(),
      'image/jpeg',
      150,
      200,
    ],
    ['a PNG', () => sized(320, 199).png().toBuffer(), 'image/png', 320, 199],
    ['a GIF', () => sized(120, 90).gif().toBuffer(), 'image/gif', 120, 90],
    ['a lossy WebP', () => sized(160, 120).webp().toBuffer(), 'image/webp', 160, 120],
    ['a lossless WebP', () => sized(161, 121).webp({ lossless: true }).toBuffer(), 'image/webp', 161, 121],
    ['a WebP with transparency', () => sized(163, 122).ensureAlpha(0.5).webp().toBuffer(), 'image/webp', 163, 122],
  ])('says %s under 200 px on its shorter side is too small, with its size', async (_, bytes, type, width, height) => {
    const file = new File([new Uint8Array(await bytes())], 'thumb', { type });
    expect(await photoFileProblem(file)).toEqual({ kind: 'too-small', width, height });
  });

  it('lets a photo of 200 px on its shorter side through, and a camera-sized JPEG whose EXIF comes first', async () => {
    const square = await sized(200, 200).jpeg().toBuffer();
    expect(await photoFileProblem(new File([new Uint8Array(square)], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    const camera = await sized(4032, 3024)
      .withExif({ IFD0: { Make: 'FixturePhone', ImageDescription: 'x'.repeat(60_000) } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await photoFileProblem(new File([new Uint8Array(camera)], 'b.jpg', { type: 'image/jpeg' }))).toBeNull();
  });
});
