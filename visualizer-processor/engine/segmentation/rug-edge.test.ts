import { describe, expect, it } from 'vitest';
import { RUG_EDGE_LIMITS, rugEdgeBand } from './rug-edge.ts';

/**
 * A photo on the scene grid, a character for each 4 × 4 cells, top row first: 'W' wall, '#' floor kept (pale
 * boards), 's' floor kept that is the boards in shade (darker, the boards' hue), 'b' floor kept that is the rug's
 * band (the rug's brown and weave, in shade), 'r' the rug (a run saw it or a rug step took it; brown, woven). The
 * weave is a fine checker of ±20 that cancels out along any row. `at` reads the band at a character's place.
 */
function photo(rows: string[]) {
  const scale = 4;
  const width = rows[0]!.length * scale;
  const height = rows.length * scale;
  const floor = new Uint8Array(width * height);
  const rug = new Uint8Array(width * height);
  const rgb = new Uint8Array(width * height * 3);
  const colours: Record<string, number[]> = {
    W: [235, 235, 230],
    '#': [200, 170, 130],
    s: [110, 85, 60],
    b: [120, 95, 75],
    r: [90, 70, 55],
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const mark = rows[Math.floor(y / scale)]![Math.floor(x / scale)]!;
      floor[i] = mark === '#' || mark === 's' || mark === 'b' ? 1 : 0;
      rug[i] = mark === 'r' ? 1 : 0;
      const weave = mark === 'r' || mark === 'b' ? ((x + y) % 2 ? 20 : -20) : 0;
      rgb.set(
        colours[mark]!.map((value) => value + weave),
        i * 3,
      );
    }
  }
  const band = (limits = RUG_EDGE_LIMITS) => rugEdgeBand(floor, rug, rgb, null, width, height, limits).band;
  const at = (mask: Uint8Array, column: number, row: number) =>
    mask[(row * scale + scale / 2) * width + column * scale + scale / 2];
  const count = (mask: Uint8Array) => mask.reduce((sum, value) => sum + value, 0);
  return { band, at, count };
}

describe("the band at a kept rug's far edge", () => {
  it("takes the band of the rug the runs left as floor, up to the rug's straight edge line, and keeps the boards past it", () => {
    const { band, at } = photo([
      'WWWWWWWWWWWWWWWW',
      'WWWWWWWWWWWWWWWW',
      '################',
      '################',
      '################',
      'bbbbbbbbbbbbbbbb',
      'bbbbbbbbbbbbbbbb',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
    ]);
    const taken = band();
    for (const column of [0, 5, 15]) {
      expect(at(taken, column, 5)).toBe(1);
      expect(at(taken, column, 6)).toBe(1);
      expect(at(taken, column, 4)).toBe(0);
      expect(at(taken, column, 2)).toBe(0);
    }
  });

  it("keeps the boards' shaded strip beside the rug: past the found boundary it is of the boards' colours, not the rug's", () => {
    const { band, count } = photo([
      'WWWWWWWWWWWWWWWW',
      'WWWWWWWWWWWWWWWW',
      '################',
      '################',
      '################',
      'ssssssssssssssss',
      'ssssssssssssssss',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
    ]);
    expect(count(band())).toBe(0);
  });

  it('takes nothing when the found boundary is not a straight line (no rug edge to follow)', () => {
    const { band, count } = photo([
      'WWWWWWWWWWWWWWWW',
      'WWWWWWWWWWWWWWWW',
      '################',
      '#######bb#######',
      '######bbbb######',
      '#####bbbbbb#####',
      '####rrrrrrrr####',
      '###rrrrrrrrrr###',
      '##rrrrrrrrrrrr##',
      '#rrrrrrrrrrrrrr#',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
    ]);
    expect(count(band())).toBe(0);
  });
});
