import { describe, expect, it } from 'vitest';
import { RUG_EDGE_LIMITS, rugEdgeBand } from './rug-edge.ts';

/**
 * A photo on the scene grid, a character for each 4 × 4 cells, top row first: 'W' wall, '#' floor kept (pale
 * boards), 's' floor kept that is the boards in shade (darker, the boards' hue), 'b' floor kept that is the rug's
 * band (the rug's brown and weave, in shade), 'r' the rug (a run saw it or a rug step took it; brown, woven). The
 * weave is a fine checker of ±20 that cancels out along any row. `at` reads the band at a character's place.
 */
function photo(rows: string[], palette: Record<string, number[]> = {}, weaves: Record<string, number> = {}) {
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
    ...palette,
  };
  const weaveOf: Record<string, number> = { r: 20, b: 20, ...weaves };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const mark = rows[Math.floor(y / scale)]![Math.floor(x / scale)]!;
      floor[i] = mark === 'r' || mark === 'W' ? 0 : 1;
      rug[i] = mark === 'r' ? 1 : 0;
      const weave = (weaveOf[mark] ?? 0) * ((x + y) % 2 ? 1 : -1);
      rgb.set(
        colours[mark]!.map((value) => value + weave),
        i * 3,
      );
    }
  }
  const band = (limits = RUG_EDGE_LIMITS) => rugEdgeBand(floor, rug, rgb, null, width, height, limits).band;
  const line = (limits = RUG_EDGE_LIMITS) => rugEdgeBand(floor, rug, rgb, null, width, height, limits).line;
  const at = (mask: Uint8Array, column: number, row: number) =>
    mask[(row * scale + scale / 2) * width + column * scale + scale / 2];
  const count = (mask: Uint8Array) => mask.reduce((sum, value) => sum + value, 0);
  return { band, at, count, line };
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

  // A shag's fringe in shade ('f', the pile's colour, darker than the lit pile 'r' below it: the found boundary lies on
  // a step of its own) below the floor's dark wood strip along the wall ('d'), which dips into the fringe's row in
  // two columns where the fringe is ragged (living-shag-rug-stool, session 35).
  const shag = () =>
    photo(
      [
        'WWWWWWWWWWWWWWWW',
        'WWWWWWWWWWWWWWWW',
        'dddddddddddddddd',
        'dddddddddddddddd',
        'dddddddddddddddd',
        'fffffddfffffffff',
        'ffffffffffffffff',
        'rrrrrrrrrrrrrrrr',
        'rrrrrrrrrrrrrrrr',
        'rrrrrrrrrrrrrrrr',
        'rrrrrrrrrrrrrrrr',
        'rrrrrrrrrrrrrrrr',
      ],
      { d: [60, 40, 28], f: [105, 80, 62], r: [125, 100, 80] },
      { f: 8 },
    );

  it("takes a fringe whose found boundary has a step of its own only cell by cell, through the rug's colours, keeping the floor's strip where it dips", () => {
    const { band, at, count, line } = shag();
    // Without the walk, the boundary's own step holds the whole band back (more than half the edge's)...
    const walkless = { ...RUG_EDGE_LIMITS, colourWalkOver: Infinity };
    const found = line(walkless)!;
    expect(found.step).toBeLessThan(RUG_EDGE_LIMITS.overBoundary * found.boundaryStep);
    expect(count(band(walkless))).toBe(0);
    // ...walked cell by cell from the boundary, the fringe goes and the wood strip stays.
    const taken = band();
    for (const column of [0, 3, 10, 15]) {
      expect(at(taken, column, 5)).toBe(1);
      expect(at(taken, column, 6)).toBe(1);
      expect(at(taken, column, 4)).toBe(0);
    }
    for (const column of [5, 6]) {
      expect(at(taken, column, 6)).toBe(1);
      expect(at(taken, column, 5)).toBe(0);
    }
  });
});
