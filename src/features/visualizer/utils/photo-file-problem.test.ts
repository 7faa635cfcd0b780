import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkPhotoFile, photoFileProblem } from './photo-file-problem';

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

  // Session 35: formats most browsers cannot open (HEIC, TIFF; AVIF before Chromium 85 and Safari 16) were refused
  // only by the processor, after the upload, with a failed row and the office's e-mail. Their headers say their size.
  it.each([
    ['an AVIF', () => sized(160, 120).avif().toBuffer(), 'image/avif', 160, 120],
    ['a HEIF (AV1)', () => sized(190, 250).heif({ compression: 'av1' }).toBuffer(), 'image/heif', 190, 250],
    ['a TIFF', () => sized(150, 100).tiff().toBuffer(), 'image/tiff', 150, 100],
    ['a big-endian TIFF', async () => bigEndianTiff(120, 260), 'image/tiff', 120, 260],
    // 450 KB of pixels, then the directory that gives the size: past the first 256 KiB read.
    ['an uncompressed TIFF', () => sized(1000, 150).tiff({ compression: 'none' }).toBuffer(), 'image/tiff', 1000, 150],
    [
      "a HEIC thumbnail (the processor's fixture of 64×64)",
      async () => readFileSync(resolve('visualizer-processor/fixtures/images/hevc-larger-than-declared.heic')),
      'image/heic',
      64,
      64,
    ],
    ['a BMP', async () => bmp(180, -120), 'image/bmp', 180, 120],
  ])('says %s under 200 px on its shorter side is too small, with its size, from its header', async (_, bytes, type, width, height) => {
    const file = new File([new Uint8Array(await bytes())], 'thumb', { type });
    expect(await photoFileProblem(file)).toEqual({ kind: 'too-small', width, height });
  });

  it("reads an iPhone HEIC's size as its primary item's (the whole photo), not its thumbnail's", async () => {
    const iphone = readFileSync(resolve('visualizer-processor/fixtures/images/room-gps-rotated.heic'));
    expect(await checkPhotoFile(new File([new Uint8Array(iphone)], 'IMG_0042.HEIC', { type: 'image/heic' }))).toEqual({
      problem: null,
      size: { width: 960, height: 720 },
    });
    // A grid of 512 px tiles (items 2-13) with a 320×240 thumbnail (item 20): the grid, item 1, is the primary one.
    const grid = heicBoxes({ primary: 1, sizes: { 1: [4032, 3024], 2: [512, 512], 20: [320, 240] } });
    expect(await checkPhotoFile(new File([grid], 'IMG_0043.HEIC', { type: 'image/heic' }))).toEqual({
      problem: null,
      size: { width: 4032, height: 3024 },
    });
    const thumbnailFirst = heicBoxes({ primary: 20, sizes: { 1: [4032, 3024], 20: [180, 135] } });
    expect(await photoFileProblem(new File([thumbnailFirst], 'small.heic', { type: 'image/heic' }))).toEqual({
      kind: 'too-small',
      width: 180,
      height: 135,
    });
  });

  it("reads a big uncompressed TIFF's size from its directory after the pixels", async () => {
    const scan = await sized(1600, 1200).tiff({ compression: 'none' }).toBuffer();
    expect(await checkPhotoFile(new File([new Uint8Array(scan)], 'scan.tif', { type: 'image/tiff' }))).toEqual({
      problem: null,
      size: { width: 1600, height: 1200 },
    });
  });

  it('leaves the size to the processor when the header does not say it', async () => {
    // A HEIC cut short before its item properties; a TIFF whose first directory comes after its pixels.
    const cut = readFileSync(resolve('visualizer-processor/fixtures/images/room-gps-rotated.heic')).subarray(0, 100);
    const tiffAfterPixels = new Uint8Array(300 * 1024);
    tiffAfterPixels.set([0x49, 0x49, 0x2a, 0x00, 0x00, 0x00, 0x04, 0x00]);
    for (const [bytes, type] of [
      [cut, 'image/heic'],
      [tiffAfterPixels, 'image/tiff'],
    ] as const) {
      expect(await checkPhotoFile(new File([new Uint8Array(bytes)], 'photo', { type }))).toEqual({ problem: null, size: null });
    }
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

/** A BMP's file and DIB headers (BITMAPINFOHEADER) as the format fixes them: sharp writes none. */
function bmp(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(54);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  return bytes;
}

/** A big-endian ("MM") TIFF's header and first directory: sharp writes little-endian ones. */
function bigEndianTiff(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(8 + 2 + 3 * 12 + 4);
  const view = new DataView(bytes.buffer);
  bytes.set([0x4d, 0x4d, 0x00, 0x2a]);
  view.setUint32(4, 8);
  view.setUint16(8, 3);
  const entry = (n: number, tag: number, type: number, value: number) => {
    const at = 10 + n * 12;
    view.setUint16(at, tag);
    view.setUint16(at + 2, type);
    view.setUint32(at + 4, 1);
    if (type === 3) view.setUint16(at + 8, value);
    else view.setUint32(at + 8, value);
  };
  entry(0, 254, 4, 0);
  entry(1, 256, 3, width);
  entry(2, 257, 4, height);
  return bytes;
}

/**
 * The boxes of a HEIC's start as ISO/IEC 23008-12 fixes them (ftyp, then meta with pitm, iprp: ipco's ispe properties
 * and ipma's associations, version 0, 7-bit indexes), one ispe per item; no pixels.
 */
function heicBoxes({ primary, sizes }: { primary: number; sizes: Record<number, [number, number]> }): Uint8Array<ArrayBuffer> {
  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const u16 = (n: number) => [(n >>> 8) & 255, n & 255];
  const box = (type: string, body: number[]) => [...u32(8 + body.length), ...[...type].map((c) => c.charCodeAt(0)), ...body];
  const full = (type: string, body: number[]) => box(type, [0, 0, 0, 0, ...body]);
  const items = Object.entries(sizes).map(([item, size]) => [Number(item), size] as const);
  const ipco = box('ipco', items.flatMap(([, [width, height]]) => full('ispe', [...u32(width), ...u32(height)])));
  const ipma = full('ipma', [...u32(items.length), ...items.flatMap(([item], index) => [...u16(item), 1, 0x80 | (index + 1)])]);
  const meta = full('meta', [...full('hdlr', [...u32(0), ...[...'pict'].map((c) => c.charCodeAt(0)), ...u32(0), ...u32(0), ...u32(0), 0]), ...full('pitm', u16(primary)), ...box('iprp', [...ipco, ...ipma])]);
  const ftyp = box('ftyp', [...'heic'].map((c) => c.charCodeAt(0)).concat(u32(0), [...'mif1heic'].map((c) => c.charCodeAt(0))));
  return new Uint8Array([...ftyp, ...meta]);
}
