import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoLineSegments } from '../rendering/detect-line-segments.mjs';
import { loadTfliteModel } from './tflite-runtime.mjs';
import { convertTfliteToOnnx } from './tflite-to-onnx.mjs';

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

  it('starts a photo’s run before background runs still waiting (the engine’s rehearsal makes way for a photo)', async () => {
    const segmenter = await freshSegmenter();
    const side = segmenter.SEGMENTER_SIZE;
    const answered: string[] = [];
    const ask = (name: string, grey: number) =>
      segmenter.classifyPixels(new Uint8Array(side * side * 3).fill(grey)).then(() => answered.push(name));
    // Enough background runs that some still wait when the photo's is asked for, whatever the number of threads.
    const count = segmenter.NETWORK_THREADS * 4;
    const background = segmenter.inBackground(() =>
      Promise.all(Array.from({ length: count }, (_, i) => ask(`background ${i}`, 40 + 10 * i))),
    );
    await segmenter.whenNetworkBusy();
    await Promise.all([ask('photo', 200), background]);
    // Every thread had a background run when the photo's was asked for, and the next free thread took the photo's:
    // it is answered long before the last background runs (asked for last, it would be answered after all but at
    // most one thread's last).
    expect(answered.indexOf('photo')).toBeLessThan(count - segmenter.NETWORK_THREADS);
    expect(answered).toHaveLength(count + 1);
  });
});

describe('the photo’s line segments on a network thread', () => {
  /** Grey levels of a made-up room: a floor, a wall and a door's frame, with a little texture. */
  function greyRoom(width: number, height: number): Float32Array {
    const gray = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const wall = y < 0.55 * height + 0.1 * (x - width / 2) * 0.3;
        const door = x > 0.6 * width && x < 0.75 * width && y > 0.15 * height && wall;
        gray[y * width + x] = (door ? 60 : wall ? 200 : 120) + ((x * 7 + y * 13) % 5);
      }
    }
    return gray;
  }

  it('are the segments this thread finds, found once the photo’s runs asked for before them are answered', async () => {
    const segmenter = await freshSegmenter();
    const side = segmenter.SEGMENTER_SIZE;
    const gray = greyRoom(768, 576);
    const answered: string[] = [];
    const runs = Array.from({ length: 2 * segmenter.NETWORK_THREADS }, (_, i) =>
      segmenter.classifyPixels(new Uint8Array(side * side * 3).fill(50 + 30 * i)).then(() => answered.push(`run ${i}`)),
    );
    const lines = await segmenter.photoLinesOnNetworkThread(gray, 768, 576).then((found) => {
      answered.push('lines');
      return found;
    });
    await Promise.all(runs);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines).toEqual(photoLineSegments(gray, 768, 576));
    // Every run but those the other threads still had when one of them took the lines came first.
    expect(answered.indexOf('lines')).toBeGreaterThanOrEqual(answered.length - segmenter.NETWORK_THREADS);
  });

  it('starts no thread: refused when the network has not been started, so the caller finds them itself', async () => {
    const segmenter = await freshSegmenter();
    await expect(segmenter.photoLinesOnNetworkThread(greyRoom(64, 48), 64, 48)).rejects.toThrow(/not running/);
    expect(segmenter.classificationCount()).toBe(0);
  });

  it('gives them back when taken back before a thread began, and the runs ahead of them are still answered', async () => {
    const segmenter = await freshSegmenter();
    const side = segmenter.SEGMENTER_SIZE;
    const runs = Array.from({ length: 2 * segmenter.NETWORK_THREADS }, (_, i) => segmenter.classifyPixels(new Uint8Array(side * side * 3).fill(70 + 20 * i)));
    await segmenter.whenNetworkBusy();
    const takeBack = new AbortController();
    const lines = segmenter.photoLinesOnNetworkThread(greyRoom(64, 48), 64, 48, takeBack.signal);
    takeBack.abort();
    await expect(lines).rejects.toThrow(/Taken back/);
    expect(await Promise.all(runs)).toHaveLength(2 * segmenter.NETWORK_THREADS);
  });
});

describe('the runtime under the network', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** Bands of colour, so the image has several classes. */
  function bands(side: number): Uint8Array {
    const rgb = new Uint8Array(side * side * 3);
    for (let i = 0; i < side * side; i++) rgb.set(Math.floor(((i % side) + 2 * Math.floor(i / side)) / 200) % 2 ? [150, 190, 235] : [70, 45, 30], i * 3);
    return rgb;
  }

  it('is ONNX Runtime where onnxruntime-node loads, and the interpreter when asked for, with the same classes', async () => {
    const native = await freshSegmenter();
    const rgb = bands(native.SEGMENTER_SIZE);
    expect(await native.networkRuntime()).toBe('onnx');
    const fromNative = await native.classifyPixels(rgb);
    vi.stubEnv('FLOOR_NETWORK_RUNTIME', 'tflite');
    const interpreted = await freshSegmenter();
    expect(await interpreted.networkRuntime()).toBe('tflite');
    expect(Array.from(await interpreted.classifyPixels(rgb))).toEqual(Array.from(fromNative));
  });

  it('refuses a runtime it does not know, naming the two it does', async () => {
    vi.stubEnv('FLOOR_NETWORK_RUNTIME', 'gpu');
    const segmenter = await freshSegmenter();
    await expect(segmenter.classifyPixels(bands(segmenter.SEGMENTER_SIZE))).rejects.toThrow(/"onnx" \(the default\) or "tflite"/);
  });

  it('has a thread that cannot load onnxruntime-node say so, so that the threads start again on the interpreter', async () => {
    const { SEGMENTER_SIZE, MODEL_FILE } = await freshSegmenter();
    const network = convertTfliteToOnnx(await readFile(MODEL_FILE));
    const thread = new Worker(path.join(path.dirname(fileURLToPath(import.meta.url)), 'network-thread.mjs'), { execArgv: [] });
    try {
      const answer = new Promise((resolve) => thread.once('message', resolve));
      thread.postMessage({ runtime: 'onnx', network, side: SEGMENTER_SIZE, runtimePackage: 'onnxruntime-node-not-installed' });
      expect(await answer).toMatchObject({ kind: 'failed', runtimeUnavailable: true, message: expect.stringMatching(/onnxruntime-node cannot load/) });
    } finally {
      await thread.terminate();
    }
  });
});
