import { describe, expect, it } from 'vitest';
import { objectBasesOverFloor } from './object-bases.ts';

/**
 * A 320×240 guide copy: wall above row 60, floor below it (the floor mask says so), painted by `paint` over a
 * floor (light grey unless `floorColour`) with a little deterministic grain.
 */
function scene(paint: (x: number, y: number) => [number, number, number] | null, floorColour: [number, number, number] = [170, 165, 158]) {
  const width = 320;
  const height = 240;
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floor[i] = y >= 60 ? 1 : 0;
      const grain = ((x * 7919 + y * 104729) % 9) - 4;
      const colour = paint(x, y) ?? (y < 60 ? [228, 226, 220] : floorColour.map((level) => level + grain));
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

  describe('inside the floor, out of reach of its edge', () => {
    const black: [number, number, number] = [20, 20, 22];

    it('takes a post standing in the middle of the floor, seen against the floor all round (tall and upright)', () => {
      const { floor, rgb, width, height, at } = scene((x, y) => (x >= 100 && x < 106 && y >= 120 && y < 180 ? black : null));
      const taken = objectBasesOverFloor(floor, rgb, width, height);
      expect(at(taken, 102, 150)).toBe(1);
      expect(at(taken, 102, 178)).toBe(1);
      expect(at(taken, 110, 150)).toBe(0);
    });

    it('leaves a short dark streak there (a seam, a knot): too short to be a post', () => {
      const { floor, rgb, width, height, at } = scene((x, y) => (x >= 100 && x < 104 && y >= 140 && y < 156 ? black : null));
      expect(at(objectBasesOverFloor(floor, rgb, width, height), 101, 148)).toBe(0);
    });

    it('leaves a dark patch there as wide as it is tall (a stain): not upright', () => {
      const { floor, rgb, width, height, at } = scene((x, y) => (x >= 100 && x < 118 && y >= 130 && y < 160 ? black : null));
      expect(at(objectBasesOverFloor(floor, rgb, width, height), 108, 145)).toBe(0);
    });
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

  describe('on a dark floor', () => {
    // Dark grey tile: a black leg is nearer to it in Lab (about 23) than `minDistance`, but a tenth as bright.
    const darkTile: [number, number, number] = [60, 60, 64];
    const black: [number, number, number] = [8, 8, 10];

    it('takes a black leg far darker than the floor, though near it in colour', () => {
      const { floor, rgb, width, height, at } = scene((x, y) => (x >= 100 && x < 106 && y >= 40 && y < 130 ? black : null), darkTile);
      const taken = objectBasesOverFloor(floor, rgb, width, height);
      expect(at(taken, 102, 70)).toBe(1);
      expect(at(taken, 102, 128)).toBe(1);
      expect(at(taken, 110, 100)).toBe(0);
    });

    it('leaves a dark grout line one pixel wide running from the floor\'s edge', () => {
      const { floor, rgb, width, height, at } = scene((x, y) => (x === 150 && y >= 60 ? black : null), darkTile);
      expect(at(objectBasesOverFloor(floor, rgb, width, height), 150, 100)).toBe(0);
    });

    it('leaves the dark shade a few pixels tall along a thing\'s foot', () => {
      const { floor, rgb, width, height, at } = scene((x, y) => (x >= 200 && x < 215 && y >= 60 && y < 64 ? black : null), darkTile);
      expect(at(objectBasesOverFloor(floor, rgb, width, height), 207, 62)).toBe(0);
    });
  });
});
