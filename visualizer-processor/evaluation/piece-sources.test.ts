import { describe, expect, it } from 'vitest';
import type { SegmentedFloorPhoto } from '../engine/segmentation/find-floor-with-segmenter.ts';
import { SCENE_CLASS } from '../engine/segmentation/scene-classes.ts';
import { segmentedFromRuns } from '../engine/segmentation/segment-photo.ts';
import { emptyMask } from './floor-mask.ts';
import { describePieceSource, largestPieceSources } from './piece-sources.ts';
import { fillRect } from '../testing/fill-mask-rect.ts';

const side = 512;

/** A 100×100 photo's network pass: two runs over a 512² grid, each naming the classes `classAt` gives (x, y in 0..1). */
function pass(runs: ((x: number, y: number) => number)[]): SegmentedFloorPhoto {
  const placement = { content: { left: 0, top: 0, width: side, height: side }, target: { left: 0, top: 0 } };
  return {
    guidePixels: Buffer.alloc(100 * 100 * 3),
    guideWidth: 100,
    guideHeight: 100,
    segmented: segmentedFromRuns(
      { width: side, height: side },
      runs.map((classAt) => {
        const classes = new Uint8Array(side * side);
        for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) classes[y * side + x] = classAt((x + 0.5) / side, (y + 0.5) / side);
        return { classes, placement };
      }),
    ),
    zoomed: [],
  };
}

describe('what the network said under the largest wrong pieces', () => {
  it('tells a piece every run called floor (the network’s mistake) from one a run called a rug', () => {
    // The bottom half is floor in truth; a rug lies at x 60..90, y 60..90 (not floor). Both runs call the whole
    // bottom half floor, except that the second run calls the rug's left half rug.
    const truth = emptyMask(100, 100);
    fillRect(truth, 0, 50, 100, 100, 255);
    fillRect(truth, 60, 60, 90, 90, 0);
    const floorBelow = (_x: number, y: number) => (y >= 0.5 ? SCENE_CLASS.floor : SCENE_CLASS.wall);
    const ruggedLeft = (x: number, y: number) => (x >= 0.6 && x < 0.75 && y >= 0.6 && y < 0.9 ? SCENE_CLASS.rug : floorBelow(x, y));
    // The render paints the whole rug and misses a 10×10 square of floor at the left.
    const predicted = emptyMask(100, 100);
    fillRect(predicted, 0, 50, 100, 100, 255);
    fillRect(predicted, 10, 70, 20, 80, 0);

    const { painted, missed } = largestPieceSources(predicted, truth, pass([floorBelow, ruggedLeft]));
    expect(painted!.share).toBeCloseTo(0.09, 5);
    expect(painted!.centre.x).toBeCloseTo(0.75, 2);
    expect(painted!.rugInSomeRun).toBeCloseTo(0.5, 1);
    expect(painted!.floorInEveryRun).toBeCloseTo(0.5, 1);
    expect(painted!.classes[0]!.name).toBe('floor');
    expect(missed!.share).toBeCloseTo(0.01, 5);
    expect(missed!.floorInEveryRun).toBe(1);
    expect(missed!.rugInSomeRun).toBe(0);
    expect(missed!.zoomedLooked).toBe(0);
    expect(describePieceSource(missed)).toContain('1.0 % of the photo at (0.15, 0.75); floor in every run 100 %, rug in some run 0 %');
  });

  it('says none where the render has no wrong piece of a kind', () => {
    const truth = emptyMask(100, 100);
    fillRect(truth, 0, 50, 100, 100, 255);
    const { painted, missed } = largestPieceSources(truth, truth, pass([(_x, y) => (y >= 0.5 ? SCENE_CLASS.floor : SCENE_CLASS.wall)]));
    expect([painted, missed]).toEqual([null, null]);
    expect(describePieceSource(painted)).toBe('none');
  });
});
