import { describe, expect, it } from 'vitest';
import { EDGE_COLOUR_LIMITS, edgeByLocalColours, stepsFromEdge } from './edge-colours.ts';

/**
 * A 200×160 photo and its 100×80 guide copy: a wall (dark red) above row `wallFoot` of the photo, floor (grey 150)
 * below it; the full-size mask painted from row `paintedFrom`. Returns the mask after the step.
 */
function scene(
  wallFoot: number,
  paintedFrom: number,
  limits = EDGE_COLOUR_LIMITS,
  floorColour: (x: number, y: number) => [number, number, number] = () => [150, 150, 150],
) {
  const width = 200;
  const height = 160;
  const rgb = new Uint8Array(width * height * 3);
  const mask = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      rgb.set(y < wallFoot ? [120, 40, 30] : floorColour(x, y), i * 3);
      if (y >= paintedFrom) mask[i] = 255;
    }
  }
  const gw = width / 2;
  const gh = height / 2;
  const guideRgb = new Uint8Array(gw * gh * 3);
  const guideFloor = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const g = gy * gw + gx;
      const i = 2 * gy * width + 2 * gx;
      guideRgb.set(rgb.subarray(i * 3, i * 3 + 3), g * 3);
      guideFloor[g] = mask[i]! >= 128 ? 1 : 0;
    }
  }
  edgeByLocalColours(mask, rgb, width, height, guideFloor, guideRgb, gw, gh, limits);
  const paintedRows = (x: number) => {
    for (let y = 0; y < height; y++) if (mask[y * width + x]! >= 128) return y;
    return -1;
  };
  return { mask, paintedRows };
}

describe("the floor's edge decided again by the colours on each side of it (edgeColours)", () => {
  it("takes off the wall pixels the full-size mask paints just past the floor's edge", () => {
    // The wall's foot at row 80; the mask paints from row 78 (2 rows of wall: a guide pixel, within the band).
    const { paintedRows } = scene(80, 78);
    for (const x of [10, 100, 190]) expect(paintedRows(x)).toBe(80);
  });

  it("takes the wall off and leaves the shaded floor at its foot, which is nearer the floor's colours", () => {
    const shade = (_x: number, y: number): [number, number, number] => (y < 86 ? [125, 125, 125] : [150, 150, 150]);
    const { paintedRows } = scene(80, 78, EDGE_COLOUR_LIMITS, shade);
    for (const x of [10, 100, 190]) expect(paintedRows(x)).toBe(80);
  });

  it('by default gives no missed floor back (it only shrinks); with `grows` it does', () => {
    expect(scene(78, 80).paintedRows(100)).toBe(80);
    expect(scene(78, 80, { ...EDGE_COLOUR_LIMITS, grows: true }).paintedRows(100)).toBe(78);
  });

  it('leaves a pixel whose colour is not clearly nearer the other side', () => {
    // The painted rows 78-79 are a little nearer the wall's colour than the floor's (1.2 times).
    const nearerWall = (_x: number, y: number): [number, number, number] => (y < 80 ? [133, 90, 84] : [150, 150, 150]);
    expect(scene(78, 78, EDGE_COLOUR_LIMITS, nearerWall).paintedRows(100)).toBe(78);
    expect(scene(78, 78, { ...EDGE_COLOUR_LIMITS, ratio: 1 }, nearerWall).paintedRows(100)).toBe(80);
  });
});

describe('stepsFromEdge', () => {
  it('counts 8-connected steps from the edge on each side, up to the reach', () => {
    const floor = new Uint8Array(10 * 10);
    for (let i = 50; i < 100; i++) floor[i] = 1;
    const steps = stepsFromEdge(floor, 10, 10, 3);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((y) => steps[y * 10 + 4])).toEqual([0, 3, 2, 1, 1, 2, 3, 0]);
    expect(steps[9 * 10 + 4]).toBe(0);
  });
});
