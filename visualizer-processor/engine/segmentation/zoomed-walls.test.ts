import { describe, expect, it } from 'vitest';
import { ZOOMED_WALL_LIMITS, floorZoomedRunsCallWall } from './zoomed-walls.ts';

const SIDE = 40;

type Rgb = [number, number, number];
const PINE: Rgb = [200, 160, 100];

/** A 40×40 grid that is floor (grey 100) everywhere, with `paint` giving some cells a colour and the zoomed runs' wall. */
function grid(paint: (x: number, y: number) => Rgb | null) {
  const floor = new Uint8Array(SIDE * SIDE).fill(1);
  const zoomedWall = new Uint8Array(SIDE * SIDE);
  const rgb = new Uint8Array(SIDE * SIDE * 3).fill(100);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const colour = paint(x, y);
      if (colour === null) continue;
      zoomedWall[y * SIDE + x] = 1;
      rgb.set(colour, (y * SIDE + x) * 3);
    }
  }
  return { floor, zoomedWall, rgb };
}

/**
 * A 40×40 grid built cell by cell: whether it is floor, whether a zoomed run called it wall, and its colour.
 * `inPatch` marks the 12×12 patch at columns and rows 10-21 that the three pile tests look at.
 */
function cells(cell: (x: number, y: number, inPatch: boolean) => { floor: boolean; wall: boolean; colour: Rgb }) {
  const floor = new Uint8Array(SIDE * SIDE);
  const zoomedWall = new Uint8Array(SIDE * SIDE);
  const rgb = new Uint8Array(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const { floor: isFloor, wall, colour } = cell(x, y, x >= 10 && x < 22 && y >= 10 && y < 22);
      floor[y * SIDE + x] = isFloor ? 1 : 0;
      zoomedWall[y * SIDE + x] = wall ? 1 : 0;
      rgb.set(colour, (y * SIDE + x) * 3);
    }
  }
  return { floor, zoomedWall, rgb };
}

const noEdges = { columns: [], rows: [] };
const taken = (cells: Uint8Array) => cells.reduce((sum, cell) => sum + cell, 0);

describe('floorZoomedRunsCallWall', () => {
  it('takes out a patch the zoomed runs call wall that is not the hue of the floor around it (a pine desk top)', () => {
    const { floor, zoomedWall, rgb } = grid((x, y) => (x >= 10 && x < 22 && y >= 10 && y < 22 ? PINE : null));
    const out = floorZoomedRunsCallWall(floor, zoomedWall, rgb, SIDE, SIDE, noEdges);
    expect(taken(out)).toBe(144);
    expect(out[15 * SIDE + 15]).toBe(1);
    expect(out[5 * SIDE + 5]).toBe(0);
  });

  it('leaves a patch of the floor’s own hue, a thin strip, a patch cut off by the edge of a zoomed view, and most of the floor', () => {
    // Lighter grey: the floor mirroring a white wall, or in sunlight.
    const sameColour = grid((x, y) => (x >= 10 && x < 22 && y >= 10 && y < 22 ? [180, 180, 180] : null));
    expect(taken(floorZoomedRunsCallWall(sameColour.floor, sameColour.zoomedWall, sameColour.rgb, SIDE, SIDE, noEdges))).toBe(0);

    const strip = grid((_x, y) => (y >= 10 && y < 14 ? PINE : null));
    expect(taken(floorZoomedRunsCallWall(strip.floor, strip.zoomedWall, strip.rgb, SIDE, SIDE, noEdges))).toBe(0);

    // The zoomed view on the right starts at column 20; everything it saw of the floor it called wall.
    const cutOff = grid((x, y) => (x >= 20 && y >= 20 ? PINE : null));
    const edges = { columns: [20], rows: [20] };
    expect(taken(floorZoomedRunsCallWall(cutOff.floor, cutOff.zoomedWall, cutOff.rgb, SIDE, SIDE, edges))).toBe(0);
    // Without that view edge the same patch would go: the guard is what keeps it.
    expect(taken(floorZoomedRunsCallWall(cutOff.floor, cutOff.zoomedWall, cutOff.rgb, SIDE, SIDE, noEdges))).toBe(400);

    // Everything below row 8 called wall: most of the floor, the floor itself seen too close.
    const most = grid((_x, y) => (y >= 8 ? PINE : null));
    expect(taken(floorZoomedRunsCallWall(most.floor, most.zoomedWall, most.rgb, SIDE, SIDE, noEdges))).toBe(0);
  });

  it('with `sameHueLighter` off, takes a lighter patch of the floor’s hue (a white wall behind grey terrazzo) and still leaves a darker one (its shade)', () => {
    const lighter = grid((x, y) => (x >= 10 && x < 22 && y >= 10 && y < 22 ? [180, 180, 180] : null));
    const darker = grid((x, y) => (x >= 10 && x < 22 && y >= 10 && y < 22 ? [60, 60, 60] : null));
    const darkerOnly = { ...ZOOMED_WALL_LIMITS, sameHueLighter: false };
    expect(taken(floorZoomedRunsCallWall(lighter.floor, lighter.zoomedWall, lighter.rgb, SIDE, SIDE, noEdges, darkerOnly))).toBe(144);
    expect(taken(floorZoomedRunsCallWall(darker.floor, darker.zoomedWall, darker.rgb, SIDE, SIDE, noEdges, darkerOnly))).toBe(0);
    // As landed (on), the hue guard leaves the lighter patch too.
    expect(taken(floorZoomedRunsCallWall(lighter.floor, lighter.zoomedWall, lighter.rgb, SIDE, SIDE, noEdges))).toBe(0);
  });

  it('compares a patch with the floor round it that no zoomed run called wall, not with shaded pile it also called wall', () => {
    // A rug's pile round a pouf (pine), called wall by a zoomed run all round the pouf, but beyond the patch only in
    // strips too thin to count (every sixth column is not); those columns are the floor, of another hue.
    const FLOOR: Rgb = [188, 160, 112];
    const { floor, zoomedWall, rgb } = cells((x, _y, inPatch) => {
      const pile = inPatch || x % 6 !== 0;
      return { floor: true, wall: pile, colour: pile ? PINE : FLOOR };
    });
    const out = floorZoomedRunsCallWall(floor, zoomedWall, rgb, SIDE, SIDE, noEdges);
    // Averaged with the pile's strips, the floor round the patch reads within `likeFloor` of it, and it would stay.
    expect(out[15 * SIDE + 15]).toBe(1);
    expect(out[15 * SIDE + 3]).toBe(0);
  });

  it('leaves a patch only when it also looks like all the floor round it, the doubted strips included', () => {
    // The patch is the colour of the floor no zoomed run doubted, but most of the floor round it, in strips too thin
    // to count, is a dark shade a zoomed run called wall: on the office-desk-carpet photo, a patch like that was not floor.
    const SHADE: Rgb = [40, 40, 40];
    const { floor, zoomedWall, rgb } = cells((x, y, inPatch) => {
      // The opening grows the patch over the strips' ends beside it (columns 7-9 and 22-23): those are pine too.
      const grownPatch = y >= 10 && y < 22 && x >= 7 && x < 24;
      return { floor: true, wall: inPatch || x % 6 !== 0, colour: grownPatch || x % 6 === 0 ? PINE : SHADE };
    });
    const out = floorZoomedRunsCallWall(floor, zoomedWall, rgb, SIDE, SIDE, noEdges);
    expect(out[15 * SIDE + 15]).toBe(1);
  });

  it('compares a patch with all the floor round it when a zoomed run called all of it wall', () => {
    // The same pile, its strips between table legs (every sixth column is not floor): there is no other floor to go by.
    const { floor, zoomedWall, rgb } = cells((x, _y, inPatch) => {
      const pile = inPatch || x % 6 !== 0;
      return { floor: pile, wall: pile, colour: PINE };
    });
    expect(taken(floorZoomedRunsCallWall(floor, zoomedWall, rgb, SIDE, SIDE, noEdges))).toBe(0);
  });

  it('takes nothing that is not floor, and nothing without the zoomed runs’ wall', () => {
    const { floor, zoomedWall, rgb } = grid((x, y) => (x >= 10 && x < 22 && y >= 10 && y < 22 ? PINE : null));
    expect(taken(floorZoomedRunsCallWall(new Uint8Array(SIDE * SIDE), zoomedWall, rgb, SIDE, SIDE, noEdges))).toBe(0);
    expect(taken(floorZoomedRunsCallWall(floor, new Uint8Array(SIDE * SIDE), rgb, SIDE, SIDE, noEdges))).toBe(0);
    expect(ZOOMED_WALL_LIMITS.opening).toBeGreaterThan(0);
  });
});
