import { describe, expect, it } from 'vitest';
import { FRONT_FACE_LIMITS, frontFacesOnFloor } from './front-faces.ts';
import { hash, wallAndFloorScene as scene } from './testing/wall-and-floor-scene.ts';

/** The shape's tests, without the zoomed runs' say (tested on its own below). */
const NO_ZOOM = { ...FRONT_FACE_LIMITS, zoomedOther: 0 };

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
