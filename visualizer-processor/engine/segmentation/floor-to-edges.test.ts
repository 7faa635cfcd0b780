import { describe, expect, it } from 'vitest';
import { FLOOR_TO_EDGE_LIMITS, floorToEdges } from './floor-to-edges.ts';

const FLOOR: [number, number, number] = [170, 140, 110];
const LEG: [number, number, number] = [60, 40, 30];

/**
 * A guide 40 × 12 drawn by columns: 'F' the refined floor, 'c' a candidate of the floor's colour, 'L' a candidate of
 * a dark leg's colour, 'T' not floor (the thing the network saw) of the floor's colour, 'D' not floor of the leg's.
 */
function scene(columns: string) {
  const width = columns.length;
  const height = 12;
  const floor = new Uint8Array(width * height);
  const candidate = new Uint8Array(width * height);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const mark = columns[x]!;
      floor[i] = mark === 'F' ? 1 : 0;
      candidate[i] = mark === 'c' || mark === 'L' ? 1 : 0;
      rgb.set(mark === 'L' || mark === 'D' ? LEG : FLOOR, i * 3);
    }
  }
  const backColumns = (back: Uint8Array) => [...columns].map((_, x) => (back[5 * width + x] ? 'b' : '.')).join('');
  return { floor, candidate, rgb, width, height, backColumns };
}

const LIMITS = { ...FLOOR_TO_EDGE_LIMITS, band: 8, stop: 0.06 };

describe('floorToEdges', () => {
  it('gives the floor back up to a dark leg the margin took it round, and not the leg', () => {
    const { floor, candidate, rgb, width, height, backColumns } = scene('FFFFFFFFFFccccccLLLLccccDDDDDD');
    // Up to the leg's edge: the pixel on it (its gradient reaches `stop`) is left to the guided filter.
    expect(backColumns(floorToEdges(floor, candidate, rgb, width, height, LIMITS))).toBe(
      '..........bbbbb...............',
    );
  });

  it('leaves a thing of the floor\u2019s own colour, with no edge between, to the thing from the middle on', () => {
    const { floor, candidate, rgb, width, height, backColumns } = scene('FFFFFFFFFFccccccccccTTTTTT');
    // The geodesic alone (no colour test): the floor starts `head` behind, so it takes less than half of the ten.
    expect(
      backColumns(floorToEdges(floor, candidate, rgb, width, height, { ...LIMITS, likeFloor: 0 })).slice(10, 20),
    ).toMatch(/^b{3,4}\.{6,7}$/);
    // With it: a candidate as like the thing round it as the floor is not floor's more than the thing's.
    expect(backColumns(floorToEdges(floor, candidate, rgb, width, height, LIMITS)).slice(10, 20)).toBe('bb........');
  });

  it('stops the floor at `reach`', () => {
    const { floor, candidate, rgb, width, height, backColumns } = scene(`FFFF${'c'.repeat(30)}LL`);
    const back = backColumns(floorToEdges(floor, candidate, rgb, width, height, { ...LIMITS, reach: 6 }));
    expect(back.slice(4, 34)).toBe(`${'b'.repeat(5)}${'.'.repeat(25)}`);
  });
  it('holds the floor to its own colour: a thing whose tone drifts from the floor\u2019s a little a step stops it', () => {
    // 10 floor columns, 12 candidates whose colour steps by 8 a channel each column (under `grain`, under `stop`:
    // no edge anywhere), then 6 of the thing's, of the last candidate's colour.
    const width = 28;
    const height = 12;
    const floor = new Uint8Array(width * height);
    const candidate = new Uint8Array(width * height);
    const rgb = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        floor[i] = x < 10 ? 1 : 0;
        candidate[i] = x >= 10 && x < 22 ? 1 : 0;
        const drift = 8 * (Math.min(x, 21) - 9);
        rgb.set(x < 10 ? FLOOR : FLOOR.map((c) => c - drift), i * 3);
      }
    }
    const backColumns = (back: Uint8Array) =>
      [...Array(12).keys()].map((k) => (back[5 * width + 10 + k] ? 'b' : '.')).join('');
    const limits = { ...LIMITS, likeFloor: 0 };
    // Without the hold the floor takes its geodesic share (no edge: about half, less its head).
    expect(backColumns(floorToEdges(floor, candidate, rgb, width, height, limits))).toMatch(/^b{5,6}\.{6,7}$/);
    // Held to 0.1 (25.5 of 255) from the floor's colour: 13.9 away one column in, 27.7 two.
    expect(backColumns(floorToEdges(floor, candidate, rgb, width, height, { ...limits, hold: 0.1 }))).toBe(
      'b...........',
    );
  });
  it('with `seedDeep`, grows nothing from paint on a thing\u2019s foot: the floor must come from deep inside, across its edge', () => {
    // 12 floor columns of the floor's colour, 2 of refined floor in the leg's (the engine's wrong paint on a foot),
    // 6 candidates and 6 not-floor columns in the leg's.
    const { floor, candidate, rgb, width, height, backColumns } = scene('FFFFFFFFFFFFFFLLLLLLDDDDDD');
    for (let y = 0; y < height; y++) for (const x of [12, 13]) rgb.set(LEG, (y * width + x) * 3);
    const limits = { ...LIMITS, likeFloor: 0 };
    // From the paint itself the floor takes the candidates next to it (no edge between).
    expect(backColumns(floorToEdges(floor, candidate, rgb, width, height, limits)).slice(14, 20)).toMatch(/^b+\.*$/);
    // From 3 px deep the path meets the paint's outline (its gradient reaches `stop`) and goes no farther.
    expect(
      backColumns(floorToEdges(floor, candidate, rgb, width, height, { ...limits, seedDeep: 3 })).slice(14, 20),
    ).toBe('......');
  });
});
