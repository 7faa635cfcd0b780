import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, ROOM_FIXTURES } from '../../fixtures/make-fixtures.ts';
import { RENDERED_ROOMS } from '../../evaluation/rendered/rendered-room-scenes.ts';
import { renderRoomScene } from '../../evaluation/rendered/room-ray-tracer.ts';
import { decodePhoto } from '../../src/decode-photo.ts';
import { DEFAULT_TUNING, findFloorWithSegmenter, floorFromSegmentation, floorsFromSegmentation, zoomedCells, type SegmentedFloorPhoto, type ZoomedRun } from './find-floor-with-segmenter.ts';
import { OBJECT_CLASSES } from './clear-around-objects.ts';
import { segmentedFromRuns } from './segment-photo.ts';
import { SCENE_CLASS } from './scene-classes.ts';
import { STANDING_COLUMN_LIMITS } from './standing-columns.ts';

async function fixture(file: string) {
  const entry = ROOM_FIXTURES.find((item) => item.file === file)!;
  const photo = await decodePhoto(await readFile(path.join(FIXTURE_DIR, entry.file)));
  const truth = await sharp(path.join(FIXTURE_DIR, entry.maskFile)).extractChannel(0).raw().toBuffer();
  return { photo, truth };
}

/** A rendered room of the evaluation set, with its exact masks, as a decoded photo. */
function renderedRoom(id: string) {
  const room = RENDERED_ROOMS.find((item) => item.id === id)!;
  const rendered = renderRoomScene(room.scene);
  return { rendered, photo: { pixels: rendered.rgb, width: rendered.width, height: rendered.height } };
}

function iou(mask: Uint8Array, truth: Uint8Array, where: (i: number) => boolean = () => true): number {
  let intersection = 0;
  let union = 0;
  for (let i = 0; i < truth.length; i++) {
    if (!where(i)) continue;
    const a = mask[i]! >= 128;
    const b = truth[i]! >= 128;
    if (a && b) intersection++;
    if (a || b) union++;
  }
  return union === 0 ? 1 : intersection / union;
}

/**
 * A constructed network pass (no network run): both whole-photo runs see `classAt(x, y)` on the 512-cell grid,
 * over a plain grey 640×480 photo. `at` reads a mask at fractions of the photo's width and height.
 */
/**
 * A network pass made by hand: `classAt` gives both whole-photo runs' class per cell of the 512 grid. Optionally,
 * `zoomedAt` gives the zoomed runs' class at a point of the photo (fractions of its width and height; the two
 * zoomed runs see the bottom half's quadrants), and `paint` the photo's colour there (grey elsewhere).
 */
function constructedPass(
  classAt: (x: number, y: number) => number,
  options: { zoomedAt?: (fx: number, fy: number) => number; paint?: (fx: number, fy: number) => [number, number, number] | null } = {},
) {
  const side = 512;
  const classes = new Uint8Array(side * side);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) classes[y * side + x] = classAt(x, y);
  const placement = { content: { left: 0, top: 0, width: side, height: side }, target: { left: 0, top: 0 } };
  const photo = { pixels: Buffer.alloc(640 * 480 * 3, 140), width: 640, height: 480 };
  if (options.paint) {
    for (let y = 0; y < photo.height; y++) {
      for (let x = 0; x < photo.width; x++) {
        const colour = options.paint(x / photo.width, y / photo.height);
        if (colour) photo.pixels.set(colour, (y * photo.width + x) * 3);
      }
    }
  }
  const zoomed: ZoomedRun[] = [];
  const { zoomedAt } = options;
  if (zoomedAt) {
    for (const left of [0, photo.width / 2]) {
      const region = { left, top: photo.height / 2, width: photo.width / 2, height: photo.height / 2 };
      const seen = new Uint8Array(side * side);
      for (let y = 0; y < side; y++) {
        for (let x = 0; x < side; x++) {
          seen[y * side + x] = zoomedAt((left + ((x + 0.5) * region.width) / side) / photo.width, (region.top + ((y + 0.5) * region.height) / side) / photo.height);
        }
      }
      zoomed.push({ region, classes: seen });
    }
  }
  const pass: SegmentedFloorPhoto = {
    guidePixels: photo.pixels,
    guideWidth: photo.width,
    guideHeight: photo.height,
    segmented: segmentedFromRuns({ width: side, height: side }, [
      { classes, placement },
      { classes, placement },
    ]),
    zoomed,
  };
  const at = (mask: Buffer, fx: number, fy: number) => mask[Math.floor(fy * photo.height) * photo.width + Math.floor(fx * photo.width)];
  return { photo, pass, at };
}

const WOOD_GRAIN: [number, number, number][] = [
  [176, 128, 84],
  [168, 122, 80],
  [184, 134, 88],
];

/**
 * A guard against a hang, not a speed check (speed is `npm run bench`'s): the tests that find the floor of a photo do
 * it one to four times, each time two whole-photo network runs and the zoomed ones. Four of them took 14-25 s at load
 * 15 with the 2 cores shared, which left the processor project's 60 s default little more than twice that.
 */
const NETWORK_RUNS_HANG_GUARD_MS = 180_000;

describe('finding the floor with the segmentation network', () => {
  it('sees the room in a photo: floor where the floor is, wall where the wall is, over the whole frame', async () => {
    const { photo, truth } = await fixture('room-tile.png');
    const result = await findFloorWithSegmenter(photo);
    expect([result.width, result.height, result.mask.length]).toEqual([photo.width, photo.height, photo.width * photo.height]);
    expect(result.mask.every((v) => v === 0 || v === 255)).toBe(true);
    expect(iou(result.mask, truth)).toBeGreaterThan(0.93);

    const scene = result.scene!;
    expect(scene.classes.length).toBe(scene.width * scene.height);
    const classAt = (fx: number, fy: number) => scene.classes[Math.floor(fy * scene.height) * scene.width + Math.floor(fx * scene.width)];
    expect(classAt(0.5, 0.3)).toBe(SCENE_CLASS.wall);
    expect(classAt(0.5, 0.95)).toBe(SCENE_CLASS.floor);
  }, NETWORK_RUNS_HANG_GUARD_MS);

  it('taps reach the full-size mask: "floor" on the far wall adds that wall, "not floor" on the floor removes the spot', async () => {
    const { photo, truth } = await fixture('room-tile.png');
    const at = (fx: number, fy: number) => Math.floor(fy * photo.height) * photo.width + Math.floor(fx * photo.width);
    const before = await findFloorWithSegmenter(photo);
    expect(before.mask[at(0.5, 0.3)]).toBe(0);
    const after = await findFloorWithSegmenter(photo, {
      taps: [
        { x: 0.5, y: 0.3, floor: true },
        { x: 0.5, y: 0.9, floor: false },
      ],
    });
    expect(after.mask[at(0.5, 0.3)]).toBe(255);
    expect(after.mask[at(0.5, 0.9)]).toBe(0);
    // The far wall became floor as one piece, well beyond the tapped pixel.
    let wallMadeFloor = 0;
    for (let i = 0; i < truth.length; i++) if (truth[i]! < 128 && after.mask[i] === 255 && before.mask[i] === 0) wallMadeFloor++;
    expect(wallMadeFloor).toBeGreaterThan(photo.width * photo.height * 0.05);
  }, NETWORK_RUNS_HANG_GUARD_MS);
});

describe('what stands on the floor', () => {
  it('stays as it was: around the dining chairs and table legs less wood lands off the floor than without the margin and the zoomed runs', async () => {
    const { rendered, photo } = renderedRoom('rendered-dining-oak-table');
    const woodOffTheFloor = (mask: Buffer) => {
      let off = 0;
      for (let i = 0; i < mask.length; i++) if (mask[i] === 255 && rendered.floorMask[i]! < 128) off++;
      return off / mask.length;
    };
    const engine = woodOffTheFloor((await findFloorWithSegmenter(photo)).mask);
    const withoutTheSteps = woodOffTheFloor(
      (await findFloorWithSegmenter(photo, {}, { ...DEFAULT_TUNING, threshold: 0.5, objectMargin: null, objectZoom: false })).mask,
    );
    expect(engine).toBeLessThan(withoutTheSteps * 0.9);
  }, NETWORK_RUNS_HANG_GUARD_MS);
});

describe('rugs', () => {
  it('stay in front of the new floor by default; keepRugs: false lays wood over them', async () => {
    const { rendered, photo } = renderedRoom('rendered-living-rug');
    const rugAsFloor = (mask: Buffer) => {
      let rug = 0;
      let floor = 0;
      for (let i = 0; i < mask.length; i++) {
        if (!rendered.rugMask[i]) continue;
        rug++;
        if (mask[i] === 255) floor++;
      }
      return floor / rug;
    };
    expect(rugAsFloor((await findFloorWithSegmenter(photo)).mask)).toBeLessThan(0.3);
    expect(rugAsFloor((await findFloorWithSegmenter(photo, { keepRugs: false })).mask)).toBeGreaterThan(0.9);
  }, NETWORK_RUNS_HANG_GUARD_MS);

  it('withRugsReplaced gives both floors from one run, each the same as asking for it alone', async () => {
    const { photo } = renderedRoom('rendered-living-rug');
    const both = await findFloorWithSegmenter(photo, { withRugsReplaced: true });
    expect(both.mask.equals((await findFloorWithSegmenter(photo)).mask)).toBe(true);
    expect(both.rugsReplacedMask!.equals((await findFloorWithSegmenter(photo, { keepRugs: false })).mask)).toBe(true);
    expect(both.rugsReplacedMask!.equals(both.mask)).toBe(false);
    expect((await findFloorWithSegmenter(photo)).rugsReplacedMask).toBeUndefined();
  }, NETWORK_RUNS_HANG_GUARD_MS);

  it('withRugsReplaced on a room without rugs: the same floor either way', async () => {
    const { photo } = await fixture('room-tile.png');
    const both = await findFloorWithSegmenter(photo, { withRugsReplaced: true });
    expect(both.rugsReplacedMask!.equals(both.mask)).toBe(true);
    expect(both.rugsReplacedMask!.equals((await findFloorWithSegmenter(photo, { keepRugs: false })).mask)).toBe(true);
  }, NETWORK_RUNS_HANG_GUARD_MS);

  it('keeps an area rug the runs saw only around its edge: no wood on the floor-like middle, the floor around it stays', async () => {
    // Wall above row 200 of the grid, floor below, and a rug whose 40-cell border both runs saw while they took
    // its middle for floor (a sunlit medallion).
    const { photo, pass, at } = constructedPass((x, y) => {
      const inRug = x >= 100 && x < 412 && y >= 280 && y < 490;
      const border = inRug && (x < 140 || x >= 372 || y < 320 || y >= 450);
      return y < 200 ? SCENE_CLASS.wall : border ? SCENE_CLASS.rug : SCENE_CLASS.floor;
    });
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, 0.5, 0.75)).toBe(0);
    expect(at(kept, 0.1, 0.9)).toBe(255);
    expect(at(kept, 0.5, 0.45)).toBe(255);
    // Without the outline (and the islands step, which would take the middle too: the rug's border all round it).
    const withoutOutlines = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, rugOutlines: null, rugIslands: null })).mask;
    expect(at(withoutOutlines, 0.5, 0.75)).toBe(255);
    // Rugs replaced: the middle is wood either way.
    expect(at((await floorFromSegmentation(photo, pass, { keepRugs: false })).mask, 0.5, 0.75)).toBe(255);
  });

  it('lays no wood on an island of floor inside a rug the runs saw all round it (a pouf\'s shade ring), and keeps the floor round the rug', async () => {
    // Wall above row 200 of the grid, floor below, a rug both runs saw over grid columns 100-411 and rows 280-489
    // but for an island (columns 240-271, rows 370-399) both took for floor. The rug outline step, which would fill
    // a seen rug's outline too, is off: it stands for a rug the rug steps grew by its roughness, whose outline no
    // run saw.
    const { photo, pass, at } = constructedPass((x, y) => {
      const inRug = x >= 100 && x < 412 && y >= 280 && y < 490;
      const island = x >= 240 && x < 272 && y >= 370 && y < 400;
      return y < 200 ? SCENE_CLASS.wall : inRug && !island ? SCENE_CLASS.rug : SCENE_CLASS.floor;
    });
    const tuning = { ...DEFAULT_TUNING, rugOutlines: null };
    const kept = (await floorFromSegmentation(photo, pass, {}, tuning)).mask;
    expect(at(kept, 256 / 512, 385 / 512)).toBe(0);
    expect(at(kept, 0.5, 0.45)).toBe(255);
    expect(at(kept, 0.1, 0.9)).toBe(255);
    const withoutIslands = (await floorFromSegmentation(photo, pass, {}, { ...tuning, rugIslands: null })).mask;
    expect(at(withoutIslands, 256 / 512, 385 / 512)).toBe(255);
    // Rugs replaced: the rug and its island are wood.
    expect(at((await floorFromSegmentation(photo, pass, { keepRugs: false }, tuning)).mask, 256 / 512, 385 / 512)).toBe(255);
  });

  it('with rugs replaced, lays wood on the rug in the shade under a table the runs call table, not on the table; the kept floor is as before', async () => {
    // Wall above row 200 of the grid, wood-coloured floor below, a grey rug both runs saw (columns 100-411, rows
    // 280-489) with a table standing on it: its brown top (columns 200-311, rows 300-339) and, under it, the rug in
    // its shade (rows 340-399, softly darker down to half the rug's light), which both runs call table too.
    const table = (x: number, y: number) => x >= 200 && x < 312 && y >= 300 && y < 400;
    const { photo, pass, at } = constructedPass(
      (x, y) => (y < 200 ? SCENE_CLASS.wall : table(x, y) ? SCENE_CLASS.table : x >= 100 && x < 412 && y >= 280 && y < 490 ? SCENE_CLASS.rug : SCENE_CLASS.floor),
      {
        paint: (fx, fy) => {
          const [x, y] = [fx * 512, fy * 512];
          if (y < 200) return null;
          if (table(x, y)) {
            if (y < 340) return [150, 100, 60];
            const grey = Math.round(150 - (75 * Math.min(1, (y - 340) / 40)));
            return [grey, grey, grey];
          }
          return x >= 100 && x < 412 && y >= 280 && y < 490 ? [150, 150, 150] : WOOD_GRAIN[Math.floor(fx * 640) % 3]!;
        },
      },
    );
    const both = await floorsFromSegmentation(photo, pass, { withRugsReplaced: true });
    const replaced = both.rugsReplacedMask!;
    expect(at(replaced, 256 / 512, 380 / 512)).toBe(255);
    expect(at(replaced, 256 / 512, 320 / 512)).toBe(0);
    expect(at(replaced, 0.5, 0.9)).toBe(255);
    // The same asked for alone.
    expect(replaced.equals((await floorFromSegmentation(photo, pass, { keepRugs: false })).mask)).toBe(true);
    const without = { ...DEFAULT_TUNING, wholeRugs: null };
    const before = await floorsFromSegmentation(photo, pass, { withRugsReplaced: true }, without);
    expect(at(before.rugsReplacedMask!, 256 / 512, 380 / 512)).toBe(0);
    expect(both.mask.equals(before.mask)).toBe(true);
  });

  it("lays no wood on a grey rug of the laminate's colour that the runs saw only in part: its pile has no grain", async () => {
    // Wall above row 200 of the grid, laminate below (grey boards, a joint every 12 pixels); a rug (grid columns
    // 100-411, rows 280-489) whose right half both runs saw, darker, while they took its left half, of the
    // laminate's grey, for floor. The pile is rough and runs no way; the boards' joints run one way.
    const inRug = (fx: number, fy: number) => fx >= 100 / 512 && fx < 412 / 512 && fy >= 280 / 512 && fy < 490 / 512;
    const pile = (fx: number, fy: number) => ((Math.imul(Math.floor(fx * 640), 73856093) ^ Math.imul(Math.floor(fy * 480), 19349663)) >>> 0) % 61 - 30;
    const { photo, pass, at } = constructedPass(
      (x, y) => (y < 200 ? SCENE_CLASS.wall : x >= 256 && x < 412 && y >= 280 && y < 490 ? SCENE_CLASS.rug : SCENE_CLASS.floor),
      {
        paint: (fx, fy) => {
          if (fy < 200 / 512) return null;
          if (inRug(fx, fy)) {
            const grey = Math.round((fx < 0.5 ? 138 : 100) * (1 + pile(fx, fy) / 100));
            return [grey, grey, grey];
          }
          return Math.floor(fx * 640) % 12 === 0 ? [120, 120, 120] : [140, 140, 140];
        },
      },
    );
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, 0.35, 0.75)).toBe(0);
    expect(at(kept, 0.1, 0.6)).toBe(255);
    expect(at(kept, 0.9, 0.9)).toBe(255);
    const withoutGrain = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, roughRugs: { ...DEFAULT_TUNING.roughRugs!, grainless: -Infinity } })).mask;
    expect(at(withoutGrain, 0.35, 0.75)).toBe(255);
  });

  it("lays no wood on the rim of a rug the rug steps took out where its pile thins, and keeps the boards round it", async () => {
    // Wall above row 200 of the grid, wooden boards below (a grain of stripes one way); a beige rug (grid columns
    // 100-411, rows 300-489) whose right half both runs saw, while they took its left half for floor. The rough-rug
    // step takes that left half back by its pile; along its far edge (rows 300-329) the pile thins, rough at 0.6 of
    // the rest, below that step's share, so the band stays floor beside the boards but for this step.
    const inRug = (fx: number, fy: number) => fx >= 100 / 512 && fx < 412 / 512 && fy >= 300 / 512 && fy < 490 / 512;
    const rim = (fx: number, fy: number) => fx < 256 / 512 && fy < 330 / 512;
    const pile = (fx: number, fy: number) => ((Math.imul(Math.floor(fx * 640), 73856093) ^ Math.imul(Math.floor(fy * 480), 19349663)) >>> 0) % 61 - 30;
    const { photo, pass, at } = constructedPass(
      (x, y) => (y < 200 ? SCENE_CLASS.wall : x >= 256 && x < 412 && y >= 300 && y < 490 ? SCENE_CLASS.rug : SCENE_CLASS.floor),
      {
        paint: (fx, fy) => {
          if (fy < 200 / 512) return null;
          if (!inRug(fx, fy)) return WOOD_GRAIN[Math.floor(fx * 640) % 3]!;
          const light = 1 + ((rim(fx, fy) ? 0.6 : 1) * pile(fx, fy)) / 100;
          return [Math.round(200 * light), Math.round(185 * light), Math.round(160 * light)];
        },
      },
    );
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, 180 / 512, 315 / 512)).toBe(0);
    expect(at(kept, 0.35, 0.75)).toBe(0);
    expect(at(kept, 0.35, 0.5)).toBe(255);
    expect(at(kept, 0.1, 0.9)).toBe(255);
    const without = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, rugRim: null })).mask;
    expect(at(without, 180 / 512, 315 / 512)).toBe(255);
    // Rugs replaced: the rim is wood with the rest of the rug.
    expect(at((await floorFromSegmentation(photo, pass, { keepRugs: false })).mask, 180 / 512, 315 / 512)).toBe(255);
  });

  it('lays no wood on a desk top the network calls floor when the space under it is wall in every run', async () => {
    // Wall down to row 150 of the grid, a "floor" desk top (rows 150–260, columns 100–420) over a dark space both
    // runs call wall (rows 260–330), and the real floor from row 330 down. The desk top is large enough to stay
    // floor without the step (a floating piece a quarter of the floor's size is kept).
    const { photo, pass, at } = constructedPass((x, y) => {
      const desk = x >= 100 && x < 420;
      const wall = y < 150 || (y < 330 && !desk) || (desk && y >= 260 && y < 330);
      return wall ? SCENE_CLASS.wall : SCENE_CLASS.floor;
    });
    const desk = { x: 260 / 512, y: 205 / 512 };
    const floor = { x: 0.5, y: 0.85 };
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, desk.x, desk.y)).toBe(0);
    expect(at(kept, floor.x, floor.y)).toBe(255);
    const without = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, wallBelow: null })).mask;
    expect(at(without, desk.x, desk.y)).toBe(255);
  });

  it('lays no wood on what the zoomed runs call wall and is not the hue of the floor around it (a desk top both whole runs call floor)', async () => {
    // Wall above row 150 of the grid, floor below in both whole-photo runs. In the bottom-left quadrant a pine
    // "desk top" (x 0.1–0.4, y 0.62–0.85 of the photo) that the zoomed run calls wall.
    const inDesk = (fx: number, fy: number) => fx >= 0.1 && fx < 0.4 && fy >= 0.62 && fy < 0.85;
    const { photo, pass, at } = constructedPass((_x, y) => (y < 150 ? SCENE_CLASS.wall : SCENE_CLASS.floor), {
      zoomedAt: (fx, fy) => (inDesk(fx, fy) ? SCENE_CLASS.wall : SCENE_CLASS.floor),
      paint: (fx, fy) => (inDesk(fx, fy) ? [200, 160, 100] : null),
    });
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, 0.25, 0.73)).toBe(0);
    expect(at(kept, 0.7, 0.73)).toBe(255);
    expect(at(kept, 0.25, 0.95)).toBe(255);
    // Off, with unlikePieces off too (the pine top on grey tile is also a broad piece unlike the floor round it).
    const without = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, zoomedWalls: null, unlikePieces: null })).mask;
    expect(at(without, 0.25, 0.73)).toBe(255);
    // The same patch in the floor's own grey is floor the zoomed run got wrong (shade, a reflection): it stays.
    const plain = constructedPass((_x, y) => (y < 150 ? SCENE_CLASS.wall : SCENE_CLASS.floor), {
      zoomedAt: (fx, fy) => (inDesk(fx, fy) ? SCENE_CLASS.wall : SCENE_CLASS.floor),
    });
    expect(at((await floorFromSegmentation(plain.photo, plain.pass)).mask, 0.25, 0.73)).toBe(255);
  });

  it('lays wood on the sunlit floor beside a plant pot that only the zoomed runs took for part of the pot, and none on the pot (zoomed margin regrowth); without the step it is left', async () => {
    // Wall above row 150 of the grid, an oak-brown floor below in both whole-photo runs, a patch of sun on it. Up close
    // the zoomed runs call a terracotta pot (x 0.30-0.38, y 0.66-0.74 of the photo) and the sunlit floor to its right
    // (to x 0.46) one thing: that patch, pot and all, is not of the floor's hue, so the margin step takes it whole.
    const inPot = (fx: number, fy: number) => fx >= 0.3 && fx < 0.38 && fy >= 0.66 && fy < 0.74;
    const inZoomedThing = (fx: number, fy: number) => fx >= 0.3 && fx < 0.46 && fy >= 0.66 && fy < 0.74;
    const inSun = (fx: number, fy: number) => fx >= 0.38 && fx < 0.75 && fy >= 0.55 && fy < 0.9;
    const { photo, pass, at } = constructedPass((_x, y) => (y < 150 ? SCENE_CLASS.wall : SCENE_CLASS.floor), {
      zoomedAt: (fx, fy) => (inZoomedThing(fx, fy) ? SCENE_CLASS.table : SCENE_CLASS.floor),
      paint: (fx, fy) => (fy < 150 / 512 ? null : inPot(fx, fy) ? [170, 80, 50] : inSun(fx, fy) ? [172, 138, 104] : [150, 120, 90]),
    });
    // What segmentForFloor hands the steps: the zoomed runs' things on the scene grid.
    pass.zoomedObjects = zoomedCells(pass.zoomed, { width: photo.width, height: photo.height }, pass.segmented.scene, OBJECT_CLASSES);
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, 0.42, 0.7)).toBe(255);
    expect(at(kept, 0.34, 0.7)).toBe(0);
    expect(at(kept, 0.7, 0.7)).toBe(255);
    const without = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, zoomedMarginRegrowth: null })).mask;
    expect(at(without, 0.42, 0.7)).toBe(0);
  });

  it('lays no wood on a chair seat both runs call floor when it has the colour of the chair they see above it, not the floor\'s', async () => {
    // Wall above row 150 of the grid, a wood-brown floor below; a blue chair whose back (grid rows 260–330,
    // columns 200–320) both runs call chair and whose seat below it (rows 330–370) they call floor.
    const inChair = (fx: number, fy: number) => fx >= 200 / 512 && fx < 320 / 512 && fy >= 260 / 512 && fy < 370 / 512;
    const { photo, pass, at } = constructedPass((x, y) => (y < 150 ? SCENE_CLASS.wall : x >= 200 && x < 320 && y >= 260 && y < 330 ? SCENE_CLASS.chair : SCENE_CLASS.floor), {
      paint: (fx, fy): [number, number, number] => (fy < 150 / 512 ? [225, 222, 215] : inChair(fx, fy) ? [40, 60, 150] : WOOD_GRAIN[Math.floor(fx * 97 + fy * 61) % 3]!),
    });
    const seat = { x: 260 / 512, y: 355 / 512 };
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, seat.x, seat.y)).toBe(0);
    expect(at(kept, 0.1, 0.9)).toBe(255);
    expect(at(kept, 0.8, 0.6)).toBe(255);
    // Off, with unlikePieces off too (the blue seat on wood is also a broad piece unlike the floor round it).
    const without = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, photoColours: null, unlikePieces: null })).mask;
    expect(at(without, seat.x, seat.y)).toBe(255);
  });

  it('lays no wood on a chair\'s thin dark legs the network calls floor below its seat, and keeps the floor between them', async () => {
    // Wall above row 150 of the grid, a wood-brown floor below; a black chair seat (grid rows 260–330, columns
    // 200–320) both runs call chair, and two legs 5 px wide (of 640) down to row 420 that they call floor.
    const inSeat = (fx: number, fy: number) => fx >= 200 / 512 && fx < 320 / 512 && fy >= 260 / 512 && fy < 330 / 512;
    const legs = [210 / 512, 305 / 512];
    const inLeg = (fx: number, fy: number) => fy >= 330 / 512 && fy < 420 / 512 && legs.some((left) => fx >= left && fx < left + 5 / 640);
    const { photo, pass, at } = constructedPass((x, y) => (y < 150 ? SCENE_CLASS.wall : x >= 200 && x < 320 && y >= 260 && y < 330 ? SCENE_CLASS.chair : SCENE_CLASS.floor), {
      paint: (fx, fy): [number, number, number] =>
        fy < 150 / 512 ? [225, 222, 215] : inSeat(fx, fy) || inLeg(fx, fy) ? [22, 22, 24] : WOOD_GRAIN[Math.floor(fx * 97 + fy * 61) % 3]!,
    });
    const leg = { x: legs[0]! + 2.5 / 640, y: 400 / 512 };
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, leg.x, leg.y)).toBe(0);
    expect(at(kept, legs[1]! + 2.5 / 640, leg.y)).toBe(0);
    // The floor between the legs, beside them and far from them stays floor.
    expect(at(kept, 258 / 512, leg.y)).toBe(255);
    expect(at(kept, leg.x + 12 / 640, leg.y)).toBe(255);
    expect(at(kept, 0.1, 0.9)).toBe(255);
    const without = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, objectBases: null })).mask;
    expect(at(without, leg.x, leg.y)).toBe(255);
  });

  it("lays no wood on a black base every run calls floor, lying on pale tile with a sharp outline, and keeps the tile round it", async () => {
    // Wall above row 150 of the grid, pale tile below; a black base (a cage's) over grid columns 200-300 and rows
    // 300-360 that both runs call floor.
    const inBase = (fx: number, fy: number) => fx >= 200 / 512 && fx < 300 / 512 && fy >= 300 / 512 && fy < 360 / 512;
    const { photo, pass, at } = constructedPass((_x, y) => (y < 150 ? SCENE_CLASS.wall : SCENE_CLASS.floor), {
      paint: (fx, fy): [number, number, number] => {
        if (fy < 150 / 512) return [225, 222, 215];
        if (inBase(fx, fy)) return [16, 16, 18];
        const grain = Math.floor(fx * 997 + fy * 613) % 5;
        return [196 + grain, 200 + grain, 190 + grain];
      },
    });
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, 250 / 512, 330 / 512)).toBe(0);
    expect(at(kept, 250 / 512, 380 / 512)).toBe(255);
    expect(at(kept, 0.1, 0.9)).toBe(255);
    const without = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, unlikePieces: null })).mask;
    expect(at(without, 250 / 512, 330 / 512)).toBe(255);
  });

  it("lays no wood on a chair base's detail every run calls floor, on smooth vinyl of its colours, and keeps the vinyl round it", async () => {
    // Wall above row 150 of the grid, smooth grey vinyl below; over grid columns 200-300 and rows 300-360, which both
    // runs call floor, black plastic and bright highlights changing every way from pixel to pixel.
    const inBase = (fx: number, fy: number) => fx >= 200 / 512 && fx < 300 / 512 && fy >= 300 / 512 && fy < 360 / 512;
    const { photo, pass, at } = constructedPass((_x, y) => (y < 150 ? SCENE_CLASS.wall : SCENE_CLASS.floor), {
      paint: (fx, fy): [number, number, number] => {
        if (fy < 150 / 512) return [225, 222, 215];
        const x = Math.round(fx * 640);
        const y = Math.round(fy * 480);
        const speckle = (((x * 7919) ^ (y * 104729)) >>> 0) % 3;
        if (inBase(fx, fy)) return speckle === 0 ? [230, 230, 230] : [20, 20, 22];
        return [150 + speckle, 150 + speckle, 152 + speckle];
      },
    });
    const kept = (await floorFromSegmentation(photo, pass)).mask;
    expect(at(kept, 250 / 512, 330 / 512)).toBe(0);
    expect(at(kept, 250 / 512, 390 / 512)).toBe(255);
    expect(at(kept, 0.1, 0.9)).toBe(255);
    // roughClosedThings (a few times the median, closed in by the floor) takes such a base too.
    const tuning = { ...DEFAULT_TUNING, roughThings: null, roughClosedThings: null };
    const without = (await floorFromSegmentation(photo, pass, {}, tuning)).mask;
    expect(at(without, 250 / 512, 330 / 512)).toBe(255);
  });

  it("lays no wood on a pedestal of the floor's grey every run calls floor, standing up into the thing it holds, and keeps the floor beside it", async () => {
    // A dark wall above row 150 of the grid, grey vinyl below; a lighter pedestal over photo columns 300-340 from the
    // floor's far edge down to row 250 of the grid, which both runs call floor.
    const inPedestal = (fx: number, fy: number) => fx >= 300 / 640 && fx < 340 / 640 && fy < 250 / 512;
    const { photo, pass, at } = constructedPass((_x, y) => (y < 150 ? SCENE_CLASS.wall : SCENE_CLASS.floor), {
      paint: (fx, fy): [number, number, number] => {
        if (fy < 150 / 512) return [40, 40, 42];
        if (inPedestal(fx, fy)) return [190, 190, 192];
        const speckle = (((Math.round(fx * 640) * 7919) ^ (Math.round(fy * 480) * 104729)) >>> 0) % 3;
        return [150 + speckle, 150 + speckle, 152 + speckle];
      },
    });
    // The step is off by default (the hallway below); this is what it does when it is asked for.
    const kept = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, standingColumns: STANDING_COLUMN_LIMITS })).mask;
    expect(at(kept, 320 / 640, 200 / 512)).toBe(0);
    expect(at(kept, 280 / 640, 200 / 512)).toBe(255);
    expect(at(kept, 360 / 640, 200 / 512)).toBe(255);
    expect(at(kept, 320 / 640, 300 / 512)).toBe(255);
    const without = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, standingColumns: null })).mask;
    expect(at(without, 320 / 640, 200 / 512)).toBe(255);
  });

  it('lays wood on every plank of a hallway shot along its planks, whose dark seams run upright up to the far wall', async () => {
    // A smooth light floor below a dark wall (row 120 of 480), its planks 60 px wide at the bottom row receding to a
    // vanishing point 60 px from the top, with crisp dark seams; the middle plank a little darker than the rest.
    // `standingColumns` took that plank as a column of the floor's colour (its two seams, opposite steps, both
    // running up to where the floor ends): 15.9 % of the floor left as the old floor (the review of session 14).
    const hash = (x: number, y: number, range: number) => (((x * 7919) ^ (y * 104729)) >>> 0) % range;
    const { photo, pass, at } = constructedPass((_x, y) => (y < 128 ? SCENE_CLASS.wall : SCENE_CLASS.floor), {
      paint: (fx, fy): [number, number, number] => {
        const [x, y, vanishingY, plank] = [Math.round(fx * 640), Math.round(fy * 480), 60, 60];
        if (y < 120) return [30, 30, 30];
        const atBottom = 320 + ((x - 320) * (479 - vanishingY)) / (y - vanishingY);
        const index = Math.floor((atBottom - 300) / plank);
        const across = atBottom - 300 - index * plank;
        let grey = index === 0 ? 185 : [200, 192, 208, 196, 204][((index % 5) + 5) % 5]!;
        const plankHere = (plank * (y - vanishingY)) / (479 - vanishingY);
        if ((across * plankHere) / plank < 1) grey += (40 - grey) * Math.min(1, plankHere / plank);
        grey = Math.max(0, Math.min(255, Math.round(grey + hash(x, y, 7) - 3)));
        return [grey, grey, grey];
      },
    });
    const shown = (await floorFromSegmentation(photo, pass)).mask;
    for (const [fx, fy] of [[320, 300], [320, 400], [200, 400], [440, 400]]) expect(at(shown, fx! / 640, fy! / 480)).toBe(255);
    const withColumns = (await floorFromSegmentation(photo, pass, {}, { ...DEFAULT_TUNING, standingColumns: STANDING_COLUMN_LIMITS })).mask;
    expect(at(withColumns, 320 / 640, 300 / 480)).toBe(0);
  });
});
