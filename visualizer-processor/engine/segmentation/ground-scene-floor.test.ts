import { describe, expect, it } from 'vitest';
import { groundSceneFloor } from './ground-scene-floor.ts';
import { SCENE_CLASS, type SceneClassName } from './scene-classes.ts';

/**
 * A scene of one network run: `#` floor, `x` the thing under test, `.` wall. A small floor piece (a strip of
 * floor seen past the thing, or a floor-coloured top) sits above the thing; the floor the camera stands on is
 * below it.
 */
function sceneWith(thing: SceneClassName) {
  const rows = [
    '..........',
    '..........',
    '...####...',
    'xxxxxxxxxx',
    'xxxxxxxxxx',
    '##########',
    '##########',
    '##########',
    '##########',
    '##########',
  ];
  const width = rows[0]!.length;
  const ids: Record<string, number> = { '#': SCENE_CLASS.floor, x: SCENE_CLASS[thing], '.': SCENE_CLASS.wall };
  const classes = Uint8Array.from(rows.join(''), (cell) => ids[cell]!);
  const scene = { width, height: rows.length, classes };
  const share = (classIds: readonly number[]) => Float32Array.from(classes, (id) => (classIds.includes(id) ? 1 : 0));
  const floor = Uint8Array.from(classes, (id) => (id === SCENE_CLASS.floor ? 1 : 0));
  const upperPiece = 2 * width + 4;
  return { segmented: { scene, share }, floor, upperPiece };
}

describe('grounding the floor through what stands on it', () => {
  it.each(['rug', 'chair', 'armchair', 'sofa', 'bed'] as const)('%s: floor seen past it, standing on the floor below, is kept', (thing) => {
    const { segmented, floor, upperPiece } = sceneWith(thing);
    const kept = groundSceneFloor(floor, segmented);
    expect(kept[upperPiece]).toBe(1);
    // The thing itself is never made floor.
    expect(kept[3 * 10]).toBe(0);
  });

  it.each(['table', 'cabinet', 'shelf', 'wall'] as const)('%s: a small floor piece above it floats (a floor-coloured top) and goes', (thing) => {
    const { segmented, floor, upperPiece } = sceneWith(thing);
    const kept = groundSceneFloor(floor, segmented);
    expect(kept[upperPiece]).toBe(0);
    expect(kept[9 * 10]).toBe(1);
  });

  it('a piece parted from the floor only by cells given as also walkable (the object margin) is kept, and those cells are not made floor', () => {
    const { segmented, floor, upperPiece } = sceneWith('table');
    // A gap under the table the margin closed: the column of cells below the upper piece.
    const gap = new Uint8Array(floor.length);
    gap[3 * 10 + 4] = 1;
    gap[4 * 10 + 4] = 1;
    const kept = groundSceneFloor(floor, segmented, gap);
    expect(kept[upperPiece]).toBe(1);
    expect(kept[3 * 10 + 4]).toBe(0);
  });
});
