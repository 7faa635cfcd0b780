import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { WOOD_STYLE_IDS } from '../../contracts/wood-styles.ts';
import { FIXTURE_DIR, ROOM_FIXTURES } from '../fixtures/make-fixtures.ts';
import { decodePhoto } from '../src/decode-photo.ts';
import { createOfflineFloorEngine } from './offline-floor-engine.ts';
import { classificationCount, warmUpSegmenter, whenNetworkBusy } from './segmentation/scene-segmenter.ts';

/**
 * Measured on the committed fixtures with the segmentation network: IoU 0.94–0.97 (carpet 0.95, tile 0.97,
 * concrete 0.95, gps 0.94). The threshold of 0.9 leaves room for decoder and resampling differences between
 * sharp/libvips versions while still failing on any real regression (a leak into a wall or the furniture
 * costs 0.15–0.6).
 */
const MIN_IOU = 0.9;

async function groundTruth(maskFile: string): Promise<Buffer> {
  return sharp(path.join(FIXTURE_DIR, maskFile)).extractChannel(0).raw().toBuffer();
}

function intersectionOverUnion(a: Buffer, b: Buffer): number {
  let intersection = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const inA = a[i]! >= 128;
    const inB = b[i]! >= 128;
    if (inA && inB) intersection++;
    if (inA || inB) union++;
  }
  return union === 0 ? 0 : intersection / union;
}

/** Ground-truth pixels at least `margin` pixels away from the floor boundary (feathering lives there). */
async function interior(mask: Buffer, width: number, height: number, margin: number, floor: boolean): Promise<Buffer> {
  const source = floor ? mask : Buffer.from(mask.map((v) => 255 - v));
  return sharp(source, { raw: { width, height, channels: 1 } }).erode(margin).extractChannel(0).raw().toBuffer();
}

describe('the offline floor engine', () => {
  const engine = createOfflineFloorEngine();

  it.each(ROOM_FIXTURES)('finds the floor of $file (IoU ≥ 0.9) and lays wood on it only', async (fixture) => {
    const photo = await decodePhoto(await readFile(path.join(FIXTURE_DIR, fixture.file)));
    const result = await engine.visualize(photo, { styles: ['honey-oak'] });

    expect([result.width, result.height]).toEqual([fixture.width, fixture.height]);
    expect(result.mask.length).toBe(fixture.width * fixture.height);
    expect(result.mask.every((value) => value === 0 || value === 255)).toBe(true);
    const truth = await groundTruth(fixture.maskFile);
    expect(intersectionOverUnion(result.mask, truth)).toBeGreaterThanOrEqual(MIN_IOU);

    expect(result.renders.map((render) => render.style)).toEqual(['honey-oak']);
    const image = result.renders[0]!.image;
    const rendered = await sharp(image).metadata();
    expect([rendered.format, rendered.width, rendered.height]).toEqual(['jpeg', fixture.width, fixture.height]);
    const pixels = await sharp(image).raw().toBuffer();
    const floorInterior = await interior(truth, fixture.width, fixture.height, 6, true);
    const otherInterior = await interior(truth, fixture.width, fixture.height, 6, false);
    const meanChange = (where: Buffer) => {
      let total = 0;
      let count = 0;
      for (let i = 0; i < where.length; i++) {
        if (where[i]! < 128) continue;
        for (let c = 0; c < 3; c++) total += Math.abs(pixels[i * 3 + c]! - photo.pixels[i * 3 + c]!);
        count += 3;
      }
      return total / count;
    };
    // Wood differs from carpet, tile or concrete by 20+ levels per channel; elsewhere only JPEG noise remains.
    expect(meanChange(floorInterior)).toBeGreaterThan(15);
    expect(meanChange(otherInterior)).toBeLessThan(3);
  });

  it('lays warmer, wood-coloured pixels on the floor than the grey tile it replaces', async () => {
    const photo = await decodePhoto(await readFile(path.join(FIXTURE_DIR, 'room-tile.png')));
    const result = await engine.visualize(photo, { styles: ['honey-oak'] });
    const stats = await sharp(result.renders[0]!.image).extract({ left: 300, top: 480, width: 120, height: 50 }).stats();
    const [red, green, blue] = stats.channels.map((channel) => channel.mean);
    expect(red! - blue!).toBeGreaterThan(40);
    expect(red!).toBeGreaterThan(green!);
  });

  it('finds the floor once and renders every style from it, each a different wood', async () => {
    const photo = await decodePhoto(await readFile(path.join(FIXTURE_DIR, 'room-tile.png')));
    const found = await engine.findFloor(photo);
    const result = await engine.visualize(photo);
    expect(result.mask.equals(found.mask)).toBe(true);
    expect(result.renders.map((render) => render.style)).toEqual(WOOD_STYLE_IDS);
    const floorMeans = await Promise.all(
      result.renders.map(async (render) => {
        const stats = await sharp(render.image).extract({ left: 300, top: 480, width: 120, height: 50 }).stats();
        return stats.channels.slice(0, 3).map((channel) => Math.round(channel.mean)).join(',');
      }),
    );
    expect(new Set(floorMeans).size).toBe(WOOD_STYLE_IDS.length);
  });

  it('renders onto a floor found earlier without finding it again (a stored rug choice)', async () => {
    const photo = await decodePhoto(await readFile(path.join(FIXTURE_DIR, 'room-tile.png')));
    let searches = 0;
    const counting = createOfflineFloorEngine({
      findFloor: async () => {
        searches++;
        throw new Error('the floor was given');
      },
      prepareStyles: async (_photo, floor) => ({ render: async (styles) => styles.map((style) => ({ style, image: Buffer.from(floor.mask.subarray(0, 4)) })) }),
    });
    const floor = { width: photo.width, height: photo.height, mask: Buffer.alloc(photo.width * photo.height, 255) };
    const result = await counting.visualize(photo, { styles: ['walnut'], floor });
    expect(searches).toBe(0);
    expect(result.mask).toBe(floor.mask);
    expect(result.renders).toEqual([{ style: 'walnut', image: Buffer.from([255, 255, 255, 255]) }]);
  });

  it('lays more styles of a visualization from what it prepared for the first, without preparing the floor again', async () => {
    const photo = await decodePhoto(await readFile(path.join(FIXTURE_DIR, 'room-tile.png')));
    const floor = { width: photo.width, height: photo.height, mask: Buffer.alloc(photo.width * photo.height, 255) };
    let preparations = 0;
    const counting = createOfflineFloorEngine({
      findFloor: async () => floor,
      prepareStyles: async () => {
        preparations++;
        return { render: async (styles, seed) => styles.map((style) => ({ style, image: Buffer.from(`${style} seed ${seed}`) })) };
      },
    });
    const first = await counting.visualize(photo, { styles: ['natural-white-oak'], seed: 3 });
    const more = await first.renderMoreStyles!(['walnut', 'hickory']);
    expect(preparations).toBe(1);
    expect(first.renders).toEqual([{ style: 'natural-white-oak', image: Buffer.from('natural-white-oak seed 3') }]);
    expect(more).toEqual([
      { style: 'walnut', image: Buffer.from('walnut seed 3') },
      { style: 'hickory', image: Buffer.from('hickory seed 3') },
    ]);
  });

  it('has V8 make a loop that runs once per photo fast on the spot, not on a background thread', async () => {
    // A fresh process, as the processor is: the engine sets this for the whole process when it is created. tsx by
    // its full address, so the child finds it from any folder the tests start in.
    // V8's own trace says how each loop's fast code was compiled while the loop ran (on-stack replacement).
    const engineModule = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'offline-floor-engine.ts')).href;
    const script = [
      `const { createOfflineFloorEngine } = await import(${JSON.stringify(engineModule)});`,
      "createOfflineFloorEngine({ findFloor: async () => { throw new Error('not asked'); }, prepareStyles: async () => ({ render: async () => [] }) });",
      'function loopOncePerPhoto(n) { let sum = 0; for (let i = 0; i < n; i++) sum = (sum + i * 7) % 1000003; return sum; }',
      'console.log(loopOncePerPhoto(20_000_000));',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--trace-opt', '--import', import.meta.resolve('tsx'), '--input-type=module', '--eval', script], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const loopCompiles = stdout.split('\n').filter((line) => line.includes('loopOncePerPhoto') && line.includes('OSR, mode:'));
    expect(loopCompiles.length).toBeGreaterThan(0);
    expect(loopCompiles.filter((line) => !line.includes('ConcurrencyMode::kSynchronous'))).toEqual([]);
  });

  it.each([
    { shape: 'a 64×40 thumbnail', width: 64, height: 40 },
    { shape: 'an 8:1 panorama', width: 2048, height: 256 },
    { shape: 'a 1:6 tall strip', width: 200, height: 1200 },
  ])('keeps the photo size for $shape: the mask and the render', async ({ width, height }) => {
    const bytes = await sharp(path.join(FIXTURE_DIR, 'room-tile.png')).resize(width, height, { fit: 'fill' }).jpeg().toBuffer();
    const photo = await decodePhoto(bytes);
    const result = await engine.visualize(photo, { styles: ['honey-oak'] });
    expect(result.mask.length).toBe(width * height);
    expect(result.mask.every((value) => value === 0 || value === 255)).toBe(true);
    const rendered = await sharp(result.renders[0]!.image).metadata();
    expect([rendered.width, rendered.height]).toEqual([width, height]);
  });
});

describe('the offline engine rehearsing before its first photo (a processor waiting for photos)', () => {
  const tile = () => readFile(path.join(FIXTURE_DIR, 'room-tile.png')).then((bytes) => decodePhoto(bytes));

  it('finds a made-up room’s floor and lays the default wood when no photo comes, and a photo then gets the same floor and picture', async () => {
    const rehearsing = createOfflineFloorEngine(undefined, { rehearse: true });
    const before = classificationCount();
    expect(await rehearsing.rehearsed).toBe(true);
    // Three times the made-up room's whole photo, its mirror image and the two zoomed quadrants (and the warm-up's grey
    // runs, in a process whose network had not run before).
    expect(classificationCount() - before).toBeGreaterThanOrEqual(3 * 4);
    const photo = await tile();
    const afterRehearsal = await rehearsing.visualize(photo, { styles: ['walnut'] });
    const plain = await createOfflineFloorEngine().visualize(photo, { styles: ['walnut'] });
    expect(afterRehearsal.mask.equals(plain.mask)).toBe(true);
    expect(afterRehearsal.rugsReplacedMask).toEqual(plain.rugsReplacedMask);
    expect(afterRehearsal.renders[0]!.image.equals(plain.renders[0]!.image)).toBe(true);
    // Three rehearsals and two renders: 30 s at load 40.
  }, 180_000);

  it('does not rehearse once a photo has come', async () => {
    const rehearsing = createOfflineFloorEngine(undefined, { rehearse: true });
    const found = rehearsing.findFloor(await tile());
    expect(await rehearsing.rehearsed).toBe(false);
    expect((await found).mask.length).toBeGreaterThan(0);
  });

  it('stops for a photo that comes while it runs, before its next part', async () => {
    const photo = await tile();
    // The network warmed up first, so that the runs which next hold its threads are the made-up room's.
    await warmUpSegmenter();
    const rehearsing = createOfflineFloorEngine(undefined, { rehearse: true });
    const before = classificationCount();
    await whenNetworkBusy();
    expect(classificationCount()).toBeGreaterThan(before);
    const found = rehearsing.findFloor(photo);
    expect(await rehearsing.rehearsed).toBe(false);
    expect((await found).mask.length).toBe(photo.width * photo.height);
  });

  it('does not rehearse once told a photo is on its way, before the photo itself comes (the processor’s upload call)', async () => {
    const rehearsing = createOfflineFloorEngine(undefined, { rehearse: true });
    rehearsing.photoComing!();
    const before = classificationCount();
    expect(await rehearsing.rehearsed).toBe(false);
    // No run of the made-up room's pass was asked for (the warm-up's own grey runs at most).
    expect(classificationCount() - before).toBeLessThan(4);
  });

  it('is not asked of an engine by default (a command given its photo at once)', () => {
    expect(createOfflineFloorEngine().rehearsed).toBeUndefined();
  });
});
