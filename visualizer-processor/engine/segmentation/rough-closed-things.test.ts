import { describe, expect, it } from 'vitest';
import { ROUGH_CLOSED_LIMITS, roughClosedThingsOnFloor } from './rough-closed-things.ts';

type Rgb = [number, number, number];

/** A deterministic grain of ±`amplitude` per pixel (a carpet's pile). */
const grain = (x: number, y: number, amplitude: number) =>
  (((x * 7919 + y * 104729 + ((x * y) % 13) * 31) % 23) / 11 - 1) * amplitude;

/**
 * A 320×240 guide copy: wall above row 60, floor below it (the floor mask says so): a beige carpet with pile, and
 * where `thing` says so a keyboard of the carpet's tone (keys 6 pixels wide of about its colour, 2-pixel gaps of
 * `gapColour`, darker), or where `crack` says so a dark crack, or where `plain` says so the thing's smooth plastic of
 * its keys' colour (a keyboard's frame, a device lying on it).
 */
function scene(
  thing: (x: number, y: number) => boolean,
  crack: (x: number, y: number) => boolean = () => false,
  gapColour: Rgb = [110, 104, 92],
  plain: (x: number, y: number) => boolean = () => false,
) {
  const width = 320;
  const height = 240;
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  const carpet: Rgb = [176, 164, 140];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floor[i] = y >= 60 ? 1 : 0;
      const gap = x % 8 >= 6 || y % 8 >= 6;
      const colour: number[] =
        y < 60
          ? [228, 226, 220]
          : crack(x, y)
            ? [96, 90, 80]
            : plain(x, y)
              ? [184, 174, 152]
              : thing(x, y)
                ? gap
                  ? gapColour
                  : [184, 174, 152]
                : carpet.map((level) => level + grain(x, y, 12));
      rgb.set(
        colour.map((level) => Math.max(0, Math.min(255, Math.round(level)))),
        i * 3,
      );
    }
  }
  return { floor, rgb, width, height, at: (mask: Uint8Array, x: number, y: number) => mask[y * width + x] };
}

/** A crack about 2 pixels wide from `fromX` to `toX`, along `y(x)`. */
const crackAlong = (fromX: number, toX: number, y: (x: number) => number) => (x: number, py: number) =>
  x >= fromX && x < toX && Math.abs(py - y(x)) < 1.2;

const box = (left: number, top: number, right: number, bottom: number) => (x: number, y: number) =>
  x >= left && x < right && y >= top && y < bottom;

describe('compact rough patches closed in by the floor (a keyboard on a carpet of its tone)', () => {
  it('takes a keyboard lying inside a carpet, and none of the carpet round it', () => {
    const { floor, rgb, width, height, at } = scene(box(120, 130, 220, 170));
    const taken = roughClosedThingsOnFloor(floor, rgb, width, height);
    expect(at(taken, 170, 150)).toBe(1);
    expect(at(taken, 124, 134)).toBe(1);
    expect(at(taken, 170, 200)).toBe(0);
    expect(at(taken, 40, 220)).toBe(0);
    expect(at(taken, 300, 100)).toBe(0);
  });

  it('gives back the carpet a patch ran onto round the keyboard (its cells read roughness 2 cells round them)', () => {
    const keyboard = box(120, 130, 220, 170);
    const { floor, rgb, width, height } = scene(keyboard);
    const carpetTaken = (limits = ROUGH_CLOSED_LIMITS) =>
      roughClosedThingsOnFloor(floor, rgb, width, height, limits).reduce(
        (n, v, i) => n + (v && !keyboard(i % width, Math.floor(i / width)) ? 1 : 0),
        0,
      );
    expect(carpetTaken()).toBeLessThan(100);
    expect(carpetTaken({ ...ROUGH_CLOSED_LIMITS, shrink: 0 })).toBeGreaterThan(1000);
  });

  it("takes the thing's smooth part in a bay of its keys (filled to the patch's hull), and none of the carpet round it", () => {
    // Keys round three sides of a smooth block open to the carpet below it: only the keys are rough.
    const bay = box(150, 146, 190, 170);
    const keys = (x: number, y: number) => box(120, 130, 220, 170)(x, y) && !bay(x, y);
    const { floor, rgb, width, height, at } = scene(keys, () => false, undefined, bay);
    const hull = { ...ROUGH_CLOSED_LIMITS, hull: true };
    const taken = roughClosedThingsOnFloor(floor, rgb, width, height, hull);
    expect(at(taken, 170, 160)).toBe(1);
    expect(at(taken, 130, 140)).toBe(1);
    expect(at(taken, 170, 190)).toBe(0);
    expect(at(taken, 40, 220)).toBe(0);
    const carpetTaken = taken.reduce(
      (n, v, i) => n + (v && !box(120, 130, 220, 170)(i % width, Math.floor(i / width)) ? 1 : 0),
      0,
    );
    expect(carpetTaken).toBeLessThan(100);
    // Without the hull (the default, decision 012's log, session 28) the bay is left as the carpet it looks like.
    const without = roughClosedThingsOnFloor(floor, rgb, width, height, { ...hull, hull: false });
    expect(at(without, 170, 160)).toBe(0);
    expect(at(without, 130, 140)).toBe(1);
  });

  it("fills one hull over a thing's patches that lie side by side (a pedestal's outline at the bowl and at the floor)", () => {
    // Two blocks of keys with a strip of smooth plastic between them, 12 pixels wide: two patches a few cells apart.
    const strip = box(164, 130, 176, 170);
    const keys = (x: number, y: number) => box(120, 130, 224, 170)(x, y) && !strip(x, y);
    const { floor, rgb, width, height, at } = scene(keys, () => false, undefined, strip);
    const joined = { ...ROUGH_CLOSED_LIMITS, hull: true, hullJoin: 4 };
    const taken = roughClosedThingsOnFloor(floor, rgb, width, height, joined);
    expect(at(taken, 170, 150)).toBe(1);
    expect(at(taken, 170, 190)).toBe(0);
    expect(at(taken, 170, 110)).toBe(0);
    const apart = roughClosedThingsOnFloor(floor, rgb, width, height, { ...joined, hullJoin: -1 });
    expect(at(apart, 170, 150)).toBe(0);
    expect(at(apart, 140, 150)).toBe(1);
  });

  it('takes nothing of a plain carpet: its pile is its median roughness', () => {
    const { floor, rgb, width, height } = scene(() => false);
    expect(roughClosedThingsOnFloor(floor, rgb, width, height).includes(1)).toBe(false);
  });

  it('leaves the keyboard when it is not `times` as rough as the carpet', () => {
    const { floor, rgb, width, height, at } = scene(box(120, 130, 220, 170));
    expect(
      at(roughClosedThingsOnFloor(floor, rgb, width, height, { ...ROUGH_CLOSED_LIMITS, times: 40 }), 170, 150),
    ).toBe(0);
  });

  it('leaves the keyboard when it is not `contrast` times as rough as the carpet round it', () => {
    const { floor, rgb, width, height, at } = scene(box(120, 130, 220, 170));
    expect(
      at(roughClosedThingsOnFloor(floor, rgb, width, height, { ...ROUGH_CLOSED_LIMITS, contrast: 100 }), 170, 150),
    ).toBe(0);
  });

  it("leaves a rough band across the floor (a seam, a tile's joint): longer than `aspect` times its width", () => {
    const { floor, rgb, width, height, at } = scene(box(20, 140, 300, 156));
    expect(at(roughClosedThingsOnFloor(floor, rgb, width, height), 160, 148)).toBe(0);
    expect(
      at(roughClosedThingsOnFloor(floor, rgb, width, height, { ...ROUGH_CLOSED_LIMITS, aspect: Infinity }), 160, 148),
    ).toBe(1);
  });

  it("leaves a rough patch the frame and the floor's edge close in on most sides (not closed in by the floor)", () => {
    // In the bottom-left corner: the frame is more than 40 % of what lies just out of it.
    const { floor, rgb, width, height, at } = scene(box(0, 180, 60, 240));
    expect(at(roughClosedThingsOnFloor(floor, rgb, width, height), 20, 220)).toBe(0);
    expect(
      at(roughClosedThingsOnFloor(floor, rgb, width, height, { ...ROUGH_CLOSED_LIMITS, enclosed: 0 }), 20, 220),
    ).toBe(1);
  });

  it("leaves a short crack running aslant across the floor: its band is a line's, not a thing's", () => {
    const crack = crackAlong(150, 185, (x) => 120 + (x - 150) * 0.9 + 2 * Math.sin(x / 5));
    const { floor, rgb, width, height } = scene(() => false, crack);
    expect(roughClosedThingsOnFloor(floor, rgb, width, height).includes(1)).toBe(false);
    // Its bounding box is square and it fills 0.4 of it: only its least-area rectangle (26 × 8 cells) tells.
    const asBefore = { ...ROUGH_CLOSED_LIMITS, thinnest: 0, aspect: Infinity };
    expect(roughClosedThingsOnFloor(floor, rgb, width, height, asBefore).includes(1)).toBe(true);
  });

  it('leaves a crack that bends, whose pieces are short: each is as narrow as a line', () => {
    const crack = crackAlong(120, 200, (x) => 110 + 0.9 * Math.abs(x - 160) + 3 * Math.sin(x / 5));
    const { floor, rgb, width, height } = scene(() => false, crack);
    expect(roughClosedThingsOnFloor(floor, rgb, width, height).includes(1)).toBe(false);
    const taken = roughClosedThingsOnFloor(floor, rgb, width, height, { ...ROUGH_CLOSED_LIMITS, thinnest: 0 });
    expect(taken.includes(1)).toBe(true);
  });

  it('leaves a broad rough band running aslant (a threshold strip): its least-area rectangle is long', () => {
    // 16 pixels wide, 100 pixels long, at 45 degrees: its bounding box is square.
    const band = (x: number, y: number) => x >= 110 && x < 180 && Math.abs(y - 100 - (x - 110)) < 11;
    const { floor, rgb, width, height, at } = scene(band);
    expect(roughClosedThingsOnFloor(floor, rgb, width, height).includes(1)).toBe(false);
    expect(
      at(roughClosedThingsOnFloor(floor, rgb, width, height, { ...ROUGH_CLOSED_LIMITS, aspect: Infinity }), 145, 135),
    ).toBe(1);
  });

  it('takes a faint thing standing up from the floor (taller than wide) at the lower bar, and leaves one as faint lying wide', () => {
    // Gaps nearly the keys' tone: between `uprightTimes` and `times` the carpet's median roughness.
    const faint: Rgb = [145, 139, 127];
    const on = { ...ROUGH_CLOSED_LIMITS, upright: 1 };
    const off = { ...ROUGH_CLOSED_LIMITS, upright: 0 };
    const standing = scene(box(140, 100, 180, 180), () => false, faint);
    const taken = roughClosedThingsOnFloor(standing.floor, standing.rgb, standing.width, standing.height, on);
    expect(standing.at(taken, 160, 140)).toBe(1);
    expect(standing.at(taken, 40, 220)).toBe(0);
    expect(taken.reduce((n, v) => n + v, 0)).toBeLessThan(40 * 80 + 200);
    const without = roughClosedThingsOnFloor(standing.floor, standing.rgb, standing.width, standing.height, off);
    expect(without.includes(1)).toBe(false);
    // As wide as the post is tall: a mark lying on the floor is seen foreshortened, so this shape stays floor.
    const lying = scene(box(110, 130, 210, 170), () => false, faint);
    expect(roughClosedThingsOnFloor(lying.floor, lying.rgb, lying.width, lying.height, on).includes(1)).toBe(false);
    const anyShape = { ...on, upright: 0.3 };
    expect(
      lying.at(roughClosedThingsOnFloor(lying.floor, lying.rgb, lying.width, lying.height, anyShape), 160, 150),
    ).toBe(1);
  });
});
