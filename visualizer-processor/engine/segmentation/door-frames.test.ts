import { describe, expect, it } from 'vitest';
import { DOOR_FRAME_LIMITS, floorThroughFrames } from './door-frames.ts';
import { hash, wallAndFloorScene as scene } from './testing/wall-and-floor-scene.ts';

/** A door's frame (grey 90) standing on the floor: uprights at columns 300-309 and `right` to `right` + 9 (390 by default) from row `top` down to row 299, and its bottom rail (rows 290-299) when `rail`. */
const door =
  (top: number, rail: boolean, right = 390) =>
  (x: number, y: number) => {
    const upright = ((x >= 300 && x < 310) || (x >= right && x < right + 10)) && y >= top && y < 300;
    const bottom = rail && x >= 300 && x < right + 10 && y >= 290 && y < 300;
    return upright || bottom ? 90 + hash(x, y, 3) : null;
  };

/** The scene with the door; the shared scene paints only below the wall's foot (row 120), so the frame above it is painted here. */
function doorScene(top: number, rail: boolean, right = 390) {
  const made = scene(door(top, rail, right));
  for (let y = top; y < 120; y++) {
    for (let x = 0; x < made.width; x++) {
      const grey = door(top, rail, right)(x, y);
      if (grey !== null) made.rgb.fill(grey, (y * made.width + x) * 3, (y * made.width + x) * 3 + 3);
    }
  }
  return made;
}

describe('floor seen through a framed opening', () => {
  it("takes the floor through a glass door's panel, between its frame's sides and above its bottom rail, and none of the floor below or beside it", () => {
    // Above row 120 (the wall) the frame goes on up to row 20: far above where the floor ends.
    const { floor, rgb, width, height, at } = doorScene(20, true);
    const taken = floorThroughFrames(floor, rgb, width, height);
    expect(at(taken, 360, 200)).toBe(1);
    expect(at(taken, 360, 125)).toBe(1);
    expect(at(taken, 360, 310)).toBe(0);
    expect(at(taken, 200, 200)).toBe(0);
    expect(at(taken, 500, 200)).toBe(0);
  });

  it('leaves the floor through an opening with no line between its feet: a doorway whose floor goes on', () => {
    const { floor, rgb, width, height, at } = doorScene(20, false);
    expect(at(floorThroughFrames(floor, rgb, width, height), 360, 200)).toBe(0);
  });

  it("leaves the floor between a table's legs: they end below where the floor ends behind them", () => {
    const { floor, rgb, width, height, at } = doorScene(140, true);
    expect(at(floorThroughFrames(floor, rgb, width, height), 360, 200)).toBe(0);
  });

  it("leaves the floor through a frame about as wide as it is tall (a table's frame standing before a wall), and takes it with `slender` 0", () => {
    // 280 rows tall, 170 columns apart: 1.6 times, not a door's 2.5.
    const { floor, rgb, width, height, at } = doorScene(20, true, 470);
    expect(at(floorThroughFrames(floor, rgb, width, height), 400, 200)).toBe(0);
    expect(at(floorThroughFrames(floor, rgb, width, height, { ...DOOR_FRAME_LIMITS, slender: 0 }), 400, 200)).toBe(1);
  });

  it("leaves a strip of floor between two tall uprights at a wall's foot (a table's leg and a chair's, the plinth's line their sill), and takes it with `strip` 0", () => {
    // The wall comes down to row 280: the floor above the line between the feet (row 299) is 15 rows of the uprights' 279.
    const { floor, rgb, width, height, at } = doorScene(20, true);
    for (let y = 120; y < 280; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        floor[i] = 0;
        if (door(20, true)(x, y) === null) rgb.fill(30, i * 3, i * 3 + 3);
      }
    }
    expect(at(floorThroughFrames(floor, rgb, width, height), 360, 285)).toBe(0);
    expect(at(floorThroughFrames(floor, rgb, width, height, { ...DOOR_FRAME_LIMITS, strip: 0 }), 360, 285)).toBe(1);
  });
});
