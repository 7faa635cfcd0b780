import { describe, expect, it } from 'vitest';
import { WHOLE_RUG_LIMITS, restOfPaintedRugs } from './whole-rugs.ts';

const W = 60;
const H = 40;

/**
 * A 60 × 40 grid: a grey rug (columns 10-49, rows 10-35) the kept floor knew and the replaced floor paints, but for
 * what `left` says the floor steps left of it; `colour` paints cells (grey rug, boards elsewhere).
 */
function scene(
  left: (x: number, y: number) => boolean,
  colour: (x: number, y: number) => [number, number, number] | null = () => null,
) {
  const floor = new Uint8Array(W * H);
  const rugKnown = new Uint8Array(W * H);
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const inRug = x >= 10 && x < 50 && y >= 10 && y < 36;
      rugKnown[i] = inRug ? 1 : 0;
      floor[i] = y >= 8 && !left(x, y) ? 1 : 0;
      rgb.set(colour(x, y) ?? (inRug ? [150, 150, 150] : [176, 128, 84]), i * 3);
    }
  }
  return { floor, rugKnown, rgb };
}

const at = (grid: Uint8Array, x: number, y: number) => grid[y * W + x];

/** A table standing on the rug: its top (columns 22-37, rows 14-19) and the shade under it (rows 20-25). */
const underTable = (x: number, y: number) => x >= 22 && x < 38 && y >= 14 && y < 26;

/** The shade under the table: the rug's grey, darkening softly (as a shadow does) to half its light. */
function shade(y: number): [number, number, number] {
  const grey = Math.round(150 - (75 * Math.min(6, y - 19)) / 6);
  return [grey, grey, grey];
}

describe('the rest of a painted rug (rugs replaced)', () => {
  it('takes the rug in the shade under a table the floor steps left, not the table top of another hue', () => {
    const { floor, rugKnown, rgb } = scene(underTable, (x, y) =>
      !underTable(x, y) ? null : y < 20 ? [150, 100, 60] : shade(y),
    );
    const rest = restOfPaintedRugs(floor, rugKnown, rgb, W, H);
    expect(at(rest, 30, 22)).toBe(1);
    expect(at(rest, 30, 25)).toBe(1);
    expect(at(rest, 30, 16)).toBe(0);
    // Only what the floor left: nothing it already paints, nothing of the boards.
    expect(at(rest, 5, 20)).toBe(0);
    expect(at(rest, 20, 20)).toBe(0);
  });

  it('stops at a colour edge: the same grey behind a sharp step from the rug is not taken', () => {
    // The shade under the table is a hard-edged dark patch (no soft fall-off): its first row steps over edgeStep.
    const { floor, rugKnown, rgb } = scene(underTable, (x, y) =>
      !underTable(x, y) ? null : y < 20 ? [150, 100, 60] : [75, 75, 75],
    );
    const rest = restOfPaintedRugs(floor, rugKnown, rgb, W, H);
    expect(at(rest, 30, 22)).toBe(0);
  });

  it("keeps inside the rug's convex outline: a thing of the rug's grey standing beside it stays", () => {
    // A grey pouf-like thing straddling the rug's right edge (columns 44-57, rows 20-29), of the rug's own grey: the
    // part over the rug goes, the part past the rug's outline stays.
    const pouf = (x: number, y: number) => x >= 44 && x < 58 && y >= 20 && y < 30;
    const { floor, rugKnown, rgb } = scene(pouf, (x, y) => (pouf(x, y) ? [140, 140, 140] : null));
    const rest = restOfPaintedRugs(floor, rugKnown, rgb, W, H);
    expect(at(rest, 46, 25)).toBe(1);
    expect(at(rest, 52, 25)).toBe(0);
    expect(at(rest, 56, 25)).toBe(0);
  });

  it('takes nothing a zoomed run saw as a thing standing on the floor', () => {
    const { floor, rugKnown, rgb } = scene(underTable, (x, y) =>
      !underTable(x, y) ? null : y < 20 ? [150, 100, 60] : shade(y),
    );
    const zoomedThings = new Uint8Array(W * H);
    for (let y = 20; y < 26; y++) for (let x = 22; x < 38; x++) zoomedThings[y * W + x] = 1;
    const rest = restOfPaintedRugs(floor, rugKnown, rgb, W, H, WHOLE_RUG_LIMITS, zoomedThings);
    expect(rest.includes(1)).toBe(false);
  });

  it('grows from no rug the replaced floor does not paint', () => {
    const { rugKnown, rgb } = scene(underTable, (x, y) => (underTable(x, y) && y >= 20 ? shade(y) : null));
    const nothingPainted = new Uint8Array(W * H);
    expect(restOfPaintedRugs(nothingPainted, rugKnown, rgb, W, H).includes(1)).toBe(false);
  });
});
