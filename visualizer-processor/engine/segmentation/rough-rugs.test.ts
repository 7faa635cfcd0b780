import { describe, expect, it } from 'vitest';
import { ROUGH_RUG_LIMITS, grainOnGrid, roughRugOverFloor, roughnessOnGrid } from './rough-rugs.ts';

const W = 60;
const H = 40;
const GREY = [128, 128, 128];
const BROWN = [230, 170, 120];

/**
 * A room seen from above the floor's far edge: wall over rows 0-9, floor below. A rug over rows 20-39, columns
 * 10-49, whose right half (columns 30-49) the runs saw as rug and took out of the floor; its left half they
 * called floor. `rugRoughness` and `floorRoughness` per cell, every cell grey unless `colours` says otherwise.
 */
function room(rugRoughness: number, floorRoughness: number, colours: (x: number, y: number) => number[] = () => GREY) {
  const floor = new Uint8Array(W * H);
  const rugSeen = new Uint8Array(W * H);
  const roughness = new Float32Array(W * H);
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const onRug = y >= 20 && x >= 10 && x < 50;
      const seen = onRug && x >= 30;
      floor[i] = y >= 10 && !seen ? 1 : 0;
      rugSeen[i] = seen ? 1 : 0;
      roughness[i] = onRug ? rugRoughness : floorRoughness;
      rgb.set(colours(x, y), i * 3);
    }
  }
  return { floor, rugSeen, roughness, rgb };
}

const at = (cells: Uint8Array, x: number, y: number) => cells[y * W + x];

/** Grain per cell of `room`'s grid: `rugGrain` on the rug (rows 20-39, columns 10-49), `floorGrain` elsewhere. */
function grainOf(rugGrain: number, floorGrain: number) {
  const grain = new Float32Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) grain[y * W + x] = y >= 20 && x >= 10 && x < 50 ? rugGrain : floorGrain;
  return grain;
}

/** Cells from row `top` to the bottom and columns `left` to `left + 15` made smooth, with `grainValue`. */
function smoothPatch(roughness: Float32Array, grain: Float32Array, top: number, left: number, grainValue: number) {
  for (let y = top; y < H; y++) {
    for (let x = left; x < left + 16; x++) {
      roughness[y * W + x] = 0.03;
      grain[y * W + x] = grainValue;
    }
  }
}

/**
 * A grey rug on grey laminate: the rug the runs saw (columns 30-49) is darker than the part they called floor
 * (columns 10-29), which is nearer the floor's colour than the seen rug's, so the colour tests stop the growth.
 */
function greyRugOnGreyLaminate() {
  return room(0.15, 0.03, (x, y) => (y >= 20 && x >= 10 && x < 50 ? (x >= 30 ? [90, 90, 90] : [122, 122, 122]) : GREY));
}

describe('roughRugOverFloor', () => {
  it('takes the part of a rough rug the runs called floor, over a smooth floor of the same grey, and none of that floor', () => {
    const { floor, rugSeen, roughness, rgb } = room(0.15, 0.03);
    const rug = roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H);
    expect(at(rug, 12, 25)).toBe(1);
    expect(at(rug, 29, 39)).toBe(1);
    expect(at(rug, 5, 30)).toBe(0);
    expect(at(rug, 30, 12)).toBe(0);
  });

  it('takes a smoother patch of the rug that the rug surrounds', () => {
    const { floor, rugSeen, roughness, rgb } = room(0.15, 0.03);
    for (let y = 26; y < 30; y++) for (let x = 16; x < 20; x++) roughness[y * W + x] = 0.03;
    const rug = roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H);
    expect(at(rug, 17, 27)).toBe(1);
  });

  it('takes nothing where the floor is the rougher (a patterned tile beside a plain mat)', () => {
    const { floor, rugSeen, roughness, rgb } = room(0.05, 0.3);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H)).not.toContain(1);
  });

  it('takes nothing where the rough covering leaves too little floor (a carpet with a rug on it)', () => {
    const { floor, rugSeen, roughness, rgb } = room(0.15, 0.15);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H)).not.toContain(1);
  });

  it('takes nothing from a rug too smooth to read a weave in (a dim photo), though the floor is smoother still', () => {
    const { floor, rugSeen, roughness, rgb } = room(0.015, 0.003);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H)).not.toContain(1);
    // With the least roughness lowered the same rug is taken: the guard is what keeps it.
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, minRoughness: 0.01 })).toContain(1);
  });

  it('takes nothing where the floor left is not much smoother than the rug', () => {
    const { floor, rugSeen, roughness, rgb } = room(0.15, 0.08);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H)).not.toContain(1);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, minRatio: 1.5 })).toContain(1);
  });

  it('takes nothing where the rug would run to the walls along most of the floor (a fitted carpet)', () => {
    const { floor, rugSeen, roughness, rgb } = room(0.15, 0.03);
    // The covering's left part reaches the wall across every column but the last ten.
    for (let y = 10; y < 20; y++) for (let x = 0; x < 50; x++) roughness[y * W + x] = 0.15;
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H)).not.toContain(1);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, maxFarEdge: 1 })).toContain(1);
  });

  it("leaves rough floor of the floor's colour beyond a rug of another colour", () => {
    // The floor is brown wood, rough at the back (rows 10-19: its grain in a sharp photo); the rug is grey.
    const { floor, rugSeen, roughness, rgb } = room(0.15, 0.03, (x, y) => (y >= 20 && x >= 10 && x < 50 ? GREY : BROWN));
    for (let y = 10; y < 20; y++) for (let x = 30; x < 50; x++) roughness[y * W + x] = 0.15;
    const rug = roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H);
    expect(at(rug, 12, 25)).toBe(1);
    expect(at(rug, 40, 15)).toBe(0);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, colourSlack: Infinity, hueSlack: Infinity })[15 * W + 40]).toBe(1);
  });

  it("leaves rough floor in shade, nearer the rug's grey than the floor's colour but of the floor's hue", () => {
    const SHADED = [110, 80, 55];
    const { floor, rugSeen, roughness, rgb } = room(0.15, 0.03, (x, y) => (y >= 20 && x >= 10 && x < 50 ? GREY : y < 20 && x >= 30 && x < 50 ? SHADED : BROWN));
    for (let y = 10; y < 20; y++) for (let x = 30; x < 50; x++) roughness[y * W + x] = 0.15;
    const rug = roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H);
    expect(at(rug, 12, 25)).toBe(1);
    expect(at(rug, 40, 15)).toBe(0);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, hueSlack: Infinity })[15 * W + 40]).toBe(1);
  });
});

describe('roughRugOverFloor, the grain test', () => {
  it("takes a grainless rug of the floor's colour off a grained floor, and none of that floor", () => {
    const { floor, rugSeen, roughness, rgb } = greyRugOnGreyLaminate();
    const grain = grainOf(0.3, 0.85);
    const rug = roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, ROUGH_RUG_LIMITS, grain);
    expect(at(rug, 12, 25)).toBe(1);
    expect(at(rug, 29, 39)).toBe(1);
    expect(at(rug, 5, 30)).toBe(0);
    expect(at(rug, 30, 12)).toBe(0);
    // Without the grain test the colour tests keep the whole rug as floor.
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, grainless: -Infinity }, grain)).not.toContain(1);
  });

  it('takes nothing by grain where the floor left is not clearly more grained than the rug', () => {
    const { floor, rugSeen, roughness, rgb } = greyRugOnGreyLaminate();
    const grain = grainOf(0.3, 0.52);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, ROUGH_RUG_LIMITS, grain)).not.toContain(1);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, minGrainGap: 0.1 }, grain)).toContain(1);
  });

  it("takes a smoother part of the rug at the photo's edge with the rest of it, nearer the rug's grain than the floor's", () => {
    const { floor, rugSeen, roughness, rgb } = greyRugOnGreyLaminate();
    const grain = grainOf(0.3, 0.85);
    // The near edge of the rug, out of focus: too smooth to grow through, open to the frame (not enclosed), and
    // with a little grain from the blur (over `grainless`, but nearer the rug's 0.3 than the floor's 0.85).
    smoothPatch(roughness, grain, 36, 12, 0.52);
    const rug = roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, ROUGH_RUG_LIMITS, grain);
    expect(at(rug, 12, 25)).toBe(1);
    expect(at(rug, 20, 38)).toBe(1);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, grainlessPieces: false }, grain)[38 * W + 20]).toBe(0);
  });

  it('leaves a piece of grained floor that the rug cuts off from the rest of the floor', () => {
    const { floor, rugSeen, roughness, rgb } = greyRugOnGreyLaminate();
    const grain = grainOf(0.3, 0.85);
    // Laminate showing between the rug's near edge and the photo's bottom edge (rows 37-39, columns 12-27).
    smoothPatch(roughness, grain, 37, 12, 0.85);
    const rug = roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, ROUGH_RUG_LIMITS, grain);
    expect(at(rug, 12, 25)).toBe(1);
    expect(at(rug, 20, 38)).toBe(0);
  });

  it('takes a large rug off a narrow band of grained floor, less than `minFloorLeft` of the floor', () => {
    // Laminate over rows 10-11 only; the rug over rows 12-39, its right half seen (and darker), its left half of
    // the laminate's grey: the floor left is 120 of 960 cells.
    const floor = new Uint8Array(W * H);
    const rugSeen = new Uint8Array(W * H);
    const roughness = new Float32Array(W * H);
    const grain = new Float32Array(W * H);
    const rgb = new Uint8Array(W * H * 3);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const onRug = y >= 12;
        const seen = onRug && x >= 30;
        floor[i] = y >= 10 && !seen ? 1 : 0;
        rugSeen[i] = seen ? 1 : 0;
        roughness[i] = onRug ? 0.15 : 0.03;
        grain[i] = onRug ? 0.3 : 0.85;
        rgb.set(seen ? [90, 90, 90] : onRug ? [122, 122, 122] : GREY, i * 3);
      }
    }
    const rug = roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, ROUGH_RUG_LIMITS, grain);
    expect(at(rug, 5, 30)).toBe(1);
    expect(at(rug, 5, 10)).toBe(0);
    expect(roughRugOverFloor(floor, rugSeen, roughness, rgb, W, H, { ...ROUGH_RUG_LIMITS, minGrainedFloorLeft: ROUGH_RUG_LIMITS.minFloorLeft }, grain)).not.toContain(1);
  });
});

describe('grainOnGrid', () => {
  it('reads boards as grained and a pile or a plain surface as not', () => {
    const width = 60;
    const height = 20;
    const brightness = new Float32Array(width * height);
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.2;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Columns 0-19 boards (joints every 4 pixels, running down the photo), 20-39 a pile (noise), 40-59 plain.
        brightness[y * width + x] = x < 20 ? (x % 4 === 0 ? 0.3 : 0.5) : x < 40 ? 0.5 + noise() : 0.5;
      }
    }
    const grid = grainOnGrid(brightness, width, height, 6, 2, 2);
    expect(grid[1 * 6 + 0]!).toBeGreaterThan(0.9);
    expect(grid[1 * 6 + 2]!).toBeLessThan(0.5);
    expect(grid[1 * 6 + 3]!).toBeLessThan(0.5);
    expect(grid[1 * 6 + 5]!).toBe(0);
  });
});

describe('roughnessOnGrid', () => {
  it('reads a weave as rough and a plain surface as smooth, the same in shade as in light', () => {
    const width = 80;
    const height = 40;
    const brightness = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const weave = (x + y) % 2 ? 0.1 : -0.1;
        // Columns 0-19 plain, 20-39 a weave in light, 40-59 the weave at half the light, 60-79 plain.
        if (x < 20 || x >= 60) brightness[y * width + x] = 0.5;
        else brightness[y * width + x] = x < 40 ? 0.6 + weave : 0.3 + weave / 2;
      }
    }
    const grid = roughnessOnGrid(brightness, width, height, 8, 4, 2);
    const cell = (column: number) => grid[2 * 8 + column]!;
    expect(cell(0)).toBeLessThan(0.01);
    expect(cell(3)).toBeGreaterThan(0.5);
    expect(Math.abs(cell(4) - cell(3)) / cell(3)).toBeLessThan(0.05);
  });
});
