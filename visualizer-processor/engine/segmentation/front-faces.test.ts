import { describe, expect, it } from 'vitest';
import { FRONT_FACE_LIMITS, frontFacesOnFloor } from './front-faces.ts';

/** The shape's tests, without the zoomed runs' say (tested on its own below). */
const NO_ZOOM = { ...FRONT_FACE_LIMITS, zoomedOther: 0 };

/** A whole number from 0 to `range` - 1 that looks random but is the same every run. */
const hash = (x: number, y: number, range: number) => (((x * 7919) ^ (y * 104729)) >>> 0) % range;

/**
 * A 640×480 guide copy: a dark wall above row 120, floor below it (the floor mask says so: the network's runs call
 * all of it floor), grey 150 with a grain of ±2, painted by `paint` where it gives a brightness.
 */
function scene(paint: (x: number, y: number) => number | null) {
  const width = 640;
  const height = 480;
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floor[i] = y >= 120 ? 1 : 0;
      const grey = y < 120 ? 30 : (paint(x, y) ?? 150 + hash(x, y, 5) - 2);
      rgb.fill(grey, i * 3, i * 3 + 3);
    }
  }
  return { floor, rgb, width, height, at: (mask: Uint8Array, x: number, y: number) => mask[y * width + x] };
}

describe('faces standing in front on the floor', () => {
  it("takes a plinth of the floor's tone, a shade darker, from where the floor ends down to its foot, and none of the floor below or beside it", () => {
    // Columns 100 to 499, rows 120 to 149: 30 pixels tall, 400 across, its foot one sharp level step.
    const { floor, rgb, width, height, at } = scene((x, y) => (x >= 100 && x < 500 && y < 150 ? 125 + hash(x, y, 5) - 2 : null));
    const taken = frontFacesOnFloor(floor, rgb, width, height, null, NO_ZOOM);
    expect(at(taken, 300, 121)).toBe(1);
    expect(at(taken, 300, 148)).toBe(1);
    expect(at(taken, 110, 135)).toBe(1);
    expect(at(taken, 300, 152)).toBe(0);
    expect(at(taken, 300, 300)).toBe(0);
    expect(at(taken, 50, 135)).toBe(0);
    expect(at(taken, 600, 135)).toBe(0);
  });

  it('leaves the far row of tiles: its grout line comes again a row further down', () => {
    // Grout (dark, 2 rows) every 32 rows from row 150 on, across the whole floor.
    const grout = (y: number) => y >= 150 && (y - 150) % 32 < 2;
    const { floor, rgb, width, height, at } = scene((_x, y) => (grout(y) ? 110 : null));
    expect(at(frontFacesOnFloor(floor, rgb, width, height, null, NO_ZOOM), 300, 135)).toBe(0);
    // The guard is what leaves it: without it the row is a face.
    expect(at(frontFacesOnFloor(floor, rgb, width, height, null, { ...NO_ZOOM, repeat: Infinity }), 300, 135)).toBe(1);
  });

  it('leaves a strip of floor above a rug that runs away at a slant: a face seen from in front lies level', () => {
    // A darker rug from a line falling 0.25 rows per column (14° from level) down to the bottom.
    const { floor, rgb, width, height, at } = scene((x, y) => (y >= 140 + 0.25 * x ? 100 + hash(x, y, 5) - 2 : null));
    const steep = { ...NO_ZOOM, maxHeight: 0.5 };
    // The rug is floor too here, so only the slant tells it.
    expect(at(frontFacesOnFloor(floor, rgb, width, height, null, steep), 100, 150)).toBe(0);
    expect(at(frontFacesOnFloor(floor, rgb, width, height, null, { ...steep, maxSlope: 1 }), 100, 150)).toBe(1);
  });

  it('leaves the band unless a zoomed run calls some of it other than floor: a band of reflection or of sun it calls floor', () => {
    const { floor, rgb, width, height, at } = scene((x, y) => (x >= 100 && x < 500 && y < 150 ? 125 + hash(x, y, 5) - 2 : null));
    const none = new Uint8Array(width * height);
    const plinth = new Uint8Array(width * height);
    for (let y = 120; y < 150; y++) plinth.fill(1, y * width + 100, y * width + 500);
    expect(at(frontFacesOnFloor(floor, rgb, width, height, none), 300, 135)).toBe(0);
    expect(at(frontFacesOnFloor(floor, rgb, width, height, null), 300, 135)).toBe(0);
    expect(at(frontFacesOnFloor(floor, rgb, width, height, plinth), 300, 135)).toBe(1);
  });
});
