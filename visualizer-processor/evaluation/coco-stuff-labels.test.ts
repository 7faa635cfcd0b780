import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeCocoRle, encodeCocoRle } from './coco-rle.ts';
import { cocoStuffLabel, deriveCocoStuffLabel, type CocoStuffLabelRecipe } from './coco-stuff-labels.ts';

// A 4×3 image whose floor COCO-Stuff split into wood (left column) and tile (bottom row), with a wall beside them.
const WIDTH = 4;
const HEIGHT = 3;
const mask = (set: (x: number, y: number) => boolean) => Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => (set(i % WIDTH, Math.floor(i / WIDTH)) ? 1 : 0));
const wood = mask((x) => x === 0);
const tile = mask((_, y) => y === HEIGHT - 1);
const wall = mask((x, y) => x > 0 && y < HEIGHT - 1);
const segment = (imageId: number, categoryId: number, set: Uint8Array) => {
  const { size, counts } = encodeCocoRle(set, WIDTH, HEIGHT);
  return { image_id: imageId, category_id: categoryId, segmentation: { size: JSON.stringify(size), counts } };
};
const annotationFile = Buffer.from(
  JSON.stringify({
    images: [{ id: 7, width: WIDTH, height: HEIGHT }],
    annotations: [segment(7, 118, wood), segment(7, 117, tile), segment(7, 171, wall)],
  }),
);
const recipe = (categories: CocoStuffLabelRecipe['categories']): CocoStuffLabelRecipe => ({
  id: 'room-coco-7',
  annotations: 'stuff_val2017.json',
  imageId: 7,
  categories,
  source: 'test annotations',
  notes: 'made up',
});

const scratch = mkdtempSync(path.join(os.tmpdir(), 'coco-stuff-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('COCO-Stuff labels derived at import', () => {
  it('are the union of the named floor classes of one image, in COCO RLE at its size', async () => {
    const label = await cocoStuffLabel(recipe(['floor-wood', 'floor-tile']), annotationFile);
    expect(label).toMatchObject({ id: 'room-coco-7', width: WIDTH, height: HEIGHT, rugs: [], source: 'test annotations', notes: 'made up' });
    expect(Array.from(decodeCocoRle(label.floor as never))).toEqual(Array.from(mask((x, y) => x === 0 || y === HEIGHT - 1)));
  });

  it('refuse an image that lacks a class the recipe names, rather than scoring a smaller floor', async () => {
    await expect(cocoStuffLabel(recipe(['floor-wood', 'floor-marble']), annotationFile)).rejects.toThrow(/has 1 of the 2 classes floor-wood, floor-marble/);
  });

  it('read a label map PNG as class id minus 1 per pixel', async () => {
    const grey = Buffer.from(Array.from({ length: WIDTH * HEIGHT }, (_, i) => (tile[i] ? 116 : wood[i] ? 100 : 170)));
    const png = await sharp(grey, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } }).png().toBuffer();
    const label = await cocoStuffLabel({ id: 'room-coco-8', labelMap: '000000001993.png', categories: ['carpet'], source: 's', notes: 'n' }, png);
    expect(Array.from(decodeCocoRle(label.floor as never))).toEqual(Array.from(mask((x, y) => x === 0 && y < HEIGHT - 1)));
  });

  it('refuse a dataset file that is not the pinned one', async () => {
    writeFileSync(path.join(scratch, 'stuff_val2017.json'), annotationFile);
    await expect(deriveCocoStuffLabel(recipe(['floor-wood']), scratch)).rejects.toThrow(/stuff_val2017\.json is not the pinned file \(sha256 [0-9a-f]{64}, expected 862fc385/);
  });
});
