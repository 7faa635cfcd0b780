import { describe, expect, it } from 'vitest';
import { STANDING_COLUMN_LIMITS, columnsStandingInFloor } from './standing-columns.ts';
import { hash, wallAndFloorScene as scene } from './testing/wall-and-floor-scene.ts';

/** A band from column `left` to `right` (at row 120; leaning `lean` pixels across per pixel down), rows `top` to `bottom`. */
const band = (left: number, right: number, top: number, bottom: number, lean = 0) => (x: number, y: number) =>
  y >= top && y < bottom && x >= left + lean * (y - 120) && x < right + lean * (y - 120);

describe('columns standing upright in the floor', () => {
  it("takes a pedestal of the floor's grey, lighter, running up to where the floor ends, and none of the floor beside or below it", () => {
    const pedestal = band(300, 340, 120, 200);
    const { floor, rgb, width, height, at } = scene((x, y) => (pedestal(x, y) ? 190 : null));
    const taken = columnsStandingInFloor(floor, rgb, width, height);
    expect(at(taken, 320, 160)).toBe(1);
    expect(at(taken, 302, 125)).toBe(1);
    expect(at(taken, 337, 195)).toBe(1);
    expect(at(taken, 290, 160)).toBe(0);
    expect(at(taken, 350, 160)).toBe(0);
    expect(at(taken, 320, 240)).toBe(0);
    expect(at(taken, 100, 400)).toBe(0);
  });

  it("leaves a darker plank between two seams that stop short of the floor's far edge: the floor goes on above it", () => {
    const plank = band(300, 340, 200, 400);
    const { floor, rgb, width, height, at } = scene((x, y) => (plank(x, y) ? 110 : null));
    expect(at(columnsStandingInFloor(floor, rgb, width, height), 320, 300)).toBe(0);
    expect(at(columnsStandingInFloor(floor, rgb, width, height, { ...STANDING_COLUMN_LIMITS, reach: 100 }), 320, 300)).toBe(1);
  });

  it("leaves a plank receding at a slant up to the floor's far edge: the floor's own lines lean, a column stands", () => {
    // Leaning 0.6 pixels across per pixel down (31° from upright), its sides blurred over a pixel as a camera's are.
    const inside = (x: number, y: number) =>
      y < 220 ? Math.max(0, Math.min(1, x + 1 - (300 + 0.6 * (y - 120)))) * Math.max(0, Math.min(1, 340 + 0.6 * (y - 120) - x)) : 0;
    const { floor, rgb, width, height, at } = scene((x, y) =>
      inside(x, y) > 0 ? Math.round(inside(x, y) * 110 + (1 - inside(x, y)) * (150 + hash(x, y, 5) - 2)) : null,
    );
    expect(at(columnsStandingInFloor(floor, rgb, width, height), 350, 170)).toBe(0);
    expect(at(columnsStandingInFloor(floor, rgb, width, height, { ...STANDING_COLUMN_LIMITS, upright: Math.PI / 4 }), 350, 170)).toBe(1);
  });

  it('leaves a broad patch of sun with upright sides: wider than a column', () => {
    const sun = band(200, 360, 120, 260);
    const { floor, rgb, width, height, at } = scene((x, y) => (sun(x, y) ? 210 : null));
    expect(at(columnsStandingInFloor(floor, rgb, width, height), 280, 200)).toBe(0);
    expect(at(columnsStandingInFloor(floor, rgb, width, height, { ...STANDING_COLUMN_LIMITS, maxGap: 1 }), 280, 200)).toBe(1);
  });

  it("leaves the floor between a chair frame's two thin black legs standing up to the floor's far edge: it is the floor again", () => {
    const legs = (x: number, y: number) => y < 200 && ((x >= 300 && x < 303) || (x >= 337 && x < 340));
    const { floor, rgb, width, height, at } = scene((x, y) => (legs(x, y) ? 40 : null));
    expect(at(columnsStandingInFloor(floor, rgb, width, height), 320, 160)).toBe(0);
    expect(at(columnsStandingInFloor(floor, rgb, width, height, { ...STANDING_COLUMN_LIMITS, unlike: -Infinity }), 320, 160)).toBe(1);
  });

  it('leaves a faint column, its sides a step of ten grey levels', () => {
    const pedestal = band(300, 340, 120, 200);
    const { floor, rgb, width, height, at } = scene((x, y) => (pedestal(x, y) ? 160 : null));
    expect(at(columnsStandingInFloor(floor, rgb, width, height), 320, 160)).toBe(0);
    expect(at(columnsStandingInFloor(floor, rgb, width, height, { ...STANDING_COLUMN_LIMITS, minStep: 4 }), 320, 160)).toBe(1);
  });
});
