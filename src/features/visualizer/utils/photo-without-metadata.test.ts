import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoUpload } from '@/config/photo-upload';
import { jpegWithoutMetadata, pictureSentAsStored, webpWithoutMetadata } from './photo-without-metadata';

/**
 * The page's lossless path (issue 35): a JPEG or WebP that needs no redrawing goes out as its own compressed picture,
 * every piece of metadata left out. Real encoder output (sharp: libjpeg, libwebp) with real EXIF, XMP, ICC and
 * comment segments.
 */
const EXIF = {
  IFD0: { Make: 'FixturePhone', Model: 'Synthetic Room Camera', DateTime: '2026:11:20 10:31:07' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '39/1 53/1 4212/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '75/1 2/1 2496/100',
  },
};
const TRACES = ['Exif', 'FixturePhone', 'Synthetic Room Camera', '2026:11:20', 'xmpmeta', 'a visitor wrote this'];

type Options = { orientation?: number; icc?: boolean; xmp?: boolean; progressive?: boolean; width?: number };

/** A photo-like picture (noise, so a JPEG's scans have plenty of FF bytes to stuff), 4:3, with the camera's EXIF. */
function camera(options: Options) {
  const width = options.width ?? 640;
  const height = (width * 3) / 4;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  let pipeline = sharp(pixels, { raw: { width, height, channels: 3 } }).withExif(EXIF);
  if (options.orientation) pipeline = pipeline.withMetadata({ orientation: options.orientation });
  if (options.icc) pipeline = pipeline.withIccProfile('p3');
  if (options.xmp) pipeline = pipeline.withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>');
  return pipeline;
}

async function photo(options: Options = {}) {
  const jpeg = await camera(options)
    .jpeg({ quality: 90, progressive: options.progressive ?? false })
    .toBuffer();
  return withComment(jpeg, 'a visitor wrote this');
}

const webpPhoto = (options: Options = {}) => camera(options).webp({ quality: 90 }).toBuffer();

/** The JPEG with a COM segment right after its start marker (sharp writes none). */
function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

const raw = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();
const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

describe('jpegWithoutMetadata', () => {
  it('keeps the very pixels and leaves out EXIF (GPS, camera, time), XMP and comments', async () => {
    for (const progressive of [false, true]) {
      const original = await photo({ xmp: true, progressive });
      for (const trace of TRACES) expect(contains(original, trace), trace).toBe(true);

      const stripped = jpegWithoutMetadata(original);

      expect(stripped?.facts).toEqual({ width: 640, height: 480, orientation: 1 });
      const metadata = await sharp(stripped!.jpeg).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.comments).toBeUndefined();
      for (const trace of TRACES) expect(contains(stripped!.jpeg, trace), trace).toBe(false);
      expect((await raw(stripped!.jpeg)).equals(await raw(original))).toBe(true);
    }
  });

  it('keeps the colour profile, so the processor turns the same colours into sRGB', async () => {
    const original = await photo({ icc: true });
    const stripped = jpegWithoutMetadata(original)!;

    expect((await sharp(stripped.jpeg).metadata()).icc).toBeDefined();
    const inSrgb = (bytes: Uint8Array) => sharp(bytes).toColourspace('srgb').raw().toBuffer();
    expect((await inSrgb(stripped.jpeg)).equals(await inSrgb(original))).toBe(true);
  });

  it('reads the orientation the camera stored, so a sideways photo is redrawn instead', async () => {
    const stripped = jpegWithoutMetadata(await photo({ orientation: 6 }));

    expect(stripped?.facts.orientation).toBe(6);
    expect((await sharp(stripped!.jpeg).metadata()).orientation).toBeUndefined();
  });

  it("leaves out what follows the end of the picture (a motion photo's video, a second picture)", async () => {
    const original = await photo();
    const withTrailer = Buffer.concat([original, Buffer.from('ftypmp42 the video of the room', 'latin1')]);

    const stripped = jpegWithoutMetadata(withTrailer)!;

    expect(contains(stripped.jpeg, 'ftypmp42')).toBe(false);
    expect(Buffer.from(stripped.jpeg.subarray(-2)).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });

  it('gives up on what is not a whole JPEG, so the page redraws it or sends it as chosen', async () => {
    const original = await photo();
    const png = await sharp(original).png().toBuffer();

    expect(jpegWithoutMetadata(png)).toBeNull();
    expect(jpegWithoutMetadata(original.subarray(0, original.length - 200))).toBeNull();
    expect(jpegWithoutMetadata(original.subarray(0, 40))).toBeNull();
    expect(jpegWithoutMetadata(new Uint8Array(0))).toBeNull();
  });
});

describe('webpWithoutMetadata', () => {
  it('keeps the very pixels and the colour profile, and leaves out EXIF and XMP', async () => {
    const original = await webpPhoto({ xmp: true, icc: true });
    for (const trace of ['EXIF', 'FixturePhone', 'xmpmeta']) expect(contains(original, trace), trace).toBe(true);

    const stripped = webpWithoutMetadata(original);

    expect(stripped?.facts).toEqual({ width: 640, height: 480, orientation: 1 });
    const metadata = await sharp(stripped!.webp).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeDefined();
    for (const trace of ['EXIF', 'FixturePhone', 'Synthetic Room Camera', 'xmpmeta']) {
      expect(contains(stripped!.webp, trace), trace).toBe(false);
    }
    expect((await raw(stripped!.webp)).equals(await raw(original))).toBe(true);
  });

  it('reads the size of a plain lossy WebP and of a lossless one, and the orientation in its EXIF', async () => {
    const plain = await sharp(await photo())
      .webp()
      .toBuffer();
    const lossless = await sharp(await photo())
      .webp({ lossless: true })
      .toBuffer();
    const sideways = await webpPhoto({ orientation: 6 });

    expect(webpWithoutMetadata(plain)?.facts).toEqual({ width: 640, height: 480, orientation: 1 });
    expect(webpWithoutMetadata(lossless)?.facts).toEqual({ width: 640, height: 480, orientation: 1 });
    expect(webpWithoutMetadata(sideways)?.facts.orientation).toBe(6);
    expect((await raw(webpWithoutMetadata(lossless)!.webp)).equals(await raw(lossless))).toBe(true);
  });

  it('gives up on a cut-off WebP', async () => {
    const original = await webpPhoto();
    expect(webpWithoutMetadata(original.subarray(0, original.length - 100))).toBeNull();
  });
});

describe('pictureSentAsStored', () => {
  it('sends a small upright JPEG or WebP as it is stored, and leaves the rest to be redrawn', async () => {
    expect(pictureSentAsStored(await photo())?.type).toBe('image/jpeg');
    expect(pictureSentAsStored(await webpPhoto())?.type).toBe('image/webp');
    // Stored sideways: the processor would turn it by the EXIF this leaves out, so the page turns it itself.
    expect(pictureSentAsStored(await photo({ orientation: 6 }))).toBeNull();
    // Larger than the processor's working size: scaled down by the redraw.
    expect(pictureSentAsStored(await photo({ width: photoUpload.storedLongestSidePx + 4 }))).toBeNull();
    // Larger than the page's redrawn copy (1600 px) but within the working size: its own pixels, which give the file's
    // own floor, rather than a redraw that moves it (decision 025, session 18).
    const between = await camera({ width: 1920 }).jpeg({ quality: 20 }).toBuffer();
    expect(photoUpload.longestSidePx).toBeLessThan(1920);
    expect(between.length).toBeLessThanOrEqual(photoUpload.targetBytes);
    expect(pictureSentAsStored(between)?.facts).toEqual({ width: 1920, height: 1440, orientation: 1 });
    // Heavier than the byte target: encoded again, lighter.
    const heavy = await camera({ width: 2000 }).jpeg({ quality: 100 }).toBuffer();
    expect(heavy.length).toBeGreaterThan(photoUpload.targetBytes);
    expect(pictureSentAsStored(heavy)).toBeNull();
    expect(
      pictureSentAsStored(
        await sharp(await photo())
          .png()
          .toBuffer(),
      ),
    ).toBeNull();
  });
});
