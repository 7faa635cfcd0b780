import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURE_DIR } from '../../fixtures/make-fixtures.ts';
import { decodePhoto } from '../../src/decode-photo.ts';
import { SRGB_TO_LINEAR } from '../rendering/color-space.ts';
import { findFloorWithSegmenter } from './find-floor-with-segmenter.ts';
import { guideWork } from './guide-work.mjs';
import { PHOTO_COLOUR_LIMITS } from './photo-colours.ts';
import * as segmenter from './scene-segmenter.ts';

// The floor steps' guide work goes through this spy, so a test can make the thread fail or never begin it.
vi.mock('./scene-segmenter.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./scene-segmenter.ts')>();
  return { ...actual, guideWorkOnNetworkThread: vi.fn(actual.guideWorkOnNetworkThread) };
});
const onThread = vi.mocked(segmenter.guideWorkOnNetworkThread);

/** A network pass is real here (two threads, four runs): generous, as for every test that runs the network. */
const NETWORK_RUNS_HANG_GUARD_MS = 180_000;

/** A photo with furniture and a rug, so the superpixels' colour test and the guided filter both have work. */
async function room() {
  return decodePhoto(await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg')));
}

/** A made-up guide copy: a wall, a floor and a chair's colours, with a little texture. */
function madeUpGuide(width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour =
        y < height * 0.45
          ? [214, 206, 190]
          : x > width * 0.3 && x < width * 0.45 && y < height * 0.8
            ? [60, 40, 32]
            : [150, 110, 70];
      for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = colour[c]! + ((x * 7 + y * 13 + c) % 9);
    }
  }
  return rgb;
}

describe("the floor steps' guide work on a network thread", () => {
  it(
    'is the window means and superpixels this thread makes, answered after the photo runs asked before it',
    async () => {
      const side = segmenter.SEGMENTER_SIZE;
      const [width, height] = [96, 72];
      const rgb = madeUpGuide(width, height);
      const values = new Float32Array(width * height);
      for (let i = 0; i < values.length; i++)
        values[i] = (0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!) / 255;
      const request = {
        brightness: { width, height, values },
        radius: 5,
        grid: { rgb, width, height, limits: PHOTO_COLOUR_LIMITS, toLinear: SRGB_TO_LINEAR },
      };
      const answered: string[] = [];
      const runs = Array.from({ length: 2 * segmenter.NETWORK_THREADS }, (_, i) =>
        segmenter
          .classifyPixels(new Uint8Array(side * side * 3).fill(40 + 30 * i))
          .then(() => answered.push(`run ${i}`)),
      );
      const work = await segmenter.guideWorkOnNetworkThread(request).then((done) => {
        answered.push('guide');
        return done;
      });
      await Promise.all(runs);
      const here = guideWork(request);
      expect(work.means!.meanI.length).toBe(width * height);
      expect(work.regions!.count).toBeGreaterThan(4);
      expect(work).toEqual(here);
      // Every run but those the other threads still had when one of them took the guide work came first.
      expect(answered.indexOf('guide')).toBeGreaterThanOrEqual(answered.length - segmenter.NETWORK_THREADS);
    },
    NETWORK_RUNS_HANG_GUARD_MS,
  );

  it(
    'gives the floor the steps would make themselves, and the steps make it themselves when the thread fails',
    async () => {
      const photo = await room();
      const calls = onThread.mock.calls.length;
      const fromThread = await findFloorWithSegmenter(photo);
      // The work was asked of a thread, and the thread answered it.
      expect(onThread.mock.calls.length).toBe(calls + 1);
      await expect(onThread.mock.results.at(-1)!.value).resolves.toMatchObject({
        means: expect.anything(),
        regions: expect.anything(),
      });

      onThread.mockImplementationOnce(() => Promise.reject(new Error("The network's thread stopped (exit code 1)")));
      const madeHere = await findFloorWithSegmenter(photo);
      expect(onThread.mock.calls.length).toBe(calls + 2);
      expect(madeHere.mask.includes(255)).toBe(true);
      expect(Buffer.from(madeHere.mask).equals(Buffer.from(fromThread.mask))).toBe(true);
    },
    NETWORK_RUNS_HANG_GUARD_MS,
  );

  it(
    'is taken back by the first step that needs it when no thread has begun it (busy with another photo), and made here',
    async () => {
      const photo = await room();
      const fromThread = await findFloorWithSegmenter(photo);
      // A job that stays in the queue: it is answered only by being taken back.
      let takenBack = false;
      onThread.mockImplementationOnce(
        (_request, takeBack) =>
          new Promise((_resolve, reject) =>
            takeBack?.addEventListener('abort', () => {
              takenBack = true;
              reject(new Error('Taken back before a network thread began'));
            }),
          ),
      );
      const madeHere = await findFloorWithSegmenter(photo);
      expect(takenBack).toBe(true);
      expect(Buffer.from(madeHere.mask).equals(Buffer.from(fromThread.mask))).toBe(true);
    },
    NETWORK_RUNS_HANG_GUARD_MS,
  );
});
