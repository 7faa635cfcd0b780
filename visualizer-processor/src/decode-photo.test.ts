import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../fixtures/make-fixtures.ts';
import { makeDecompressionBombPng } from '../testing/bad-inputs.ts';
import { PhotoRejectedError, decodePhoto } from './decode-photo.ts';

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
});
