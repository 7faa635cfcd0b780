import { describe, expect, it } from 'vitest';
import { objectBasesOverFloor } from './object-bases.ts';

/**
 * A 320×240 guide copy: wall above row 60, floor below it (the floor mask says so), painted by `paint` over a
 * light grey floor with a little deterministic grain.
 */
function scene(paint: (x: number, y: number) => [number, number, number] | null) {
  const width = 320;
  const height = 240;
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floor[i] = y >= 60 ? 1 : 0;
      const grain = ((x * 7919 + y * 104729) % 9) - 4;
      const colour = paint(x, y) ?? (y < 60 ? [228, 226, 220] : [170 + grain, 165 + grain, 158 + grain]);
      rgb.set(colour, i * 3);
    }
  }
  return { floor, rgb, width, height, at: (mask: Uint8Array, x: number, y: number) => mask[y * width + x] };
}

describe('thin parts grown back over the floor', () => {
  it('takes a black leg the floor mask runs over, from the floor\'s edge down to its foot, and nothing beside it', () => {
    const leg = (x: number, y: number) => x >= 100 && x < 106 && y >= 40 && y < 130;
    const { floor, rgb, width, height, at } = scene((x, y) => (leg(x, y) ? [20, 20, 22] : null));
    const taken = objectBasesOverFloor(floor, rgb, width, height);
    expect(at(taken, 102, 70)).toBe(1);
    expect(at(taken, 102, 128)).toBe(1);
    expect(at(taken, 110, 100)).toBe(0);
    expect(at(taken, 200, 150)).toBe(0);
  });

  it('leaves a leg that stands in the middle of the floor, cut off from its edge (nothing grows from inside the floor)', () => {
    const { floor, rgb, width, height, at } = scene((x, y) => (x >= 100 && x < 106 && y >= 120 && y < 180 ? [20, 20, 22] : null));
    expect(at(objectBasesOverFloor(floor, rgb, width, height), 102, 150)).toBe(0);
  });

  it('leaves the shade under a table (the floor\'s hue, a third as bright, thin) and a wide dark band along the wall (not thin)', () => {
    // A bright floor on the left, so that its shade is far from it in Lab and only the hue guard keeps it.
    const shade = (x: number, y: number) => x >= 60 && x < 68 && y >= 60 && y < 140;
    const band = (x: number, y: number) => y >= 60 && y < 70 && x >= 150;
    const { floor, rgb, width, height, at } = scene((x, y) =>
      y < 60 ? null : shade(x, y) ? [136, 134, 131] : band(x, y) ? [30, 60, 120] : x < 150 ? [242, 240, 236] : null,
    );
    const taken = objectBasesOverFloor(floor, rgb, width, height);
    expect(at(taken, 64, 100)).toBe(0);
    expect(at(taken, 200, 64)).toBe(0);
  });
});
