import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEIC_FIXTURE, heicWithExif } from '../fixtures/make-heic-fixture.ts';
import { FIXTURE_DIR } from '../fixtures/make-fixtures.ts';
import { decodePhoto } from './decode-photo.ts';
import { fileWithoutPosition } from '../../src/features/visualizer/utils/file-without-position.ts';

/**
 * A photo the browser cannot decode (HEIC outside Safari) is sent as chosen, so its EXIF GPS position must be blanked
 * in the file itself (decision 025, session 25). Read back with what the processor reads EXIF with (sharp, libheif
 * inside) and decoded with the processor's own decodePhoto; here, not beside the page's code, as the unit project's
 * jsdom cannot run libheif's WebAssembly.
 */
const fixture = (name: string) => readFile(path.join(FIXTURE_DIR, name));

/** room-gps.jpg's EXIF block (its GPS position 39°48'30" N, 75°2'15" W) in an Exif item of the HEIC fixture. */
async function heicWithPosition(): Promise<{ heic: Buffer; exif: Buffer }> {
  const exif = (await sharp(await fixture('room-gps.jpg')).metadata()).exif!;
  return { heic: heicWithExif(await fixture(HEIC_FIXTURE), exif), exif };
}

/** The latitude's three rationals (39/1 48/1 3000/100) as the little-endian EXIF stores them. */
function latitudeRationals(): Buffer {
  const bytes = Buffer.alloc(24);
  [39, 1, 48, 1, 3000, 100].forEach((value, index) => bytes.writeUInt32LE(value, index * 4));
  return bytes;
}
const longitudeRationals = () => {
  const bytes = Buffer.alloc(24);
  [75, 1, 2, 1, 1500, 100].forEach((value, index) => bytes.writeUInt32LE(value, index * 4));
  return bytes;
};

/** The GPS directory's entry count, found through IFD0's GPS pointer (tag 0x8825), or null when there is none. */
function gpsEntries(exif: Buffer): number | null {
  const tiff = exif.subarray(6); // after "Exif\0\0"; the fixture's TIFF is little-endian
  const ifd0 = tiff.readUInt32LE(4);
  for (let i = 0; i < tiff.readUInt16LE(ifd0); i++) {
    const entry = ifd0 + 2 + 12 * i;
    if (tiff.readUInt16LE(entry) === 0x8825) return tiff.readUInt16LE(tiff.readUInt32LE(entry + 8));
  }
  return null;
}

describe('fileWithoutPosition', () => {
  it("blanks a HEIC's GPS position in place: no position left, the camera kept, the same picture decoded", async () => {
    const { heic, exif } = await heicWithPosition();
    const before = (await sharp(heic).metadata()).exif!;
    // The file really carries the position where the processor reads EXIF.
    expect(before.equals(exif)).toBe(true);
    expect(gpsEntries(before)).toBe(4);
    expect(before.includes(latitudeRationals())).toBe(true);

    const blanked = fileWithoutPosition(heic);
    expect(blanked.positions).toBe(1);
    const after = Buffer.from(blanked.bytes);
    expect(after.length).toBe(heic.length);
    // Only bytes inside the EXIF item changed (it is the file's last bytes, after the picture).
    const firstChange = after.findIndex((byte, index) => byte !== heic[index]);
    expect(firstChange).toBeGreaterThan(heic.length - exif.length);

    const read = (await sharp(after).metadata()).exif!;
    expect(gpsEntries(read)).toBe(0);
    expect(read.includes(latitudeRationals())).toBe(false);
    expect(read.includes(longitudeRationals())).toBe(false);
    expect(read.includes(Buffer.from('N\0', 'latin1'))).toBe(false);
    expect(read.toString('latin1')).toContain('FixturePhone'); // what the notice says still goes with it

    const [original, sent] = await Promise.all([decodePhoto(heic), decodePhoto(after)]);
    expect([sent.width, sent.height]).toEqual([original.width, original.height]);
    expect(Buffer.from(sent.pixels).equals(Buffer.from(original.pixels))).toBe(true);
  });

  it('blanks an XMP item (which can hold the position too) with spaces, and the file still decodes', async () => {
    const exif = (await sharp(await fixture('room-gps.jpg')).metadata()).exif!;
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="39,48.5N"/></rdf:RDF></x:xmpmeta>';
    const heic = heicWithExif(await fixture(HEIC_FIXTURE), exif, xmp);
    expect((await sharp(heic).metadata()).xmpAsString).toContain('GPSLatitude');
    const result = fileWithoutPosition(heic);
    expect(result.positions).toBe(2);
    const sent = Buffer.from(result.bytes);
    expect(sent.includes('GPSLatitude')).toBe(false);
    expect(sent.includes(' '.repeat(xmp.length))).toBe(true);
    expect(sent.includes(latitudeRationals())).toBe(false);
    expect((await decodePhoto(sent)).width).toBe((await decodePhoto(heic)).width);
  });

  it('leaves the chosen file untouched (a copy is blanked) and a HEIC without EXIF as it is', async () => {
    const { heic } = await heicWithPosition();
    const kept = Buffer.from(heic);
    fileWithoutPosition(heic);
    expect(heic.equals(kept)).toBe(true);

    const plain = await fixture(HEIC_FIXTURE);
    const result = fileWithoutPosition(plain);
    expect(result.positions).toBe(0);
    expect(Buffer.from(result.bytes).equals(plain)).toBe(true);
  });

  it('blanks the whole EXIF payload when its TIFF cannot be followed, and the file still decodes', async () => {
    const { heic, exif } = await heicWithPosition();
    const broken = Buffer.from(heic);
    const tiff = broken.length - exif.length + 6;
    broken.writeUInt32LE(0xfffffff0, tiff + 4); // IFD0 points outside the EXIF
    const blanked = Buffer.from(fileWithoutPosition(broken).bytes);
    expect(blanked.subarray(broken.length - exif.length - 4).every((byte) => byte === 0)).toBe(true);
    expect(blanked.includes(latitudeRationals())).toBe(false);
    expect((await decodePhoto(blanked)).width).toBe((await decodePhoto(heic)).width);
  });

  it("still finds the EXIF by its header when the file's boxes cannot be followed", async () => {
    const { heic } = await heicWithPosition();
    const odd = Buffer.from(heic);
    const iloc = odd.indexOf('iloc', 0, 'latin1');
    odd[iloc + 4] = 9; // an iloc version no reader knows
    const result = fileWithoutPosition(odd);
    expect(result.positions).toBe(1);
    expect(Buffer.from(result.bytes).includes(latitudeRationals())).toBe(false);
  });

  it("blanks a TIFF's position (room-gps.jpg's EXIF is a TIFF structure) and a JPEG's, and leaves a PNG as it is", async () => {
    const { exif } = await heicWithPosition();
    const tiff = exif.subarray(6);
    const result = fileWithoutPosition(tiff);
    expect(result.positions).toBe(1);
    expect(gpsEntries(Buffer.concat([exif.subarray(0, 6), result.bytes]))).toBe(0);
    expect(Buffer.from(result.bytes).includes(latitudeRationals())).toBe(false);

    const jpeg = await fixture('room-gps.jpg');
    expect(jpeg.includes(latitudeRationals())).toBe(true);
    const sent = Buffer.from(fileWithoutPosition(jpeg).bytes);
    expect(sent.includes(latitudeRationals())).toBe(false);
    expect(gpsEntries((await sharp(sent).metadata()).exif!)).toBe(0);

    const png = await fixture('room-tile.png');
    expect(fileWithoutPosition(png).positions).toBe(0);
    expect(Buffer.from(fileWithoutPosition(png).bytes).equals(png)).toBe(true);
  });
});
