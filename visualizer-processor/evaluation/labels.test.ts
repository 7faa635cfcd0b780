import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LABELS_DIR } from './evaluation-paths.ts';
import { readLabel, readManifest } from './load-real-set.ts';
import { rasteriseLabel } from './rasterise-label.ts';

describe('the committed evaluation labels', () => {
  it('cover exactly the manifest, at its upright sizes, each with some floor and some non-floor', async () => {
    const manifest = await readManifest();
    const files = (await readdir(LABELS_DIR)).filter((file) => file.endsWith('.json')).sort();
    expect(files).toEqual(manifest.photos.map((photo) => `${photo.id}.json`).sort());
    for (const photo of manifest.photos) {
      const label = await readLabel(photo.id);
      expect([label.width, label.height], photo.id).toEqual([photo.width, photo.height]);
      const mask = rasteriseLabel(label);
      const floor = mask.mask.reduce((sum, value) => sum + (value ? 1 : 0), 0);
      expect(floor, photo.id).toBeGreaterThan(0);
      expect(floor, photo.id).toBeLessThan(mask.mask.length);
    }
  });

  it('give every photo a source commit, a licence and an attribution', async () => {
    const manifest = await readManifest();
    const ids = manifest.photos.map((photo) => photo.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const photo of manifest.photos) expect(photo.file.startsWith(photo.id)).toBe(true);
  });
});
