import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COCO_STUFF_LABELS } from './coco-stuff-labels.ts';
import { COCO_STUFF_LABELS_DIR, LABELS_DIR } from './evaluation-paths.ts';
import { readLabel, readManifest } from './load-real-set.ts';
import { rasteriseLabel } from './rasterise-label.ts';

describe('the evaluation labels', () => {
  it('ours are committed for every hand-labelled photo, COCO-Stuff gives the rest, and nothing else', async () => {
    const manifest = await readManifest();
    const committed = (await readdir(LABELS_DIR)).filter((file) => file.endsWith('.json')).sort();
    const handLabelled = manifest.photos.filter((photo) => photo.labels !== 'coco-stuff');
    expect(committed).toEqual(handLabelled.map((photo) => `${photo.id}.json`).sort());
    const fromDataset = manifest.photos.filter((photo) => photo.labels === 'coco-stuff').map((photo) => photo.id);
    expect(COCO_STUFF_LABELS.map((recipe) => recipe.id).sort()).toEqual(fromDataset.sort());
  });

  it('fit their photos (upright size) with some floor and some non-floor; the COCO-Stuff ones once imported', async () => {
    const manifest = await readManifest();
    let checked = 0;
    for (const photo of manifest.photos) {
      if (photo.labels === 'coco-stuff' && !existsSync(path.join(COCO_STUFF_LABELS_DIR, `${photo.id}.json`))) continue;
      const label = await readLabel(photo.id);
      expect([label.width, label.height], photo.id).toEqual([photo.width, photo.height]);
      const mask = rasteriseLabel(label);
      const floor = mask.mask.reduce((sum, value) => sum + (value ? 1 : 0), 0);
      expect(floor, photo.id).toBeGreaterThan(0);
      expect(floor, photo.id).toBeLessThan(mask.mask.length);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(manifest.photos.length - COCO_STUFF_LABELS.length);
  });

  it('give every photo a source commit, a licence and an attribution', async () => {
    const manifest = await readManifest();
    const ids = manifest.photos.map((photo) => photo.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const photo of manifest.photos) expect(photo.file.startsWith(photo.id)).toBe(true);
  });
});
