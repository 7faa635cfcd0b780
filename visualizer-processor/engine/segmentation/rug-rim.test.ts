import { describe, expect, it } from 'vitest';
import { RUG_RIM_LIMITS, rugRimOnFloor } from './rug-rim.ts';

/**
 * A scene on the scene grid, a character for each 4 × 4 cells: 'r' the rug a rug step took out, '#' the floor
 * kept (smooth boards: brown, grained), 'p' floor kept that is the rug's pile (the rug's beige, as rough as the rug,
 * no grain), 'w' floor kept that is boards as rough as the pile (beige in the light, grained), '.' anything else.
 * `at` reads a mask at a character's place.
 */
function scene(rows: string[]) {
  const scale = 4;
  const width = rows[0]!.length * scale;
  const height = rows.length * scale;
  const floor = new Uint8Array(width * height);
  const taken = new Uint8Array(width * height);
  const rgb = new Uint8Array(width * height * 3);
  const roughness = new Float32Array(width * height);
  const grain = new Float32Array(width * height);
  const beige = [200, 185, 160];
  const brown = [120, 80, 50];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const mark = rows[Math.floor(y / scale)]![Math.floor(x / scale)];
      taken[i] = mark === 'r' ? 1 : 0;
      floor[i] = mark === '#' || mark === 'p' || mark === 'w' ? 1 : 0;
      rgb.set(mark === '#' ? brown : beige, i * 3);
      roughness[i] = mark === '#' ? 0.02 : 0.1;
      grain[i] = mark === '#' || mark === 'w' ? 0.8 : 0.2;
    }
  }
  const rim = (limits = RUG_RIM_LIMITS) => rugRimOnFloor(floor, taken, rgb, roughness, grain, width, height, limits);
  const at = (mask: Uint8Array, column: number, row: number) => mask[(row * scale + scale / 2) * width + column * scale + scale / 2];
  return { rim, at };
}

describe('the rim of a rug the rug steps took out', () => {
  it("takes the rug's pile left beside the taken rug, and keeps the floor past it and pile-like floor far from the rug", () => {
    const { rim, at } = scene([
      '................',
      '################',
      '################',
      '######pppp######',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      '................',
      '................',
      '................',
      '................',
      '######pppp######',
    ]);
    const taken = rim();
    expect(at(taken, 7, 3)).toBe(1);
    expect(at(taken, 3, 2)).toBe(0);
    expect(at(taken, 10, 1)).toBe(0);
    expect(at(taken, 7, 11)).toBe(0);
  });

  it('keeps boards as rough as the pile beside the rug when they show grain (a wood strip along the wall)', () => {
    const { rim, at } = scene([
      '................',
      '################',
      'wwwwwwwwpppppppp',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
    ]);
    expect(at(rim(), 4, 2)).toBe(0);
    expect(at(rim(), 12, 2)).toBe(1);
    // Without the grain test the strip, as near the rug and as like it, goes with the pile.
    expect(at(rim({ ...RUG_RIM_LIMITS, maxGrain: Infinity }), 4, 2)).toBe(1);
  });

  it("takes the rug's rim in shade by the colours beside it, not the grid's means, and keeps the floor's own shade", () => {
    // 4 × 4 cells a character: 'r' taken rug (beige), 'S' taken rug in shade, 'd' kept floor that is the rug's rim
    // in that shade (as dark, rough, no grain), '#' light oak boards (smooth, grained), 'f' those boards in shade,
    // as rough as the pile and without grain (the worst case the colour test alone must keep).
    const rows = ['################', 'ffffdddddddd####', 'rrrrSSSSSSSSrrrr', 'rrrrSSSSSSSSrrrr', 'rrrrrrrrrrrrrrrr', 'rrrrrrrrrrrrrrrr', 'rrrrrrrrrrrrrrrr'];
    const scale = 4;
    const width = rows[0]!.length * scale;
    const height = rows.length * scale;
    const floor = new Uint8Array(width * height);
    const taken = new Uint8Array(width * height);
    const rgb = new Uint8Array(width * height * 3);
    const roughness = new Float32Array(width * height);
    const grain = new Float32Array(width * height);
    const colours: Record<string, number[]> = { r: [200, 185, 160], S: [90, 80, 70], d: [90, 80, 70], '#': [190, 150, 110], f: [100, 75, 50] };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const mark = rows[Math.floor(y / scale)]![Math.floor(x / scale)]!;
        taken[i] = mark === 'r' || mark === 'S' ? 1 : 0;
        floor[i] = taken[i] ? 0 : 1;
        rgb.set(colours[mark]!, i * 3);
        roughness[i] = mark === '#' ? 0.02 : 0.1;
        grain[i] = mark === '#' ? 0.8 : 0.2;
      }
    }
    const at = (mask: Uint8Array, column: number, row: number) => mask[(row * scale + scale / 2) * width + column * scale + scale / 2];
    const local = rugRimOnFloor(floor, taken, rgb, roughness, grain, width, height, { ...RUG_RIM_LIMITS, local: 8 });
    expect(at(local, 8, 1)).toBe(1); // the rim in shade, beside the rug's shade
    expect(at(local, 1, 1)).toBe(0); // the boards' shade beside the beige rug
    expect(at(local, 14, 0)).toBe(0);
    // Against the grid's means (session 27) the shaded rim is nearer the floor than the mostly beige rug: it stays.
    const global = rugRimOnFloor(floor, taken, rgb, roughness, grain, width, height, RUG_RIM_LIMITS);
    expect(at(global, 8, 1)).toBe(0);
  });
});
