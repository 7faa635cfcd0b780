import { describe, expect, it } from 'vitest';
import { UNLIKE_PIECE_LIMITS, piecesUnlikeTheFloor } from './unlike-floor-pieces.ts';

type Rgb = [number, number, number];

/**
 * A 320×240 guide copy: wall above row 60, floor below it (the floor mask says so), painted by `paint` over a
 * floor of `floorColour` with a little deterministic grain.
 */
function scene(paint: (x: number, y: number) => Rgb | null, floorColour: Rgb = [200, 196, 188]) {
  const width = 320;
  const height = 240;
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floor[i] = y >= 60 ? 1 : 0;
      const grain = ((x * 7919 + y * 104729) % 7) - 3;
      const colour = y < 60 ? [228, 226, 220] : (paint(x, y) ?? floorColour).map((level) => Math.max(0, Math.min(255, level + grain)));
      rgb.set(colour, i * 3);
    }
  }
  return { floor, rgb, width, height, at: (mask: Uint8Array, x: number, y: number) => mask[y * width + x] };
}

/** A 40×40 square from (left, top). */
const square = (left: number, top: number) => (x: number, y: number) => x >= left && x < left + 40 && y >= top && y < top + 40;

describe('pieces of the floor unlike it on every side', () => {
  it('takes a black base lying on pale tile, corner to corner, and none of the tile round it', () => {
    const base = square(140, 120);
    const { floor, rgb, width, height, at } = scene((x, y) => (base(x, y) ? [14, 14, 16] : null));
    const taken = piecesUnlikeTheFloor(floor, rgb, width, height);
    expect(at(taken, 160, 140)).toBe(1);
    expect(at(taken, 141, 121)).toBe(1);
    expect(at(taken, 178, 158)).toBe(1);
    expect(at(taken, 135, 140)).toBe(0);
    expect(at(taken, 60, 200)).toBe(0);
  });

  it('takes a black base on dark grey tile, though it is as near the tile in Lab as the tile\'s own shade: it is far darker', () => {
    const base = square(140, 120);
    const { floor, rgb, width, height, at } = scene((x, y) => (base(x, y) ? [6, 6, 7] : null), [62, 62, 66]);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 160, 140)).toBe(1);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, { ...UNLIKE_PIECE_LIMITS, dark: 0 }), 160, 140)).toBe(0);
  });

  it('takes a pale blue-grey pan on dark grey tile, near it in Lab but far brighter and bluer (`nearBrighter`)', () => {
    // 26 apart in Lab (under the least distance of 30: the floor's body by that alone) and 3.7 times as bright (a
    // squat pan on dark tile, session 20).
    const pan = square(140, 120);
    const { floor, rgb, width, height, at } = scene((x, y) => (pan(x, y) ? [112, 116, 140] : null), [62, 62, 66]);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 160, 140)).toBe(1);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 135, 140)).toBe(0);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, { ...UNLIKE_PIECE_LIMITS, nearBrighter: Infinity }), 160, 140)).toBe(0);
  });

  it("leaves a sharp shadow of the floor's hue, a fifth as bright (the floor's shade, never a thing)", () => {
    const shadow = square(140, 120);
    const { floor, rgb, width, height, at } = scene((x, y) => (shadow(x, y) ? [100, 98, 94] : null));
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 160, 140)).toBe(0);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, { ...UNLIKE_PIECE_LIMITS, darkHue: 0 }), 160, 140)).toBe(1);
  });

  it("leaves a pattern's dark tiles: their colour recurs across the floor", () => {
    const tiles = [square(20, 80), square(100, 80), square(180, 80), square(60, 170), square(140, 170), square(220, 170)];
    const { floor, rgb, width, height, at } = scene((x, y) => (tiles.some((tile) => tile(x, y)) ? [40, 60, 110] : null));
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 160, 190)).toBe(0);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, { ...UNLIKE_PIECE_LIMITS, recurs: Infinity }), 160, 190)).toBe(1);
  });

  it("takes a black band whose colour the floor holds elsewhere only in thin strokes (a bench's black legs): strokes are no pattern", () => {
    // A rug's black border band, and six black legs 2 pixels wide and 120 long beside it: the legs hold 0.9 times
    // the band's area of its colour, but the opening takes them all, so none of it is a pattern's broad patch.
    const band = (x: number, y: number) => x >= 160 && x < 240 && y >= 130 && y < 150;
    const leg = (x: number, y: number) => y >= 90 && y < 210 && x >= 20 && x < 140 && x % 20 < 2;
    const { floor, rgb, width, height, at } = scene((x, y) => (band(x, y) || leg(x, y) ? [14, 14, 16] : null));
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 200, 140)).toBe(1);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 40, 150)).toBe(0);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, { ...UNLIKE_PIECE_LIMITS, strokesRecur: true }), 200, 140)).toBe(0);
  });

  it('leaves a darker end that fades into the floor: no sharp outline', () => {
    // Blue-grey in the floor's far right corner, reached over 24 pixels from the floor's colour on both open sides.
    const { floor, rgb, width, height, at } = scene((x, y) => {
      if (x < 200 || y < 170) return null;
      const t = Math.min(1, Math.min(x - 200, y - 170) / 24);
      return [200 - 140 * t, 196 - 120 * t, 188 - 60 * t].map(Math.round) as Rgb;
    });
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 270, 215)).toBe(0);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, { ...UNLIKE_PIECE_LIMITS, outline: 0 }), 270, 215)).toBe(1);
  });

  it('leaves a piece that meets the floor of nearly its colour along one side: not unlike on every side', () => {
    // A red piece; along its left side a band of the floor far redder, nearer the piece (22 in Lab) than half the
    // least distance, while still the floor's body (49 from the floor's colour, against a least distance of 56).
    const piece = square(140, 120);
    const band = (x: number, y: number) => x >= 116 && x < 140 && y >= 100 && y < 180;
    const { floor, rgb, width, height, at } = scene((x, y) => (piece(x, y) ? [236, 80, 76] : band(x, y) ? [225, 115, 110] : null));
    const limits = { ...UNLIKE_PIECE_LIMITS, minDistance: 56 };
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, limits), 160, 140)).toBe(0);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, { ...limits, everySide: 0 }), 160, 140)).toBe(1);
  });

  it('leaves a piece over a sixth of the floor: a floor of two colours, or much of a small one', () => {
    const half = (x: number, y: number) => x >= 140 && x < 300 && y >= 100 && y < 220;
    const { floor, rgb, width, height, at } = scene((x, y) => (half(x, y) ? [14, 14, 16] : null));
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height), 200, 160)).toBe(0);
    expect(at(piecesUnlikeTheFloor(floor, rgb, width, height, { ...UNLIKE_PIECE_LIMITS, maxShare: 1 }), 200, 160)).toBe(1);
  });
});
