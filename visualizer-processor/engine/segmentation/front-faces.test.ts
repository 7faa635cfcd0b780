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

  it("with the grain test, leaves a band of shade whose boards run on as the floor's below it, and takes a plain face above the same boards", () => {
    // Boards receding at a slant (a faint seam every 24 pixels, 51° from level), as the floor's planks run towards
    // its vanishing point; the band rows 120 to 149, columns 100 to 499.
    const boards = (x: number, y: number) => ((((x - 0.8 * y) % 24) + 24) % 24 < 2 ? 142 : 150) + hash(x, y, 5) - 2;
    const inBand = (x: number, y: number) => x >= 100 && x < 500 && y < 150;
    const grain = { ...NO_ZOOM, sameGrain: 0.3 };
    // A shade: the same boards, darker.
    const shade = scene((x, y) => (inBand(x, y) ? Math.round(0.8 * boards(x, y)) : boards(x, y)));
    expect(shade.at(frontFacesOnFloor(shade.floor, shade.rgb, shade.width, shade.height, null, grain), 300, 135)).toBe(0);
    // The grain test is what leaves it: without it the shade is a face.
    expect(shade.at(frontFacesOnFloor(shade.floor, shade.rgb, shade.width, shade.height, null, NO_ZOOM), 300, 135)).toBe(1);
    // A plinth of the same darkness, plain, standing on those boards.
    const plinth = scene((x, y) => (inBand(x, y) ? 120 + hash(x, y, 5) - 2 : boards(x, y)));
    expect(plinth.at(frontFacesOnFloor(plinth.floor, plinth.rgb, plinth.width, plinth.height, null, grain), 300, 135)).toBe(1);
  });
});
