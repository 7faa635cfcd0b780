import { describe, expect, it } from 'vitest';
import { PHOTO_COLOUR_LIMITS, floorOfOtherColours, photoRegions } from './photo-colours.ts';

const SIDE = 160;
type Colour = readonly [number, number, number];
const WOOD: Colour = [176, 128, 84];
const WALL: Colour = [228, 226, 220];

/**
 * A room on a 160-cell grid: wall above row 50, a floor below it whose colour (`paint`) carries a little grain
 * (a fixed pattern, so the test is the same every run), and `notFloor` where the network saw something else.
 */
function room(paint: (x: number, y: number) => Colour | null, notFloor: (x: number, y: number) => boolean) {
  const rgb = new Uint8Array(SIDE * SIDE * 3);
  const floor = new Uint8Array(SIDE * SIDE);
  // What the network saw standing on the floor: what is not floor below the wall.
  const objects = new Uint8Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const i = y * SIDE + x;
      const grain = ((x * 7 + y * 13) % 11) - 5;
      const colour = paint(x, y) ?? (y < 50 ? WALL : WOOD);
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.max(0, Math.min(255, colour[c]! + grain));
      floor[i] = y >= 50 && !notFloor(x, y) ? 1 : 0;
      objects[i] = y >= 50 && notFloor(x, y) ? 1 : 0;
    }
  }
  return { rgb, floor, objects };
}

const share = (taken: Uint8Array, where: (x: number, y: number) => boolean) => {
  let inside = 0;
  let hit = 0;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      if (!where(x, y)) continue;
      inside++;
      hit += taken[y * SIDE + x]!;
    }
  }
  return hit / inside;
};

describe('floor of other colours (the photo\'s own colours)', () => {
  it('takes a blue chair seat the network calls floor out of a wood floor, where it sees the chair\'s back above it', () => {
    const chair = (x: number, y: number) => x >= 60 && x < 100 && y >= 70 && y < 110;
    const back = (x: number, y: number) => chair(x, y) && y < 88;
    const seat = (x: number, y: number) => chair(x, y) && y >= 88;
    const { rgb, floor, objects } = room((x, y) => (chair(x, y) ? [40, 60, 150] : null), back);
    const taken = floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects);
    expect(share(taken, seat)).toBeGreaterThan(0.6);
    // The floor around it stays.
    expect(share(taken, (x, y) => y >= 120 || (y >= 60 && (x < 40 || x >= 120)))).toBe(0);
    // Compared only with the object it touches (sameObject), the seat leaves as well.
    const same = floorOfOtherColours(floor, rgb, SIDE, SIDE, { ...PHOTO_COLOUR_LIMITS, sameObject: true }, objects);
    expect(share(same, seat)).toBeGreaterThan(0.6);
  });

  it('decides the same with the photo\'s superpixels made ahead, for any number of floors, and refuses those of other settings', () => {
    const chair = (x: number, y: number) => x >= 60 && x < 100 && y >= 70 && y < 110;
    const { rgb, floor, objects } = room((x, y) => (chair(x, y) ? [40, 60, 150] : null), (x, y) => chair(x, y) && y < 88);
    const regions = photoRegions(rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS);
    const alone = floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects);
    expect(alone.includes(1)).toBe(true);
    expect(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects, regions)).toEqual(alone);
    // A second floor over the same superpixels (the other rug choice, a tap): they are only read.
    const smaller = floor.map((cell, i) => (i % SIDE < 40 ? 0 : cell));
    expect(floorOfOtherColours(smaller, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects, regions)).toEqual(floorOfOtherColours(smaller, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects));
    expect(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects, regions)).toEqual(alone);
    expect(() => floorOfOtherColours(floor, rgb, SIDE, SIDE, { ...PHOTO_COLOUR_LIMITS, spacing: 6 }, objects, regions)).toThrow(/other settings/);
  });

  it('leaves a patch of an object\'s colour that touches no object: nothing leaves from the middle of the floor', () => {
    const back = (x: number, y: number) => x >= 60 && x < 100 && y >= 70 && y < 88;
    const cushion = (x: number, y: number) => x >= 120 && x < 145 && y >= 125 && y < 150;
    const { rgb, floor, objects } = room((x, y) => (back(x, y) || cushion(x, y) ? [40, 60, 150] : null), back);
    expect(share(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects), cushion)).toBe(0);
  });

  it('leaves a table\'s shadow on the floor: the wood\'s own hue, darker, beside a dark table base', () => {
    const base = (x: number, y: number) => x >= 70 && x < 90 && y >= 60 && y < 90;
    const shadow = (x: number, y: number) => !base(x, y) && x >= 50 && x < 110 && y >= 60 && y < 105;
    const dark = WOOD.map((c) => Math.round(c * 0.4)) as unknown as Colour;
    const { rgb, floor, objects } = room((x, y) => (base(x, y) ? [30, 28, 26] : shadow(x, y) ? dark : null), base);
    expect(share(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects), shadow)).toBe(0);
  });

  it('leaves a sunlit patch of the floor beside a white wall', () => {
    const sun = (x: number, y: number) => x >= 100 && y >= 50 && y < 100;
    const bright = WOOD.map((c) => Math.min(255, Math.round(c * 1.45))) as unknown as Colour;
    const { rgb, floor, objects } = room((x, y) => (sun(x, y) ? bright : null), () => false);
    expect(share(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects), sun)).toBe(0);
  });

  it('leaves the grey veins of a white marble floor, even where they run into a grey cabinet', () => {
    const cabinet = (x: number, y: number) => x >= 110 && y >= 55 && y < 95;
    const vein = (x: number, y: number) => y >= 50 && !cabinet(x, y) && (Math.abs(x - y - 10) < 3 || Math.abs(x + y - 190) < 3 || Math.abs(y - 100) < 2);
    const { rgb, floor, objects } = room(
      (x, y) => (cabinet(x, y) ? [128, 130, 134] : vein(x, y) ? [132, 132, 134] : y >= 50 ? [226, 224, 220] : [200, 190, 170]),
      cabinet,
    );
    expect(share(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects), vein)).toBe(0);
  });

  it('leaves a floor too small to know its colours', () => {
    const chair = (x: number, y: number) => x >= 60 && x < 100 && y >= 70 && y < 110;
    const { rgb, floor, objects } = room((x, y) => (chair(x, y) ? [40, 60, 150] : null), (x, y) => (chair(x, y) && y < 88) || y < 120);
    expect(share(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects), () => true)).toBe(0);
  });

  it('leaves the foot of a wall in shade: it leaves only towards what stands on the floor', () => {
    // The wall's colour, darker, along the floor's far edge (a skirting's shade the network calls floor).
    const foot = (_x: number, y: number) => y >= 50 && y < 62;
    const shade = WALL.map((c) => Math.round(c * 0.8)) as unknown as Colour;
    const { rgb, floor, objects } = room((x, y) => (foot(x, y) ? shade : null), () => false);
    expect(share(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, objects), foot)).toBe(0);
    // Were the wall something standing on the floor, the strip would go with it.
    const all = new Uint8Array(objects.length).fill(1);
    expect(share(floorOfOtherColours(floor, rgb, SIDE, SIDE, PHOTO_COLOUR_LIMITS, all), foot)).toBeGreaterThan(0.5);
  });
});
