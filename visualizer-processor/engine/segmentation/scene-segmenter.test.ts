import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (no model loaded, nothing counted): the warm-up depends on what came first. */
async function freshSegmenter() {
  vi.resetModules();
  return import('./scene-segmenter.ts');
}

describe('warming up the segmenter', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('runs the network once on its own when no photo is waiting, so the first photo finds it warm', async () => {
    const segmenter = await freshSegmenter();
    await segmenter.warmUpSegmenter();
    expect(segmenter.classificationCount()).toBe(1);
  });

  it('skips its own run when a photo asked for the network while it was loading', async () => {
    const segmenter = await freshSegmenter();
    const side = segmenter.SEGMENTER_SIZE;
    const warming = segmenter.warmUpSegmenter();
    const classes = await segmenter.classifyPixels(new Uint8Array(side * side * 3).fill(90));
    await warming;
    expect(classes).toHaveLength(side * side);
    expect(segmenter.classificationCount()).toBe(1);
  });

  it('skips its own run when a floor finder announced a photo before the model was ready', async () => {
    const segmenter = await freshSegmenter();
    const warming = segmenter.warmUpSegmenter();
    segmenter.announcePhoto();
    await warming;
    expect(segmenter.classificationCount()).toBe(0);
  });
});
