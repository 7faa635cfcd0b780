import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { FIXTURE_DIR } from '../fixtures/make-fixtures.ts';
import { HEIC_BOMB_FIXTURE, HEIC_FIXTURE, HEIC_FIXTURE_SIZE } from '../fixtures/make-heic-fixture.ts';
import { makeDecompressionBombPng } from '../testing/bad-inputs.ts';
import { DamagedPhotoError, PhotoRejectedError, decodePhoto } from './decode-photo.ts';

describe('decodePhoto', () => {
  it('applies EXIF orientation 6, so a sideways-stored photo comes out upright', async () => {
    const photo = await decodePhoto(await readFile(path.join(FIXTURE_DIR, 'room-concrete-exif6.jpg')));
    expect([photo.width, photo.height]).toEqual([1024, 768]);
    expect(photo.pixels.length).toBe(1024 * 768 * 3);
  });

  it('scales a photo down to the working size', async () => {
    const photo = await decodePhoto(await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg')), { maxSide: 640 });
    expect([photo.width, photo.height]).toEqual([640, 400]);
  });

  describe('photos as phones, scanners and editors save them', () => {
    const original = () => readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'));
    const meanOf = (pixels: Buffer) => {
      const sums = [0, 0, 0];
      for (let i = 0; i < pixels.length; i++) sums[i % 3]! += pixels[i]!;
      return sums.map((sum) => sum / (pixels.length / 3));
    };

    it('reads a greyscale JPEG as RGB with the same brightness', async () => {
      const plain = await decodePhoto(await original());
      const grey = await decodePhoto(
        await sharp(await original())
          .greyscale()
          .jpeg()
          .toBuffer(),
      );
      expect([grey.width, grey.height, grey.pixels.length]).toEqual([
        plain.width,
        plain.height,
        plain.width * plain.height * 3,
      ]);
      const [r, g, b] = meanOf(grey.pixels);
      expect(Math.abs(r! - g!) + Math.abs(g! - b!)).toBeLessThan(1);
      const luma = meanOf(plain.pixels).reduce((sum, value, c) => sum + value * [0.299, 0.587, 0.114][c]!, 0);
      expect(Math.abs(r! - luma)).toBeLessThan(6);
    });

    it('reads a CMYK JPEG as the same colours in RGB', async () => {
      const plain = meanOf((await decodePhoto(await original())).pixels);
      const cmyk = await decodePhoto(
        await sharp(await original())
          .toColourspace('cmyk')
          .jpeg()
          .toBuffer(),
      );
      expect(cmyk.pixels.length).toBe(cmyk.width * cmyk.height * 3);
      meanOf(cmyk.pixels).forEach((value, c) => expect(Math.abs(value - plain[c]!)).toBeLessThan(12));
    });

    it('lays a half-transparent PNG on white, not on black', async () => {
      const plain = meanOf((await decodePhoto(await original())).pixels);
      const translucent = await decodePhoto(
        await sharp(await original())
          .ensureAlpha(0.5)
          .png()
          .toBuffer(),
      );
      expect(translucent.pixels.length).toBe(translucent.width * translucent.height * 3);
      meanOf(translucent.pixels).forEach((value, c) => expect(Math.abs(value - (plain[c]! + 255) / 2)).toBeLessThan(3));
    });
  });

  it('refuses a 20000×20000 decompression bomb from its header, without decoding it', async () => {
    const bomb = makeDecompressionBombPng();
    expect(bomb.length).toBeLessThan(2048);
    await expect(decodePhoto(bomb)).rejects.toThrow(/too large: 20000×20000 pixels/);
  });

  it('refuses bytes that are not an image, and a truncated image', async () => {
    await expect(decodePhoto(Buffer.from('just some text'))).rejects.toBeInstanceOf(PhotoRejectedError);
    const jpeg = await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'));
    await expect(decodePhoto(jpeg.subarray(0, jpeg.length / 2))).rejects.toThrow(/damaged or incomplete/);
  });

  it('refuses a drawing (SVG) whatever it is called, before drawing it', async () => {
    // Tiny, within the pixel limit, and costly to draw: a turbulence filter over the whole picture.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="10"/>' +
        '<feGaussianBlur stdDeviation="50"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    for (const options of [{}, { readDamaged: true }]) {
      await expect(decodePhoto(svg, options)).rejects.toThrow('This file is not a photo. Please choose a photo of your room (JPEG, PNG, WebP or HEIC).');
    }
  });

  it('reads the formats cameras and photo editors save', async () => {
    const picture = sharp({ create: { width: 240, height: 200, channels: 3, background: '#7a5230' } });
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif'] as const) {
      const photo = await decodePhoto(await picture.clone().toFormat(format).toBuffer());
      expect([photo.width, photo.height], format).toEqual([240, 200]);
    }
  });

  it('reads what a truncated JPEG still holds when asked to, at the full size and with the rows it has', async () => {
    const jpeg = await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'));
    const whole = await decodePhoto(jpeg);
    const damaged = await decodePhoto(jpeg.subarray(0, Math.floor(jpeg.length * 0.9)), { readDamaged: true });
    expect([damaged.width, damaged.height]).toEqual([whole.width, whole.height]);
    // The first rows are intact, so they match the whole photo's to the byte.
    const topRows = whole.width * 3 * 8;
    expect(damaged.pixels.subarray(0, topRows)).toEqual(whole.pixels.subarray(0, topRows));
    await expect(decodePhoto(Buffer.from('just some text'), { readDamaged: true })).rejects.toBeInstanceOf(
      PhotoRejectedError,
    );
  });

  describe('an iPhone photo (HEVC in a HEIF container)', () => {
    const heicFile = path.join(FIXTURE_DIR, HEIC_FIXTURE);

    it('is a real HEIC that the bundled sharp alone cannot decode', async () => {
      const heic = await readFile(heicFile);
      expect(await sharp(heic).metadata()).toMatchObject({ format: 'heif', compression: 'hevc' });
      await expect(sharp(heic).raw().toBuffer()).rejects.toThrow(/HEVC/);
    });

    it('is decoded, upright after its rotation property, with the same picture as the photo it was made from', async () => {
      const photo = await decodePhoto(await readFile(heicFile));
      expect([photo.width, photo.height]).toEqual([HEIC_FIXTURE_SIZE.width, HEIC_FIXTURE_SIZE.height]);

      const original = await decodePhoto(await readFile(path.join(FIXTURE_DIR, 'room-gps.jpg')));
      let difference = 0;
      for (let i = 0; i < photo.pixels.length; i++) difference += Math.abs(photo.pixels[i]! - original.pixels[i]!);
      // Two lossy encodings of one picture; a sideways or garbled decode differs by tens of levels per sample.
      expect(difference / photo.pixels.length).toBeLessThan(4);
    });

    it('is scaled to the working size like any photo, and refused when truncated', async () => {
      const heic = await readFile(heicFile);
      const photo = await decodePhoto(heic, { maxSide: 480 });
      expect([photo.width, photo.height]).toEqual([480, 360]);
      await expect(decodePhoto(heic.subarray(0, heic.length - 4000))).rejects.toBeInstanceOf(PhotoRejectedError);
    });

    it('is refused when damaged without printing anything: the commands and the processor say why in one line of their own', async () => {
      // libheif-js's own decoder (HeifDecoder, the image's display()) console.logs a dump of the handle and the
      // error to stdout; `npm run floor-mask` printed it twice before its one error line.
      const printed = [vi.spyOn(console, 'log'), vi.spyOn(console, 'info'), vi.spyOn(console, 'warn'), vi.spyOn(process.stdout, 'write')];
      try {
        const heic = await readFile(heicFile);
        await expect(decodePhoto(heic.subarray(0, heic.length - 4000))).rejects.toBeInstanceOf(DamagedPhotoError);
        await expect(decodePhoto(await readFile(path.join(FIXTURE_DIR, HEIC_BOMB_FIXTURE)))).rejects.toBeInstanceOf(DamagedPhotoError);
        for (const spy of printed) expect(spy).not.toHaveBeenCalled();
      } finally {
        for (const spy of printed) spy.mockRestore();
      }
    });

    it('is refused when its HEVC picture is far larger than the size its HEIF properties declare (a bomb)', async () => {
      // The pixel limit reads the declared size (64×64 here), so it cannot catch this file. libheif refuses a picture
      // whose size differs from the declared one, and one this much larger before allocating it (its security
      // limit: the process stays near 120 MB, where decoding 67 MP would take over 400 MB).
      const bomb = await readFile(path.join(FIXTURE_DIR, HEIC_BOMB_FIXTURE));
      expect(await sharp(bomb).metadata()).toMatchObject({ format: 'heif', compression: 'hevc', width: 64, height: 64 });
      await expect(decodePhoto(bomb)).rejects.toBeInstanceOf(DamagedPhotoError);
    });
  });
});
