import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeWebRenditions, renditionPath, type EncodedRenditions } from './web-renditions.ts';

function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 150, g: 110, b: 70 } } }).jpeg().toBuffer();
}

const sizes = (copies: EncodedRenditions) => ({
  webp: copies.webp.map(({ width, height }) => [width, height]),
  jpeg: [copies.jpeg.width, copies.jpeg.height],
});

describe('web-sized copies of a result picture', () => {
  it('makes a 720 px and a 1280 px WebP and one 1040 px JPEG of a full render, each in its format and size', async () => {
    const copies = await encodeWebRenditions(await picture(2048, 1536));
    expect(sizes(copies)).toEqual({ webp: [[720, 540], [1280, 960]], jpeg: [1040, 780] });
    for (const [copy, format] of [...copies.webp.map((copy) => [copy, 'webp'] as const), [copies.jpeg, 'jpeg'] as const]) {
      const metadata = await sharp(copy.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([format, copy.width, copy.height]);
    }
  });

  it('never enlarges: a 960 px photo gets 720 and 960 WebP and a 960 JPEG, a 600 px one everything at 600', async () => {
    expect(sizes(await encodeWebRenditions(await picture(960, 720)))).toEqual({ webp: [[720, 540], [960, 720]], jpeg: [960, 720] });
    expect(sizes(await encodeWebRenditions(await picture(600, 800)))).toEqual({ webp: [[600, 800]], jpeg: [600, 800] });
  });

  it('takes decoded pixels too (the photo as shown)', async () => {
    const pixels = Buffer.alloc(1600 * 1200 * 3, 90);
    expect(sizes(await encodeWebRenditions({ pixels, width: 1600, height: 1200 }))).toEqual({ webp: [[720, 540], [1280, 960]], jpeg: [1040, 780] });
  });

  it('names each copy beside its picture', () => {
    expect(renditionPath('id/render-2/natural-white-oak.jpg', 720, 'webp')).toBe('id/render-2/natural-white-oak-720w.webp');
    expect(renditionPath('id/original.jpg', 1040, 'jpg')).toBe('id/original-1040w.jpg');
  });
});
