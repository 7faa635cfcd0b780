/**
 * A thing's rim (issue 34, session 35; decision 012's log): where the network saw a thing standing on the floor, the
 * guided filter follows the guide's brightness alone, so where the thing's foot is about as bright as the floor (a
 * basket's side, a table leg's shaded face) it lays the floor a guide pixel or two onto the thing. The anatomy counts
 * this as "a thing's rim": 1.40 points of the tuning part's first-render precision, thin, over some thirty photos.
 *
 * So, on the refined floor at the guide's size: a floor pixel within `band` steps (8-connected) of what a run saw
 * as a thing (its cells widened by `reach`, not floor after the filter) leaves when its colour is `ratio` times
 * nearer the thing's beside it than the floor's beyond the band, and at least `minDistance` (RGB) from the floor's.
 * The colours are local:
 * the means of the thing's pixels and of the floor's pixels past the band within `window` pixels, each needing
 * `minCount` of them. The floor's own shade stays: a pixel of the floor's chromaticity (within `sameHue`) no darker
 * than `shade` of its brightness is shade, not the thing, however near the thing's colour it is (a shadow at a
 * thing's foot is the floor's colour, darker, and a dark thing's foot may be nearer it).
 *
 * Off (decision 012's log, session 35): on the tuning part it took a twentieth of a point of first-render precision
 * (most rims lie where no run saw a thing, and the colours either side decide little, as `edgeColours` found), and
 * the few pixels it changed beside things moved the simulated visitor's taps: dog-rug -0.151 and office-desk-carpet
 * -0.052 after 2 taps. It costs ~16 ms on a 768-px guide (over a whole-guide walk and a window per band pixel).
 */

export const THING_RIM_LIMITS = {
  /**
   * Cells (scene grid) a run's thing is widened by before it meets the floor: the object margin keeps the floor a
   * cell from what a run saw, so the refined floor seldom touches the thing's own cells (session 35: a few hundred
   * guide pixels of band on photos whose rims hold thousands).
   */
  reach: 2,
  /** Steps (guide pixels, 8-connected) from a thing's pixels the rim may reach into the floor. */
  band: 2,
  /** Radius (guide pixels) of the window the thing's and the floor's colours are taken over. */
  window: 4,
  /** Least pixels of each side in the window for a decision. */
  minCount: 6,
  /** A pixel leaves when its RGB distance from the floor's mean is this many times its distance from the thing's. */
  ratio: 2,
  /** ... and at least this far (RGB, 0-255) from the floor's mean. */
  minDistance: 24,
  /** Chromaticity (r, g over r + g + b) within this of the floor's ... */
  sameHue: 0.02,
  /** ... and no darker than this share of the floor's brightness: the floor's own shade, kept. */
  shade: 0.4,
};

export type ThingRimLimits = typeof THING_RIM_LIMITS;

/**
 * The floor pixels (1) of `floor` on a thing's rim. `things`: 1 on guide pixels a run saw as a thing and the
 * refined floor does not hold.
 */
export function thingRimsOnFloor(
  floor: Uint8Array,
  things: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: ThingRimLimits = THING_RIM_LIMITS,
): Uint8Array {
  const size = width * height;
  // Steps from the things, through the floor, up to the band: a breadth-first walk from the floor pixels touching
  // a thing. Neighbours are read inline (no callback per pixel): this runs over the whole guide.
  const steps = new Uint8Array(size);
  let front: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!floor[i] || !touches(things, i, x, y, width, height)) continue;
      steps[i] = 1;
      front.push(i);
    }
  }
  for (let step = 2; step <= limits.band && front.length; step++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (floor[n] && !steps[n]) {
            steps[n] = step;
            next.push(n);
          }
        }
      }
    }
    front = next;
  }
  const rim = new Uint8Array(size);
  const r = limits.window;
  for (let i = 0; i < size; i++) {
    if (!steps[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    let thingCount = 0;
    let floorCount = 0;
    let tr = 0;
    let tg = 0;
    let tb = 0;
    let fr = 0;
    let fg = 0;
    let fb = 0;
    for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++) {
      for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++) {
        const j = yy * width + xx;
        if (things[j]) {
          thingCount++;
          tr += rgb[j * 3]!;
          tg += rgb[j * 3 + 1]!;
          tb += rgb[j * 3 + 2]!;
        } else if (floor[j] && !steps[j]) {
          floorCount++;
          fr += rgb[j * 3]!;
          fg += rgb[j * 3 + 1]!;
          fb += rgb[j * 3 + 2]!;
        }
      }
    }
    if (thingCount < limits.minCount || floorCount < limits.minCount) continue;
    const [pr, pg, pb] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    fr /= floorCount;
    fg /= floorCount;
    fb /= floorCount;
    const toThing = Math.hypot(pr - tr / thingCount, pg - tg / thingCount, pb - tb / thingCount);
    const toFloor = Math.hypot(pr - fr, pg - fg, pb - fb);
    if (toFloor < limits.minDistance || toFloor < limits.ratio * toThing) continue;
    const own = pr + pg + pb;
    const floorLevel = fr + fg + fb;
    if (own > 0 && floorLevel > 0 && own <= floorLevel && own >= limits.shade * floorLevel) {
      if (
        Math.abs(pr / own - fr / floorLevel) <= limits.sameHue &&
        Math.abs(pg / own - fg / floorLevel) <= limits.sameHue
      )
        continue;
    }
    rim[i] = 1;
  }
  return rim;
}

/** Whether one of pixel `i`'s 8 neighbours (at `x`, `y`) is set in `where`. */
function touches(where: Uint8Array, i: number, x: number, y: number, width: number, height: number): boolean {
  const left = x > 0;
  const right = x < width - 1;
  if ((left && where[i - 1]) || (right && where[i + 1])) return true;
  if (y > 0) {
    const up = i - width;
    if (where[up] || (left && where[up - 1]) || (right && where[up + 1])) return true;
  }
  if (y < height - 1) {
    const down = i + width;
    if (where[down] || (left && where[down - 1]) || (right && where[down + 1])) return true;
  }
  return false;
}
