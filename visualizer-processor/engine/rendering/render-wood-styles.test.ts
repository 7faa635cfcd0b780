import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS, type WoodStyleId } from '../../../contracts/wood-styles.ts';
import { srgbToLinear } from './color-space.ts';
import { detectLineSegments } from './detect-line-segments.mjs';
import { vanishingPoint } from './floor-camera.ts';
import { featherReach } from './prepare-floor.ts';
import { createWoodRenderer, feedbackFloor, prepareWoodStyles, renderWoodStyles, warmUpRenderer } from './render-wood-styles.ts';
import { WOOD_LOOKS } from './wood-looks.ts';
import { renderCameraRoom, type CameraRoomScene } from './testing/camera-room.ts';

const ROOM: CameraRoomScene = {
  width: 640,
  height: 480,
  focalPerLongSide: 0.72,
  pitchDegrees: 14,
  yawDegrees: 0,
  cameraHeight: 1.4,
  room: { left: -2.2, right: 2.4, far: 7, ceiling: 2.5 },
  floor: 'plain',
  seed: 5,
};

function roomInput(scene: CameraRoomScene) {
  const room = renderCameraRoom(scene);
  return {
    room,
    photo: { pixels: room.rgb, width: scene.width, height: scene.height },
    floor: { width: scene.width, height: scene.height, mask: room.floorMask },
  };
}

/** Mean linear luminance of the pixels that see the floor between `fromZ` and `toZ` metres along the room. */
function luminanceBetween(pixels: Buffer, floorZ: Float32Array, fromZ: number, toZ: number): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < floorZ.length; i++) {
    const z = floorZ[i]!;
    if (!(z >= fromZ && z < toZ)) continue;
    sum += 0.2126 * srgbToLinear(pixels[i * 3]!) + 0.7152 * srgbToLinear(pixels[i * 3 + 1]!) + 0.0722 * srgbToLinear(pixels[i * 3 + 2]!);
    count++;
  }
  return sum / count;
}

/** Pixels within `radius` (square neighbourhood) of a set pixel, or, with `inside`, those whose whole neighbourhood is set. */
function grow(mask: Buffer, width: number, height: number, radius: number, inside = false): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let any = false;
      let all = true;
      for (let dy = -radius; dy <= radius; dy++) {
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          const set = xx >= 0 && yy >= 0 && xx < width && yy < height && mask[yy * width + xx]! >= 128;
          any ||= set;
          all &&= set;
        }
      }
      out[y * width + x] = (inside ? all : any) ? 1 : 0;
    }
  }
  return out;
}

function lab(r: number, g: number, b: number): [number, number, number] {
  const [rl, gl, bl] = [srgbToLinear(r), srgbToLinear(g), srgbToLinear(b)];
  const x = (0.4124 * rl + 0.3576 * gl + 0.1805 * bl) / 0.9505;
  const y = 0.2126 * rl + 0.7152 * gl + 0.0722 * bl;
  const z = (0.0193 * rl + 0.1192 * gl + 0.9505 * bl) / 1.089;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function meanColor(pixels: Buffer, where: Uint8Array): [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < where.length; i++) {
    if (!where[i]) continue;
    for (let c = 0; c < 3; c++) sum[c]! += pixels[i * 3 + c]!;
    count++;
  }
  return [sum[0]! / count, sum[1]! / count, sum[2]! / count];
}

describe('the wood renderer', () => {
  it('changes the floor and nothing beyond its feathered edge', async () => {
    const { photo, floor } = roomInput(ROOM);
    const renderer = await createWoodRenderer(photo, floor);
    const reach = featherReach(ROOM.width, ROOM.height);
    const nearFloor = grow(floor.mask, ROOM.width, ROOM.height, reach);
    const deepFloor = grow(floor.mask, ROOM.width, ROOM.height, reach, true);
    for (const style of WOOD_STYLE_IDS) {
      const output = renderer.render(style, 1);
      let changedOutside = 0;
      let changedInside = 0;
      let inside = 0;
      for (let i = 0; i < nearFloor.length; i++) {
        const changed = output[i * 3] !== photo.pixels[i * 3] || output[i * 3 + 1] !== photo.pixels[i * 3 + 1] || output[i * 3 + 2] !== photo.pixels[i * 3 + 2];
        if (!nearFloor[i] && changed) changedOutside++;
        if (deepFloor[i]) {
          inside++;
          if (changed) changedInside++;
        }
      }
      expect(changedOutside, style).toBe(0);
      expect(changedInside / inside, style).toBeGreaterThan(0.98);
    }
  });

  it('feathers the edge: pixels on the boundary blend the photo and the wood', async () => {
    const { photo, floor } = roomInput(ROOM);
    const output = (await createWoodRenderer(photo, floor)).render('walnut', 1);
    // Just outside the floor, within the feather: changed, but less than inside the floor.
    const outsideRing = grow(floor.mask, ROOM.width, ROOM.height, 1);
    let blended = 0;
    for (let i = 0; i < outsideRing.length; i++) {
      if (!outsideRing[i] || floor.mask[i]! >= 128) continue;
      if (output[i * 3] !== photo.pixels[i * 3]) blended++;
    }
    expect(blended).toBeGreaterThan(100);
  });

  it('gives each style its own believable colour, and no black or missing pixels', async () => {
    // An evenly lit room with neutral walls: the wood shows its own colour.
    const { photo, floor } = roomInput({ ...ROOM, pitchDegrees: 25, walls: [206, 206, 206] });
    const renderer = await createWoodRenderer(photo, floor);
    const interior = grow(floor.mask, ROOM.width, ROOM.height, 4, true);
    const { light, homography } = renderer.scene.floor;
    expect(light.values.every((v) => Number.isFinite(v) && v >= 0)).toBe(true);
    expect(homography.every((v) => Number.isFinite(v))).toBe(true);
    const colours = new Map<WoodStyleId, [number, number, number]>();
    for (const style of WOOD_STYLE_IDS) {
      const output = renderer.render(style, 1);
      let black = 0;
      for (let i = 0; i < interior.length; i++) if (interior[i] && output[i * 3]! + output[i * 3 + 1]! + output[i * 3 + 2]! < 15) black++;
      expect(black, style).toBe(0);
      colours.set(style, lab(...meanColor(output, interior)));
    }
    // L*, a*, b* windows around each wood as finished boards look (hue angle = atan2(b*, a*)).
    const ranges: Record<WoodStyleId, { lightness: [number, number]; chroma: [number, number]; hue: [number, number] }> = {
      'natural-white-oak': { lightness: [62, 80], chroma: [14, 30], hue: [60, 85] },
      'honey-oak': { lightness: [55, 72], chroma: [30, 50], hue: [55, 75] },
      walnut: { lightness: [28, 45], chroma: [12, 28], hue: [45, 75] },
      'grey-washed-oak': { lightness: [58, 75], chroma: [2, 12], hue: [50, 100] },
      hickory: { lightness: [52, 70], chroma: [20, 38], hue: [55, 80] },
    };
    for (const [style, [l, a, b]] of colours) {
      const chroma = Math.hypot(a, b);
      const hue = (Math.atan2(b, a) * 180) / Math.PI;
      const range = ranges[style];
      expect(l, `${style} L*`).toBeGreaterThanOrEqual(range.lightness[0]);
      expect(l, `${style} L*`).toBeLessThanOrEqual(range.lightness[1]);
      expect(chroma, `${style} chroma`).toBeGreaterThanOrEqual(range.chroma[0]);
      expect(chroma, `${style} chroma`).toBeLessThanOrEqual(range.chroma[1]);
      expect(hue, `${style} hue`).toBeGreaterThanOrEqual(range.hue[0]);
      expect(hue, `${style} hue`).toBeLessThanOrEqual(range.hue[1]);
    }
    const styles = [...colours.keys()];
    for (let i = 0; i < styles.length; i++) {
      for (let j = i + 1; j < styles.length; j++) {
        const [l1, a1, b1] = colours.get(styles[i]!)!;
        const [l2, a2, b2] = colours.get(styles[j]!)!;
        expect(Math.hypot(l1 - l2, a1 - a2, b1 - b2), `${styles[i]} vs ${styles[j]}`).toBeGreaterThan(8);
      }
    }
  });

  it('takes the light’s colour from the room’s white surfaces, not from its paint', async () => {
    const redOverBlue = async (scene: Partial<CameraRoomScene>) => {
      const { photo, floor } = roomInput({ ...ROOM, ...scene });
      const output = (await createWoodRenderer(photo, floor)).render('natural-white-oak', 1);
      const [r, , b] = meanColor(output, grow(floor.mask, ROOM.width, ROOM.height, 4, true));
      return srgbToLinear(r) / srgbToLinear(b);
    };
    const neutral = await redOverBlue({ walls: [226, 226, 226] });
    // Tungsten light the camera left orange: the white ceiling, baseboards and walls are orange (red 3.75 times
    // blue), and the new wood must be warmed like them, nearly all the way, or it looks pale and grey beside
    // them (kitchen-tile-coco: 2.7 of the 3.75 here looked so).
    const tungsten = [1.5, 0.93, 0.4] as const;
    const underTungsten = await redOverBlue({ walls: [226, 226, 226], light: tungsten });
    expect(underTungsten / neutral).toBeGreaterThan(3);
    expect(underTungsten / neutral).toBeLessThan(tungsten[0] / tungsten[2]);
    // Yellow paint in white light: the ceiling and baseboards stay white, and so does the light on the wood.
    const yellowWalls = await redOverBlue({ walls: [235, 205, 110] });
    expect(yellowWalls / neutral).toBeLessThan(1.15);
  });

  it('lays planks that converge toward the room’s vanishing point', async () => {
    // Turned 20° against the room: a two-point view; only the walls' lines tell the room's axis.
    const scene: CameraRoomScene = { ...ROOM, width: 800, height: 600, yawDegrees: 20, pitchDegrees: 10 };
    const { room, photo, floor } = roomInput(scene);
    const truth = vanishingPoint(room.camera, room.camera.along)!;
    const output = (await createWoodRenderer(photo, floor)).render('natural-white-oak', 1);
    const gray = new Float32Array(scene.width * scene.height);
    for (let i = 0; i < gray.length; i++) gray[i] = 0.299 * output[i * 3]! + 0.587 * output[i * 3 + 1]! + 0.114 * output[i * 3 + 2]!;
    const interior = grow(floor.mask, scene.width, scene.height, 6, true);
    const onFloor = detectLineSegments(gray, scene.width, scene.height, { minLength: 40 }).filter(
      (s) => interior[Math.floor((s.y1 + s.y2) / 2) * scene.width + Math.floor((s.x1 + s.x2) / 2)],
    );
    // The planks' long joints: each should point at the true vanishing point.
    const angleToTruth = (s: (typeof onFloor)[number]) => {
      const mx = (s.x1 + s.x2) / 2;
      const my = (s.y1 + s.y2) / 2;
      const direction = Math.atan2(s.y2 - s.y1, s.x2 - s.x1);
      const toPoint = Math.atan2(truth.y - my, truth.x - mx);
      let difference = Math.abs(direction - toPoint) % Math.PI;
      if (difference > Math.PI / 2) difference = Math.PI - difference;
      return (difference * 180) / Math.PI;
    };
    const receding = onFloor.filter((s) => Math.abs(s.y2 - s.y1) > 0.3 * s.length);
    expect(receding.length).toBeGreaterThanOrEqual(8);
    const agreeing = receding.filter((s) => angleToTruth(s) < 1.5);
    expect(agreeing.length / receding.length).toBeGreaterThan(0.8);
  });

  it('gives a dark photo of a room dark wood, as dark as the photo is', async () => {
    // The same room photographed in full light and at night (every surface at 12 % of the light): the
    // camera did not brighten the night shot, and the new floor must not either.
    const floorLuminance = async (scene: Partial<CameraRoomScene>) => {
      const { photo, floor } = roomInput({ ...ROOM, walls: [226, 226, 226], ...scene });
      const output = (await createWoodRenderer(photo, floor)).render('natural-white-oak', 1);
      const [r, g, b] = meanColor(output, grow(floor.mask, ROOM.width, ROOM.height, 4, true));
      return 0.2126 * srgbToLinear(r) + 0.7152 * srgbToLinear(g) + 0.0722 * srgbToLinear(b);
    };
    const bright = await floorLuminance({});
    const night = await floorLuminance({ light: [0.12, 0.12, 0.12] });
    expect(night / bright).toBeLessThan(0.15);
    expect(night / bright).toBeGreaterThan(0.08);
  });

  it('carries a shadow on the old floor over onto the new wood', async () => {
    const shaded = roomInput({ ...ROOM, shadow: { fromZ: 3, toZ: 3.8, light: 0.45 } });
    const output = (await createWoodRenderer(shaded.photo, shaded.floor)).render('natural-white-oak', 1);
    const inShadow = luminanceBetween(output, shaded.room.floorZ, 3.2, 3.6);
    const before = luminanceBetween(output, shaded.room.floorZ, 2.3, 2.7);
    const after = luminanceBetween(output, shaded.room.floorZ, 4.3, 4.7);
    expect(inShadow / before).toBeLessThan(0.65);
    expect(inShadow / after).toBeLessThan(0.65);
  });

  it('carries a patch of sunlight on a plain old floor over onto the new wood with most of its brightness', async () => {
    // Sun through a window: a band of the floor in 1.6 times the light (sRGB levels), about 2.8 times in linear light.
    const sunlit = roomInput({ ...ROOM, shadow: { fromZ: 3, toZ: 3.8, light: 1.6 } });
    const output = (await createWoodRenderer(sunlit.photo, sunlit.floor)).render('natural-white-oak', 1);
    const contrast = (pixels: Buffer) =>
      luminanceBetween(pixels, sunlit.room.floorZ, 3.2, 3.6) / luminanceBetween(pixels, sunlit.room.floorZ, 2.3, 2.7);
    // The photo's band is 2.7 times as bright as the floor before it; the new wood's keeps 64 % of that
    // (the light's coarse smoothing spreads it a little), where a highlight knee of 1.4 and the patterned
    // floor's percentiles on every floor kept 48 %.
    expect(contrast(sunlit.photo.pixels)).toBeGreaterThan(2.5);
    expect(contrast(output)).toBeGreaterThan(0.6 * contrast(sunlit.photo.pixels));
  });

  it('does not print a leg’s bright mirror image or a dark foot in the floor onto the new wood as a sharp copy', async () => {
    // A glossy old floor: the mirror image of a white chair leg (a streak 6 px wide and 70 px long, near white)
    // and, beside it, the dark foot of a leg that the mask took for floor (10 × 10 px, near black).
    const { photo, floor } = roomInput(ROOM);
    const pixels = Buffer.from(photo.pixels);
    const paint = (x0: number, y0: number, w: number, h: number, level: number) => {
      for (let y = y0; y < y0 + h; y++) pixels.fill(level, (y * ROOM.width + x0) * 3, (y * ROOM.width + x0 + w) * 3);
    };
    paint(300, 360, 6, 70, 250);
    paint(420, 380, 10, 10, 20);
    expect(floor.mask[395 * ROOM.width + 303]).toBe(255);
    expect(floor.mask[385 * ROOM.width + 425]).toBe(255);
    const output = (await createWoodRenderer({ ...photo, pixels }, floor)).render('natural-white-oak', 1);
    const luminance = (x0: number, y0: number, w: number, h: number, from: Buffer = output) => {
      let sum = 0;
      for (let y = y0; y < y0 + h; y++) {
        for (let x = x0; x < x0 + w; x++) {
          const i = y * ROOM.width + x;
          sum += 0.2126 * srgbToLinear(from[i * 3]!) + 0.7152 * srgbToLinear(from[i * 3 + 1]!) + 0.0722 * srgbToLinear(from[i * 3 + 2]!);
        }
      }
      return sum / (w * h);
    };
    // In the photo the streak is about three times as bright as the floor beside it, the foot a tenth.
    expect(luminance(300, 370, 6, 50, pixels) / luminance(284, 370, 12, 50, pixels)).toBeGreaterThan(2.5);
    // On the new wood each keeps under 12 % of the floor beside it (the same rows, 10 px to either side).
    const streak = luminance(300, 370, 6, 50) / ((luminance(284, 370, 12, 50) + luminance(310, 370, 12, 50)) / 2);
    const foot = luminance(420, 380, 10, 10) / ((luminance(404, 380, 12, 10) + luminance(434, 380, 12, 10)) / 2);
    expect(Math.abs(Math.log(streak))).toBeLessThan(Math.log(1.12));
    expect(Math.abs(Math.log(foot))).toBeLessThan(Math.log(1.12));
  });

  it('does not print the old floor’s dark and light boards onto the new one', async () => {
    const { room, photo, floor } = roomInput({ ...ROOM, floor: 'dark-light-boards' });
    const output = (await createWoodRenderer(photo, floor)).render('natural-white-oak', 1);
    const interior = grow(floor.mask, ROOM.width, ROOM.height, 3, true);
    // Mean luminance over the old dark boards and over the old light ones, before and after.
    const luminance = (pixels: Buffer, i: number) =>
      0.2126 * srgbToLinear(pixels[i * 3]!) + 0.7152 * srgbToLinear(pixels[i * 3 + 1]!) + 0.0722 * srgbToLinear(pixels[i * 3 + 2]!);
    const sums = { dark: [0, 0], light: [0, 0] };
    const counts = { dark: 0, light: 0 };
    for (let i = 0; i < interior.length; i++) {
      if (!interior[i]) continue;
      const kind = room.rgb[i * 3]! < 120 ? 'dark' : 'light';
      sums[kind][0]! += luminance(photo.pixels, i);
      sums[kind][1]! += luminance(output, i);
      counts[kind]++;
    }
    const before = sums.dark[0]! / counts.dark / (sums.light[0]! / counts.light);
    const after = sums.dark[1]! / counts.dark / (sums.light[1]! / counts.light);
    // The old boards differ about threefold in light; the new floor keeps under 15 % of that contrast.
    expect(before).toBeLessThan(0.4);
    expect(Math.abs(Math.log(after))).toBeLessThan(0.15 * Math.abs(Math.log(before)));
  });

  it('gives the same floor for the same seed and another layout for another', async () => {
    const { photo, floor } = roomInput(ROOM);
    const first = await renderWoodStyles(photo, floor, ['hickory'], 3);
    const again = await renderWoodStyles(photo, floor, ['hickory'], 3);
    const other = await renderWoodStyles(photo, floor, ['hickory'], 4);
    expect(first[0]!.image.equals(again[0]!.image)).toBe(true);
    expect(first[0]!.image.equals(other[0]!.image)).toBe(false);
    const { width, height, format } = await sharp(first[0]!.image).metadata();
    expect([format, width, height]).toEqual(['jpeg', ROOM.width, ROOM.height]);
  });

  it('lays more styles from a renderer prepared for an earlier one, the same pictures as a fresh render of them', async () => {
    const { photo, floor } = roomInput(ROOM);
    const prepared = await prepareWoodStyles(photo, floor);
    const later = WOOD_STYLE_IDS.filter((style) => style !== DEFAULT_WOOD_STYLE);
    const [first] = await prepared.render([DEFAULT_WOOD_STYLE], 3);
    const more = await prepared.render(later, 3);
    const fresh = await renderWoodStyles(photo, floor, WOOD_STYLE_IDS, 3);
    expect([first!, ...more].map((render) => render.style)).toEqual([DEFAULT_WOOD_STYLE, ...later]);
    for (const render of [first!, ...more]) {
      expect(render.image.equals(fresh.find((other) => other.style === render.style)!.image), render.style).toBe(true);
    }
  });

  it('still lays a floor when the photo has no lines to go by', async () => {
    // Nothing but a flat floor colour below a flat wall colour, no edges but the floor's own.
    const width = 480;
    const height = 360;
    const pixels = Buffer.alloc(width * height * 3, 170);
    const mask = Buffer.alloc(width * height);
    for (let y = Math.round(height * 0.6); y < height; y++) mask.fill(255, y * width, (y + 1) * width);
    const renderer = await createWoodRenderer({ pixels, width, height }, { width, height, mask });
    // Only the floor's straight far edge: it can square the planks to the room, but says nothing of the horizon.
    expect(['default', 'axis-only']).toContain(renderer.scene.cameraSource);
    const { camera } = renderer.scene;
    expect(vanishingPoint(camera, camera.along)!.x).toBeCloseTo(width / 2, 0);
    const output = renderer.render('walnut', 1);
    const bottom = output.subarray((height - 10) * width * 3, (height - 9) * width * 3);
    expect(Math.max(...bottom)).toBeLessThan(170);
  });
});

describe('the made-up floor laid before the first photo', () => {
  // It is there for V8's type feedback (decision 028): useless unless it reaches each path of layPlanks that a
  // photo's floor does. The paths depend on a pixel's cover and on how much floor it spans (lay-planks.ts).
  it('has pixels of the floor’s middle and of its feathered edge, grain, and both near and far floor', () => {
    const scene = feedbackFloor();
    const { alpha, homography: H, minW } = scene.floor;
    const covers = new Set(alpha);
    expect(covers.has(255)).toBe(true);
    expect([...covers].some((cover) => cover > 0 && cover < 255)).toBe(true);
    expect(scene.grain).toBeGreaterThan(0);
    const look = WOOD_LOOKS[DEFAULT_WOOD_STYLE];
    // Metres of floor a pixel spans across the planks, as layPlanks works it out.
    const spans: number[] = [];
    for (let y = 0; y < scene.height; y++) {
      for (let x = 0; x < scene.width; x++) {
        if (!alpha[y * scene.width + x]) continue;
        const w = Math.max(minW, H[6]! * (x + 0.5) + H[7]! * (y + 0.5) + H[8]!);
        const c = (H[3]! * (x + 0.5) + H[4]! * (y + 0.5) + H[5]!) / w;
        spans.push((Math.abs(H[3]! - c * H[6]!) + Math.abs(H[4]! - c * H[7]!)) / w);
      }
    }
    // Far: more than a quarter of a plank in a pixel (the planks' own tones fade there); nearer: a plank two
    // pixels wide or more, its joints a share of a pixel.
    expect(spans.some((span) => span * 4 > look.plankWidth)).toBe(true);
    expect(spans.some((span) => span * 2 < look.plankWidth)).toBe(true);
  });

  it('is laid without changing what a photo’s render looks like afterwards', async () => {
    const { photo, floor } = roomInput(ROOM);
    const before = (await createWoodRenderer(photo, floor)).render(DEFAULT_WOOD_STYLE, 3);
    warmUpRenderer([DEFAULT_WOOD_STYLE]);
    const after = (await createWoodRenderer(photo, floor)).render(DEFAULT_WOOD_STYLE, 3);
    expect(Buffer.compare(before, after)).toBe(0);
  });
});
