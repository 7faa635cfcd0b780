import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoWithoutMetadata } from './photo-without-metadata';
import { preparePhoto } from './prepare-photo';

/**
 * The page reads the visitor's file byte by byte before sending it (photo-without-metadata.ts), so any file at all,
 * damaged or made up, must get an answer: the picture without its metadata, or null (then the page redraws it or
 * sends it as chosen). Deterministic mutations of real encoder output (fixed seeds: a failure names its seed and
 * repeats), checked for what every answer must be. A reader that loops would hang here until the test times out.
 */

/** mulberry32: a small seeded generator, so every run tries the same files. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n: number) => Math.floor(next() * n) };
}

type Random = ReturnType<typeof generator>;

/** One damaged copy: bytes changed, cut short, cut out, repeated, length fields set to extremes, or noise appended. */
function mutate(source: Uint8Array, random: Random): Uint8Array<ArrayBuffer> {
  let bytes = Uint8Array.from(source);
  const rounds = 1 + random.below(4);
  for (let round = 0; round < rounds; round++) {
    const at = random.below(Math.max(1, bytes.length));
    switch (random.below(7)) {
      case 0: // a few bytes changed
        for (let i = 0; i < 1 + random.below(8); i++) bytes[random.below(bytes.length)] = random.below(256);
        break;
      case 1: // cut short
        bytes = bytes.slice(0, at);
        break;
      case 2: // a piece cut out
        bytes = Uint8Array.from([...bytes.subarray(0, at), ...bytes.subarray(at + 1 + random.below(64))]);
        break;
      case 3: // a piece repeated
        bytes = Uint8Array.from([
          ...bytes.subarray(0, at + 64),
          ...bytes.subarray(at, at + 64),
          ...bytes.subarray(at + 64),
        ]);
        break;
      case 4: // a 16- or 32-bit length at a marker or chunk set to 0, 1, 2 or its largest value
        if (at + 4 < bytes.length)
          bytes.set(
            [
              [0, 0],
              [0, 1],
              [0, 2],
              [0xff, 0xff],
            ][random.below(4)]!,
            at + 2,
          );
        break;
      case 5: // a marker byte planted
        if (at + 1 < bytes.length)
          bytes.set([0xff, [0xd8, 0xd9, 0xda, 0xe1, 0xc0, 0xff, 0x00, 0xd0][random.below(8)]!], at);
        break;
      default: // noise after the end
        bytes = Uint8Array.from([...bytes, ...Array.from({ length: random.below(200) }, () => random.below(256))]);
    }
  }
  return bytes;
}

/** What every non-null answer must be: a whole JPEG or a RIFF WebP whose size field is right, with a real size. */
function expectWellFormed(input: Uint8Array, seed: number): boolean {
  const picture = photoWithoutMetadata(input);
  if (!picture) return false;
  const { bytes, type, facts } = picture;
  const where = `seed ${seed}`;
  expect(
    Number.isInteger(facts.width) && facts.width > 0 && Number.isInteger(facts.height) && facts.height > 0,
    where,
  ).toBe(true);
  expect(bytes.length, where).toBeLessThanOrEqual(input.length + 1);
  if (type === 'image/jpeg') {
    expect([bytes[0], bytes[1], bytes.at(-2), bytes.at(-1)], where).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  } else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(String.fromCharCode(...bytes.subarray(0, 4), ...bytes.subarray(8, 12)), where).toBe('RIFFWEBP');
    expect(view.getUint32(4, true), where).toBe(bytes.length - 8);
  }
  // Leaving the metadata out again changes nothing: the answer is itself a picture this reader follows.
  expect(photoWithoutMetadata(bytes)?.bytes, where).toEqual(bytes);
  return true;
}

const SEEDS = Array.from({ length: 400 }, (_, i) => i + 1);
let sources: Uint8Array[] = [];

beforeAll(async () => {
  const pixels = Buffer.alloc(96 * 72 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const camera = () =>
    sharp(pixels, { raw: { width: 96, height: 72, channels: 3 } }).withExif({
      IFD0: { Make: 'FixturePhone', Orientation: '1' },
    });
  sources = (
    await Promise.all([
      camera().jpeg({ quality: 80 }).toBuffer(),
      camera().jpeg({ quality: 80, progressive: true }).toBuffer(),
      camera().withIccProfile('p3').webp({ quality: 80 }).toBuffer(),
      camera().webp({ lossless: true }).toBuffer(),
    ])
  ).map((buffer) => new Uint8Array(buffer));
});

describe('photoWithoutMetadata on damaged and made-up files', () => {
  it('answers every mutation of real JPEGs and WebPs with null or a well-formed picture', () => {
    let pictures = 0;
    for (const seed of SEEDS) {
      const random = generator(seed);
      if (expectWellFormed(mutate(sources[seed % sources.length]!, random), seed)) pictures++;
    }
    // Many damaged files still read as a picture (a changed byte in a scan, noise after the end), so the checks above
    // were made on real answers, not only on nulls.
    expect(pictures).toBeGreaterThan(SEEDS.length / 10);
  });

  it('answers headers followed by noise, and noise alone', () => {
    for (const seed of SEEDS) {
      const random = generator(seed);
      const noise = Array.from({ length: random.below(4096) }, () => random.below(256));
      const riffSize = random.below(2) ? noise.length + 4 : random.below(0x7fffffff);
      const headers = [
        [],
        [0xff, 0xd8],
        [0xff, 0xd8, 0xff, 0xe1],
        [0x52, 0x49, 0x46, 0x46, ...[0, 8, 16, 24].map((shift) => (riffSize >>> shift) & 0xff), 0x57, 0x45, 0x42, 0x50],
      ];
      expectWellFormed(Uint8Array.from([...headers[seed % headers.length]!, ...noise]), seed);
    }
  });
});

describe('preparePhoto on damaged files', () => {
  it('always resolves with a data URL to send, never throws', async () => {
    for (const seed of SEEDS.slice(0, 60)) {
      const bytes = mutate(sources[seed % sources.length]!, generator(seed));
      const prepared = await preparePhoto(new File([bytes], 'room.jpg', { type: 'image/jpeg' }));
      expect(prepared.dataUrl, `seed ${seed}`).toMatch(/^data:image\/(jpeg|webp);base64,/);
    }
  });
});
