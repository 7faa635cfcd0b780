import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTfliteModel } from './tflite-runtime.mjs';

/** A fresh copy of the module (no model loaded, nothing counted): the warm-up depends on what came first. */
async function freshSegmenter() {
  vi.resetModules();
  return import('./scene-segmenter.ts');
}

describe('warming up the segmenter', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('runs the network once on each of its threads when no photo is waiting, so the first photo finds them warm', async () => {
    const segmenter = await freshSegmenter();
    await segmenter.warmUpSegmenter();
    expect(segmenter.classificationCount()).toBe(segmenter.NETWORK_THREADS);
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

describe('the network on its threads', () => {
  it('gives images asked for at once, whichever thread runs each, the classes one interpreter gives them in turn', async () => {
    const segmenter = await freshSegmenter();
    const side = segmenter.SEGMENTER_SIZE;
    // Four different scenes: bands of colour at different angles, so every image has several classes.
    const images = [0, 1, 2, 3].map((k) => {
      const rgb = new Uint8Array(side * side * 3);
      for (let y = 0; y < side; y++) {
        for (let x = 0; x < side; x++) {
          const band = Math.floor(((k + 1) * x + (4 - k) * y) / 160) % 3;
          rgb.set(band === 0 ? [150, 190, 235] : band === 1 ? [70, 45, 30] : [200, 200, 190], (y * side + x) * 3);
        }
      }
      return rgb;
    });
    const together = await Promise.all(images.map((rgb) => segmenter.classifyPixels(rgb)));
    const model = await loadTfliteModel(await readFile(segmenter.MODEL_FILE));
    try {
      for (const [i, rgb] of images.entries()) {
        model.inputs[0]!.data().set(rgb);
        model.run();
        expect(Array.from(together[i]!)).toEqual(Array.from(model.outputs[0]!.data()));
      }
    } finally {
      model.dispose();
    }
    expect(new Set(together.map((classes) => classes.join())).size).toBe(4);
  });

  it('says when every thread has an image, before any of them answers: the caller’s thread is free meanwhile', async () => {
    const segmenter = await freshSegmenter();
    const side = segmenter.SEGMENTER_SIZE;
    let busy = false;
    const told = segmenter.whenNetworkBusy().then(() => {
      busy = true;
    });
    const answeredWhileBusy = await Promise.all(
      Array.from({ length: segmenter.NETWORK_THREADS }, (_, i) =>
        segmenter.classifyPixels(new Uint8Array(side * side * 3).fill(60 + 40 * i)).then(() => busy),
      ),
    );
    await told;
    expect(answeredWhileBusy).toEqual(answeredWhileBusy.map(() => true));
  });
});
