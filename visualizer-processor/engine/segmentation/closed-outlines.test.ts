import { describe, expect, it } from 'vitest';
import { CLOSED_OUTLINE_LIMITS, closedOutlinesOnFloor } from './closed-outlines.ts';

type Rgb = [number, number, number];

/**
 * A 320×240 guide copy: wall above row 60, floor below it (the floor mask says so), painted by `paint` over a
 * floor of `floorColour` with a little deterministic grain.
 */
function scene(paint: (x: number, y: number) => Rgb | null, floorColour: Rgb = [62, 62, 66]) {
  const width = 320;
  const height = 240;
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floor[i] = y >= 60 ? 1 : 0;
      const grain = ((x * 7919 + y * 104729) % 7) - 3;
      const colour =
        y < 60
          ? [228, 226, 220]
          : (paint(x, y) ?? floorColour).map((level) => Math.max(0, Math.min(255, level + grain)));
      rgb.set(colour, i * 3);
    }
  }
  return { floor, rgb, width, height, at: (mask: Uint8Array, x: number, y: number) => mask[y * width + x] };
}

/** An ellipse of half-widths `rx`, `ry` round (cx, cy). */
const oval = (cx: number, cy: number, rx: number, ry: number) => (x: number, y: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

// A squat pan on dark tile (session 21's bathroom-tile): pale blue-grey, 26 apart from the tile in Lab (the floor's
// body to every colour step) and bluer than the tile, so not its sun.
const PAN: Rgb = [112, 116, 140];

describe('compact patches closed all round by a sharp outline', () => {
  it("takes a squat pan of about the tile's tone lying inside the floor, and none of the tile round it", () => {
    const pan = oval(160, 150, 36, 20);
    const { floor, rgb, width, height, at } = scene((x, y) => (pan(x, y) ? PAN : null));
    const taken = closedOutlinesOnFloor(floor, rgb, width, height);
    expect(at(taken, 160, 150)).toBe(1);
    expect(at(taken, 130, 150)).toBe(1);
    expect(at(taken, 110, 150)).toBe(0);
    expect(at(taken, 160, 200)).toBe(0);
    expect(at(taken, 40, 220)).toBe(0);
  });

  it("leaves the pan when less of what lies just out of it than `enclosed` is the floor's body", () => {
    const pan = oval(160, 150, 36, 20);
    const { floor, rgb, width, height, at } = scene((x, y) => (pan(x, y) ? PAN : null));
    // Closed in by the floor's body all round (1): leaves at any `enclosed` up to that.
    expect(
      at(closedOutlinesOnFloor(floor, rgb, width, height, { ...CLOSED_OUTLINE_LIMITS, enclosed: 1 }), 160, 150),
    ).toBe(1);
    expect(
      at(closedOutlinesOnFloor(floor, rgb, width, height, { ...CLOSED_OUTLINE_LIMITS, enclosed: 1.01 }), 160, 150),
    ).toBe(0);
  });

  it("leaves a sharp patch of sunlight on the floor: brighter, of the floor's own hue", () => {
    const sun = oval(160, 150, 36, 20);
    const { floor, rgb, width, height, at } = scene((x, y) => (sun(x, y) ? [95, 95, 101] : null));
    expect(at(closedOutlinesOnFloor(floor, rgb, width, height), 160, 150)).toBe(0);
    // Without the sun rule it would go: the outline alone does not tell sun from a thing.
    expect(
      at(closedOutlinesOnFloor(floor, rgb, width, height, { ...CLOSED_OUTLINE_LIMITS, sun: 0, darkHue: 0 }), 160, 150),
    ).toBe(1);
  });

  it("leaves a plank in shade between crisp seams: darker, of the floor's hue", () => {
    const plank = (x: number, y: number) => x >= 100 && x < 220 && y >= 130 && y < 160;
    const { floor, rgb, width, height, at } = scene((x, y) => (plank(x, y) ? [60, 45, 30] : null), [120, 90, 60]);
    expect(at(closedOutlinesOnFloor(floor, rgb, width, height), 160, 145)).toBe(0);
    expect(
      at(closedOutlinesOnFloor(floor, rgb, width, height, { ...CLOSED_OUTLINE_LIMITS, darkHue: 0 }), 160, 145),
    ).toBe(1);
  });

  it("leaves a pattern's tiles: compact patches closed in by the floor, of about one size, come many", () => {
    const tile = (x: number, y: number) =>
      [40, 130, 220].some((left) => x >= left && x < left + 50) && y >= 120 && y < 160;
    const { floor, rgb, width, height, at } = scene((x, y) => (tile(x, y) ? PAN : null));
    expect(at(closedOutlinesOnFloor(floor, rgb, width, height), 155, 140)).toBe(0);
    expect(
      at(closedOutlinesOnFloor(floor, rgb, width, height, { ...CLOSED_OUTLINE_LIMITS, recurs: Infinity }), 155, 140),
    ).toBe(1);
  });
});
