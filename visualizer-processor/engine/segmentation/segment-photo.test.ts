import { describe, expect, it } from 'vitest';
import { sceneGridSize, segmentedFromRuns, type Run } from './segment-photo.ts';

const SIDE = 512;
const whole = { content: { left: 0, top: 0, width: SIDE, height: SIDE }, target: { left: 0, top: 0 } };

/** A run seeing `classAt` per cell of the network's input. */
function run(classAt: (x: number, y: number) => number, placement = whole): Run {
  const classes = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) classes[y * SIDE + x] = classAt(x, y);
  return { classes, placement };
}

describe('the segmented photo made of the network runs', () => {
  it('gives each set of classes the share of the runs that saw it, as a new array every time', () => {
    // One run sees class 3 on the left half, the other (its mirror) on the left quarter only.
    const segmented = segmentedFromRuns({ width: SIDE, height: SIDE }, [run((x) => (x < 256 ? 3 : 0)), run((x) => (x < 128 ? 3 : 5))]);
    const share = segmented.share([3]);
    expect([share[10], share[200], share[400]]).toEqual([1, 0.5, 0]);
    expect(segmented.share([3, 5])[400]).toBe(0.5);
    // The caller may change what it got (the floor steps clear their floor belief in it): the next is as before.
    share.fill(0);
    expect([...segmented.share([3]).subarray(0, 3)]).toEqual([1, 1, 1]);
    expect(segmented.share([3]) === segmented.share([3])).toBe(false);
  });

  it('counts only the runs that cover a cell', () => {
    // Two crops of a wide photo overlapping in the middle, on a 683-cell-wide grid.
    const grid = sceneGridSize(768, 576, 'crops');
    const left = run(() => 3, { ...whole, target: { left: 0, top: 0 } });
    const right = run(() => 0, { ...whole, target: { left: grid.width - SIDE, top: 0 } });
    const share = segmentedFromRuns(grid, [left, right]).share([3]);
    expect([share[0], share[grid.width - SIDE], share[grid.width - 1]]).toEqual([1, 0.5, 0]);
  });
});

describe('the scene grid', () => {
  it('is the network input for a stretched photo, the photo scaled for a letterboxed one, and the crops together for crops', () => {
    expect(sceneGridSize(768, 576, 'stretch')).toEqual({ width: 512, height: 512 });
    expect(sceneGridSize(768, 576, 'letterbox')).toEqual({ width: 512, height: 384 });
    expect(sceneGridSize(768, 576, 'crops')).toEqual({ width: 683, height: 512 });
    expect(sceneGridSize(576, 768, 'crops')).toEqual({ width: 512, height: 683 });
  });
});
