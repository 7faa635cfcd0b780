import { describe, expect, it } from 'vitest';
import { ZOOMED_PATCH_LIMITS, cellsAroundObjects, zoomedThingsThatCount } from './clear-around-objects.ts';

describe('cellsAroundObjects', () => {
  it('marks the object cells and the margin beside, below and above them, nothing further', () => {
    // A 9 × 9 grid with one object cell in the middle (4, 4): 1 cell either side, 2 below, none above.
    const seen = new Float32Array(81);
    seen[4 * 9 + 4] = 0.5;
    const near = cellsAroundObjects(seen, 9, 9, { side: 1, down: 2, up: 0 });
    const marked: string[] = [];
    for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) if (near[y * 9 + x]) marked.push(`${x},${y}`);
    expect(marked).toEqual(['3,4', '4,4', '5,4', '3,5', '4,5', '5,5', '3,6', '4,6', '5,6']);
  });

  it('marks nothing where no run saw an object', () => {
    expect(
      [...cellsAroundObjects(new Float32Array(16), 4, 4, { side: 2, down: 2, up: 2 })].every((cell) => cell === 0),
    ).toBe(true);
  });
});

describe('zoomedThingsThatCount', () => {
  // A 60 × 40 grid every whole-photo run calls floor, a grey tile, on which the zoomed runs alone see a leg (3 cells
  // wide, 20 tall) and a broad patch (20 × 20: the floor in front of a bed, "bed" up close).
  const width = 60;
  const height = 40;
  const grid = { width, height };
  const tile = [150, 150, 140];
  const fill = (cells: Uint8Array | Float32Array, x0: number, y0: number, x1: number, y1: number, value: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) cells[y * width + x] = value;
  };
  const photo = (patchColour: number[]) => {
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) rgb.set(tile, i * 3);
    for (let y = 10; y < 30; y++) for (let x = 30; x < 50; x++) rgb.set(patchColour, (y * width + x) * 3);
    return rgb;
  };
  const zoomed = new Uint8Array(width * height);
  fill(zoomed, 5, 10, 8, 30, 1);
  fill(zoomed, 30, 10, 50, 30, 1);
  const floor = new Float32Array(width * height).fill(1);
  const noThings = new Float32Array(width * height);
  const noGlass = new Uint8Array(width * height);
  const cells = (counted: Uint8Array, x0: number, y0: number, x1: number, y1: number) => {
    let count = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) count += counted[y * width + x]!;
    return count;
  };

  it("keeps a thin leg the zoomed runs alone saw, and leaves a broad patch of the floor's hue to the floor, in shade too", () => {
    const counted = zoomedThingsThatCount(zoomed, noThings, floor, noGlass, photo(tile), grid);
    expect(cells(counted, 5, 10, 8, 30)).toBe(60);
    expect(cells(counted, 30, 10, 50, 30)).toBe(0);
    // The same tile in shade, a third as bright: still the floor.
    expect(
      cells(zoomedThingsThatCount(zoomed, noThings, floor, noGlass, photo([50, 50, 47]), grid), 30, 10, 50, 30),
    ).toBe(0);
    // Without the rule (a radius no patch reaches), all of it counts.
    const noPatchIsBroad = { ...ZOOMED_PATCH_LIMITS, radius: 20 };
    expect(
      cells(zoomedThingsThatCount(zoomed, noThings, floor, noGlass, photo(tile), grid, noPatchIsBroad), 30, 10, 50, 30),
    ).toBe(400);
  });

  it("counts a broad patch of another hue than the floor's round it: a thing the whole view missed", () => {
    // A dark red rug, or a brown cage base, on the grey tile.
    expect(
      cells(zoomedThingsThatCount(zoomed, noThings, floor, noGlass, photo([120, 40, 30]), grid), 30, 10, 50, 30),
    ).toBe(400);
    expect(
      cells(zoomedThingsThatCount(zoomed, noThings, floor, noGlass, photo([90, 70, 40]), grid), 30, 10, 50, 30),
    ).toBe(400);
  });

  it("counts a broad patch the zoomed runs call a door or a mirror: glass shows the floor's own colours", () => {
    const glass = new Uint8Array(width * height);
    fill(glass, 30, 10, 50, 30, 1);
    expect(cells(zoomedThingsThatCount(zoomed, noThings, floor, glass, photo(tile), grid), 30, 10, 50, 30)).toBe(400);
  });

  it('keeps a broad patch a whole-photo run saw as a thing, or that not every run called floor', () => {
    const wholeRuns = new Float32Array(width * height);
    fill(wholeRuns, 30, 10, 50, 30, 0.5);
    expect(cells(zoomedThingsThatCount(zoomed, wholeRuns, floor, noGlass, photo(tile), grid), 30, 10, 50, 30)).toBe(
      400,
    );
    const disputed = floor.slice();
    fill(disputed, 30, 10, 50, 30, 0.5);
    expect(cells(zoomedThingsThatCount(zoomed, noThings, disputed, noGlass, photo(tile), grid), 30, 10, 50, 30)).toBe(
      400,
    );
  });

  it('treats a patch cut by the frame as going on past it', () => {
    // A patch 20 wide along the bottom edge, only 6 cells of it in the frame: broad all the same.
    const atFrame = new Uint8Array(width * height);
    fill(atFrame, 20, 34, 40, 40, 1);
    const counted = zoomedThingsThatCount(atFrame, noThings, floor, noGlass, photo(tile), grid, {
      ...ZOOMED_PATCH_LIMITS,
      radius: 2,
    });
    expect(cells(counted, 20, 34, 40, 40)).toBe(0);
  });
});
