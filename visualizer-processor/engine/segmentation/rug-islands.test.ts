import { describe, expect, it } from 'vitest';
import { RUG_ISLAND_LIMITS, floorIslandsInRugs } from './rug-islands.ts';

/**
 * A scene on the scene grid drawn with a character for each 4 × 4 cells: '#' floor, 'r' a known rug, '.' anything
 * else (a wall, a thing). `at` reads a mask at a character's place.
 */
function scene(rows: string[]) {
  const scale = 4;
  const width = rows[0]!.length * scale;
  const height = rows.length * scale;
  const floor = new Uint8Array(width * height);
  const rug = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const mark = rows[Math.floor(y / scale)]![Math.floor(x / scale)];
      floor[y * width + x] = mark === '#' ? 1 : 0;
      rug[y * width + x] = mark === 'r' ? 1 : 0;
    }
  }
  const islands = (limits = RUG_ISLAND_LIMITS) => floorIslandsInRugs(floor, rug, width, height, limits);
  const at = (mask: Uint8Array, column: number, row: number) =>
    mask[(row * scale + scale / 2) * width + column * scale + scale / 2];
  return { islands, at };
}

describe('floor islands in a rug', () => {
  it("takes a small piece of the floor with the rug all round it (a pouf's shade ring on the rug), and keeps the floor past the rug", () => {
    const { islands, at } = scene([
      '...............',
      '###############',
      '###############',
      'rrrrrrrrrrrrrrr',
      'rrrrrr##rrrrrrr',
      'rrrrrr##rrrrrrr',
      'rrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrr',
    ]);
    const taken = islands();
    expect(at(taken, 6, 4)).toBe(1);
    expect(at(taken, 7, 5)).toBe(1);
    expect(at(taken, 3, 1)).toBe(0);
    // The rule off: the island stays.
    expect(at(islands({ ...RUG_ISLAND_LIMITS, rugOutline: Infinity }), 6, 4)).toBe(0);
  });

  it('keeps a piece of the floor beside the rug: the rug along one side, walls and things on the others', () => {
    const { islands, at } = scene([
      '...............',
      '#######........',
      '#######........',
      '#######.....##.',
      'rrrrrrrrr...##.',
      'rrrrrrrrrrr.##.',
      'rrrrrrrrrrrrrr.',
      'rrrrrrrrrrrrrrr',
    ]);
    const taken = islands();
    expect(at(taken, 12, 4)).toBe(0);
    expect(at(taken, 3, 2)).toBe(0);
  });

  it("keeps a piece of the floor in the frame's corner with the rug along both its inner sides: the floor may run on out of the picture", () => {
    const { islands, at } = scene([
      '...............',
      '###############',
      '###############',
      'rrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrr##',
      'rrrrrrrrrrrrr##',
      'rrrrrrrrrrrrr##',
    ]);
    expect(at(islands(), 14, 6)).toBe(0);
  });

  it('keeps a strip of floor between two rugs that runs to the frame, though the rugs line both its long sides', () => {
    const { islands, at } = scene([
      '...............',
      '###############',
      '###############',
      'rrrrrr...rrrrrr',
      'rrrrrr.#.rrrrrr',
      'rrrrrrr#rrrrrrr',
      'rrrrrrr#rrrrrrr',
      'rrrrrrr#rrrrrrr',
    ]);
    expect(at(islands(), 7, 6)).toBe(0);
  });

  it('takes a piece at the far edge with the rug round its other sides (a bench\'s legs on a rug, under its seat), unless asked to keep the far edge', () => {
    const { islands, at } = scene([
      '...............',
      '.......##......',
      'rrrrrrr##rrrrrr',
      'rrrrrrr##rrrrrr',
      'rrrrrrrrrrrrrrr',
      '###rrrrrrrrrrrr',
      '###rrrrrrrrrrrr',
      '###rrrrrrrrrrrr',
    ]);
    expect(at(islands(), 7, 2)).toBe(1);
    expect(at(islands({ ...RUG_ISLAND_LIMITS, keepFarEdge: true }), 7, 2)).toBe(0);
  });

  it("keeps the floor's largest piece though the rug is round it: a rug over most of the room leaves the floor's body", () => {
    const { islands, at } = scene([
      '...............',
      '...............',
      'rrrrrrrrrrrrrrr',
      'rrrr#######rrrr',
      'rrrr#######rrrr',
      'rrrrrrrrrrrrrrr',
      'rrrrrrr#rrrrrrr',
      'rrrrrrrrrrrrrrr',
    ]);
    const taken = islands();
    expect(at(taken, 5, 3)).toBe(0);
    expect(at(taken, 7, 6)).toBe(1);
  });

  it('does nothing where no rug is known, however the floor is split (a darker board, a seam across a hallway)', () => {
    const { islands } = scene([
      '...............',
      '#######.#######',
      '#######.#######',
      '#######.#######',
      '..#####.#######',
      '..#..##.#######',
      '..#..##.#######',
      '...............',
    ]);
    expect(islands().includes(1)).toBe(false);
  });
});
