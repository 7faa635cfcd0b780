import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preparePhoto } from './prepare-photo';

/**
 * The page's copy of a camera's JPEG is drawn from a decode at about the copy's size, not the photo's own (decision
 * 043), and still the right way up. jsdom has no decoder or canvas: the browser's ImageDecoder, createImageBitmap
 * and the canvas's context are stand-ins that record what the page asked of them, and where the picture was drawn
 * is read from the transform in force at the draw. e2e/visualizer-upload.spec.ts checks the real pixels in Chromium.
 */

type Matrix = [number, number, number, number, number, number];
type Draw = {
  source: unknown;
  width: number;
  height: number;
  transform: Matrix;
  canvas: { width: number; height: number };
};
type DecoderInit = { data: Uint8Array; type: string; desiredWidth?: number; desiredHeight?: number };

let draws: Draw[];
let decoderInits: DecoderInit[];
let fullDecodes: unknown[];
/** What the stand-in ImageDecoder gives for the size asked for (Chromium: the largest eighth within it). */
let decodedSize: (init: DecoderInit, stored: { width: number; height: number }) => { width: number; height: number };

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

beforeEach(() => {
  draws = [];
  decoderInits = [];
  fullDecodes = [];
  decodedSize = (init, stored) => {
    const n = Math.floor(Math.sqrt(((init.desiredWidth! * init.desiredHeight!) / (stored.width * stored.height)) * 64));
    const eighths = Math.min(8, n);
    return { width: Math.ceil((stored.width * eighths) / 8), height: Math.ceil((stored.height * eighths) / 8) };
  };
  vi.stubGlobal(
    'ImageDecoder',
    class {
      private readonly init: DecoderInit;
      constructor(init: DecoderInit) {
        this.init = init;
        decoderInits.push(init);
      }
      async decode() {
        const { width, height } = await sharp(Buffer.from(this.init.data)).metadata();
        const size = decodedSize(this.init, { width: width!, height: height! });
        return { image: { kind: 'frame', displayWidth: size.width, displayHeight: size.height, close() {} } };
      }
      close() {}
    },
  );
  vi.stubGlobal('createImageBitmap', async (source: { kind?: string; displayWidth: number; displayHeight: number }) => {
    if (source instanceof Blob) {
      // The full decode, upright (imageOrientation: 'from-image'): sharp says how big it is.
      fullDecodes.push(source);
      const {
        width = 0,
        height = 0,
        orientation = 1,
      } = await sharp(Buffer.from(await source.arrayBuffer())).metadata();
      const sideways = orientation >= 5;
      return { kind: 'full bitmap', width: sideways ? height : width, height: sideways ? width : height, close() {} };
    }
    return { kind: 'scaled bitmap', width: source.displayWidth, height: source.displayHeight, close() {} };
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const canvas = this;
    let transform: Matrix = IDENTITY;
    return {
      fillRect() {},
      setTransform(...matrix: Matrix) {
        transform = matrix;
      },
      drawImage(source: unknown, _x: number, _y: number, width: number, height: number) {
        draws.push({ source, width, height, transform, canvas: { width: canvas.width, height: canvas.height } });
      },
    } as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(new Blob([new Uint8Array(2000)], { type: 'image/jpeg' })),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function cameraJpeg(width: number, height: number, orientation = 1): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#8a6' } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation })
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'IMG_0001.JPG', { type: 'image/jpeg' });
}

/** Where the drawn picture's corner at (x, y), in its own drawn size, lands on the canvas. */
function landsAt(draw: Draw, x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = draw.transform;
  return [Math.round(a * x + c * y + e), Math.round(b * x + d * y + f)];
}

describe("preparePhoto: a camera JPEG decoded near the copy's size", () => {
  it('decodes a 12 MP photo at three eighths of its size, the smallest eighth that covers the 1440 px copy, and draws the copy from it', async () => {
    const prepared = await preparePhoto(await cameraJpeg(4032, 3024));

    expect(prepared.reencoded).toBe(true);
    expect(decoderInits).toHaveLength(1);
    const [init] = decoderInits;
    expect(init!.type).toBe('image/jpeg');
    // 3/8 of 4032×3024 is 1512×1134, the first eighth at least 1440×1080 (2/8 would be 1008×756).
    expect([init!.desiredWidth, init!.desiredHeight]).toEqual([1513, 1135]);
    expect(fullDecodes).toHaveLength(0);
    expect(draws).toHaveLength(1);
    expect(draws[0]!.source).toMatchObject({ kind: 'scaled bitmap', width: 1512, height: 1134 });
    expect(draws[0]!.canvas).toEqual({ width: 1440, height: 1080 });
    expect(draws[0]!.transform).toEqual(IDENTITY);
  });

  it('gives the decoder the picture without its EXIF, so no decoder turns it', async () => {
    await preparePhoto(await cameraJpeg(4032, 3024, 6));
    const sentToDecoder = Buffer.from(decoderInits[0]!.data);
    expect(sentToDecoder.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect((await sharp(sentToDecoder).metadata()).orientation).toBeUndefined();
  });

  // EXIF orientation: where the stored picture's top-left corner is seen (TIFF 6.0), and whether it is seen sideways.
  const orientations: { orientation: number; topLeftAt: 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left' }[] =
    [
      { orientation: 1, topLeftAt: 'top-left' },
      { orientation: 2, topLeftAt: 'top-right' },
      { orientation: 3, topLeftAt: 'bottom-right' },
      { orientation: 4, topLeftAt: 'bottom-left' },
      { orientation: 5, topLeftAt: 'top-left' },
      { orientation: 6, topLeftAt: 'top-right' },
      { orientation: 7, topLeftAt: 'bottom-right' },
      { orientation: 8, topLeftAt: 'bottom-left' },
    ];
  for (const { orientation, topLeftAt } of orientations) {
    it(`draws a photo stored with EXIF orientation ${orientation} upright, over the whole copy`, async () => {
      await preparePhoto(await cameraJpeg(4032, 3024, orientation));

      const sideways = orientation >= 5;
      const [draw] = draws;
      expect(draw!.source).toMatchObject({ kind: 'scaled bitmap' });
      const canvas = sideways ? { width: 1080, height: 1440 } : { width: 1440, height: 1080 };
      expect(draw!.canvas).toEqual(canvas);
      // The stored picture, drawn at the copy's size as it is stored (sideways: the copy's height wide).
      expect([draw!.width, draw!.height]).toEqual([1440, 1080]);
      const corners = {
        'top-left': [0, 0],
        'top-right': [canvas.width, 0],
        'bottom-right': [canvas.width, canvas.height],
        'bottom-left': [0, canvas.height],
      };
      expect(landsAt(draw!, 0, 0)).toEqual(corners[topLeftAt]);
      // Its four corners are the canvas's four corners: nothing cropped, nothing left blank.
      const landed = [
        landsAt(draw!, 0, 0),
        landsAt(draw!, draw!.width, 0),
        landsAt(draw!, draw!.width, draw!.height),
        landsAt(draw!, 0, draw!.height),
      ];
      expect(landed.map(String).sort()).toEqual(Object.values(corners).map(String).sort());
      // Mirrored orientations (2, 4, 5, 7) flip the picture: its corners go round the other way.
      const [[x0, y0], [x1, y1], [x2, y2]] = landed as [[number, number], [number, number], [number, number]];
      const turn = Math.sign((x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0));
      expect(turn).toBe([2, 4, 5, 7].includes(orientation) ? -1 : 1);
    });
  }

  it('decodes the photo whole when the decoder gives less than the copy needs', async () => {
    decodedSize = () => ({ width: 1008, height: 756 });
    await preparePhoto(await cameraJpeg(4032, 3024));
    expect(decoderInits).toHaveLength(1);
    expect(fullDecodes).toHaveLength(1);
    expect(draws[0]!.source).toMatchObject({ kind: 'full bitmap', width: 4032, height: 3024 });
    expect(draws[0]!.canvas).toEqual({ width: 1440, height: 1080 });
  });

  it('decodes the photo whole where the browser has no ImageDecoder, as before', async () => {
    vi.stubGlobal('ImageDecoder', undefined);
    await preparePhoto(await cameraJpeg(4032, 3024, 6));
    expect(fullDecodes).toHaveLength(1);
    expect(draws[0]!.source).toMatchObject({ kind: 'full bitmap', width: 3024, height: 4032 });
    expect(draws[0]!.canvas).toEqual({ width: 1080, height: 1440 });
    expect(draws[0]!.transform).toEqual(IDENTITY);
  });

  it('decodes a photo whole when half of it is smaller than the copy', async () => {
    // Half of 2800×2100 is 1400×1050, under the 1440×1080 copy; 5/8 would cover it, but moves the floor for little.
    await preparePhoto(await cameraJpeg(2800, 2100, 6));
    expect(decoderInits).toHaveLength(0);
    expect(fullDecodes).toHaveLength(1);
  });

  it('decodes a PNG whole (only a JPEG decoder scales as it decodes)', async () => {
    const png = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#8a6' } })
      .png()
      .toBuffer();
    await preparePhoto(new File([new Uint8Array(png)], 'room.png', { type: 'image/png' }));
    expect(decoderInits).toHaveLength(0);
    expect(fullDecodes).toHaveLength(1);
  });
});
