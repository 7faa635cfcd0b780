import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TUNING,
  floorFromSegmentation,
  type SegmentedFloorPhoto,
} from '../engine/segmentation/find-floor-with-segmenter.ts';
import { segmentedFromRuns } from '../engine/segmentation/segment-photo.ts';
import { SCENE_CLASS } from '../engine/segmentation/scene-classes.ts';
import { GRID_STEPS, GUIDE_STEPS, floorTakenBy, stepTracer } from './step-trace.ts';

const mask = (values: number[]) => ({ width: 2, height: 2, mask: Buffer.from(values.map((v) => (v ? 255 : 0))) });

describe('floorTakenBy', () => {
  it('names the step that took each cell of floor the bare network painted, or the refinement where the grid kept it', () => {
    const { trace, floors } = stepTracer();
    // Cells: 0 taken by the margin round a whole run's thing, 1 kept on the grid but dropped by the filter,
    // 2 taken by unanimity, 3 taken by the margin, then given back and taken again by photo colours.
    trace('runs', 'grid', Float32Array.from([1, 1, 0.5, 1]));
    trace('unanimous', 'grid', Float32Array.from([1, 1, 0, 1]));
    trace('margin', 'grid', Float32Array.from([0, 1, 0, 0]));
    trace('zoomedMarginRegrowth', 'grid', Float32Array.from([0, 1, 0, 1]));
    trace('photoColours', 'grid', Float32Array.from([0, 1, 0, 0]));
    trace('filter', 'guide', Uint8Array.from([0, 0, 0, 0]));
    trace('objectBases', 'guide', Uint8Array.from([0, 0, 0, 0]));
    expect(floors).toHaveLength(1);
    const taken = floorTakenBy(
      mask([0, 0, 0, 0]),
      mask([1, 1, 1, 1]),
      mask([1, 1, 1, 1]),
      floors[0]!,
      { width: 2, height: 2 },
      { width: 2, height: 2 },
      Float32Array.from([0.5, 0, 0, 0]),
      Uint8Array.from([0, 0, 0, 1]),
    );
    expect(taken.union).toBe(4);
    expect(taken.networkToo).toBe(0);
    expect(Object.fromEntries([...taken.byCause].filter(([, pixels]) => pixels))).toEqual({
      "margin: a whole run's thing": 1,
      'guided filter and threshold': 1,
      'unanimous: the other run saw something else': 1,
      photoColours: 1,
    });
  });

  it('counts apart the missed floor the bare network missed too, and a new floor at each run of the steps', () => {
    const { trace, floors } = stepTracer();
    trace('runs', 'grid', Float32Array.from([1, 1, 1, 1]));
    trace('runs', 'grid', Float32Array.from([0, 0, 0, 0]));
    expect(floors).toHaveLength(2);
    const taken = floorTakenBy(
      mask([1, 0, 0, 0]),
      mask([1, 1, 0, 0]),
      mask([1, 0, 0, 0]),
      floors[1]!,
      { width: 2, height: 2 },
      { width: 2, height: 2 },
      new Float32Array(4),
    );
    expect(taken.union).toBe(2);
    expect(taken.networkToo).toBe(1);
    expect([...taken.byCause.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });
});

describe("the engine's step trace", () => {
  it('sees the belief after every step on the grid and the refined floor after every pin, and the one-run floor unanimity took', async () => {
    // Both runs see wall above row 200 and floor below; the plain run alone sees floor in a band of rows 150-199.
    const side = 512;
    const placement = { content: { left: 0, top: 0, width: side, height: side }, target: { left: 0, top: 0 } };
    const run = (floorFrom: number) => {
      const classes = new Uint8Array(side * side);
      for (let i = 0; i < classes.length; i++)
        classes[i] = Math.floor(i / side) >= floorFrom ? SCENE_CLASS.floor : SCENE_CLASS.wall;
      return { classes, placement };
    };
    const photo = { width: 256, height: 256, pixels: Buffer.alloc(256 * 256 * 3, 128) };
    const pass: SegmentedFloorPhoto = {
      guidePixels: photo.pixels,
      guideWidth: photo.width,
      guideHeight: photo.height,
      segmented: segmentedFromRuns({ width: side, height: side }, [run(150), run(200)]),
      zoomed: [],
    };
    const { trace, floors } = stepTracer();
    await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, objectZoom: false, trace });
    expect(floors).toHaveLength(1);
    const [floor] = floors;
    expect([...floor!.grid.keys()]).toEqual([...GRID_STEPS]);
    expect([...floor!.guide.keys()]).toEqual([...GUIDE_STEPS]);
    const cell = 175 * side + 256;
    expect([floor!.grid.get('runs')![cell], floor!.grid.get('unanimous')![cell]]).toEqual([0.5, 0]);
  });
});
