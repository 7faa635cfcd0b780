import { describe, expect, it } from 'vitest';
import { ROUGH_RUG_LIMITS, roughRugOverFloor, roughnessOnGrid } from './rough-rugs.ts';

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
