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
  create: { width: 64, height: 48, channels: 4, background: { r: 180, g: 140, b: 90, alpha: 0.5 } },
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

  it('lets an SVG through, text as it is', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300"/></svg>';
    expect(await photoFileProblem(new File([svg], 'plan.svg', { type: 'image/svg+xml' }))).toBeNull();
  });

  it('says a 0-byte file is empty', async () => {
    expect(await photoFileProblem(new File([], 'IMG_2231.JPG', { type: 'image/jpeg' }))).toBe('empty');
  });

  it.each([
    ['notes renamed to .jpg', 'Measurements: living room 14x18\n'],
    ['a web page saved as .png', '<!doctype html><title>Photo</title>'],
    ['one byte', 'x'],
  ])('says %s is no picture', async (_, text) => {
    expect(await photoFileProblem(new File([text], 'room.jpg', { type: 'image/jpeg' }))).toBe('not-a-picture');
  });
});
