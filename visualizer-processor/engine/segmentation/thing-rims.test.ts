import { describe, expect, it } from 'vitest';
import { THING_RIM_LIMITS, thingRimsOnFloor } from './thing-rims.ts';

const width = 60;
const height = 40;

/**
 * Grey floor (150) everywhere but a brown box (rows 10-29, columns 20-39) a run saw as a thing; the refined floor
 * runs 2 pixels onto the box on its left side (columns 20-21), as the filter does where the box's foot is about as
 * bright as the floor. `shadow`: the 2 columns right of the box (40-41) are the floor in the box's shade (grey 70,
 * the floor's hue), floor in the label too.
 */
function boxScene(shadow: boolean) {
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  const things = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const box = y >= 10 && y < 30 && x >= 20 && x < 40;
      const shade = shadow && y >= 10 && y < 30 && (x === 40 || x === 41);
      const colour = box ? [120, 80, 50] : shade ? [70, 70, 70] : [150, 150, 150];
      rgb.set(colour, i * 3);
      // The filter's floor: everything but the box, and the box's two left columns.
      floor[i] = !box || x < 22 ? 1 : 0;
      things[i] = box && x >= 22 ? 1 : 0;
    }
  }
  return { rgb, floor, things };
}

const taken = (rim: Uint8Array) => {
  const at: string[] = [];
  for (let i = 0; i < rim.length; i++) if (rim[i]) at.push(`${i % width},${Math.floor(i / width)}`);
  return at;
};

describe("a thing's rim", () => {
  it("takes the floor the filter laid on a thing's side, of the thing's colour, and no floor of the floor's colour", () => {
    const { rgb, floor, things } = boxScene(false);
    const rim = thingRimsOnFloor(floor, things, rgb, width, height);
    const expected: string[] = [];
    // Rows 10-29 at columns 20-21; the window needs `minCount` thing pixels, which every row of the box has.
    for (let y = 10; y < 30; y++) for (const x of [20, 21]) expected.push(`${x},${y}`);
    expect(taken(rim).sort()).toEqual(expected.sort());
  });

  it("keeps the floor's own shade at the thing's foot, though it is nearer the dark thing's colour than the lit floor's", () => {
    const { rgb, floor, things } = boxScene(true);
    const rim = thingRimsOnFloor(floor, things, rgb, width, height);
    // The shade (70, 70, 70) is 80·√3 from the floor and about 54 from the box: past `ratio` 2 it would go.
    for (let y = 10; y < 30; y++) for (const x of [40, 41]) expect(rim[y * width + x], `${x},${y}`).toBe(0);
    expect(taken(rim)).toHaveLength(40);
  });

  it('leaves nothing without a thing beside the floor', () => {
    const { rgb, floor } = boxScene(false);
    expect(
      taken(thingRimsOnFloor(floor, new Uint8Array(width * height), rgb, width, height, THING_RIM_LIMITS)),
    ).toEqual([]);
  });
});
