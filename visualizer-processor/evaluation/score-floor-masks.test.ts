import { describe, expect, it } from 'vitest';
import { bottomFortyPercent } from './baseline-masks.ts';
import { emptyMask, floorIoU, type FloorMask } from './floor-mask.ts';
import { scoreFloorMasks, type EvaluationCase, type FloorCorrectionFunction } from './score-floor-masks.ts';

const WIDTH = 50;
const HEIGHT = 40;

function floorFromRow(row: number): FloorMask {
  const mask = emptyMask(WIDTH, HEIGHT);
  mask.mask.fill(255, row * WIDTH);
  return mask;
}

function photoCase(id: string, truth: FloorMask): EvaluationCase {
  return {
    id,
    set: 'rendered',
    photo: { pixels: Buffer.alloc(WIDTH * HEIGHT * 3), width: WIDTH, height: HEIGHT },
    truth,
  };
}

describe('scoreFloorMasks', () => {
  it('reports per-photo IoU, the mean and the share under 0.5 for each set', async () => {
    // The bottom-40 % guess (rows 24-39) against floors starting at row 24 (perfect) and row 36 (IoU 4/16).
    const cases = [photoCase('exact', floorFromRow(24)), photoCase('shallow', floorFromRow(36))];
    const result = await scoreFloorMasks(cases, { predict: bottomFortyPercent });
    expect(result.cases.map((c) => c.iou)).toEqual([1, 0.25]);
    // Shallow: the 12 rows of wall above its floor are one painted piece, 30 % of the photo: not believable.
    expect(result.cases.map((c) => [c.missed, c.painted, c.believable])).toEqual([
      [0, 0, true],
      [0, 0.3, false],
    ]);
    expect(result.summaries).toEqual([
      {
        set: 'rendered',
        photos: 2,
        meanIoU: 0.625,
        fractionUnderHalf: 0.5,
        // Exact: precision 1; shallow: 4 of 16 predicted rows are floor, and 12 rows of 40 are wood outside it.
        meanPrecision: 0.625,
        meanOutside: 0.15,
        overOutsideLimit: ['shallow'],
        believable: 1,
        meanIoUAfterTaps: [],
      },
    ]);
  });

  it('simulates taps at the largest remaining error and passes every tap so far to the correction', async () => {
    const truth = floorFromRow(20);
    // Two missed blobs: 10×10 and 6×6, on a prediction that is otherwise right.
    const predicted = floorFromRow(20);
    for (let y = 24; y < 34; y++) predicted.mask.fill(0, y * WIDTH + 5, y * WIDTH + 15);
    for (let y = 26; y < 32; y++) predicted.mask.fill(0, y * WIDTH + 35, y * WIDTH + 41);
    const received: number[] = [];
    // A correction that fixes a 12×12 square around each tap: enough for the blobs, nothing more.
    const correct: FloorCorrectionFunction = async (_photo, taps) => {
      received.push(taps.length);
      const mask: FloorMask = { ...predicted, mask: Buffer.from(predicted.mask) };
      for (const tap of taps) {
        const cx = Math.floor(tap.x * WIDTH);
        const cy = Math.floor(tap.y * HEIGHT);
        for (let y = Math.max(0, cy - 6); y < Math.min(HEIGHT, cy + 6); y++) {
          for (let x = Math.max(0, cx - 6); x < Math.min(WIDTH, cx + 6); x++)
            mask.mask[y * WIDTH + x] = tap.floor ? 255 : 0;
        }
      }
      return mask;
    };
    const result = await scoreFloorMasks([photoCase('two-blobs', truth)], { predict: async () => predicted, correct });
    const score = result.cases[0]!;
    expect(score.iou).toBeCloseTo(floorIoU(predicted, truth), 10);
    // The 10×10 blob (x 5-14, y 24-33) first; of its four equally deep middle pixels the first found.
    expect(score.taps[0]).toEqual({ x: 9.5 / WIDTH, y: 28.5 / HEIGHT, floor: true });
    expect(score.taps[1]).toMatchObject({ floor: true });
    expect(score.iouAfterTaps[0]).toBeCloseTo((1000 - 36) / 1000, 10);
    expect(score.iouAfterTaps[1]).toBe(1);
    // Perfect after two taps: no third tap, the IoU stays.
    expect(score.iouAfterTaps[2]).toBe(1);
    expect(received).toEqual([1, 2]);
    expect(result.summaries[0]!.meanIoUAfterTaps).toEqual(score.iouAfterTaps);
  });
});
