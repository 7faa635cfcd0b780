import { describe, expect, it } from 'vitest';
import { SPLIT_VOTE_LIMITS, splitVoteRegrowth, type SplitVoteInputs } from './split-vote-regrowth.ts';

const side = 40;
const OAK: [number, number, number] = [170, 120, 80];
const BLUE: [number, number, number] = [60, 80, 170];

/**
 * A 40 × 40 grid: sure floor (every run) in rows 25 and below; rows 15-24 one run's floor, of the floor's colour
 * in columns 0-19 and blue in columns 20-39; what `extra` marks on top.
 */
function grid(
  extra: (inputs: SplitVoteInputs, at: (x: number, y: number) => number) => void = () => {},
): SplitVoteInputs {
  const size = side * side;
  const at = (x: number, y: number) => y * side + x;
  const inputs: SplitVoteInputs = {
    votes: new Float32Array(size),
    floor: new Uint8Array(size),
    blocked: new Uint8Array(size),
    margin: new Uint8Array(size),
    things: new Uint8Array(size),
    glass: new Uint8Array(size),
    rugKnown: new Uint8Array(size),
    rgb: new Uint8Array(size * 3),
  };
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = at(x, y);
      if (y >= 25) {
        inputs.votes[i] = 1;
        inputs.floor[i] = 1;
      } else if (y >= 15) inputs.votes[i] = 0.5;
      inputs.rgb.set(y >= 15 && y < 25 && x >= 20 ? BLUE : OAK, i * 3);
    }
  }
  extra(inputs, at);
  return inputs;
}

describe('splitVoteRegrowth', () => {
  it("gives back the floor one run saw where it is the sure floor's colour, not where it is another", () => {
    const grown = splitVoteRegrowth(grid(), side, side);
    const at = (x: number, y: number) => grown[y * side + x];
    expect(at(10, 20)).toBe(1);
    expect(at(10, 15)).toBe(1);
    expect(at(30, 20)).toBe(0);
    // No run saw floor above row 15: nothing grows there, whatever its colour.
    expect(at(10, 10)).toBe(0);
  });

  it('never grows above walls, near a rug or where a whole run saw a thing, and into the object margin only when allowed', () => {
    const inputs = grid((cells, at) => {
      for (let x = 0; x < 20; x++) cells.blocked[at(x, 24)] = 1;
      cells.rugKnown[at(5, 5)] = 1;
    });
    // The blocked row parts the band from the sure floor: nothing of it grows.
    expect(splitVoteRegrowth(inputs, side, side).includes(1)).toBe(false);
    const margin = grid((cells, at) => {
      for (let y = 15; y < 25; y++) for (let x = 0; x < 20; x++) cells.margin[at(x, y)] = 1;
    });
    expect(splitVoteRegrowth(margin, side, side)[20 * side + 10]).toBe(1);
    expect(splitVoteRegrowth(margin, side, side, { ...SPLIT_VOTE_LIMITS, intoMargin: false })[20 * side + 10]).toBe(0);
    // Where a whole run saw a thing (a chair's white leg on white tile passes every colour test): not by default.
    const thing = grid((cells, at) => {
      cells.wholeRunThings = new Uint8Array(side * side);
      for (let y = 15; y < 25; y++) for (let x = 0; x < 20; x++) cells.wholeRunThings[at(x, y)] = 1;
    });
    expect(splitVoteRegrowth(thing, side, side)[20 * side + 10]).toBe(0);
    expect(splitVoteRegrowth(thing, side, side, { ...SPLIT_VOTE_LIMITS, wholeRunThings: true })[20 * side + 10]).toBe(
      1,
    );
    const nearRug = grid((cells, at) => {
      cells.rugKnown[at(10, 14)] = 1;
    });
    const grownNearRug = splitVoteRegrowth(nearRug, side, side);
    expect(grownNearRug[20 * side + 10]).toBe(0);
    expect(grownNearRug[24 * side + 10]).toBe(1);
  });

  it("with mainPiece, grows only from the floor's main piece, not from a piece of its own (a desk top)", () => {
    // A piece of sure floor in rows 3-7 (left half), parted from the main floor by rows 13-14 no run called floor;
    // one run's floor of its colour below it, rows 8-12.
    const inputs = grid((cells, at) => {
      for (let y = 3; y < 13; y++) {
        for (let x = 0; x < 20; x++) {
          cells.votes[at(x, y)] = y < 8 ? 1 : 0.5;
          cells.floor[at(x, y)] = y < 8 ? 1 : 0;
        }
      }
    });
    expect(splitVoteRegrowth(inputs, side, side)[10 * side + 10]).toBe(1);
    const fromMain = splitVoteRegrowth(inputs, side, side, { ...SPLIT_VOTE_LIMITS, mainPiece: true });
    expect(fromMain[10 * side + 10]).toBe(0);
    // The one run's floor beside the main piece still grows.
    expect(fromMain[20 * side + 10]).toBe(1);
  });

  it("with belowFarEdge, fills the floor's gaps but never grows it up past its far edge (a plinth, a wall's foot)", () => {
    // Sure floor in rows 10-14 too, in columns 0-9: there the one run's band (rows 15-24) is a gap in the floor.
    const inputs = grid((cells, at) => {
      for (let y = 10; y < 15; y++) {
        for (let x = 0; x < 10; x++) {
          cells.votes[at(x, y)] = 1;
          cells.floor[at(x, y)] = 1;
        }
      }
    });
    expect(splitVoteRegrowth(inputs, side, side)[20 * side + 15]).toBe(1);
    const below = splitVoteRegrowth(inputs, side, side, { ...SPLIT_VOTE_LIMITS, belowFarEdge: true });
    expect(below[20 * side + 5]).toBe(1);
    // Column 15's floor begins at row 25: the band above it is past the far edge.
    expect(below[20 * side + 15]).toBe(0);
  });

  it("with outline, does not grow into a cell crossed by a step far sharper than the sure floor's (a thing's edge)", () => {
    // The guide, one pixel a cell: the floor's grain (columns 0.5, 0.5, 0.45, 0.45 over and over), and in rows
    // 17-24, columns 3-6, a thing of the floor's colour but darker in the guide (0.15): its outline is sharp.
    const inputs = grid();
    const values = new Float32Array(side * side);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const thing = y >= 17 && y < 25 && x >= 3 && x <= 6;
        values[y * side + x] = thing ? 0.15 : x % 4 < 2 ? 0.5 : 0.45;
      }
    }
    inputs.guide = { brightness: { width: side, height: side, values }, radius: 1 };
    const limits = { ...SPLIT_VOTE_LIMITS, rougher: Infinity };
    expect(splitVoteRegrowth(inputs, side, side, limits)[20 * side + 4]).toBe(1);
    const sharp = splitVoteRegrowth(inputs, side, side, { ...limits, outline: 1.5 });
    // The thing's inside is even, but the growth does not cross its outline to reach it.
    expect(sharp[20 * side + 4]).toBe(0);
    // The floor's grain alone is no outline: the band beside the thing still grows.
    expect(sharp[20 * side + 15]).toBe(1);
  });

  it("with pieceHue, grows only from the sure floor's pieces of its main hue, not from a desk top joined to it", () => {
    // Rows 25-34, columns 20-39: sure floor of blue (a desk top every run called floor), joined on the grid to the
    // larger oak floor below it (rows 35-39, and rows 25-34 left): the one run's blue band above it is the desk's too.
    const inputs = grid((cells, at) => {
      for (let y = 25; y < 35; y++) for (let x = 20; x < side; x++) cells.rgb.set(BLUE, at(x, y) * 3);
    });
    expect(splitVoteRegrowth(inputs, side, side)[20 * side + 30]).toBe(1);
    const fromMain = splitVoteRegrowth(inputs, side, side, { ...SPLIT_VOTE_LIMITS, pieceHue: 0.05 });
    expect(fromMain[20 * side + 30]).toBe(0);
    // The oak band beside it still grows from the oak floor.
    expect(fromMain[20 * side + 10]).toBe(1);
  });
});
