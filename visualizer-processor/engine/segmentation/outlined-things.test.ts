import { describe, expect, it } from 'vitest';
import { OUTLINE_LIMITS, floorStep, floorWithoutAnOutline } from './outlined-things.ts';

const WIDTH = 40;
const HEIGHT = 20;

/**
 * A 40 × 20 grid: the floor on the left half (x < 20), the cells it may grow back into on the right half, each
 * cell's colour from `colourAt`.
 */
function grid(colourAt: (x: number, y: number) => [number, number, number]) {
  const floor = new Uint8Array(WIDTH * HEIGHT);
  const candidates = new Uint8Array(WIDTH * HEIGHT);
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      if (x < 20) floor[i] = 1;
      else candidates[i] = 1;
      rgb.set(colourAt(x, y), i * 3);
    }
  }
  return { floor, candidates, rgb, at: (mask: Uint8Array, x: number, y: number) => mask[y * WIDTH + x] };
}

const GREY: [number, number, number] = [140, 140, 140];

describe('floorWithoutAnOutline', () => {
  it("grows the floor back over its own colour, never across a thing's outline nor past the cells it may take", () => {
    // A white bowl (x 26–33, y 5–14) stands in the candidates, with a patch of the floor's grey inside it (x 29–30,
    // y 9–10) that the floor can only reach through the bowl.
    const inBase = (x: number, y: number) => x >= 26 && x <= 33 && y >= 5 && y <= 14;
    const inHole = (x: number, y: number) => x >= 29 && x <= 30 && y >= 9 && y <= 10;
    const { floor, candidates, rgb, at } = grid((x, y) => (inBase(x, y) && !inHole(x, y) ? [235, 235, 230] : GREY));
    candidates[2 * WIDTH + 38] = 0;
    const back = floorWithoutAnOutline(floor, candidates, rgb, WIDTH, HEIGHT);
    expect(at(back, 22, 2)).toBe(1);
    expect(at(back, 38, 17)).toBe(1);
    expect(at(back, 28, 8)).toBe(0);
    expect(at(back, 29, 9)).toBe(0);
    expect(at(back, 38, 2)).toBe(0);
    // The floor itself is not returned: only what it took back.
    expect(at(back, 5, 5)).toBe(0);
    // With no outline too strong to cross, the bowl goes back to the floor too.
    const noOutline = floorWithoutAnOutline(floor, candidates, rgb, WIDTH, HEIGHT, {
      ...OUTLINE_LIMITS,
      minStep: 1000,
    });
    expect(at(noOutline, 28, 8)).toBe(1);
  });

  it('does not creep across an outline blurred over many cells, however small each step', () => {
    // From the floor's grey at x 20 to near white at x 39, 3 levels a cell (lighter: the darkest-tenth rule stays out of it).
    const { floor, candidates, rgb, at } = grid((x) => {
      const level = x < 20 ? 140 : 140 + 3 * (x - 19);
      return [level, level, level];
    });
    const back = floorWithoutAnOutline(floor, candidates, rgb, WIDTH, HEIGHT);
    expect(at(back, 20, 10)).toBe(1);
    expect(at(back, 30, 10)).toBe(0);
    expect(at(back, 39, 10)).toBe(0);
    // Were the colour carried along drawn all the way to each cell it crosses, the ramp would be crossed.
    const following = floorWithoutAnOutline(floor, candidates, rgb, WIDTH, HEIGHT, { ...OUTLINE_LIMITS, follow: 1 });
    expect(at(following, 39, 10)).toBe(1);
  });

  it("takes back no cell darker than the floor's darkest tenth, though near the floor's colour (the shade under a thing)", () => {
    // A grained floor (three browns); the candidates a little darker than its darkest brown.
    const grain: [number, number, number][] = [
      [176, 128, 84],
      [168, 122, 80],
      [184, 134, 88],
    ];
    const { floor, candidates, rgb, at } = grid((x, y) => (x < 20 ? grain[(x + 2 * y) % 3]! : [162, 118, 78]));
    expect(floorStep(floor, rgb, WIDTH, HEIGHT)).toBeGreaterThan(5);
    const back = floorWithoutAnOutline(floor, candidates, rgb, WIDTH, HEIGHT);
    expect(at(back, 25, 10)).toBe(0);
    const anyShade = floorWithoutAnOutline(floor, candidates, rgb, WIDTH, HEIGHT, { ...OUTLINE_LIMITS, darkest: 0 });
    expect(at(anyShade, 25, 10)).toBe(1);
  });
});
