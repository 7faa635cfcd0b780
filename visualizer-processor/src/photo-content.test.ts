import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../fixtures/make-fixtures.ts';
import { decodePhoto } from './decode-photo.ts';
import { photoContent, photoContentBox } from './photo-content.ts';

const room = () => readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'));
const white = { r: 255, g: 255, b: 255 };
const black = { r: 0, g: 0, b: 0 };
const block = (width: number, height: number, colour: typeof white, left: number, top: number) => ({
  input: { create: { width, height, channels: 3 as const, background: colour } },
  left,
  top,
});

describe('photoContentBox: the photo inside a screenshot', () => {
  it('finds a landscape room shown on a portrait phone: black above and below, the status bar and home indicator in them', async () => {
    const { width, height } = await sharp(await room()).metadata();
    const screenshot = await sharp(await room())
      .extend({ top: 700, bottom: 700, background: black })
      .composite([
        // "9:41" and "5G 87%" as solid blocks (wider than letters: the hardest case), and the home indicator.
        block(100, 40, white, 60, 40),
        block(160, 40, white, width! - 220, 40),
        block(260, 12, white, (width! - 260) / 2, height! + 1400 - 30),
      ])
      .png()
      .toBuffer();
    const photo = await decodePhoto(screenshot);
    expect(photoContentBox(photo)).toEqual({ left: 0, top: 700, width, height });
    const inside = photoContent(photo);
    expect([inside.width, inside.height]).toEqual([width, height]);
    expect(inside.pixels.equals((await decodePhoto(await room())).pixels)).toBe(true);
  });

  it('finds a portrait photo shown on a wide screen, white to its left and right', async () => {
    const portrait = await sharp(await room())
      .rotate(90)
      .toBuffer();
    const { width, height } = await sharp(portrait).metadata();
    const screenshot = await sharp(portrait)
      .extend({ left: 500, right: 500, background: white })
      .jpeg({ quality: 90 })
      .toBuffer();
    const box = photoContentBox(await decodePhoto(screenshot));
    // A JPEG's edge blurs a pixel or two into the bands.
    expect(box).not.toBeNull();
    expect(Math.abs(box!.left - 500)).toBeLessThanOrEqual(2);
    expect(Math.abs(box!.width - width!)).toBeLessThanOrEqual(4);
    expect([box!.top, box!.height]).toEqual([0, height]);
  });

  it('leaves photos whole: the fixture rooms, and a room with a dark band on one side only', async () => {
    for (const name of ['room-carpet.jpg', 'room-gps.jpg', 'room-concrete-exif6.jpg', 'room-tile.png']) {
      expect(photoContentBox(await decodePhoto(await readFile(path.join(FIXTURE_DIR, name)))), name).toBeNull();
    }
    // A floor lost in shadow below the room is floor: bands on one side are no screenshot.
    const shadowBelow = await sharp(await room())
      .extend({ bottom: 300, background: black })
      .png()
      .toBuffer();
    expect(photoContentBox(await decodePhoto(shadowBelow))).toBeNull();
  });

  it('keeps the whole picture when the photo inside would be too small to show a floor', async () => {
    const small = await sharp(await room())
      .resize(300)
      .extend({ top: 300, bottom: 300, background: black })
      .png()
      .toBuffer();
    const photo = await decodePhoto(small);
    expect(photoContentBox(photo)?.height).toBeLessThan(200);
    expect(photoContent(photo, 200)).toBe(photo);
  });
});
